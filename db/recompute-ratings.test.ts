// Rebuilding ratings per game, each test on a database of its own (the rebuild rewrites
// every rating, so it must not share a database with other test files):
// - games rated live and the rebuild both equal separate Glicko-2 runs per game type;
// - the migration that split the one shared rating recomputes every game's ratings from
//   the rated games in their original order, once, and a second migrate changes nothing.
import { afterEach, describe, expect, it } from "vitest";
import { inArray, sql } from "drizzle-orm";
import type { DbHandle } from "./client";
import { appSettings, playerRatings, ratingHistory } from "./schema";
import { RECOMPUTE_MARKER, recomputeRatings } from "./recompute-ratings";
import { INITIAL_RATING, updateRating, type Rating } from "@/engine/glicko2";
import type { SessionUser } from "@/server/auth/session";
import { createGame } from "@/server/services/game/create-game";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { migrateBefore, openEmptyDatabase } from "@/test/migrations";

const DAY = 86_400_000;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** An empty database of this test's own (PostgreSQL with DATABASE_URL, else in-memory PGlite). */
async function emptyDatabase(): Promise<DbHandle> {
  const h = await openEmptyDatabase("moot_ratings");
  cleanups.push(() => h.close());
  return h;
}

type Schedule = [gameType: string, side1: string, side2: string, score1: 1 | 0.5 | 0][];

/** The expectation: one independent Glicko-2 run per game type, in the given order. */
function separateRuns(schedule: Schedule): Map<string, Rating & { ratedGames: number }> {
  const out = new Map<string, Rating & { ratedGames: number }>();
  for (const [type, s1, s2, score] of schedule) {
    const r1 = out.get(`${s1} ${type}`) ?? { ...INITIAL_RATING, ratedGames: 0 };
    const r2 = out.get(`${s2} ${type}`) ?? { ...INITIAL_RATING, ratedGames: 0 };
    out.set(`${s1} ${type}`, { ...updateRating(r1, [{ opponent: r2, score }]), ratedGames: r1.ratedGames + 1 });
    out.set(`${s2} ${type}`, { ...updateRating(r2, [{ opponent: r1, score: 1 - score }]), ratedGames: r2.ratedGames + 1 });
  }
  return out;
}

async function storedRatings(h: DbHandle) {
  const rows = await h.db.select().from(playerRatings);
  return new Map(rows.map((r) => [`${r.userId} ${r.gameType}`, r]));
}

function expectRatings(actual: Awaited<ReturnType<typeof storedRatings>>, expected: ReturnType<typeof separateRuns>): void {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [key, want] of expected) {
    const got = actual.get(key)!;
    expect(got.ratedGames, key).toBe(want.ratedGames);
    // Stored as PostgreSQL real (single precision).
    expect(got.rating, key).toBeCloseTo(want.rating, 2);
    expect(got.rd, key).toBeCloseTo(want.rd, 2);
    expect(got.volatility, key).toBeCloseTo(want.volatility, 6);
  }
}

async function historyRows(h: DbHandle) {
  const rows = await h.db.select().from(ratingHistory);
  return rows
    .map(({ userId, gameId, gameType, rating, rd, at }) => ({
      userId,
      gameId,
      gameType,
      rating: Math.round(rating * 100),
      rd: Math.round(rd * 100),
      at: at.getTime(),
    }))
    .sort((x, y) => x.at - y.at || x.userId.localeCompare(y.userId));
}

describe("rebuilding ratings per game", () => {
  it("games rated live, and the rebuild run twice, equal separate Glicko-2 runs per game type", async () => {
    const h = await emptyDatabase();
    await h.migrate();
    const people = await Promise.all([0, 1, 2, 3].map(() => newPlayer(h)));
    const [a, b, c, d] = people.map((p) => p.id) as [string, string, string, string];
    const schedule: Schedule = [
      ["hnefatafl", a, b, 1],
      ["chess-elsewhere", a, c, 0],
      ["race", b, d, 1],
      ["hnefatafl", c, a, 0],
      ["chess-elsewhere", b, a, 0],
      ["hnefatafl", d, b, 1],
      ["race", a, b, 0],
      ["chess-elsewhere", c, d, 1],
      ["hnefatafl", a, d, 0],
    ];
    const byId = (id: string) => people.find((p) => p.id === id)!;
    for (const [gameType, s1, s2, score] of schedule) {
      const game = await h.db.transaction((tx) =>
        createGame(tx, { gameType, side1Id: s1, side2Id: s2, rated: true, initialMs: 3 * DAY, incrementMs: DAY / 4 }, new Date()),
      );
      // Ended by the loser's resignation, which every game type allows.
      const loser: SessionUser = byId(score === 1 ? s2 : s1);
      await apiFor(h, loser).game.resign({ gameId: game.id });
    }
    const expected = separateRuns(schedule);
    const live = await storedRatings(h);
    expectRatings(live, expected);
    const liveHistory = await historyRows(h);
    expect(liveHistory).toHaveLength(2 * schedule.length);
    for (let run = 0; run < 2; run++) {
      expect(await h.db.transaction((tx) => recomputeRatings(tx))).toEqual({ games: schedule.length, ratings: expected.size });
      const rebuilt = await storedRatings(h);
      expectRatings(rebuilt, expected);
      for (const [key, row] of live) expect(rebuilt.get(key)!.updatedAt).toEqual(row.updatedAt);
      expect(await historyRows(h)).toEqual(liveHistory);
    }
  });

  it("the migration recomputes every game's ratings from the shared-rating history, in the original order", async () => {
    const h = await emptyDatabase();
    await migrateBefore(h, "_ratings_per_game");

    // The old shape: one shared rating on users, history without a game type.
    const ids = ["a", "b", "c", "d"].map((n, i) => `00000000-0000-4000-8000-00000000000${i + 1}`);
    const [a, b, c, d] = ids as [string, string, string, string];
    for (const [i, id] of ids.entries()) {
      await h.db.execute(
        sql`insert into users (id, username, password_hash, rating, rating_rd, rating_volatility, rated_games) values (${id}, ${`old${i}`}, 'x', 1500, 350, 0.06, 0)`,
      );
    }
    // Rated games in the order they ended (inserted shuffled: order must come from the history).
    const rated: Schedule = [
      ["hnefatafl", a, b, 1],
      ["chess", a, b, 0],
      ["hnefatafl", c, a, 0.5],
      ["race", d, c, 1],
      ["chess", c, a, 0],
      ["hnefatafl", b, d, 0],
      ["race", a, d, 1],
      ["hnefatafl", a, d, 1],
    ];
    const start = Date.parse("2026-01-01T00:00:00Z");
    const order = [5, 2, 7, 0, 3, 6, 1, 4];
    const shared = new Map<string, Rating>();
    const old: { gameId: string; userId: string; rating: number; rd: number; at: Date }[] = [];
    const gameIds = rated.map((_, i) => `10000000-0000-4000-8000-00000000000${i}`);
    // What the old code stored: one rating per player across all games.
    for (const [i, [, s1, s2, score]] of rated.entries()) {
      const r1 = shared.get(s1) ?? INITIAL_RATING;
      const r2 = shared.get(s2) ?? INITIAL_RATING;
      const n1 = updateRating(r1, [{ opponent: r2, score }]);
      const n2 = updateRating(r2, [{ opponent: r1, score: 1 - score }]);
      shared.set(s1, n1).set(s2, n2);
      const at = new Date(start + i * 3_600_000);
      old.push({ gameId: gameIds[i]!, userId: s1, rating: n1.rating, rd: n1.rd, at }, { gameId: gameIds[i]!, userId: s2, rating: n2.rating, rd: n2.rd, at });
    }
    for (const i of order) {
      const [gameType, s1, s2, score] = rated[i]!;
      const result = score === 1 ? "1-0" : score === 0 ? "0-1" : "draw";
      const at = new Date(start + i * 3_600_000);
      await h.db.execute(
        sql`insert into games (id, game_type, side1_id, side2_id, status, result, end_reason, rated, initial_ms, increment_ms, remaining1_ms, remaining2_ms, finished_at)
            values (${gameIds[i]}, ${gameType}, ${s1}, ${s2}, 'finished', ${result}, 'reported', true, 1000, 0, 1000, 1000, ${at.toISOString()})`,
      );
    }
    for (const r of old)
      await h.db.execute(
        sql`insert into rating_history (user_id, game_id, rating, rd, at) values (${r.userId}, ${r.gameId}, ${r.rating}, ${r.rd}, ${r.at.toISOString()})`,
      );
    for (const [id, r] of shared)
      await h.db.execute(sql`update users set rating = ${r.rating}, rating_rd = ${r.rd}, rating_volatility = ${r.volatility} where id = ${id}`);
    // Not rated, so not in the history: an unrated game, and one still being played.
    await h.db
      .execute(sql`insert into games (game_type, side1_id, side2_id, status, result, rated, initial_ms, increment_ms, remaining1_ms, remaining2_ms, finished_at)
      values ('chess', ${a}, ${b}, 'finished', '1-0', false, 1000, 0, 1000, 1000, ${new Date(start + 99 * 3_600_000).toISOString()})`);
    await h.db.execute(
      sql`insert into games (game_type, side1_id, side2_id, rated, initial_ms, increment_ms, remaining1_ms, remaining2_ms) values ('race', ${c}, ${d}, true, 1000, 0, 1000, 1000)`,
    );

    await h.migrate();
    // "chess" was chess played elsewhere until migration 0025 named it "chess-elsewhere".
    const expected = separateRuns(rated.map(([type, ...game]) => [type === "chess" ? "chess-elsewhere" : type, ...game]));
    expectRatings(await storedRatings(h), expected);
    // Each player's history per game: the rating after each of their games of that type, at the original instants.
    const history = await historyRows(h);
    expect(history).toHaveLength(2 * rated.length);
    const chessOfA = history.filter((r) => r.userId === a && r.gameType === "chess-elsewhere");
    expect(chessOfA.map((r) => r.at)).toEqual([start + 1 * 3_600_000, start + 4 * 3_600_000]);
    expect(chessOfA.at(-1)!.rating / 100).toBeCloseTo(expected.get(`${a} chess-elsewhere`)!.rating, 1);
    // The marker is gone and the shared rating with it; a second migrate changes nothing.
    expect(
      await h.db
        .select()
        .from(appSettings)
        .where(inArray(appSettings.key, [RECOMPUTE_MARKER])),
    ).toEqual([]);
    const columns = await h.db.execute(sql`select column_name from information_schema.columns where table_name = 'users' and column_name like 'rat%'`);
    expect((columns as unknown as { rows: unknown[] }).rows).toEqual([]);
    const snapshot = [await storedRatings(h), history];
    await h.migrate();
    expect([await storedRatings(h), await historyRows(h)]).toEqual(snapshot);
  });
});
