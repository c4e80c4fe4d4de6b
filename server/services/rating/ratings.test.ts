// Ratings per game on a real database: a result moves the rating of its own game only,
// and tournaments seed by their game's rating. (Rebuilding all ratings is tested in
// db/recompute-ratings.test.ts, on a database of its own.)
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { playerRatings, ratingHistory } from "@/db/schema";
import { INITIAL_RATING, updateRating } from "@/engine/glicko2";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { openTestDatabase } from "@/test/db";
import { createGame } from "../game/create-game";
import { setResult } from "../play/set-result";
import { runTogether } from "../together";
import { lockRatings, rateFinishedGame, ratingsPart } from "./player-ratings";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

const DAY = 86_400_000;

/** A rated game between the two, ended at once by `loser` resigning (works for every game type). */
async function play(gameType: string, side1: SessionUser, side2: SessionUser, loser: SessionUser): Promise<string> {
  const game = await h.db.transaction((tx) =>
    createGame(tx, { gameType, side1Id: side1.id, side2Id: side2.id, rated: true, initialMs: 3 * DAY, incrementMs: DAY / 4 }, new Date()),
  );
  await apiFor(h, loser).game.resign({ gameId: game.id });
  return game.id;
}

async function ratingsOf(users: SessionUser[]) {
  const rows = await h.db
    .select()
    .from(playerRatings)
    .where(
      inArray(
        playerRatings.userId,
        users.map((u) => u.id),
      ),
    );
  return new Map(rows.map((r) => [`${r.userId} ${r.gameType}`, r]));
}

describe("ratings per game", () => {
  it("games of one player rated at the same moment each move the rating once, none lost", async () => {
    const busy = await newPlayer(h);
    const opponents = await Promise.all([0, 1, 2, 3, 4, 5].map(() => newPlayer(h)));
    const gameIds = await Promise.all(
      opponents.map((o) =>
        h.db.transaction((tx) =>
          createGame(tx, { gameType: "brandubh", side1Id: busy.id, side2Id: o.id, rated: true, initialMs: 3 * DAY, incrementMs: DAY / 4 }, new Date()),
        ),
      ),
    );
    // Six games rated at once, each in its own transaction on its own connection: each must
    // read the busy player's rating after the previous change, or one would overwrite another.
    await Promise.all(
      gameIds.map((game) =>
        h.db.transaction(async (tx) => {
          // As finishGame does: lock, read and rate, then write.
          await lockRatings(tx, game);
          const changes = await rateFinishedGame(tx, game, "1-0");
          await runTogether(tx, { ratings: ratingsPart(game, changes, new Date()) });
        }),
      ),
    );
    const [row] = await h.db.select().from(playerRatings).where(eq(playerRatings.userId, busy.id));
    expect(row!.ratedGames).toBe(6);
    const history = await h.db.select().from(ratingHistory).where(eq(ratingHistory.userId, busy.id)).orderBy(ratingHistory.id);
    expect(history).toHaveLength(6);
    // Applied one after another: each step starts from the rating the previous one left.
    let rating = INITIAL_RATING;
    for (const step of history) {
      rating = updateRating(rating, [{ opponent: INITIAL_RATING, score: 1 }]);
      expect(step.rating).toBeCloseTo(rating.rating, 2);
    }
    expect(row!.rating).toBeCloseTo(rating.rating, 2);
  });

  // PostgreSQL only: on PGlite, one connection, the result would wait for the held transaction before it could lock anything.
  it.runIf(inject("testDatabaseUrl"))(
    "a result that waits for a player's rating lock rates from the change committed while it waited (the player's first rating in the game)",
    async () => {
      const admin = { ...(await newPlayer(h)), isAdmin: true };
      const [busy, o1, o2] = [await newPlayer(h), await newPlayer(h), await newPlayer(h)];
      const [first, second] = await h.db.transaction(async (tx) => [
        await createGame(tx, { gameType: "brandubh", side1Id: busy.id, side2Id: o1.id, rated: true, initialMs: 3 * DAY, incrementMs: 0 }, new Date()),
        await createGame(tx, { gameType: "brandubh", side1Id: busy.id, side2Id: o2.id, rated: true, initialMs: 3 * DAY, incrementMs: 0 }, new Date()),
      ]);
      const waiting = async () => {
        const r = (await h.db.execute(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 7001 and not granted`,
        )) as unknown as {
          rows: { n: number }[];
        };
        return r.rows[0]!.n > 0;
      };
      let result: Promise<unknown> | undefined;
      await h.db.transaction(async (tx) => {
        // The first game's end holds the busy player's rating lock; the second game's
        // result is set meanwhile and must wait for it, its statement already begun.
        await lockRatings(tx, first);
        result = setResult(h.db, admin, { gameId: second.id, result: "1-0" });
        while (!(await waiting())) await new Promise((resolve) => setTimeout(resolve, 10));
        // The busy player's first brandubh rating: a row the waiting statement's snapshot does not have.
        const changes = await rateFinishedGame(tx, first, "1-0");
        await runTogether(tx, { ratings: ratingsPart(first, changes, new Date()) });
      });
      await result;
      const [row] = await h.db
        .select()
        .from(playerRatings)
        .where(and(eq(playerRatings.userId, busy.id), eq(playerRatings.gameType, "brandubh")));
      expect(row!.ratedGames).toBe(2);
      const once = updateRating(INITIAL_RATING, [{ opponent: INITIAL_RATING, score: 1 }]);
      const twice = updateRating(once, [{ opponent: INITIAL_RATING, score: 1 }]);
      expect(row!.rating).toBeCloseTo(twice.rating, 2);
    },
  );

  it("results set while players resign, in two games between the same players (the other way round): no deadlock, no change lost", async () => {
    // Every ending locks the game first, then the players' ratings in id order.
    const admin = { ...(await newPlayer(h)), isAdmin: true };
    for (let round = 0; round < 5; round++) {
      const [p1, p2] = [await newPlayer(h), await newPlayer(h)];
      const games = await h.db.transaction(async (tx) => [
        await createGame(tx, { gameType: "brandubh", side1Id: p1.id, side2Id: p2.id, rated: true, initialMs: 3 * DAY, incrementMs: 0 }, new Date()),
        await createGame(tx, { gameType: "brandubh", side1Id: p2.id, side2Id: p1.id, rated: true, initialMs: 3 * DAY, incrementMs: 0 }, new Date()),
      ]);
      const outcomes = await Promise.allSettled([
        apiFor(h, admin).game.setResult({ gameId: games[0]!.id, result: "1-0" }),
        apiFor(h, p1).game.resign({ gameId: games[0]!.id }),
        apiFor(h, admin).game.setResult({ gameId: games[1]!.id, result: "0-1" }),
        apiFor(h, p2).game.resign({ gameId: games[1]!.id }),
      ]);
      // Each game ends once: one of its two endings wins, the other is told the game is over.
      for (const pair of [outcomes.slice(0, 2), outcomes.slice(2)]) {
        expect(pair.filter((o) => o.status === "fulfilled")).toHaveLength(1);
        const refused = pair.find((o) => o.status === "rejected") as PromiseRejectedResult;
        expect(refused.reason).toMatchObject({ code: "BAD_REQUEST" });
      }
      const after = await ratingsOf([p1, p2]);
      expect(after.get(`${p1.id} brandubh`)!.ratedGames).toBe(2);
      expect(after.get(`${p2.id} brandubh`)!.ratedGames).toBe(2);
    }
  });

  it("a chess result changes the chess ratings only", async () => {
    const [ann, bob] = [await newPlayer(h, { ratings: { hnefatafl: 1700 } }), await newPlayer(h, { ratings: { hnefatafl: 1600 } })];
    const gameId = await play("chess-elsewhere", ann, bob, bob);
    const after = await ratingsOf([ann, bob]);
    // Hnefatafl untouched: same rating, deviation and game count as before.
    expect(after.get(`${ann.id} hnefatafl`)).toMatchObject({ rating: 1700, rd: 60, ratedGames: 20 });
    expect(after.get(`${bob.id} hnefatafl`)).toMatchObject({ rating: 1600, rd: 60, ratedGames: 20 });
    // Chess: both start from the initial rating, whatever their hnefatafl rating.
    const [annChess, bobChess] = [
      updateRating(INITIAL_RATING, [{ opponent: INITIAL_RATING, score: 1 }]),
      updateRating(INITIAL_RATING, [{ opponent: INITIAL_RATING, score: 0 }]),
    ];
    expect(after.get(`${ann.id} chess-elsewhere`)).toMatchObject({ ratedGames: 1 });
    expect(after.get(`${ann.id} chess-elsewhere`)!.rating).toBeCloseTo(annChess.rating, 2);
    expect(after.get(`${bob.id} chess-elsewhere`)!.rating).toBeCloseTo(bobChess.rating, 2);
    const history = await h.db.select().from(ratingHistory).where(eq(ratingHistory.gameId, gameId));
    expect(history.map((r) => r.gameType)).toEqual(["chess-elsewhere", "chess-elsewhere"]);
    // The profile shows each game's rating; the game page shows the game's own.
    const profile = await apiFor(h, null).player.byUsername({ username: ann.username });
    expect(profile.ratings.map((r) => r.gameType).sort()).toEqual(["chess-elsewhere", "hnefatafl"]);
    const view = await apiFor(h, null).game.get({ gameId });
    expect(view.side1.rating).toBeCloseTo(annChess.rating, 2);
    expect((await apiFor(h, null).player.ratingHistory({ userId: ann.id, gameType: "hnefatafl" })).length).toBe(0);
  });

  it("tournaments seed by the rating of their own game", async () => {
    const organizer = await newPlayer(h);
    const t = await apiFor(h, organizer).tournament.create({
      name: "Seeding by game",
      description: "",
      format: "league",
      gameType: "race",
      timeControl: "3d+6h",
      rated: false,
      minPlayers: 4,
      maxPlayers: 4,
    });
    // Strong at hnefatafl, weak at the race game, and the other way round.
    const players = await Promise.all([0, 1, 2, 3].map((i) => newPlayer(h, { ratings: { race: 1400 + 100 * i, hnefatafl: 1900 - 100 * i } })));
    for (const p of players) await apiFor(h, p).tournament.join({ tournamentId: t.id });
    const before = await apiFor(h, null).tournament.get({ tournamentId: t.id });
    expect(before.players.map((p) => p.id)).toEqual([...players].reverse().map((p) => p.id));
    expect(before.players.map((p) => Math.round(p.rating))).toEqual([1700, 1600, 1500, 1400]);
    await apiFor(h, organizer).tournament.start({ tournamentId: t.id });
    const started = await apiFor(h, null).tournament.get({ tournamentId: t.id });
    expect(started.state!.players.map((p) => p.id)).toEqual([...players].reverse().map((p) => p.id));
  });
});
