// A player leaves a tournament before it starts.
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentPlayers } from "@/db/schema";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { saveTournament } from "./save-tournament";
import { lockTournament } from "./lock-tournament";
import { requireRegistering } from "./admit-player";

export async function leaveTournament(db: Db, userId: string, tournamentId: string, now = new Date()): Promise<void> {
  await transaction(db, async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    requireRegistering(t, now);
    const removed = await tx
      .delete(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, userId)))
      .returning();
    if (removed.length === 0) throw new AppError("BAD_REQUEST", "You have not joined this tournament.");
    await saveTournament(tx, t.id);
  });
}
