// Joining and leaving a tournament before it starts. The tournament row is locked so
// the player limit holds when many join at the same moment.
import { and, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentPlayers, users, type TournamentRow } from "@/db/schema";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { ratingsFor } from "../rating/player-ratings";
import { saveTournament, announce } from "./save-tournament";
import { lockTournament } from "./lock-tournament";

export function requireRegistering(t: TournamentRow, now: Date): void {
  if (t.status !== "registering") throw new AppError("BAD_REQUEST", "Registration is closed: the tournament has started or ended.");
  if (t.registrationClosesAt && t.registrationClosesAt <= now) throw new AppError("BAD_REQUEST", "Registration for this tournament has closed.");
}

/**
 * The checks every entry passes (rating range, not yet in, room left), then the
 * entry itself; `who` words the refusals ("You", or the player's name when the
 * organizer approves someone).
 */
export async function admitPlayer(tx: Db, t: TournamentRow, userId: string, now: Date, who = "you"): Promise<void> {
  const [me] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!me) throw new AppError("NOT_FOUND", "There is no such player.");
  // Limits apply to the rating in the tournament's game.
  const rating = Math.round((await ratingsFor(tx, [userId], t.gameType)).get(userId)!.rating);
  const whose = who === "you" ? "your rating" : `${me.username}'s rating`;
  if (t.minRating != null && rating < t.minRating)
    throw new AppError("BAD_REQUEST", `This tournament is for players rated ${t.minRating} or more; ${whose} is ${rating}.`);
  if (t.maxRating != null && rating > t.maxRating)
    throw new AppError("BAD_REQUEST", `This tournament is for players rated ${t.maxRating} or less; ${whose} is ${rating}.`);
  const [already] = await tx
    .select({ userId: tournamentPlayers.userId })
    .from(tournamentPlayers)
    .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, userId)));
  if (already)
    throw new AppError("CONFLICT", who === "you" ? "You have already joined this tournament." : `${me.username} has already joined this tournament.`);
  const [joined] = await tx.select({ n: count() }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, t.id));
  if ((joined?.n ?? 0) >= t.maxPlayers) throw new AppError("BAD_REQUEST", `The tournament is full (${t.maxPlayers} players).`);
  await tx.insert(tournamentPlayers).values({ tournamentId: t.id, userId, joinedAt: now });
}

export async function joinTournament(db: Db, userId: string, tournamentId: string, now = new Date()): Promise<void> {
  await transaction(db, async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    requireRegistering(t, now);
    if (t.inviteOnly) throw new AppError("FORBIDDEN", "This tournament is by invitation: ask the organizer for the invite link.");
    await admitPlayer(tx, t, userId, now);
    announce(tx, t.id, await saveTournament(tx, t.id, {}));
  });
}

export async function leaveTournament(db: Db, userId: string, tournamentId: string, now = new Date()): Promise<void> {
  await transaction(db, async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    requireRegistering(t, now);
    const removed = await tx
      .delete(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, userId)))
      .returning();
    if (removed.length === 0) throw new AppError("BAD_REQUEST", "You have not joined this tournament.");
    announce(tx, t.id, await saveTournament(tx, t.id, {}));
  });
}
