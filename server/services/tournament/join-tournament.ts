// A player joins a tournament before it starts. The tournament row is locked so the
// player limit holds when many join at the same moment.
import type { Db } from "@/db/client";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { saveTournament, announce } from "./save-tournament";
import { lockTournament } from "./lock-tournament";
import { admitPlayer, requireRegistering } from "./admit-player";

export async function joinTournament(db: Db, userId: string, tournamentId: string, now = new Date()): Promise<void> {
  await transaction(db, async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    requireRegistering(t, now);
    if (t.inviteOnly) throw new AppError("FORBIDDEN", "This tournament is by invitation: ask the organizer for the invite link.");
    await admitPlayer(tx, t, userId, now);
    announce(tx, t.id, await saveTournament(tx, t.id, {}));
  });
}
