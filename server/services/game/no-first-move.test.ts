// Games nobody started, on a real database: a side whose clock runs out before it
// has made a single move is not beaten on the board. A challenge game is aborted
// (no result, no rating change, both players told why); a tournament game is a
// forfeit for the format's standings but unrated.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { games, playerRatings, ratingHistory, tournamentResults } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { openTestDatabase } from "@/test/db";
import { apiFor, newPlayer, runningTournament } from "@/test/api-fixtures";
import { createGame } from "./create-game";
import { makeMove } from "./make-move";
import { sweepOverdue } from "./sweep-overdue";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function challengeGame() {
  const [attacker, defender] = [await newPlayer(h, { ratings: { hnefatafl: 1600 } }), await newPlayer(h, { ratings: { hnefatafl: 1400 } })];
  const game = await h.db.transaction((tx) =>
    createGame(tx, { gameType: "hnefatafl", side1Id: attacker.id, side2Id: defender.id, rated: true, initialMs: HOUR, incrementMs: 0 }, new Date()),
  );
  return { game, attacker, defender };
}

/** Every per-game rating row of the players (none for a game they never had rated). */
async function ratingsOf(...players: SessionUser[]) {
  const rows = await h.db
    .select()
    .from(playerRatings)
    .where(inArray(playerRatings.userId, players.map((p) => p.id)))
    .orderBy(playerRatings.userId, playerRatings.gameType);
  return rows.map(({ updatedAt: _updatedAt, ...rating }) => rating);
}

async function historyOf(gameId: string) {
  return h.db.select().from(ratingHistory).where(eq(ratingHistory.gameId, gameId));
}

describe("a challenge game nobody started", () => {
  it("is aborted, not lost, when the first player never moves: no result and no rating change", async () => {
    const { game, attacker, defender } = await challengeGame();
    const before = await ratingsOf(attacker, defender);
    expect(await sweepOverdue(h.db, new Date(Date.now() + 2 * HOUR))).toContain(game.id);
    const view = await apiFor(h, defender).game.get({ gameId: game.id });
    expect(view).toMatchObject({ status: "aborted", result: null, endReason: "no first move", rated: false });
    expect(view.clock.toMove).toBe(1);
    expect(await ratingsOf(attacker, defender)).toEqual(before);
    expect(await historyOf(game.id)).toHaveLength(0);
    // Aborted is final: no move, resignation or draw offer changes it.
    await expect(apiFor(h, attacker).game.move({ gameId: game.id, ply: 0, move: "d1-d3" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("is aborted when the second player never answers the first move", async () => {
    const { game, attacker, defender } = await challengeGame();
    const before = await ratingsOf(attacker, defender);
    await apiFor(h, attacker).game.move({ gameId: game.id, ply: 0, move: "d1-d3" });
    expect(await sweepOverdue(h.db, new Date(Date.now() + 2 * HOUR))).toContain(game.id);
    const view = await apiFor(h, attacker).game.get({ gameId: game.id });
    expect(view).toMatchObject({ status: "aborted", result: null, endReason: "no first move", rated: false });
    expect(view.clock.toMove).toBe(2);
    expect(await ratingsOf(attacker, defender)).toEqual(before);
    expect(await historyOf(game.id)).toHaveLength(0);
  });

  it("is aborted when the first move arrives after the flag fell, and the player is told so", async () => {
    const { game, attacker, defender } = await challengeGame();
    const before = await ratingsOf(attacker, defender);
    await expect(makeMove(h.db, attacker.id, { gameId: game.id, ply: 0, move: "d1-d3" }, new Date(Date.now() + 2 * HOUR))).rejects.toMatchObject({
      message: "Your time ran out before your first move arrived: the game is aborted, and no rating changes.",
    });
    const [row] = await h.db.select().from(games).where(eq(games.id, game.id));
    expect(row).toMatchObject({ status: "aborted", result: null, endReason: "no first move", rated: false });
    expect(await ratingsOf(attacker, defender)).toEqual(before);
  });

  it("is still a rated loss on time once both sides have moved", async () => {
    const { game, attacker, defender } = await challengeGame();
    await apiFor(h, attacker).game.move({ gameId: game.id, ply: 0, move: "d1-d3" });
    await apiFor(h, defender).game.move({ gameId: game.id, ply: 1, move: "d6-d9" });
    expect(await sweepOverdue(h.db, new Date(Date.now() + 2 * HOUR))).toContain(game.id);
    const view = await apiFor(h, defender).game.get({ gameId: game.id });
    expect(view).toMatchObject({ status: "finished", result: "0-1", endReason: "timeout", rated: true });
    expect(await historyOf(game.id)).toHaveLength(2);
  });
});

describe("a tournament game nobody started", () => {
  it("is a forfeit in the standings but leaves ratings unchanged", async () => {
    const t = await runningTournament(h, "league", "hnefatafl", 4, { rated: true });
    expect(t.game.rated).toBe(true);
    const before = await ratingsOf(t.side1, t.side2);
    // The tournament's clock is 3 days + 6 hours; side 1 never moves.
    expect(await sweepOverdue(h.db, new Date(Date.now() + 4 * DAY))).toContain(t.game.id);
    const view = await apiFor(h, t.side2).game.get({ gameId: t.game.id });
    expect(view).toMatchObject({ status: "finished", result: "0-1", endReason: "no first move", rated: false });
    expect(await ratingsOf(t.side1, t.side2)).toEqual(before);
    expect(await historyOf(t.game.id)).toHaveLength(0);
    const [logged] = await h.db
      .select()
      .from(tournamentResults)
      .where(and(eq(tournamentResults.tournamentId, t.tournamentId), eq(tournamentResults.gameKey, t.game.tournamentGameKey!)));
    expect(logged).toMatchObject({ outcome: "0-1", reason: "forfeit" });
  });
});
