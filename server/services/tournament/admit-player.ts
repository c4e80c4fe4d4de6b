// Entering a player in a tournament that takes registrations: the checks every entry
// passes, whether the player joins or the organizer approves a request.
import { and, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentPlayers, users, type TournamentRow } from "@/db/schema";
import { AppError } from "../errors";
import { ratingsFor } from "../rating/player-ratings";

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
