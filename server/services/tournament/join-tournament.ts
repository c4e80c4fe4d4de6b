// A player joins a tournament: before it starts, or while it runs when its format
// takes late entries (late-entry.ts). The tournament row is locked so the player
// limit holds when many join at the same moment.
import type { Db } from "@/db/client";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { lockTournament } from "./lock-tournament";
import { admitPlayer } from "./admit-player";
import { completeEntry, openForEntries } from "./late-entry";

export async function joinTournament(db: Db, userId: string, tournamentId: string, now = new Date()): Promise<void> {
  await transaction(db, async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    const late = await openForEntries(tx, t, now);
    if (t.inviteOnly) throw new AppError("FORBIDDEN", "This tournament is by invitation: ask the organizer for the invite link.");
    await admitPlayer(tx, t, userId, now);
    await completeEntry(tx, t, late, userId, userId);
  });
}
