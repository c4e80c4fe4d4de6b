// Games on a real database: refereed moves, concurrency, clocks, sweeper, draws,
// resignation, ratings and reported results, through the real tRPC procedures.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { gameMoves, games, playerRatings, ratingHistory } from "@/db/schema";
import { onSiteGame } from "@/engine/games/registry";
import { WHITE_BARE_KING_BLACK_TO_MOVE } from "@/engine/games/chess/test-games";
import { openOwnTestDatabase } from "@/test/db";
import { shortestGameEndingIn } from "@/test/fixtures";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { createGame, type NewGame } from "../game/create-game";
import { makeMove } from "./make-move";
import { sweepOverdue } from "./sweep-overdue";

let h: DbHandle;
beforeAll(async () => {
  // Its own database: it sweeps overdue games with the clock moved ahead (see openOwnTestDatabase).
  h = await openOwnTestDatabase();
});
afterAll(() => h.close());

const api = (user: SessionUser | null) => apiFor(h, user);
const player = () => newPlayer(h);
const DAY = 86_400_000;

async function newGame(opts: Partial<NewGame> & { at?: Date } = {}) {
  const [a, b] = [await player(), await player()];
  const game = await h.db.transaction((tx) =>
    createGame(
      tx,
      { gameType: "hnefatafl", side1Id: a.id, side2Id: b.id, rated: true, initialMs: 3 * DAY, incrementMs: DAY / 4, ...opts },
      opts.at ?? new Date(),
    ),
  );
  return { game, attacker: a, defender: b };
}

async function snapshot(gameId: string) {
  const [g] = await h.db.select().from(games).where(eq(games.id, gameId));
  const [m] = await h.db.select({ n: count() }).from(gameMoves).where(eq(gameMoves.gameId, gameId));
  return { game: g, moves: m!.n };
}

describe("moves", () => {
  it("applies a legal move, charges the clock and hands the turn over; the mover is answered with the update", async () => {
    const { game, attacker } = await newGame();
    const update = await api(attacker).game.move({ gameId: game.id, ply: 0, move: "d1-d3" });
    const view = await api(attacker).game.get({ gameId: game.id });
    expect(update).toMatchObject({ gameId: game.id, version: view.version, board: { kind: "move", move: view.moves[0] }, set: { ply: 1, clock: view.clock } });
    expect(view.moves.map((m) => m.notation)).toEqual(["d1-d3"]);
    expect(onSiteGame("hnefatafl")!.toMove(view.position!)).toBe(2);
    expect(view.clock.toMove).toBe(2);
    // Side 1 used a moment and got the 6-hour increment.
    expect(view.clock.remaining1Ms).toBeGreaterThan(3 * DAY);
    expect(view.clock.remaining1Ms).toBeLessThanOrEqual(3 * DAY + DAY / 4);
    expect(view.version).toBe(game.version + 1);
  });

  it("applies exactly one of two simultaneous submissions of the same ply", async () => {
    const { game, attacker } = await newGame();
    const results = await Promise.allSettled([
      api(attacker).game.move({ gameId: game.id, ply: 0, move: "d1-d3" }),
      api(attacker).game.move({ gameId: game.id, ply: 0, move: "h1-h3" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "CONFLICT" });
    const after = await snapshot(game.id);
    expect(after.moves).toBe(1);
    expect(after.game!.ply).toBe(1);
  });

  it("refuses a repeated (stale) submission instead of applying it twice", async () => {
    const { game, attacker } = await newGame();
    await api(attacker).game.move({ gameId: game.id, ply: 0, move: "d1-d3" });
    await expect(api(attacker).game.move({ gameId: game.id, ply: 0, move: "d1-d3" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await snapshot(game.id)).moves).toBe(1);
  });

  it("refuses the wrong player, a spectator and a signed-out client, changing nothing", async () => {
    const { game, defender } = await newGame();
    const before = await snapshot(game.id);
    await expect(api(defender).game.move({ gameId: game.id, ply: 0, move: "f4-c4" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "It is not your turn.",
    });
    await expect(api(await player()).game.move({ gameId: game.id, ply: 0, move: "d1-d3" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "You are not playing in this game.",
    });
    await expect(api(null).game.move({ gameId: game.id, ply: 0, move: "d1-d3" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await snapshot(game.id)).toEqual(before);
  });

  it("explains an illegal move and changes nothing", async () => {
    const { game, attacker } = await newGame();
    const before = await snapshot(game.id);
    await expect(api(attacker).game.move({ gameId: game.id, ply: 0, move: "d1-d7" })).rejects.toMatchObject({
      message: "That move is not allowed: blocked.",
    });
    await expect(api(attacker).game.move({ gameId: game.id, ply: 0, move: "f5-f4" })).rejects.toMatchObject({
      message: "That move is not allowed: not your piece.",
    });
    await expect(api(attacker).game.move({ gameId: game.id, ply: 0, move: "<script>" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await snapshot(game.id)).toEqual(before);
  });

  it("plays a recorded game to the king's escape and rates both players", async () => {
    const record = shortestGameEndingIn("king escaped");
    const { game, attacker, defender } = await newGame();
    let last;
    for (const [i, text] of record.moves.entries()) {
      const who = i % 2 === 0 ? attacker : defender;
      last = await api(who).game.move({ gameId: game.id, ply: i, move: text.split("x")[0]! });
    }
    // The last move's answer says how the game ended.
    expect(last).toMatchObject({ board: { kind: "move" }, set: { status: "finished", result: "0-1", endReason: "king escaped" } });
    const view = await api(attacker).game.get({ gameId: game.id });
    expect(view.moves.map((m) => m.notation)).toEqual(record.moves);
    const [a] = await h.db.select().from(playerRatings).where(eq(playerRatings.userId, attacker.id));
    const [d] = await h.db.select().from(playerRatings).where(eq(playerRatings.userId, defender.id));
    expect(a).toMatchObject({ gameType: "hnefatafl", ratedGames: 1 });
    expect(a!.rating).toBeLessThan(1500);
    expect(d!.rating).toBeGreaterThan(1500);
    expect(await h.db.select().from(ratingHistory).where(eq(ratingHistory.gameId, game.id))).toHaveLength(2);
    await expect(api(attacker).game.move({ gameId: game.id, ply: record.moves.length, move: "d1-d2" })).rejects.toMatchObject({
      message: "This game is already over.",
    });
  });
});

describe("clocks", () => {
  /** A game in which both sides have moved once, so a timeout is a real loss (see no-first-move.test.ts). */
  async function startedGame(initialMs: number) {
    const started = await newGame({ initialMs, incrementMs: 0 });
    await api(started.attacker).game.move({ gameId: started.game.id, ply: 0, move: "d1-d3" });
    await api(started.defender).game.move({ gameId: started.game.id, ply: 1, move: "d6-d9" });
    return started;
  }

  it("flags a game whose deadline passed exactly once, even with sweepers racing", async () => {
    const { game, attacker } = await startedGame(60_000);
    const later = new Date(Date.now() + 3_600_000);
    const sweeps = await Promise.all([sweepOverdue(h.db, later), sweepOverdue(h.db, later), sweepOverdue(h.db, later)]);
    expect(sweeps.flat().filter((id) => id === game.id)).toHaveLength(1);
    const view = await api(attacker).game.get({ gameId: game.id });
    expect(view).toMatchObject({ status: "finished", result: "0-1", endReason: "timeout" });
    expect(onSiteGame("hnefatafl")!.status(view.position!)).toMatchObject({ over: true, winner: 2, reason: "timeout" });
    expect(view.clock.remaining1Ms).toBe(0);
  });

  it("refuses a move that arrives after the flag fell, and the game is lost on time", async () => {
    const { game, attacker } = await startedGame(60_000);
    await expect(makeMove(h.db, attacker.id, { gameId: game.id, ply: 2, move: "h1-h3" }, new Date(Date.now() + 3_600_000))).rejects.toMatchObject({
      message: "Your time ran out before the move arrived: the game is lost on time.",
    });
    expect((await snapshot(game.id)).game).toMatchObject({ status: "finished", result: "0-1", endReason: "timeout" });
  });

  it("draws a chess flag fall when the side with time left cannot mate, and says so to a late mover", async () => {
    const { game, attacker: white, defender: black } = await newGame({ gameType: "chess", initialMs: 60_000, incrementMs: 0 });
    for (const [ply, move] of WHITE_BARE_KING_BLACK_TO_MOVE.entries()) await api(ply % 2 === 0 ? white : black).game.move({ gameId: game.id, ply, move });
    const late = new Date(Date.now() + 3_600_000);
    await expect(makeMove(h.db, black.id, { gameId: game.id, ply: WHITE_BARE_KING_BLACK_TO_MOVE.length, move: "f1f2" }, late)).rejects.toMatchObject({
      message: "Your time ran out before the move arrived, but your opponent could not have mated: the game is drawn.",
    });
    const view = await api(white).game.get({ gameId: game.id });
    expect(view).toMatchObject({ status: "finished", result: "draw", endReason: "timeout vs insufficient material", rated: true });
    expect(await h.db.select().from(ratingHistory).where(eq(ratingHistory.gameId, game.id))).toHaveLength(2);
  });

  it("charges time the server was down: a deadline that passed while nothing ran still flags", async () => {
    const { game, defender } = await startedGame(60_000);
    // Nothing happens "during downtime"; the next sweep, an hour later, sees the deadline.
    expect(await sweepOverdue(h.db, new Date(Date.now() + 3_600_000))).toContain(game.id);
    expect((await api(defender).game.get({ gameId: game.id })).result).toBe("0-1");
  });
});

describe("ending by agreement or resignation", () => {
  it("offer, decline, offer again, accept: a draw by agreement", async () => {
    const { game, attacker, defender } = await newGame({ rated: false });
    await expect(api(defender).game.draw({ gameId: game.id, action: "accept" })).rejects.toMatchObject({ message: "There is no draw offer to accept." });
    expect((await api(attacker).game.draw({ gameId: game.id, action: "offer" })).drawOfferBy).toBe(1);
    expect((await api(defender).game.draw({ gameId: game.id, action: "decline" })).drawOfferBy).toBeNull();
    await api(attacker).game.draw({ gameId: game.id, action: "offer" });
    const view = await api(defender).game.draw({ gameId: game.id, action: "accept" });
    expect(view).toMatchObject({ status: "finished", result: "draw", endReason: "agreement" });
    // Unrated: nobody's rating moved.
    expect(await h.db.select().from(playerRatings).where(eq(playerRatings.userId, attacker.id))).toEqual([]);
  });

  it("resignation gives the opponent the win; spectators cannot resign for anyone", async () => {
    const { game, attacker } = await newGame();
    await expect(api(await player()).game.resign({ gameId: game.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const view = await api(attacker).game.resign({ gameId: game.id });
    expect(view).toMatchObject({ status: "finished", result: "0-1", endReason: "resignation" });
  });
});

describe("results of games played elsewhere", () => {
  it("report, then the opponent confirms", async () => {
    const { game, attacker: white, defender: black } = await newGame({ gameType: "chess-elsewhere" });
    await expect(api(white).game.move({ gameId: game.id, ply: 0, move: "e2-e4" })).rejects.toMatchObject({
      message: "This game is played elsewhere: report its result instead.",
    });
    const reported = await api(white).game.report({ gameId: game.id, result: "1-0" });
    expect(reported.report).toMatchObject({ reporterId: white.id, result: "1-0", status: "pending" });
    await expect(api(white).game.answerReport({ gameId: game.id, answer: "confirm", reportId: reported.report!.id })).rejects.toMatchObject({
      message: "Your opponent must answer your report, not you.",
    });
    const confirmed = await api(black).game.answerReport({ gameId: game.id, answer: "confirm", reportId: reported.report!.id });
    expect(confirmed).toMatchObject({ status: "finished", result: "1-0", endReason: "reported", report: null });
  });

  it("an undisputed report is confirmed after 48 hours; a disputed one waits for an organizer", async () => {
    const a = await newGame({ gameType: "race" });
    const b = await newGame({ gameType: "race" });
    await expect(api(a.attacker).game.report({ gameId: a.game.id, result: "draw" })).rejects.toMatchObject({
      message: "Race game (dice) cannot end in a draw.",
    });
    await api(a.attacker).game.report({ gameId: a.game.id, result: "0-1", margin: 3 });
    const disputed = await api(b.attacker).game.report({ gameId: b.game.id, result: "1-0" });
    await api(b.defender).game.answerReport({ gameId: b.game.id, answer: "dispute", reportId: disputed.report!.id });
    expect(await sweepOverdue(h.db, new Date(Date.now() + 47 * 3_600_000))).not.toContain(a.game.id);
    const swept = await sweepOverdue(h.db, new Date(Date.now() + 49 * 3_600_000));
    expect(swept).toContain(a.game.id);
    expect(swept).not.toContain(b.game.id);
    expect((await snapshot(a.game.id)).game).toMatchObject({ result: "0-1", margin: 3, status: "finished" });

    await expect(api(b.attacker).game.setResult({ gameId: b.game.id, result: "1-0" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const admin = { ...(await player()), isAdmin: true };
    const set = await api(admin).game.setResult({ gameId: b.game.id, result: "0-1" });
    expect(set.set).toMatchObject({ status: "finished", result: "0-1", endReason: "set by organizer" });
  });
});

describe("a result cannot be swapped under the opponent's answer (issue 24, finding 3)", () => {
  const reportOf = async (gameId: string) => (await api(null).game.get({ gameId })).report;

  it("a confirmation names the report it confirms: one changed since is refused with a sentence and nothing changes", async () => {
    const { game, attacker: e, defender: f } = await newGame({ gameType: "race" });
    const seen = await api(e).game.report({ gameId: game.id, result: "0-1" });
    const changed = await api(e).game.report({ gameId: game.id, result: "1-0" });
    expect(changed.report!.id).not.toBe(seen.report!.id);
    const before = await snapshot(game.id);
    for (const answer of ["confirm", "dispute"] as const) {
      await expect(api(f).game.answerReport({ gameId: game.id, answer, reportId: seen.report!.id })).rejects.toMatchObject({
        code: "CONFLICT",
        message: "Your opponent changed the report after you saw it: it now says 1-0. Look at it again before you answer.",
      });
    }
    expect(await snapshot(game.id)).toEqual(before);
    expect(await reportOf(game.id)).toMatchObject({ id: changed.report!.id, result: "1-0", status: "pending" });
    // Confirming what is on the page now records exactly that.
    const confirmed = await api(f).game.answerReport({ gameId: game.id, answer: "confirm", reportId: changed.report!.id });
    expect(confirmed).toMatchObject({ status: "finished", result: "1-0" });
  });

  it("a disputed result can be changed only by an organizer: a re-report and a second dispute are refused", async () => {
    const { game, attacker: e, defender: f } = await newGame({ gameType: "race" });
    const reported = await api(e).game.report({ gameId: game.id, result: "1-0" });
    await api(f).game.answerReport({ gameId: game.id, answer: "dispute", reportId: reported.report!.id });
    const disputed = await reportOf(game.id);
    const before = await snapshot(game.id);
    await expect(api(e).game.report({ gameId: game.id, result: "0-1" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This result is disputed: only an organizer or a site admin can change it now.",
    });
    await expect(api(e).game.report({ gameId: game.id, result: "1-0" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(api(f).game.answerReport({ gameId: game.id, answer: "dispute", reportId: reported.report!.id })).rejects.toMatchObject({
      message: "You have already disputed this result: an organizer or a site admin will settle it.",
    });
    // Still disputed, same report, same 48-hour clock: the game stays in the organizer's queue.
    expect(await reportOf(game.id)).toEqual(disputed);
    expect(await snapshot(game.id)).toEqual(before);
    expect(await sweepOverdue(h.db, new Date(Date.now() + 49 * 3_600_000))).not.toContain(game.id);
    const admin = { ...(await player()), isAdmin: true };
    await api(admin).game.setResult({ gameId: game.id, result: "0-1" });
    expect((await snapshot(game.id)).game).toMatchObject({ status: "finished", result: "0-1" });
  });

  it("a dispute may say why, and whoever settles it reads the reason (issue 23, item 6)", async () => {
    const { game, attacker: e, defender: f } = await newGame({ gameType: "race" });
    const reported = await api(e).game.report({ gameId: game.id, result: "1-0" });
    await expect(
      api(f).game.answerReport({ gameId: game.id, answer: "dispute", reportId: reported.report!.id, reason: "x".repeat(501) }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Say why in at most 500 characters." });
    expect(await reportOf(game.id)).toMatchObject({ status: "pending", disputeReason: null });
    await api(f).game.answerReport({
      gameId: game.id,
      answer: "dispute",
      reportId: reported.report!.id,
      reason: "  I won on time: the flag fell at move 31.\nScreenshot sent to the organizer.  ",
    });
    expect(await reportOf(game.id)).toMatchObject({
      status: "disputed",
      disputeReason: "I won on time: the flag fell at move 31.\nScreenshot sent to the organizer.",
    });
    const admin = { ...(await player()), isAdmin: true };
    const { queues } = await api(admin).notification.waiting();
    const item = queues.flatMap((q) => q.items).find((i) => i.gameId === game.id);
    expect(item).toMatchObject({
      reason: "disputed",
      disputeReason: "I won on time: the flag fell at move 31.\nScreenshot sent to the organizer.",
      sides: [e.username, f.username],
    });
  });

  it("the same report sent again changes nothing (its clock keeps running)", async () => {
    const { game, attacker: e } = await newGame({ gameType: "race" });
    const first = await api(e).game.report({ gameId: game.id, result: "1-0", margin: 2 });
    const again = await api(e).game.report({ gameId: game.id, result: "1-0", margin: 2 });
    expect(again.report).toEqual(first.report);
    expect(again.version).toBe(first.version);
  });
});

describe("challenges", () => {
  it("open, accept, game starts; a second accept is refused", async () => {
    const [alice, bob, carol] = [await player(), await player(), await player()];
    const ch = await api(alice).challenge.create({ gameType: "hnefatafl", timeControl: "3d+6h", side: "side2", rated: true });
    await expect(api(alice).challenge.accept({ challengeId: ch.id })).rejects.toMatchObject({ message: "You cannot accept your own challenge." });
    const { gameId } = await api(bob).challenge.accept({ challengeId: ch.id });
    await expect(api(carol).challenge.accept({ challengeId: ch.id })).rejects.toMatchObject({ code: "CONFLICT" });
    const view = await api(null).game.get({ gameId });
    expect(view.side1.id).toBe(bob.id);
    expect(view.side2.id).toBe(alice.id);
    expect(view.initialMs).toBe(3 * DAY);
    expect((await api(bob).notification.waiting()).items.map((g) => g.gameId)).toContain(gameId);
    expect((await api(alice).notification.waiting()).items.map((g) => g.gameId)).not.toContain(gameId);
  });

  it("refuses bad challenge settings and too many open challenges", async () => {
    const me = await player();
    await expect(api(me).challenge.create({ gameType: "go" as never, timeControl: "3d+6h" })).rejects.toMatchObject({
      message: "Choose a game from the list.",
    });
    await expect(api(me).challenge.create({ gameType: "chess-elsewhere", timeControl: "1y" })).rejects.toMatchObject({
      message: "Choose a time control from the list.",
    });
    await expect(api(null).challenge.create({ gameType: "chess-elsewhere", timeControl: "3d+6h" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    for (let i = 0; i < 5; i++) await api(me).challenge.create({ gameType: "chess-elsewhere", timeControl: "3d+6h" });
    await expect(api(me).challenge.create({ gameType: "chess-elsewhere", timeControl: "3d+6h" })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    const other = await player();
    const list = await api(null).challenge.list();
    const mine = list.filter((c) => c.creator.id === me.id);
    expect(mine).toHaveLength(5);
    await expect(api(other).challenge.cancel({ challengeId: mine[0]!.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await api(me).challenge.cancel({ challengeId: mine[0]!.id });
  });

  it("carries the game's own settings from the challenge into the game; bad ones are refused with the game's sentence and open nothing", async () => {
    const [me, other] = [await player(), await player()];
    const ch = await api(me).challenge.create({ gameType: "backgammon", timeControl: "3d+6h", side: "side1", gameSettings: { matchLength: 5 } });
    expect((await api(null).challenge.list()).find((c) => c.id === ch.id)?.gameSettings).toEqual({ matchLength: 5 });
    const { gameId } = await api(other).challenge.accept({ challengeId: ch.id });
    const view = await api(null).game.get({ gameId });
    expect((JSON.parse(view.position!) as { matchLength: number }).matchLength).toBe(5);
    // Without settings: the game's default (a 3-point match); a game without settings stores none.
    const plain = await api(me).challenge.create({ gameType: "backgammon", timeControl: "3d+6h" });
    expect((await api(null).challenge.list()).find((c) => c.id === plain.id)?.gameSettings).toEqual({ matchLength: 3 });
    const tafl = await api(me).challenge.create({ gameType: "hnefatafl", timeControl: "3d+6h" });
    expect((await api(null).challenge.list()).find((c) => c.id === tafl.id)?.gameSettings).toEqual({});
    const open = (await api(null).challenge.list()).filter((c) => c.creator.id === me.id).length;
    for (const [gameType, gameSettings, message] of [
      ["backgammon", { matchLength: 0 }, "Match length (points) must be a whole number from 1 to 25."],
      ["backgammon", { matchLength: 26 }, "Match length (points) must be a whole number from 1 to 25."],
      ["backgammon", { cube: 2 }, "Backgammon has no setting “cube”."],
      ["chess", { matchLength: 3 }, "Chess has no setting “matchLength”."],
    ] as const) {
      await expect(api(me).challenge.create({ gameType, timeControl: "3d+6h", gameSettings })).rejects.toMatchObject({ code: "BAD_REQUEST", message });
    }
    await expect(api(me).challenge.create({ gameType: "backgammon", timeControl: "3d+6h", gameSettings: { matchLength: 2.5 } })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("A game setting is a whole number."),
    });
    expect((await api(null).challenge.list()).filter((c) => c.creator.id === me.id)).toHaveLength(open);
  });
});

describe("chess on the site", () => {
  async function play(game: { id: string }, white: SessionUser, black: SessionUser, moves: readonly string[]) {
    let ply = (await api(white).game.get({ gameId: game.id })).ply;
    for (const move of moves) ply = (await api(ply % 2 === 0 ? white : black).game.move({ gameId: game.id, ply, move })).set.ply!;
    return api(white).game.get({ gameId: game.id });
  }

  it("a challenge game castles, promotes and ends in checkmate by itself, rated", async () => {
    const [alice, bob] = [await player(), await player()];
    const ch = await api(alice).challenge.create({ gameType: "chess", timeControl: "3d+6h", side: "side1" });
    const { gameId } = await api(bob).challenge.accept({ challengeId: ch.id });
    const moves = ["e4", "d5", "e4e5", "f5", "exf6", "Nc6", "fxg7", "Be6", "Nf3", "Qd7", "Bc4", "O-O-O", "e1g1", "a6", "g7h8q"];
    const view = await play({ id: gameId }, alice, bob, moves);
    expect(view.moves.map((m) => m.notation)).toEqual([
      "e4",
      "d5",
      "e5",
      "f5",
      "exf6",
      "Nc6",
      "fxg7",
      "Be6",
      "Nf3",
      "Qd7",
      "Bc4",
      "O-O-O",
      "O-O",
      "a6",
      "gxh8=Q",
    ]);
    expect(view).toMatchObject({ status: "active", ply: 15, gameType: "chess", rated: true });
    await expect(api(bob).game.move({ gameId, ply: view.ply, move: "e2e4" })).rejects.toMatchObject({
      message: "That move is not allowed: not a legal move here.",
    });
    await expect(api(alice).game.move({ gameId, ply: view.ply, move: "Kb8" })).rejects.toMatchObject({ message: "It is not your turn." });
    expect((await api(bob).game.move({ gameId, ply: view.ply, move: "Kb8" })).set.ply).toBe(16);
  });

  it("mate ends the game by itself and rates both players; a stalemate is a draw", async () => {
    const { game, attacker: white, defender: black } = await newGame({ gameType: "chess" });
    const mated = await play(game, white, black, ["f3", "e5", "g4", "Qh4#"]);
    expect(mated).toMatchObject({ status: "finished", result: "0-1", endReason: "checkmate" });
    expect(await h.db.select().from(ratingHistory).where(eq(ratingHistory.gameId, game.id))).toHaveLength(2);

    const other = await newGame({ gameType: "chess" });
    const stalemate = await play(other.game, other.attacker, other.defender, [
      "e3",
      "a5",
      "Qh5",
      "Ra6",
      "Qxa5",
      "h5",
      "h4",
      "Rah6",
      "Qxc7",
      "f6",
      "Qxd7+",
      "Kf7",
      "Qxb7",
      "Qd3",
      "Qxb8",
      "Qh7",
      "Qxc8",
      "Kg6",
      "Qe6",
    ]);
    expect(stalemate).toMatchObject({ status: "finished", result: "draw", endReason: "stalemate" });
  });
});
