// Invite-only tournaments: a player who follows the invite link asks to join, and the
// organizer decides (answer-request.ts). Requests and declines stay out of the public
// audit log (it would name who was turned away); the organizer's panel lists them.
import { timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentPlayers, tournamentRequests } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { openForEntries } from "./late-entry";
import { saveTournament } from "./save-tournament";
import { lockTournament } from "./lock-tournament";

function sameToken(a: string | null, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * After a decline, how long before the player may ask again: without it, asking and
 * being declined could go round as fast as the two could click.
 */
export const REQUEST_COOLDOWN_MS = 24 * 3_600_000;

/**
 * A player who followed the invite link asks to join; the organizer decides. Requests
 * and declines stay out of the public audit log (it would name who was turned away);
 * the organizer's panel lists them.
 */
export async function requestToJoin(
  db: Db,
  user: SessionUser,
  input: { tournamentId: string; token: string },
  now = new Date(),
): Promise<{ status: "requested" }> {
  await transaction(db, async (tx) => {
    const t = await lockTournament(tx, input.tournamentId);
    await openForEntries(tx, t, now);
    if (!t.inviteOnly) throw new AppError("BAD_REQUEST", "This tournament is open to everyone: join it directly.");
    if (!sameToken(t.inviteToken, input.token)) throw new AppError("FORBIDDEN", "This invite link is not valid any more: ask the organizer for a new one.");
    const [joined] = await tx
      .select({ userId: tournamentPlayers.userId })
      .from(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, user.id)));
    if (joined) throw new AppError("CONFLICT", "You have already joined this tournament.");
    const mine = and(eq(tournamentRequests.tournamentId, t.id), eq(tournamentRequests.userId, user.id));
    const [prior] = await tx.select({ declinedAt: tournamentRequests.declinedAt }).from(tournamentRequests).where(mine);
    if (prior && !prior.declinedAt) throw new AppError("CONFLICT", "You have already asked to join: the organizer will decide.");
    if (prior?.declinedAt) {
      const wait = prior.declinedAt.getTime() + REQUEST_COOLDOWN_MS - now.getTime();
      const hours = Math.ceil(wait / 3_600_000);
      if (wait > 0)
        throw new AppError("TOO_MANY_REQUESTS", `The organizer declined your request: you may ask again in ${hours === 1 ? "1 hour" : `${hours} hours`}.`);
    }
    // The tournament row is locked, so two requests of one player cannot both pass the checks above.
    await tx
      .insert(tournamentRequests)
      .values({ tournamentId: t.id, userId: user.id, requestedAt: now })
      .onConflictDoUpdate({ target: [tournamentRequests.tournamentId, tournamentRequests.userId], set: { requestedAt: now, declinedAt: null } });
    await saveTournament(tx, t.id);
  });
  return { status: "requested" };
}
