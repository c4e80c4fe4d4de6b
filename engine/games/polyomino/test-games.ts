// For tests and benchmarks: seeded random games (each ply picks uniformly among
// the legal moves) and a slow reference written straight from the rules (a plain
// array of squares, each rule checked square by square), so the row-mask core is
// never its own judge.
import { Prng } from "../../prng";
import { SIZE, START_CORNERS, type Colour } from "./board";
import { polyomino as game, type PolyState } from "./game";
import { ORIENTATIONS } from "./pieces";

/** Plays `moves` from `from` (the start), throwing with the refusal if one is refused. */
export function playAll(moves: readonly string[], from: PolyState = game.setup()): PolyState {
  let state = from;
  for (const move of moves) {
    const outcome = game.play(state, move);
    if (!outcome.ok) throw new Error(`${move}: ${outcome.reason}`);
    state = outcome.state;
  }
  return state;
}

export function randomGame(seed: number): PolyState {
  const rng = Prng.fromSeed(seed);
  let state = game.setup();
  while (!state.status.over) {
    const moves = game.legalMoves(state);
    const outcome = game.play(state, moves[rng.int(moves.length)] as string);
    if (!outcome.ok) throw new Error(outcome.reason);
    state = outcome.state;
  }
  return state;
}

/**
 * The moves of the first seeded random game (seeds 1000, 1001, …) that ends in equal
 * points, about 1 game in 75: for tests of a drawn game (a staged knockout's replay).
 */
export function drawnRandomGame(): string[] {
  for (let seed = 1000; seed < 4000; seed++) {
    const end = randomGame(seed);
    if (end.status.over && end.status.winner === null) return end.moves.slice();
  }
  throw new Error("no random game in 3000 seeds ended in equal points");
}

export type Grid = number[];

const inside = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < SIZE && y < SIZE;
const at = (grid: Grid, x: number, y: number): number => (inside(x, y) ? (grid[y * SIZE + x] as number) : -1);

/** The rules, square by square: on the board, free, no own edge, an own corner (or the start corner first). */
export function legalByHand(grid: Grid, c: Colour, squares: readonly (readonly [number, number])[], first: boolean): boolean {
  let corner = false;
  for (const [x, y] of squares) {
    if (!inside(x, y) || at(grid, x, y) !== -1) return false;
    if (
      [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ].some(([dx, dy]) => at(grid, x + dx!, y + dy!) === c)
    )
      return false;
    if (first) corner ||= x === START_CORNERS[c]![0] && y === START_CORNERS[c]![1];
    else
      corner ||= [
        [1, 1],
        [1, -1],
        [-1, 1],
        [-1, -1],
      ].some(([dx, dy]) => at(grid, x + dx!, y + dy!) === c);
  }
  return corner;
}

/** Every legal placement of `c` by brute force over all 91 shapes and 400 positions, as the core's keys. */
export function placementsByHand(grid: Grid, c: Colour, allowed: number, used: number, first: boolean): number[] {
  const keys: number[] = [];
  for (const o of ORIENTATIONS) {
    if (!(allowed & ~used & (1 << o.piece))) continue;
    // Positions whose bounding box leaves the board are skipped only to save time: the check would refuse them.
    for (let y = 0; y + o.height <= SIZE; y++)
      for (let x = 0; x + o.width <= SIZE; x++)
        if (
          legalByHand(
            grid,
            c,
            o.cells.map(([dx, dy]) => [x + dx, y + dy] as const),
            first,
          )
        )
          keys.push(o.global * SIZE * SIZE + y * SIZE + x);
  }
  return keys;
}

export function gridOf(state: PolyState): Grid {
  const grid: Grid = [];
  for (let y = 0; y < SIZE; y++) for (let x = 0; x < SIZE; x++) grid.push(state.board.colourAt(x, y));
  return grid;
}
