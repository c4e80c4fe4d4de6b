// The four-colour polyomino game's rules core (engine/games/polyomino), what runs
// on every move and for every hint (`npm run bench -- polyomino`):
// 1. placement checks per second: a piece in some orientation at some square of
//    positions from seeded random games, legal or not; the baseline is the same
//    check square by square on a plain array (the tests' reference);
// 2. "can this colour still place?" per second, on the same positions for every
//    colour, including colours that no longer can (the slowest answer);
// 3. a whole random game through the rules object the server calls (every
//    legal move listed at each ply, one played; passes and the end found), and
//    a stored game read back (parse replays and checks every ply).
// Each row: median with min–max of 7 runs after one warm-up.

import type { Colour } from "../engine/games/polyomino/board";
import { allowedPieces, polyomino as game, replayMoves, type PolyState } from "../engine/games/polyomino/game";
import { ORIENTATIONS } from "../engine/games/polyomino/pieces";
import { gridOf, legalByHand, randomGame } from "../engine/games/polyomino/test-games";
import { Prng } from "../engine/prng";
import { printTable, spread, type BenchRow } from "./stats";

/** Positions after every 8th ply of 20 seeded random games (opening, middle game and end). */
const positions: PolyState[] = [];
const finished: PolyState[] = [];
for (let seed = 1; seed <= 20; seed++) {
  const end = randomGame(seed);
  finished.push(end);
  for (let ply = 2; ply < end.moves.length; ply += 8) positions.push(replayMoves(end.moves.slice(0, ply)).state);
}

/** Seeded probes: position, colour, orientation and bottom-left square. */
const PROBES = 200_000;
const rng = Prng.fromSeed("polyomino bench");
const probes = Array.from({ length: PROBES }, () => ({
  state: positions[rng.int(positions.length)] as PolyState,
  c: rng.int(4) as Colour,
  o: ORIENTATIONS[rng.int(ORIENTATIONS.length)] as (typeof ORIENTATIONS)[number],
  x: rng.int(20),
  y: rng.int(20),
}));
const grids = new Map(positions.map((state) => [state, gridOf(state)]));

function samples(runs: number, run: () => number): { perSecond: number[]; result: number } {
  let result = run();
  const perSecond: number[] = [];
  for (let i = 0; i < runs; i++) {
    globalThis.gc?.();
    const start = performance.now();
    const count = run();
    perSecond.push((count / (performance.now() - start)) * 1000);
    result = count;
  }
  return { perSecond, result };
}

const perSecond = (x: number): string => `${(x / 1e6).toFixed(2)} M/s`;
const thousandPerSecond = (x: number): string => `${(x / 1e3).toFixed(1)} k/s`;
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const rows: BenchRow[] = [];

let legalFast = 0;
const fast = samples(7, () => {
  legalFast = 0;
  for (const p of probes) if (p.state.board.fits(p.c, p.o, p.x, p.y)) legalFast++;
  return probes.length;
});
let legalSlow = 0;
const slow = samples(7, () => {
  legalSlow = 0;
  for (const p of probes) {
    const first = p.state.board.used[p.c] === 0;
    if (
      legalByHand(
        grids.get(p.state)!,
        p.c,
        p.o.cells.map(([dx, dy]) => [p.x + dx, p.y + dy] as const),
        first,
      )
    )
      legalSlow++;
  }
  return probes.length;
});
if (legalFast !== legalSlow) throw new Error(`the core and the reference disagree: ${legalFast} vs ${legalSlow} legal`);
const fastMedian = fast.perSecond.slice().sort((a, b) => a - b)[3]!;
const slowMedian = slow.perSecond.slice().sort((a, b) => a - b)[3]!;
rows.push({
  name: `placement checks, row masks (${legalFast} of ${PROBES} legal)`,
  measured: spread(fast.perSecond, perSecond),
  target: "≥ 2 M/s",
  ok: fastMedian >= 2e6,
});
rows.push({
  name: `placement checks, square by square (baseline, ${(fastMedian / slowMedian).toFixed(0)}× slower)`,
  measured: spread(slow.perSecond, perSecond),
  target: "-",
  ok: null,
});

const colours = [0, 1, 2, 3] as const;
let yes = 0;
const canPlace = samples(7, () => {
  yes = 0;
  for (let rep = 0; rep < 20; rep++) for (const state of positions) for (const c of colours) if (state.board.canPlace(c, allowedPieces(state, c))) yes++;
  yes /= 20;
  return positions.length * 4 * 20;
});
rows.push({
  name: `can this colour still place? (${yes} of ${positions.length * 4} yes)`,
  measured: spread(canPlace.perSecond, thousandPerSecond),
  target: "≥ 20 k/s",
  ok: canPlace.perSecond.slice().sort((a, b) => a - b)[3]! >= 2e4,
});
const cannot = samples(7, () => {
  for (let rep = 0; rep < 20; rep++) for (const state of finished) for (const c of colours) state.board.canPlace(c, allowedPieces(state, c));
  return finished.length * 4 * 20;
});
rows.push({
  name: "can this colour still place? at games' ends (all no)",
  measured: spread(cannot.perSecond, thousandPerSecond),
  target: "≥ 2 k/s",
  ok: cannot.perSecond.slice().sort((a, b) => a - b)[3]! >= 2e3,
});

function timed(runs: number, run: (i: number) => void): number[] {
  run(0);
  const out: number[] = [];
  for (let i = 1; i <= runs; i++) {
    const start = performance.now();
    run(i);
    out.push(performance.now() - start);
  }
  return out;
}
const plies: number[] = [];
const games = timed(7, (i) => plies.push(randomGame(100 + i).moves.length));
rows.push({
  name: `whole random game, legal moves listed every ply (${Math.min(...plies)}–${Math.max(...plies)} plies)`,
  measured: spread(games, ms),
  target: "< 500 ms",
  ok: games.slice().sort((a, b) => a - b)[3]! < 500,
});
const stored = finished.map((state) => game.serialize(state));
const reads = timed(7, (i) => game.parse(stored[i % stored.length]!));
rows.push({
  name: "a finished game read back from storage (replayed, checked)",
  measured: spread(reads, ms),
  target: "< 50 ms",
  ok: reads.slice().sort((a, b) => a - b)[3]! < 50,
});

if (!printTable(rows)) process.exit(1);
