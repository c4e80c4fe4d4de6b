// Invite-only tournaments and the organizer's hand on the registrations: a player
// who follows the invite link asks to join; the organizer approves (the player is
// entered, with the usual checks) or declines; the organizer may remove anyone
// registered before the start, and renew the link to revoke the old one. Every
// step checks the caller; approvals, removals and renewals are written to the audit
// log with names (requests and declines are not: the log is public).
import { timingSafeEqual } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentPlayers, tournamentRequests, users } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { ratingsFor } from "../rating/player-ratings";
import { newInviteToken } from "./create-tournament";
import { admitPlayer, requireRegistering } from "./registration";
import { requireOrganizer } from "./require-organizer";
import { saveTournament, announce } from "./save-tournament";
import { audit } from "./audit";
import { lockTournament, readTournament } from "./lock-tournament";

function sameToken(a: string | null, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function usernameOf(tx: Db, userId: string): Promise<string> {
  const [u] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!u) throw new AppError("NOT_FOUND", "There is no such player.");
  return u.username;
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
    requireRegistering(t, now);
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
    announce(tx, t.id, await saveTournament(tx, t.id, {}));
  });
  return { status: "requested" };
}

/** The organizer approves (enters the player, in the audit log) or declines (kept for the cooldown, not logged) a waiting request. */
export async function answerRequest(
  db: Db,
  user: SessionUser,
  input: { tournamentId: string; userId: string; approve: boolean },
  now = new Date(),
): Promise<void> {
  await transaction(db, async (tx) => {
    const t = await lockTournament(tx, input.tournamentId);
    requireOrganizer(t, user);
    requireRegistering(t, now);
    const waiting = and(eq(tournamentRequests.tournamentId, t.id), eq(tournamentRequests.userId, input.userId), isNull(tournamentRequests.declinedAt));
    const answered = input.approve
      ? await tx.delete(tournamentRequests).where(waiting).returning()
      : await tx.update(tournamentRequests).set({ declinedAt: now }).where(waiting).returning();
    if (answered.length === 0) throw new AppError("NOT_FOUND", "That player has not asked to join (or was already answered).");
    if (input.approve) {
      const name = await usernameOf(tx, input.userId);
      await admitPlayer(tx, t, input.userId, now, name);
      await audit(tx, t.id, user.id, "approved", `${name} was approved and entered.`);
    }
    announce(tx, t.id, await saveTournament(tx, t.id, {}));
  });
}

/** The organizer takes a registered player off the list before the start. */
export async function removeRegistrant(db: Db, user: SessionUser, input: { tournamentId: string; userId: string }): Promise<void> {
  await transaction(db, async (tx) => {
    const t = await lockTournament(tx, input.tournamentId);
    requireOrganizer(t, user);
    if (t.status !== "registering") throw new AppError("BAD_REQUEST", "Registrants can only be removed before the start; withdraw the player instead.");
    const removed = await tx
      .delete(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, input.userId)))
      .returning();
    if (removed.length === 0) throw new AppError("NOT_FOUND", "That player is not registered in this tournament.");
    const name = await usernameOf(tx, input.userId);
    await audit(tx, t.id, user.id, "removed", `${name} was removed from the registrations.`);
    announce(tx, t.id, await saveTournament(tx, t.id, {}));
  });
}

/** A new invite link; the old one stops working. */
export async function renewInviteLink(db: Db, user: SessionUser, tournamentId: string): Promise<{ token: string }> {
  const token = newInviteToken();
  await transaction(db, async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    requireOrganizer(t, user);
    if (!t.inviteOnly) throw new AppError("BAD_REQUEST", "This tournament is open to everyone: it has no invite link.");
    await audit(tx, t.id, user.id, "invite link renewed", "The old invite link no longer works.");
    announce(tx, t.id, await saveTournament(tx, t.id, { inviteToken: token }));
  });
  return { token };
}

/** What only the organizer sees: the invite link's secret and the requests waiting for an answer. */
export async function organizerPanel(db: Db, user: SessionUser, tournamentId: string) {
  const t = await readTournament(db, tournamentId);
  requireOrganizer(t, user);
  const requests = await db
    .select({ id: users.id, username: users.username, requestedAt: tournamentRequests.requestedAt })
    .from(tournamentRequests)
    .innerJoin(users, eq(users.id, tournamentRequests.userId))
    .where(and(eq(tournamentRequests.tournamentId, t.id), isNull(tournamentRequests.declinedAt)))
    .orderBy(asc(tournamentRequests.requestedAt));
  // Ratings in the tournament's game, which its rating limits are about.
  const ratings = await ratingsFor(
    db,
    requests.map((r) => r.id),
    t.gameType,
  );
  return {
    inviteOnly: t.inviteOnly,
    inviteToken: t.inviteOnly ? t.inviteToken : null,
    requests: requests.map((r) => ({ ...r, rating: Math.round(ratings.get(r.id)?.rating ?? 1500) })),
  };
}

/** Whether the caller has asked to join and waits for an answer. */
export async function myRequest(db: Db, userId: string, tournamentId: string): Promise<boolean> {
  const [r] = await db
    .select({ userId: tournamentRequests.userId })
    .from(tournamentRequests)
    .where(and(eq(tournamentRequests.tournamentId, tournamentId), eq(tournamentRequests.userId, userId), isNull(tournamentRequests.declinedAt)));
  return !!r;
}
