// Games nobody started, on a real database: a side whose clock runs out before it
// has made a single move is not beaten on the board. A challenge game is aborted
// (no result, no rating change, both players told why); a tournament game is a
// forfeit for the format's standings but unrated. A live challenge game gives each
// side's first move a countdown of its own, and either player may abort it until both
// have moved.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { games, playerRatings, ratingHistory, tournamentResults } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { openOwnTestDatabase } from "@/test/db";
import { apiFor, newPlayer, runningTournament } from "@/test/api-fixtures";
import { FIRST_MOVE_MS } from "@/engine/clock";
import { ABORTED_BY_PLAYER, NO_FIRST_MOVE } from "@/lib/game-endings";
import { abortGame } from "./abort-game";
import { createGame } from "../game/create-game";
import { makeMove } from "./make-move";
import { sweepOverdue } from "./sweep-overdue";

let h: DbHandle;
beforeAll(async () => {
  // Its own database: it sweeps overdue games with the clock moved ahead (see openOwnTestDatabase).
  h = await openOwnTestDatabase();
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
    .where(
      inArray(
        playerRatings.userId,
        players.map((p) => p.id),
      ),
    )
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

describe("a live challenge game (minutes): each side's first move on its own countdown", () => {
  const BLITZ = { initialMs: 3 * 60_000, incrementMs: 2_000 };
  async function liveGame(t0: Date, tournamentId?: string) {
    const [white, black] = [await newPlayer(h, { ratings: { chess: 1600 } }), await newPlayer(h, { ratings: { chess: 1400 } })];
    const game = await h.db.transaction((tx) =>
      createGame(
        tx,
        {
          gameType: "chess",
          side1Id: white.id,
          side2Id: black.id,
          rated: true,
          ...BLITZ,
          ...(tournamentId ? { tournamentId, tournamentGameKey: "r1-g1-1" } : {}),
        },
        t0,
      ),
    );
    return { game, white, black };
  }
  const rowOf = async (id: string) => (await h.db.select().from(games).where(eq(games.id, id)))[0]!;

  it("aborts, unrated and with the main clocks untouched, when the first move does not come in time", async () => {
    const t0 = new Date();
    const { game, white, black } = await liveGame(t0);
    // Not the 3 minutes of main time: the countdown is what side 1 has for its first move.
    expect(game.deadline!.getTime()).toBe(t0.getTime() + FIRST_MOVE_MS);
    expect(await sweepOverdue(h.db, new Date(t0.getTime() + FIRST_MOVE_MS - 1))).not.toContain(game.id);
    const before = await ratingsOf(white, black);
    expect(await sweepOverdue(h.db, new Date(t0.getTime() + FIRST_MOVE_MS))).toContain(game.id);
    expect(await rowOf(game.id)).toMatchObject({
      status: "aborted",
      result: null,
      endReason: NO_FIRST_MOVE,
      rated: false,
      remaining1Ms: BLITZ.initialMs,
      remaining2Ms: BLITZ.initialMs,
    });
    expect(await ratingsOf(white, black)).toEqual(before);
  });

  it("starts the main clocks only after each side's first move, and aborts when the second side's countdown runs out", async () => {
    const t0 = new Date();
    const { game, white, black } = await liveGame(t0);
    await makeMove(h.db, white.id, { gameId: game.id, ply: 0, move: "e4" }, new Date(t0.getTime() + 20_000));
    // White's first move charged nothing; Black's countdown runs from White's move.
    expect(await rowOf(game.id)).toMatchObject({ remaining1Ms: BLITZ.initialMs, deadline: new Date(t0.getTime() + 20_000 + FIRST_MOVE_MS) });
    await makeMove(h.db, black.id, { gameId: game.id, ply: 1, move: "e5" }, new Date(t0.getTime() + 45_000));
    // Both have moved: White's main clock runs from Black's move.
    expect(await rowOf(game.id)).toMatchObject({
      remaining1Ms: BLITZ.initialMs,
      remaining2Ms: BLITZ.initialMs,
      deadline: new Date(t0.getTime() + 45_000 + BLITZ.initialMs),
    });
    await expect(abortGame(h.db, white.id, game.id)).rejects.toMatchObject({ message: "Both sides have moved: the game can no longer be aborted." });

    const other = await liveGame(t0);
    await makeMove(h.db, other.white.id, { gameId: other.game.id, ply: 0, move: "d4" }, new Date(t0.getTime() + 5_000));
    expect(await sweepOverdue(h.db, new Date(t0.getTime() + 5_000 + FIRST_MOVE_MS))).toContain(other.game.id);
    expect(await rowOf(other.game.id)).toMatchObject({ status: "aborted", endReason: NO_FIRST_MOVE, remaining2Ms: BLITZ.initialMs });
  });

  it("may be aborted by either player until both have moved, by nobody else", async () => {
    const { game, white, black } = await liveGame(new Date());
    const stranger = await newPlayer(h);
    await expect(abortGame(h.db, stranger.id, game.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await apiFor(h, white).game.move({ gameId: game.id, ply: 0, move: "e4" });
    const view = await apiFor(h, black).game.abort({ gameId: game.id });
    expect(view).toMatchObject({ status: "aborted", result: null, endReason: ABORTED_BY_PLAYER, rated: false });
    expect(await historyOf(game.id)).toHaveLength(0);
    await expect(abortGame(h.db, white.id, game.id)).rejects.toMatchObject({ message: "This game is already over." });
  });

  it("keeps today's rules for correspondence games and tournament games: no countdown, no abort", async () => {
    const { game: correspondence, white } = await challengeGame().then(({ game, attacker }) => ({ game, white: attacker }));
    expect(correspondence.deadline!.getTime() - correspondence.createdAt.getTime()).toBe(HOUR);
    await expect(abortGame(h.db, white.id, correspondence.id)).rejects.toMatchObject({ message: "Only live games can be aborted." });
    const t0 = new Date();
    const inTournament = await liveGame(t0, randomUUID());
    expect(inTournament.game.deadline!.getTime()).toBe(t0.getTime() + BLITZ.initialMs);
    await expect(abortGame(h.db, inTournament.white.id, inTournament.game.id)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "A tournament game cannot be aborted: resign it or ask the organizer.",
    });
  });
});
