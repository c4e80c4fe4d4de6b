// Invite-only tournaments and the organizer's hand on the registrations: a player
// who follows the invite link asks to join; the organizer approves (the player is
// entered, with the usual checks) or declines; the organizer may remove anyone
// registered before the start, and renew the link to revoke the old one. Every
// step checks the caller and is written to the audit log with names.
import { timingSafeEqual } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentPlayers, tournamentRequests, users } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "../errors";
import { ratingsFor } from "../rating/player-ratings";
import { newInviteToken } from "./create-tournament";
import { admitPlayer, requireRegistering } from "./registration";
import { announce, audit, lockTournament, readTournament, requireOrganizer, saveTournament } from "./tournament-row";

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

/** A player who followed the invite link asks to join; the organizer decides. */
export async function requestToJoin(db: Db, user: SessionUser, input: { tournamentId: string; token: string }, now = new Date()): Promise<{ status: "requested" }> {
  const version = await db.transaction(async (tx) => {
    const t = await lockTournament(tx, input.tournamentId);
    requireRegistering(t, now);
    if (!t.inviteOnly) throw new AppError("BAD_REQUEST", "This tournament is open to everyone: join it directly.");
    if (!sameToken(t.inviteToken, input.token)) throw new AppError("FORBIDDEN", "This invite link is not valid any more: ask the organizer for a new one.");
    const [joined] = await tx
      .select({ userId: tournamentPlayers.userId })
      .from(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, user.id)));
    if (joined) throw new AppError("CONFLICT", "You have already joined this tournament.");
    const inserted = await tx.insert(tournamentRequests).values({ tournamentId: t.id, userId: user.id, requestedAt: now }).onConflictDoNothing().returning();
    if (inserted.length === 0) throw new AppError("CONFLICT", "You have already asked to join: the organizer will decide.");
    await audit(tx, t.id, user.id, "join requested", `${user.username} asked to join through the invite link.`);
    return saveTournament(tx, t.id, {});
  });
  announce(input.tournamentId, version);
  return { status: "requested" };
}

/** The organizer approves (enters the player) or declines a request. */
export async function answerRequest(db: Db, user: SessionUser, input: { tournamentId: string; userId: string; approve: boolean }, now = new Date()): Promise<void> {
  const version = await db.transaction(async (tx) => {
    const t = await lockTournament(tx, input.tournamentId);
    requireOrganizer(t, user);
    requireRegistering(t, now);
    const removed = await tx
      .delete(tournamentRequests)
      .where(and(eq(tournamentRequests.tournamentId, t.id), eq(tournamentRequests.userId, input.userId)))
      .returning();
    if (removed.length === 0) throw new AppError("NOT_FOUND", "That player has not asked to join (or was already answered).");
    const name = await usernameOf(tx, input.userId);
    if (input.approve) {
      await admitPlayer(tx, t, input.userId, now, name);
      await audit(tx, t.id, user.id, "approved", `${name} was approved and entered.`);
    } else {
      await audit(tx, t.id, user.id, "declined", `${name}'s request to join was declined.`);
    }
    return saveTournament(tx, t.id, {});
  });
  announce(input.tournamentId, version);
}

/** The organizer takes a registered player off the list before the start. */
export async function removeRegistrant(db: Db, user: SessionUser, input: { tournamentId: string; userId: string }): Promise<void> {
  const version = await db.transaction(async (tx) => {
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
    return saveTournament(tx, t.id, {});
  });
  announce(input.tournamentId, version);
}

/** A new invite link; the old one stops working. */
export async function renewInviteLink(db: Db, user: SessionUser, tournamentId: string): Promise<{ token: string }> {
  const token = newInviteToken();
  const version = await db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    requireOrganizer(t, user);
    if (!t.inviteOnly) throw new AppError("BAD_REQUEST", "This tournament is open to everyone: it has no invite link.");
    await audit(tx, t.id, user.id, "invite link renewed", "The old invite link no longer works.");
    return saveTournament(tx, t.id, { inviteToken: token });
  });
  announce(tournamentId, version);
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
    .where(eq(tournamentRequests.tournamentId, t.id))
    .orderBy(asc(tournamentRequests.requestedAt));
  // Ratings in the tournament's game, which its rating limits are about.
  const ratings = await ratingsFor(db, requests.map((r) => r.id), t.gameType);
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
    .where(and(eq(tournamentRequests.tournamentId, tournamentId), eq(tournamentRequests.userId, userId)));
  return !!r;
}
