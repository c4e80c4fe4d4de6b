// The four-colour polyomino game through its rules object: pieces, the Freestyle
// pre-game, notation, every refusal, passes, storage and the record.
import { describe, expect, it } from "vitest";
import { onSite } from "../registry";
import { polyomino as game, scores, type PolyState } from "./game";
import { PIECES, SQUARES_PER_COLOUR } from "./pieces";
import { playAll, randomGame } from "./test-games";

describe("pieces", () => {
  it("has 21 pieces per colour with the right number of distinct orientations, 91 in all", () => {
    const counts = Object.fromEntries(PIECES.map((p) => [p.name, p.orientations.length]));
    expect(counts).toEqual({
      I1: 1,
      I2: 2,
      I3: 2,
      V3: 4,
      I4: 2,
      L4: 8,
      O4: 1,
      T4: 4,
      Z4: 4,
      F5: 8,
      I5: 2,
      L5: 8,
      N5: 8,
      P5: 8,
      T5: 4,
      U5: 4,
      V5: 4,
      W5: 4,
      X5: 1,
      Y5: 8,
      Z5: 4,
    });
    expect(PIECES.reduce((n, p) => n + p.orientations.length, 0)).toBe(91);
    expect([1, 2, 3, 4, 5].map((size) => PIECES.filter((p) => p.size === size).length)).toEqual([1, 1, 2, 5, 12]);
    expect(SQUARES_PER_COLOUR).toBe(89);
  });

  it("keeps each shape once, under the smallest orientation number that gives it", () => {
    for (const piece of PIECES) {
      const shapes = piece.orientations.map((o) => JSON.stringify(o.cells));
      expect(new Set(shapes).size).toBe(shapes.length);
      piece.orientations.forEach((o, i) => expect(piece.byK.indexOf(i)).toBe(o.k));
      for (const o of piece.orientations) expect(o.cells).toHaveLength(piece.size);
    }
  });
});

describe("the Freestyle pre-game", () => {
  it("A names blue's and red's first pieces, then B chooses colours; then the holder of the colour to move moves", () => {
    const start = game.setup();
    expect(game.toMove(start)).toBe(1);
    expect(game.legalMoves(start)).toHaveLength(20 * 20); // every piece but X5, for blue and for red
    const named = playAll(["open F5 L5"]);
    expect(game.toMove(named)).toBe(2);
    expect(game.legalMoves(named)).toEqual(["choose blue-red", "choose yellow-green"]);
    const bBlueRed = playAll(["choose blue-red"], named);
    expect(game.toMove(bBlueRed)).toBe(2);
    expect(game.toMove(playAll(["blue F5:4@b18"], bBlueRed))).toBe(1);
    const bYellowGreen = playAll(["choose yellow-green"], named);
    expect(game.toMove(bYellowGreen)).toBe(1);
    expect(game.toMove(playAll(["blue F5:4@b18"], bYellowGreen))).toBe(2);
    expect(game.ply(bYellowGreen)).toBe(2);
  });

  it("names each side by its colours once B has chosen (for the clocks)", () => {
    const named = playAll(["open F5 L5"]);
    expect([1, 2].map((side) => game.sideLabel!(named, side as 1 | 2))).toEqual(["A", "B"]);
    const bBlueRed = playAll(["choose blue-red"], named);
    expect([1, 2].map((side) => game.sideLabel!(bBlueRed, side as 1 | 2))).toEqual(["A (yellow and green)", "B (blue and red)"]);
    const bYellowGreen = playAll(["choose yellow-green"], named);
    expect([1, 2].map((side) => game.sideLabel!(bYellowGreen, side as 1 | 2))).toEqual(["A (blue and red)", "B (yellow and green)"]);
  });

  it("makes blue and red start with the pieces A named, and leaves yellow and green free", () => {
    const state = playAll(["open F5 L5", "choose blue-red"]);
    expect(new Set(game.legalMoves(state).map((m) => m.split(":")[0]))).toEqual(new Set(["blue F5"]));
    const red = playAll(["blue F5:4@b18", "yellow I1:0@t20"], state);
    expect(new Set(game.legalMoves(red).map((m) => m.split(":")[0]))).toEqual(new Set(["red L5"]));
    const green = playAll(["red L5:0@q1"], red);
    expect(new Set(game.legalMoves(green).map((m) => m.split(":")[0])).size).toBe(20);
  });
});

describe("notation", () => {
  it("writes the colour, the piece, the smallest orientation number of its shape and the leftmost square of its bottom row", () => {
    const state = playAll(["open I2 I1", "choose yellow-green"]);
    // I2 turned a quarter (k 1) stands upright; k 3, 5 and 7 give the same shape.
    for (const k of [1, 3, 5, 7]) expect(game.play(state, `blue I2:${k}@a19`)).toMatchObject({ ok: true, notation: "blue I2:1@a19" });
    // The colour may be left out, and a pass note as the move list shows it is ignored.
    expect(game.play(state, "  I2:0@a20 ")).toMatchObject({ ok: true, notation: "blue I2:0@a20" });
    expect(game.play(state, "BLUE i2:0@A20 (yellow passes)")).toMatchObject({ ok: true, notation: "blue I2:0@a20" });
  });

  it("covers the squares the notation describes", () => {
    // F5 mirrored (k 4): ##. / .## / .#. — bottom row's leftmost square b18.
    const state = playAll(["open F5 I1", "choose blue-red", "blue F5:4@b18"]);
    const covered: string[] = [];
    for (let y = 0; y < 20; y++) for (let x = 0; x < 20; x++) if (state.board.colourAt(x, y) === 0) covered.push(`${String.fromCharCode(97 + x)}${y + 1}`);
    expect(covered.sort()).toEqual(["a20", "b18", "b19", "b20", "c19"]);
  });
});

describe("refusals", () => {
  const begun = playAll(["open I1 I1", "choose blue-red"]);
  const round = playAll(["blue I1:0@a20", "yellow I2:0@s20", "red I1:0@t1", "green I2:1@a1"], begun);
  const cases: [string, PolyState, string, string][] = [
    [
      "not a move",
      game.setup(),
      "e4",
      "not a move: write a colour, a piece, its orientation and a square (like “blue V5:3@a20”), or “open F5 L5” / “choose blue-red” before the first piece",
    ],
    ["a piece before the pre-game", game.setup(), "blue I1:0@a20", "the game starts with A naming blue's and red's first pieces (like “open F5 L5”)"],
    ["B's choice before A's names", game.setup(), "choose blue-red", "A names blue's and red's first pieces before B chooses colours (like “open F5 L5”)"],
    [
      "an unknown first piece",
      game.setup(),
      "open F5 Q5",
      "there is no piece “Q5”: the pieces are I1, I2, I3, V3, I4, L4, O4, T4, Z4, F5, I5, L5, N5, P5, T5, U5, V5, W5, X5, Y5, Z5",
    ],
    ["a first piece that cannot start", game.setup(), "open X5 L5", "X5 cannot cover a corner square, so it cannot be a first piece"],
    ["naming twice", playAll(["open F5 L5"]), "open F5 L5", "the first pieces are already named"],
    [
      "a piece before B's choice",
      playAll(["open F5 L5"]),
      "blue F5:4@b18",
      "B chooses colours before the first piece (“choose blue-red” or “choose yellow-green”)",
    ],
    ["choosing twice", begun, "choose yellow-green", "the colours are already chosen"],
    ["naming after the choice", begun, "open F5 L5", "the first pieces are already named"],
    ["the wrong colour", begun, "yellow I1:0@t20", "it is blue's turn, not yellow's"],
    [
      "an unknown piece",
      begun,
      "blue Q1:0@a20",
      "there is no piece “Q1”: the pieces are I1, I2, I3, V3, I4, L4, O4, T4, Z4, F5, I5, L5, N5, P5, T5, U5, V5, W5, X5, Y5, Z5",
    ],
    ["an orientation past 7", begun, "blue I1:8@a20", "the orientation is a number from 0 to 7"],
    ["a file past t", begun, "blue I1:0@u20", "“u20” is not a square of the board (a1 to t20)"],
    ["a rank past 20", begun, "blue I1:0@a21", "“a21” is not a square of the board (a1 to t20)"],
    ["rank 0", begun, "blue I1:0@a0", "“a0” is not a square of the board (a1 to t20)"],
    ["a first piece A did not name", begun, "blue I2:1@a19", "blue's first piece is I1, as A named it"],
    ["a first piece off the corner", begun, "blue I1:0@b20", "blue's first piece must cover its corner, a20"],
    ["a yellow first piece off the corner", playAll(["blue I1:0@a20"], begun), "yellow I2:0@r20", "yellow's first piece must cover its corner, t20"],
    ["a piece already used", round, "blue I1:0@b19", "blue has already placed I1"],
    ["a piece off the board", round, "blue I3:0@s10", "the piece would reach off the board"],
    ["an overlapping piece", round, "blue I3:0@r20", "the piece would cover a square that is already taken"],
    ["a piece touching its colour along an edge", round, "blue I2:0@b20", "the piece would touch blue along an edge"],
    ["a piece touching no own corner", round, "blue I2:0@j10", "the piece must touch another blue piece at a corner"],
    ["a move after the end", game.end(round, 1, "resignation"), "blue I2:0@b19", "the game is over"],
  ];

  it.each(cases)("refuses %s with a sentence and changes nothing", (_what, state, move, reason) => {
    const before = game.serialize(state);
    const board = state.board.own.slice();
    expect(game.play(state, move)).toEqual({ ok: false, reason });
    expect(game.serialize(state)).toBe(before);
    expect(state.board.own).toEqual(board);
  });

  it("accepts the same pieces where the rules allow them", () => {
    expect(game.play(round, "blue I2:0@b19").ok).toBe(true);
    expect(game.play(playAll(["blue I1:0@a20"], begun), "yellow I2:0@s20").ok).toBe(true);
  });
});

describe("passes and the end", () => {
  it("skips a colour that cannot place, writes the pass after the placement, and replays from the written moves", () => {
    const state = randomGame(3);
    const withPass = state.notations.find((n) => n.includes("pass"));
    expect(withPass).toMatch(/^(blue|yellow|red|green) [A-Z]\d:\d@[a-t]\d+ \((blue|yellow|red|green)((, | and )(blue|yellow|red|green))* pass(es)?\)$/);
    // The move list (notations with passes) replays to the same game.
    let replayed = game.setup();
    for (const n of state.notations) replayed = playAll([n], replayed);
    expect(game.serialize(replayed)).toBe(game.serialize(state));
    expect(game.legalMoves(state)).toEqual([]);
  });
});

describe("the margin", () => {
  it("is the points difference of a game the rules ended, and none after a resignation", () => {
    const onsite = onSite(game);
    expect(onsite.marginLabel).toBe("points difference");
    for (const seed of [3, 5, 8, 13]) {
      const over = randomGame(seed);
      if (!over.status.over) throw new Error("a random game is played to its end");
      const [a, b] = scores(over).sides;
      expect(game.margin!.of(over)).toBe(Math.abs(a - b));
      expect(onsite.margin(game.serialize(over))).toBe(Math.abs(a - b));
      // The winner is the side with more points: the margin is what it won by.
      if (over.status.winner !== null) expect(over.status.winner === 1 ? a - b : b - a).toBeGreaterThan(0);
    }
    const begun = playAll(["open F5 L5", "choose blue-red"]);
    expect(game.margin!.of(begun)).toBeNull();
    expect(game.margin!.of(game.end(begun, 2, "resignation"))).toBeNull();
  });
});

describe("storage and records", () => {
  it("reads back what it writes, ended from outside the rules or not", () => {
    const state = playAll(["open F5 L5", "choose blue-red", "blue F5:4@b18"]);
    expect(game.serialize(state)).toBe("-|open F5 L5;choose blue-red;blue F5:4@b18");
    expect(game.serialize(game.parse(game.serialize(state)))).toBe(game.serialize(state));
    const resigned = game.end(state, 1, "resignation");
    expect(game.parse(game.serialize(resigned)).status).toEqual({ over: true, winner: 1, reason: "resignation" });
    expect(game.end(resigned, 2, "timeout")).toBe(resigned);
  });

  it("refuses damaged positions with the reason", () => {
    expect(() => game.parse("nonsense")).toThrow("polyomino state: expected “<status>|<plies>”");
    expect(() => game.parse("-|open X5 L5")).toThrow("polyomino state: ply 1 is not legal (X5 cannot cover a corner square, so it cannot be a first piece)");
    expect(() => game.parse("1:checkmate|")).toThrow("polyomino state: bad status");
    const over = randomGame(5);
    const [, plies] = game.serialize(over).split("|");
    expect(() => game.parse(`-|${plies}`)).toThrow("polyomino state: the game is over but marked running");
    const wrong = over.status.over && over.status.winner === 1 ? "2:points" : "1:points";
    expect(() => game.parse(`${wrong}|${plies}`)).toThrow("polyomino state: the status does not match the board");
  });

  it("exports tags, the score and one numbered line per ply", () => {
    const record = game.exportRecord({
      side1: "Ada",
      side2: 'Bo "B"',
      result: null,
      endReason: null,
      startedAt: Date.UTC(2026, 10, 24, 20),
      event: null,
      site: "Moot",
      moves: ["open F5 L5", "choose blue-red", "blue F5:4@b18"],
    });
    expect(record).toBe(
      [
        '[Game "Four-colour polyominoes (Freestyle)"]',
        '[Event "Casual game"]',
        '[Site "Moot"]',
        '[Date "2026-11-24"]',
        '[A "Ada"]',
        '[B "Bo \\"B\\""]',
        '[BPlays "blue-red"]',
        '[Result "*"]',
        '[Score "blue -84, yellow -89, red -89, green -89; A -178, B -173"]',
        "",
        "1. open F5 L5",
        "2. choose blue-red",
        "3. blue F5:4@b18",
        "",
      ].join("\n"),
    );
  });
});
