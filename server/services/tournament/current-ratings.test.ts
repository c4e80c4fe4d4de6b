// The players' current ratings read as one text value (current-ratings.ts),
// against the plain row-per-player read: the same players, in join order, with the same
// values, on whichever database the run uses (PostgreSQL with DATABASE_URL, else PGlite);
// and their digest, which tells a change of any one of them.
import { afterAll, beforeAll, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { playerRatings, tournamentPlayers } from "@/db/schema";
import { INITIAL_RATING } from "@/engine/glicko2";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { openTestDatabase, uniqueName } from "@/test/db";
import { currentRatings, readRatings } from "./current-ratings";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h?.close());

/** A rated hnefatafl groups tournament, registering. */
const tournamentBy = (organizer: SessionUser, name: string) =>
  apiFor(h, organizer).tournament.create({
    name: `${name} ${uniqueName("")}`,
    format: "groups",
    gameType: "hnefatafl",
    timeControl: "3d+6h",
    rated: true,
    minPlayers: 4,
    maxPlayers: 64,
  });

it("reads every player's rating in the game, in join order, exactly as a row-per-player read does", async () => {
  const organizer = await newPlayer(h);
  const t = await tournamentBy(organizer, "Ratings");
  // Fractions a `real` cannot hold exactly, and one player with no rating row in this game (rated in chess only).
  const given = [1523.4567, 1499.99, 2712.123456, undefined, 1e-3, 1800.5];
  for (const [i, rating] of given.entries()) {
    const p = await newPlayer(h, { ratings: rating === undefined ? {} : { hnefatafl: rating, chess: 900 } });
    if (i === 3)
      await h.db
        .insert(playerRatings)
        .values({ userId: p.id, gameType: "chess", rating: 2100, rd: 60, volatility: 0.06, ratedGames: 3, updatedAt: new Date() });
    await apiFor(h, p).tournament.join({ tournamentId: t.id });
  }
  const rows = await h.db
    .select({ id: tournamentPlayers.userId, rating: playerRatings.rating })
    .from(tournamentPlayers)
    .leftJoin(playerRatings, and(eq(playerRatings.userId, tournamentPlayers.userId), eq(playerRatings.gameType, "hnefatafl")))
    .where(eq(tournamentPlayers.tournamentId, t.id))
    .orderBy(asc(tournamentPlayers.joinedAt), asc(tournamentPlayers.userId));
  const read = await currentRatings(h.db, { id: t.id, gameType: "hnefatafl" });
  expect([...read]).toEqual(rows.map((r) => [r.id, r.rating ?? INITIAL_RATING.rating]));
  expect([...read.values()].filter((r) => r === INITIAL_RATING.rating)).toHaveLength(1);
  // A tournament nobody joined: no ratings, not an error.
  const empty = await tournamentBy(organizer, "Empty");
  expect((await currentRatings(h.db, { id: empty.id, gameType: "hnefatafl" })).size).toBe(0);
});

it("gives the same digest for the same ratings and another once one rating changes (another process folding a close checks it)", async () => {
  const organizer = await newPlayer(h);
  const t = await tournamentBy(organizer, "Digest");
  const players = [];
  for (const rating of [1500, 1600, 1700]) {
    const p = await newPlayer(h, { ratings: { hnefatafl: rating } });
    await apiFor(h, p).tournament.join({ tournamentId: t.id });
    players.push(p);
  }
  const key = { id: t.id, gameType: "hnefatafl" } as const;
  const first = await readRatings(h.db, key);
  expect((await readRatings(h.db, key)).digest).toBe(first.digest);
  // A game of one of them ended meanwhile: a tenth of a point is enough.
  await h.db
    .update(playerRatings)
    .set({ rating: 1600.1 })
    .where(and(eq(playerRatings.userId, players[1]!.id), eq(playerRatings.gameType, "hnefatafl")));
  const changed = await readRatings(h.db, key);
  expect(changed.digest).not.toBe(first.digest);
  expect(changed.ratings.get(players[1]!.id)).toBeCloseTo(1600.1, 3);
});
