// Fixtures for API-level tests: players, and a running tournament whose games are
// real site games, created through the real services.
import type { GameTypeId } from "@/engine/game-catalog";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { games, playerRatings, users } from "@/db/schema";
import { getFormat, playableGames, type FormatName } from "@/engine/formats";
import type { SessionUser } from "@/server/auth/session";
import { hashPassword } from "@/server/auth/password";
import { createCaller } from "@/server/trpc/root";
import { changePassword } from "@/server/services/account/change-password";
import { deleteAccount } from "@/server/services/account/delete-account";
import { signOutEverywhere } from "@/server/services/account/sign-out-everywhere";
import { readSnapshot } from "@/server/services/snapshots";
import { uniqueName } from "./db";

export type Caller = ReturnType<typeof createCaller>;

export function apiFor(h: DbHandle, user: SessionUser | null): Caller {
  return createCaller({ db: h.db, dbKind: h.kind, user, clientIp: null });
}

/**
 * The services that end every session of an account whose password is `password`,
 * each named, for tests that check what an ended session can still do.
 */
export function sessionEnders(h: DbHandle, password: string): [string, (userId: string) => Promise<unknown>][] {
  return [
    ["sign out everywhere", (id) => signOutEverywhere(h.db, id)],
    ["a password change", (id) => changePassword(h.db, id, { currentPassword: password, newPassword: `${password}, changed` })],
    ["deletion", (id) => deleteAccount(h.db, id, { password })],
  ];
}

/**
 * A new account, straight in the database (a real hash only when a password is given),
 * with the given ratings per game type (game-catalog id → rating; settled, RD 60).
 */
export async function newPlayer(h: DbHandle, opts: { password?: string; ratings?: Partial<Record<GameTypeId, number>> } = {}): Promise<SessionUser> {
  const username = uniqueName("F");
  const passwordHash = opts.password ? await hashPassword(opts.password) : "x";
  const [row] = await h.db.insert(users).values({ username, passwordHash }).returning();
  const ratings = Object.entries(opts.ratings ?? {}) as [GameTypeId, number][];
  if (ratings.length > 0) {
    await h.db
      .insert(playerRatings)
      .values(ratings.map(([gameType, rating]) => ({ userId: row!.id, gameType, rating, rd: 60, volatility: 0.06, ratedGames: 20, updatedAt: new Date() })));
  }
  return { id: row!.id, username, isAdmin: false };
}

/** A running tournament (organizer not playing) and the site id of its first game. */
export async function runningTournament(h: DbHandle, format: FormatName, gameType: GameTypeId, players: number, opts: { rated?: boolean } = {}) {
  const organizer = await newPlayer(h);
  const entrants: SessionUser[] = [];
  const t = await apiFor(h, organizer).tournament.create({
    name: `Fixture ${uniqueName("")}`,
    format,
    gameType,
    timeControl: "3d+6h",
    rated: opts.rated ?? false,
    minPlayers: getFormat(format).minPlayers,
    maxPlayers: Math.min(getFormat(format).maxPlayers, 64),
  });
  for (let i = 0; i < players; i++) {
    const p = await newPlayer(h);
    await apiFor(h, p).tournament.join({ tournamentId: t.id });
    entrants.push(p);
  }
  await apiFor(h, organizer).tournament.start({ tournamentId: t.id });
  const state = (await readSnapshot(h.db, t.id))!.state;
  const first = playableGames(state)[0]!;
  const [site] = await h.db
    .select()
    .from(games)
    .where(and(eq(games.tournamentId, t.id), eq(games.tournamentGameKey, first.id)));
  const byId = (id: string) => entrants.find((e) => e.id === id)!;
  return {
    tournamentId: t.id,
    organizer,
    entrants,
    state,
    game: site!,
    side1: byId(first.side1),
    side2: byId(first.side2),
    chooser: first.chooser ? byId(first.chooser) : null,
  };
}
