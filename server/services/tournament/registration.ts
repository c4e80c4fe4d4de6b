// Joining and leaving a tournament before it starts. The tournament row is locked so
// the player limit holds when many join at the same moment.
import { and, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentPlayers } from "@/db/schema";
import { AppError } from "../errors";
import { ratingsFor } from "../rating/player-ratings";
import { announce, lockTournament, saveTournament, type TournamentRow } from "./tournament-row";

function requireRegistering(t: TournamentRow, now: Date): void {
  if (t.status !== "registering") throw new AppError("BAD_REQUEST", "Registration is closed: the tournament has started or ended.");
  if (t.registrationClosesAt && t.registrationClosesAt <= now) throw new AppError("BAD_REQUEST", "Registration for this tournament has closed.");
}

export async function joinTournament(db: Db, userId: string, tournamentId: string, now = new Date()): Promise<void> {
  const version = await db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    requireRegistering(t, now);
    // Limits apply to the rating in the tournament's game.
    const rating = Math.round((await ratingsFor(tx, [userId], t.gameType)).get(userId)!.rating);
    if (t.minRating != null && rating < t.minRating) throw new AppError("BAD_REQUEST", `This tournament is for players rated ${t.minRating} or more; your rating is ${rating}.`);
    if (t.maxRating != null && rating > t.maxRating) throw new AppError("BAD_REQUEST", `This tournament is for players rated ${t.maxRating} or less; your rating is ${rating}.`);
    const [already] = await tx
      .select({ userId: tournamentPlayers.userId })
      .from(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, userId)));
    if (already) throw new AppError("CONFLICT", "You have already joined this tournament.");
    const [joined] = await tx.select({ n: count() }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, t.id));
    if ((joined?.n ?? 0) >= t.maxPlayers) throw new AppError("BAD_REQUEST", `The tournament is full (${t.maxPlayers} players).`);
    await tx.insert(tournamentPlayers).values({ tournamentId: t.id, userId, joinedAt: now });
    return saveTournament(tx, t.id, {});
  });
  announce(tournamentId, version);
}

export async function leaveTournament(db: Db, userId: string, tournamentId: string, now = new Date()): Promise<void> {
  const version = await db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    requireRegistering(t, now);
    const removed = await tx
      .delete(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, userId)))
      .returning();
    if (removed.length === 0) throw new AppError("BAD_REQUEST", "You have not joined this tournament.");
    return saveTournament(tx, t.id, {});
  });
  announce(tournamentId, version);
}
