// Backgammon by the rules: the opening roll, moves and refusals, forced moves and
// passes, bearing off, gammons and backgammons, the cube, the Crawford rule, the
// variants, and the contract as the registry wraps it.
import { describe, expect, it } from "vitest";
import { onSite } from "../registry";
import { backgammon, backgammonRules, hypergammon, nackgammon, mayDouble, type BgState } from "./game";
import { BAR, OFF, SLOTS } from "./moves";
import { randomMatch } from "./random-match";

type Layout = Partial<Record<number | "bar", number>>;

/** A state of `rules` with the given checkers (each side from its own point of view; the rest off). */
function at(state: BgState, side1: Layout, side2: Layout, extra: Partial<BgState> = {}): BgState {
  const board = new Int8Array(2 * SLOTS);
  [side1, side2].forEach((layout, s) => {
    let on = 0;
    for (const [point, n] of Object.entries(layout)) {
      board[s * SLOTS + (point === "bar" ? BAR : Number(point))] = n!;
      on += n!;
    }
    board[s * SLOTS + OFF] = 15 - on;
  });
  return { ...state, board, phase: "dice", turn: 1, dice: null, ...extra };
}

function roll(state: BgState, a: number, b: number, rules = backgammon) {
  const outcome = rules.chance!.roll(state, [a, b]);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome;
}

function play(state: BgState, move: string, rules = backgammon) {
  const outcome = rules.play(state, move);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome;
}

describe("the opening roll", () => {
  it("waits for one die each, rolls again on a tie and lets the higher die start with both dice", () => {
    const start = backgammon.setup();
    expect(backgammon.chance!.pending(start)).toEqual({ dice: 2, faces: 6 });
    expect(backgammon.legalMoves(start)).toEqual([]);
    expect(backgammon.play(start, "24/18")).toEqual({ ok: false, reason: "the dice have not been rolled yet" });
    const tie = roll(start, 4, 4);
    expect(tie.notation).toBe("roll 4-4 (opening tie)");
    expect(backgammon.chance!.pending(tie.state)).not.toBeNull();
    const opened = roll(tie.state, 1, 3);
    expect(opened.notation).toBe("roll 1-3");
    expect(backgammon.toMove(opened.state)).toBe(2);
    // 3-1 from the start: 16 different boards.
    expect(backgammon.legalMoves(opened.state)).toHaveLength(16);
    const moved = play(opened.state, "8/5 6/5");
    expect(moved.notation).toBe("8/5 6/5");
    expect(backgammon.toMove(moved.state)).toBe(1);
    expect(moved.state.phase).toBe("decide");
    expect(backgammon.legalMoves(moved.state)).toEqual(["roll", "double"]);
    expect(backgammon.ply(moved.state)).toBe(3);
  });
});

describe("moves", () => {
  const rolled = (state: BgState, a: number, b: number) => roll(state, a, b).state;

  it("accepts a move however it is written, records it one way, and refuses what the dice do not allow with a sentence", () => {
    const state = rolled(at(backgammon.setup(), { 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }), 6, 5);
    for (const written of ["24/13", "24/18/13", "24/18 18/13", "18/13 24/18".split(" ").reverse().join(" "), "24/18, 18/13".replace(",", "")]) {
      expect(play(state, written).notation).toBe("24/18 18/13");
    }
    const serialized = backgammon.serialize(state);
    for (const [move, reason] of [
      ["24/12", "the roll 6-5 does not allow 24/12 (for example 24/18 18/13)"],
      ["13/7 13/7", "the roll 6-5 does not allow 13/7 13/7 (for example 24/18 18/13)"],
      ["24/18", "the roll 6-5 does not allow 24/18 (for example 24/18 18/13)"],
      ["20/14 13/8", "you have no checker on 20"],
      ["bar/20 13/8", "you have no checker on the bar"],
      ["6/off 6/off", "the roll 6-5 does not allow 6/off 6/off (for example 24/18 18/13)"],
      ["e2e4", '"e2e4" is not a move such as "24/18" or "bar/22*"'],
      ["13/18", '"13/18" does not move towards home'],
      ["", 'write a move such as "24/18 13/11"'],
      ["take", "the dice are rolled: play them"],
      ["double", "a double is offered before rolling, not after"],
    ]) {
      expect(backgammon.play(state, move!)).toEqual({ ok: false, reason });
    }
    expect(backgammon.serialize(state)).toBe(serialized);
  });

  it("enters from the bar first, hits a blot and sends it to the bar", () => {
    const state = rolled(at(backgammon.setup(), { bar: 1, 13: 14 }, { 3: 1, 6: 14 }), 3, 1);
    // Side 1's 22 is side 2's 3; the 6 point (side 1's 19) is closed.
    expect(backgammon.play(state, "13/10 13/12").ok).toBe(false);
    const moved = play(state, "bar/22* 13/12");
    expect(moved.notation).toBe("bar/22* 13/12");
    expect(moved.state.board[SLOTS + BAR]).toBe(1);
    expect(backgammon.play(state, "bar/24 24/21").ok).toBe(true);
  });

  it("plays doubles four times", () => {
    const state = rolled(at(backgammon.setup(), { 13: 15 }, { 1: 15 }), 2, 2);
    expect(play(state, "13/11(4)").notation).toBe("13/11(4)");
    expect(play(state, "13/9(2)").notation).toBe("13/11(2) 11/9(2)");
    expect(backgammon.play(state, "13/11(3)").ok).toBe(false);
  });

  it("makes a side use both dice when it can, else the larger", () => {
    // 6-1 from 13 with side 1's 7 point closed: the 6 first is blocked, so the 1 must
    // come first to play both; the 1 alone is not enough.
    const both = at(backgammon.setup(), { 13: 1, 1: 14 }, { 18: 2, 1: 13 }, { phase: "move", dice: [6, 1] });
    expect(backgammon.legalMoves(both)).toEqual(["13/12 12/6"]);
    expect(backgammon.play(both, "13/12").ok).toBe(false);
    // 6-5 with a lone checker on 13 and side 1's 2 point closed: either die alone, not
    // both; the larger must be played. With the 7 closed too, the 5 is all there is.
    const lone = { 13: 1 };
    expect(roll(at(backgammon.setup(), lone, { 23: 2 }), 6, 5).notation).toBe("roll 6-5 (forced 13/7)");
    expect(roll(at(backgammon.setup(), lone, { 23: 2, 18: 2 }), 6, 5).notation).toBe("roll 6-5 (forced 13/8)");
  });

  it("records a pass when the side cannot move and a forced move when it has one", () => {
    // Side 2 has closed side 1's entry points 19–24 (its 1–6): side 1 on the bar cannot enter.
    const closed = at(backgammon.setup(), { bar: 1, 13: 14 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 });
    const pass = roll(closed, 6, 5);
    expect(pass.notation).toBe("roll 6-5 (no move)");
    expect(backgammon.toMove(pass.state)).toBe(2);
    expect(pass.state.board).toEqual(closed.board);
    const lone = at(backgammon.setup(), { 2: 1, 1: 1 }, { 24: 13 });
    const forced = roll(lone, 6, 5);
    expect(forced.notation).toBe("roll 6-5 (forced 2/off 1/off)");
    // Replaying the record replays the dice and what they forced.
    const game = onSite(backgammon);
    const positions = game.replay(["roll 2-1", "8/6 6/5", "roll", "roll 6-5"]);
    expect(positions).toHaveLength(5);
  });

  it("bears off exactly, or from the highest point with a larger die", () => {
    const state = rolled(at(backgammon.setup(), { 5: 1, 3: 1 }, { 24: 15 }), 6, 1);
    // The 6 bears off from 5 (the highest point), not from 3 while 5 is occupied.
    expect(backgammon.legalMoves(state).sort()).toEqual(["5/4 4/off", "5/off 3/2"]);
    expect(backgammon.play(state, "3/off 5/4").ok).toBe(false);
    // Not home yet: 7/1 must come before bearing off (however the move is written).
    const away = rolled(at(backgammon.setup(), { 7: 1, 3: 1 }, { 1: 15 }), 6, 3);
    expect(backgammon.legalMoves(away)).toContain("7/1 3/off");
    expect(backgammon.legalMoves(away).some((m) => m.startsWith("7/4"))).toBe(true);
  });

  it("counts pips", () => {
    expect(backgammon.pips(backgammon.setup())).toEqual([167, 167]);
    expect(nackgammon.pips(nackgammon.setup())).toEqual([194, 194]);
    expect(hypergammon.pips(hypergammon.setup())).toEqual([69, 69]);
    expect(backgammon.pips(at(backgammon.setup(), { bar: 1, 1: 1 }, {}))).toEqual([26, 0]);
  });
});

describe("the end of a game and the match", () => {
  const match = backgammonRules("backgammon", 5);

  it("scores a single game, a gammon and a backgammon at the cube's value", () => {
    const single = roll(at(match.setup(), { 1: 1 }, { 6: 1 }, { cube: 2, cubeOwner: 2 }), 2, 1, match);
    expect(single.state.score).toEqual([2, 0]);
    expect(single.state.lastGame).toEqual({ winner: 1, points: 2, kind: "single" });
    const gammon = roll(at(match.setup(), { 1: 1 }, { 7: 15 }), 2, 1, match);
    expect(gammon.state.lastGame).toEqual({ winner: 1, points: 2, kind: "gammon" });
    // Side 2's checker on its 20 point is in side 1's home board.
    const backgame = roll(at(match.setup(), { 1: 1 }, { 20: 1, 7: 14 }), 2, 1, match);
    expect(backgame.state.lastGame).toEqual({ winner: 1, points: 3, kind: "backgammon" });
    const barred = roll(at(match.setup(), { 1: 1 }, { bar: 1, 7: 14 }), 2, 1, match);
    expect(barred.state.lastGame?.kind).toBe("backgammon");
    // The next game starts with an opening roll and a fresh cube.
    expect(single.state.phase).toBe("opening");
    expect(single.state.game).toBe(2);
    expect(single.state.cube).toBe(1);
  });

  it("ends the match when a side reaches its length", () => {
    const last = roll(at(match.setup(), { 1: 1 }, { 7: 15 }, { score: [3, 1] }), 2, 1, match);
    expect(last.state.score).toEqual([5, 1]);
    expect(last.status).toEqual({ over: true, winner: 1, reason: "match" });
    expect(match.legalMoves(last.state)).toEqual([]);
    expect(match.chance!.pending(last.state)).toBeNull();
    expect(match.play(last.state, "roll")).toEqual({ ok: false, reason: "the match is over" });
    expect(onSite(match).describeReason("match")).toBe("winning the match");
  });
});

describe("the doubling cube", () => {
  const match = backgammonRules("backgammon", 7);
  const deciding = (extra: Partial<BgState> = {}) => ({ ...match.setup(), phase: "decide" as const, turn: 1 as const, ...extra });

  it("passes to the side that takes, which alone may redouble", () => {
    const offered = play(deciding(), "double", match);
    expect(match.toMove(offered.state)).toBe(2);
    expect(match.legalMoves(offered.state)).toEqual(["take", "drop"]);
    expect(match.play(offered.state, "roll")).toEqual({ ok: false, reason: 'a double has been offered: "take" or "drop"' });
    const taken = play(offered.state, "take", match);
    expect(taken.state).toMatchObject({ cube: 2, cubeOwner: 2, turn: 1, phase: "dice" });
    // The doubler rolls at once; later only the owner (side 2) may double.
    const moved = play(roll(taken.state, 3, 1, match).state, "8/5 6/5", match);
    expect(moved.state.phase).toBe("decide");
    const back = play(
      play(moved.state, "roll", match).state.phase === "dice" ? roll(play(moved.state, "roll", match).state, 2, 1, match).state : moved.state,
      "13/11 6/5",
      match,
    );
    // Side 1 does not own the cube: it waits for its dice, no "double" offered.
    expect(back.state.phase).toBe("dice");
    expect(match.play(back.state, "double")).toEqual({ ok: false, reason: "the dice have not been rolled yet" });
  });

  it("gives the doubler the cube's value when the double is dropped", () => {
    const dropped = play(play(deciding({ cube: 2, cubeOwner: 1 }), "double", match).state, "drop", match);
    expect(dropped.state.score).toEqual([2, 0]);
    expect(dropped.state.lastGame).toEqual({ winner: 1, points: 2, kind: "drop" });
  });

  it("stops at 4096, as gnubg's cube does", () => {
    expect(mayDouble(deciding({ cube: 2048, cubeOwner: 1 }), 1)).toBe(true);
    expect(mayDouble(deciding({ cube: 4096, cubeOwner: 1 }), 1)).toBe(false);
    expect(mayDouble(deciding({ cube: 2, cubeOwner: 2 }), 1)).toBe(false);
  });

  it("refuses a cube action out of turn, changing nothing", () => {
    const state = deciding();
    for (const action of ["take", "drop"]) expect(match.play(state, action)).toEqual({ ok: false, reason: 'roll or double first ("roll" or "double")' });
    const rolled = roll({ ...state, phase: "dice" }, 3, 1, match).state;
    expect(match.play(rolled, "double")).toEqual({ ok: false, reason: "a double is offered before rolling, not after" });
    expect(match.play(rolled, "take")).toEqual({ ok: false, reason: "the dice are rolled: play them" });
  });

  it("has no doubling in the Crawford game and allows it again after", () => {
    // Side 1 wins a game to reach 6 of 7: the next game is the Crawford game.
    const won = roll(at(match.setup(), { 1: 1 }, { 6: 1 }, { score: [5, 0] }), 2, 1, match);
    expect(won.state).toMatchObject({ score: [6, 0], crawford: true });
    const opened = roll(won.state, 1, 3, match);
    const moved = play(opened.state, "8/5 6/5", match);
    // Side 1 to roll in the Crawford game: no "double", straight to the dice.
    expect(moved.state.phase).toBe("dice");
    expect(match.legalMoves(moved.state)).toEqual([]);
    const crawfordRolled = roll(moved.state, 4, 2, match).state;
    expect(match.play(crawfordRolled, "double")).toEqual({ ok: false, reason: "there is no doubling in the Crawford game" });
    // Side 2 wins the Crawford game; the game after it allows doubling again.
    const after = roll(at(crawfordRolled, { 6: 1 }, { 1: 1 }, { turn: 2, phase: "dice" }), 2, 1, match);
    expect(after.state).toMatchObject({ score: [6, 1], crawford: false, crawfordSeen: true });
    const next = play(roll(after.state, 3, 1, match).state, "8/5 6/5", match);
    expect(next.state.phase).toBe("decide");
  });
});

describe("variants", () => {
  it("start each from its own position over the same rules", () => {
    const board = (rules: typeof backgammon) => Array.from(rules.setup().board.slice(0, SLOTS));
    expect(board(nackgammon)).toEqual([0, 0, 0, 0, 0, 0, 4, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0]);
    expect(board(hypergammon)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0]);
    expect(roll(hypergammon.setup(), 6, 5, hypergammon).state.board.slice(0, SLOTS)[OFF]).toBe(0);
    expect(hypergammon.variantInfo.checkers).toBe(3);
  });

  it("play whole random matches to the end in every variant, by the contract", () => {
    for (const rules of [backgammonRules("backgammon", 3), backgammonRules("nackgammon", 3), backgammonRules("hypergammon", 3)]) {
      const { entries, final } = randomMatch(rules, rules.id);
      expect(final.status.over).toBe(true);
      expect(Math.max(...final.score)).toBeGreaterThanOrEqual(3);
      const game = onSite(rules);
      const positions = game.replay(entries);
      expect(positions).toHaveLength(entries.length + 1);
      expect(game.status(positions.at(-1)!)).toEqual(final.status);
    }
  });
});

describe("the margin", () => {
  it("is the checkers the loser had not borne off when the match ended, counted on the board; none after a resignation", () => {
    let dropped = 0;
    for (const [variant, seeds] of [
      ["backgammon", 12],
      ["nackgammon", 4],
      ["hypergammon", 8],
    ] as const) {
      const rules = backgammonRules(variant, 3);
      const game = onSite(rules);
      expect(game.marginLabel).toBe("checkers left");
      for (let seed = 0; seed < seeds; seed++) {
        const { final } = randomMatch(rules, `${variant}-margin-${seed}`);
        if (!final.status.over || final.status.winner === null) throw new Error("a random match ends with a winner");
        const loser = final.status.winner === 1 ? 1 : 0;
        // Every checker of the loser still on a point or on the bar.
        let onBoard = 0;
        for (let p = 1; p < SLOTS; p++) onBoard += final.board[loser * SLOTS + p]!;
        expect(rules.margin!.of(final)).toBe(onBoard);
        expect(onBoard).toBeGreaterThan(0);
        if (final.lastGame?.kind === "drop") dropped++;
        expect(game.margin(rules.serialize(rules.end(rules.setup(), 1, "resignation")))).toBeNull();
      }
    }
    // A match also ends by a dropped double; the count holds there too.
    expect(dropped).toBeGreaterThan(0);
  });
});

describe("the contract", () => {
  const game = onSite(backgammonRules("backgammon", 3));

  it("serializes and reads back, and refuses a damaged position", () => {
    const { entries } = randomMatch(backgammonRules("backgammon", 3), 5);
    const rules = backgammonRules("backgammon", 3);
    for (const position of game.replay(entries)) expect(rules.serialize(rules.parse(position))).toBe(position);
    expect(() => game.check("nonsense")).toThrow(/not a backgammon state/);
    const start = JSON.parse(game.setup()) as Record<string, unknown>;
    expect(() => game.check(JSON.stringify({ ...start, board: "1,2" }))).toThrow(/bad board/);
    expect(() => game.check(JSON.stringify({ ...start, variant: "chess" }))).toThrow(/unknown variant/);
    expect(() => game.check(JSON.stringify({ ...start, phase: "move", dice: [7, 1] }))).toThrow(/dice do not fit/);
    expect(() => game.check(JSON.stringify({ ...start, cube: 3 }))).toThrow(/bad cube/);
    expect(() => game.check(JSON.stringify({ ...start, score: [1] }))).toThrow(/bad score/);
    expect(() => game.check(JSON.stringify({ ...start, status: { over: true, winner: 1, reason: "checkmate" } }))).toThrow(/bad status/);
    expect(() => game.check(JSON.stringify({ ...start, status: null }))).toThrow(/bad status/);
    expect(() => game.check(JSON.stringify({ ...start, status: { over: true, winner: 1, reason: "resignation" } }))).not.toThrow();
  });

  it("offers a turn's part-moves in any order, splits a turn into them and joins them back", () => {
    const position = game.chance!.roll(game.setup(), [3, 1]);
    if (!position.ok) throw new Error(position.reason);
    const at31 = position.position;
    expect(game.parts!.next(at31, [])!.sort()).toEqual(["13/10", "24/21", "24/23", "6/3", "6/5", "8/5", "8/7"]);
    expect(game.parts!.next(at31, ["6/5"])).toContain("8/5");
    expect(game.parts!.next(at31, ["8/5"])).toContain("6/5");
    expect(game.parts!.next(at31, ["8/5", "6/5"])).toEqual([]);
    expect(game.parts!.next(at31, ["24/20"])).toBeNull();
    expect(game.parts!.next(at31, ["8/5", "8/5"])).toBeNull();
    expect(game.parts!.split(at31, "8/5 6/5")).toEqual(["8/5", "6/5"]);
    expect(game.parts!.join(at31, ["6/5", "8/5"])).toBe("6/5 8/5");
    expect(game.play(at31, game.parts!.join(at31, ["6/5", "8/5"]))).toMatchObject({ ok: true, notation: "8/5 6/5" });
  });

  it("offers only the parts that lead to a legal turn (both dice when possible, else the larger)", () => {
    const both = at(backgammon.setup(), { 13: 1, 1: 14 }, { 18: 2, 1: 13 }, { phase: "move", dice: [6, 1] });
    expect(backgammon.parts!.next(both, [])).toEqual(["13/12"]);
    expect(backgammon.parts!.next(both, ["13/12"])).toEqual(["12/6"]);
    // A lone checker on 13 with 6-5 and side 1's 2 point closed: only 13/7 (the larger die).
    const larger = at(backgammon.setup(), { 13: 1 }, { 23: 2 }, { phase: "move", dice: [6, 5] });
    expect(backgammon.parts!.next(larger, [])).toEqual(["13/7"]);
    expect(backgammon.parts!.next(larger, ["13/7"])).toEqual([]);
    expect(backgammon.parts!.next(larger, ["13/8"])).toBeNull();
  });

  it("ends the match from outside the rules", () => {
    const ended = game.end(game.setup(), 2, "resignation");
    expect(game.status(ended)).toEqual({ over: true, winner: 2, reason: "resignation" });
    expect(game.chance!.pending(ended)).toBeNull();
  });
});
