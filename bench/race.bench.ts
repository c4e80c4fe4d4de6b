// Race-game (backgammon) engine speed (`npm run bench -- race`):
// 1. move generation: every legal turn of positions met in seeded random matches
//    (each position with its dice), in positions/s and turns/s; target ≥ 50,000
//    positions/s of this process's CPU time (the machine is shared: wall-clock rates
//    swing with the other processes' load, so both are printed, the target on CPU);
// 2. a whole 7-point match replayed through the contract as the server and the
//    game page replay it (every roll and action applied, every position serialized);
//    target < 100 ms;
// 3. baseline: copying each position's board, the floor under any generation (and a
//    gauge of how loaded the shared machine was while the rows above ran).
// Each row is the median of several runs with min–max; exits 1 if a target is missed.
import { onSite } from "../engine/games/registry";
import { backgammonRules, type BgState } from "../engine/games/backgammon/game";
import { generateMoves } from "../engine/games/backgammon/moves";
import { randomMatch } from "../engine/games/backgammon/random-match";
import { loadAverage, printTable, spread } from "./stats";

const rules = backgammonRules("backgammon", 7);

/** The positions of seeded random matches where a side has dice to play. */
function positionsToMove(matches: number): BgState[] {
  const found: BgState[] = [];
  for (let seed = 1; seed <= matches; seed++) {
    let state = rules.setup();
    for (const entry of randomMatch(rules, `bench-${seed}`).entries) {
      const values = rules.chance!.readRoll(entry);
      const outcome = values ? rules.chance!.roll(state, values) : rules.play(state, entry);
      if (!outcome.ok) throw new Error(outcome.reason);
      state = outcome.state;
      if (state.phase === "move") found.push(state);
    }
  }
  return found;
}

/** Wall-clock ms of each run; `cpu` receives the process's CPU ms of each run. */
function samples(runs: number, run: () => void, cpu: number[] = []): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    globalThis.gc?.();
    const start = performance.now();
    const startCpu = process.cpuUsage();
    run();
    const used = process.cpuUsage(startCpu);
    times.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  return times;
}

const median = (xs: readonly number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const positions = positionsToMove(20);
const side = (state: BgState): 0 | 1 => (state.turn === 1 ? 0 : 1);
let turns = 0;
const generateAll = (): void => {
  turns = 0;
  for (const state of positions) turns += generateMoves(state.board, side(state), state.dice![0], state.dice![1]).length;
};
generateAll();
const genCpuMs: number[] = [];
const genMs = samples(9, generateAll, genCpuMs);
const perSecond = (ms: number, n: number): number => n / (ms / 1000);
const rate = (n: number) => (ms: number) => `${Math.round(perSecond(ms, n)).toLocaleString("en-US")}/s`;

let copies = 0;
const baseline = samples(9, () => {
  copies = 0;
  for (const state of positions) copies += Int8Array.from(state.board)[0]! >= 0 ? 1 : 0;
});

const game = onSite(rules);
const { entries } = randomMatch(rules, "bench-replay");
game.replay(entries);
const replayMs = samples(9, () => game.replay(entries));
const medianReplay = median(replayMs);

console.log(`load average ${loadAverage()}; ${positions.length} positions from 20 seeded 7-point matches, ${turns} legal turns`);
const ok = printTable([
  {
    name: "move generation, positions per CPU second",
    measured: spread(genCpuMs, rate(positions.length)),
    target: "≥ 50,000/s",
    ok: perSecond(median(genCpuMs), positions.length) >= 50_000,
  },
  { name: "move generation, positions per wall second", measured: spread(genMs, rate(positions.length)), target: "(information)", ok: null },
  { name: "move generation, legal turns per CPU second", measured: spread(genCpuMs, rate(turns)), target: "(information)", ok: null },
  {
    name: `whole 7-point match replayed (${entries.length} entries)`,
    measured: spread(replayMs, (ms) => `${ms.toFixed(1)} ms`),
    target: "< 100 ms",
    ok: medianReplay < 100,
  },
  { name: "baseline: copying each position's board", measured: spread(baseline, rate(copies)), target: "(information)", ok: null },
]);
if (!ok) process.exit(1);
