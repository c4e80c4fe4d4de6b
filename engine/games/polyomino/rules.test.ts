// Property tests: seeded random games checked, ply by ply, against the slow
// reference in test-games.ts (a plain array of squares, each
// rule checked square by square), so the row-mask core is never its own judge.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Prng } from "../../prng";
import { Board, COLOURS, SIZE, type Colour } from "./board";
import { allowedPieces, colourScore, polyomino as game, scores, type PolyState } from "./game";
import { MONOMINO, ORIENTATIONS, PIECES, SQUARES_PER_COLOUR } from "./pieces";
import { gridOf, legalByHand, placementsByHand, randomGame } from "./test-games";

/** Plays a seeded random game, checking every ply against the reference; returns the final state. */
function checkedRandomGame(seed: number, tryIllegal: number): PolyState {
  const rng = Prng.fromSeed(seed);
  let state = game.setup();
  state = expectOk(game.play(state, rng.shuffle(game.legalMoves(state))[0]!));
  state = expectOk(game.play(state, rng.shuffle(game.legalMoves(state))[0]!));
  while (!state.status.over) {
    const c = state.toColour;
    const grid = gridOf(state);
    const used = state.board.used[c] as number;
    const allowed = allowedPieces(state, c);
    // The core finds exactly the placements the reference finds.
    const byHand = placementsByHand(grid, c, allowed, used, used === 0);
    expect(state.board.placements(c, allowed)).toEqual(byHand);
    expect(byHand.length).toBeGreaterThan(0);
    // Random placements, mostly illegal: accepted exactly when the reference allows them.
    for (let i = 0; i < tryIllegal; i++) {
      const o = ORIENTATIONS[rng.int(ORIENTATIONS.length)]!;
      const x = rng.int(SIZE);
      const y = rng.int(SIZE);
      const move = `${COLOURS[c]} ${PIECES[o.piece]!.name}:${o.k}@${String.fromCharCode(97 + x + o.anchorDx)}${y + 1}`;
      const legal =
        x + o.anchorDx < SIZE &&
        Boolean(allowed & ~used & (1 << o.piece)) &&
        legalByHand(
          grid,
          c,
          o.cells.map(([dx, dy]) => [x + dx, y + dy] as const),
          used === 0,
        );
      expect(game.play(state, move).ok, move).toBe(legal);
    }
    const moves = game.legalMoves(state);
    const before = state;
    state = expectOk(game.play(state, moves[rng.int(moves.length)]!));
    // Colours skipped on the way to the next colour could not place.
    for (let d = (c + 1) % 4; d !== state.toColour || state.status.over; d = (d + 1) % 4) {
      if (d === c && state.status.over) break;
      const colour = d as Colour;
      const dUsed = state.board.used[colour] as number;
      expect(placementsByHand(gridOf(state), colour, allowedPieces(state, colour), dUsed, dUsed === 0), `${COLOURS[colour]} was skipped`).toEqual([]);
    }
    expect(state.board.used[c]).not.toBe(before.board.used[c]);
  }
  // The end: no colour can place.
  for (const c of [0, 1, 2, 3] as Colour[]) {
    const used = state.board.used[c] as number;
    expect(placementsByHand(gridOf(state), c, allowedPieces(state, c), used, used === 0)).toEqual([]);
  }
  return state;
}

function expectOk(outcome: ReturnType<typeof game.play>): PolyState {
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.state;
}

describe("random games against the rules by hand", () => {
  it("place only legal pieces, find every legal placement, pass only colours that cannot place and end only when none can", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        checkedRandomGame(seed, 40);
      }),
      { numRuns: 4, seed: 22 },
    );
  });

  it("score from the squares left on each colour, and the side with more points wins", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const state = randomGame(seed);
        const grid = gridOf(state);
        const points = COLOURS.map((_, c) => {
          const placed = grid.filter((colour) => colour === c).length;
          if (placed < SQUARES_PER_COLOUR) return placed - SQUARES_PER_COLOUR;
          return state.board.last[c] === MONOMINO ? 20 : 15;
        });
        expect(scores(state).colours).toEqual(points);
        const blueRed = points[0]! + points[2]!;
        const yellowGreen = points[1]! + points[3]!;
        const [a, b] = state.bPlays === "blue-red" ? [yellowGreen, blueRed] : [blueRed, yellowGreen];
        expect(scores(state).sides).toEqual([a, b]);
        expect(state.status).toEqual(a === b ? { over: true, winner: null, reason: "equal points" } : { over: true, winner: a > b ? 1 : 2, reason: "points" });
        // The stored text reads back to the same game.
        expect(game.serialize(game.parse(game.serialize(state)))).toBe(game.serialize(state));
      }),
      { numRuns: 20, seed: 7 },
    );
  });
});

describe("scoring", () => {
  it("counts −1 per square left, +15 for a colour that placed everything and +5 more for the monomino last", () => {
    const state = game.setup();
    expect(colourScore(state.board, 0)).toBe(-89);
    // Scoring reads only which pieces are down and which went last, so pieces are put anywhere here.
    const b = new Board();
    for (const piece of PIECES.slice(1)) b.place(0, piece.orientations[0]!, 0, 0);
    expect(colourScore(b, 0)).toBe(-1);
    b.place(0, PIECES[MONOMINO]!.orientations[0]!, 0, 0);
    expect(colourScore(b, 0)).toBe(20);
    for (const piece of PIECES) b.place(1, piece.orientations[0]!, 0, 0);
    expect(colourScore(b, 1)).toBe(15);
    expect(scores({ ...state, board: b, bPlays: "blue-red" }).sides).toEqual([15 - 89, 20 - 89]);
    expect(scores({ ...state, board: b, bPlays: "yellow-green" }).sides).toEqual([20 - 89, 15 - 89]);
  });
});
