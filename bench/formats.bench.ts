// Speed and memory of the format engine against the targets in the issue.
// Run with `npm run bench -- formats` (own process, --expose-gc). Each timing is the
// median of several runs after one warm-up run, with the min–max of those runs and
// the cold first run; no gc() runs right before a timing (a collection just before
// a short timing makes it look slower than it is in the server). The "plan round"
// rows include listing the round's playable games with their ids, which the server
// does at once to create them. Exits non-zero if a target is missed, so CI can
// notice, but tests never time.
//
// Per-result rows, at 2,000 / 10,000 / 100,000 players (groups of four), are the
// engine paths the server takes (server/services/tournament/live-state.ts):
// recordResults with a batch (folding the result log when a round closes, and
// bringing a remembered live state up to date on a read) and recordResult one at a
// time through the immutable API (each call returns a new state and copies the
// current round's group list).

import { leagueCycle } from "../engine/formats/league-schedule";
import { playableGames, recordResult, recordResults, simulate, simulatedPlayers, startTournament, type FormatName, type SettingsInput } from "../engine/formats";

interface Row {
  name: string;
  cold: number;
  best: number;
  worst: number;
  measured: number;
  target: number;
  unit: "ms" | "µs" | "MB";
}

const rows: Row[] = [];

function time(name: string, target: number, runs: number, fn: () => unknown, unit: "ms" | "µs" = "ms", per = 1): void {
  const samples: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const t = performance.now();
    fn();
    samples.push(((performance.now() - t) / per) * (unit === "µs" ? 1000 : 1));
  }
  const [cold = 0, ...warm] = samples;
  warm.sort((a, b) => a - b);
  rows.push({ name, cold, best: warm[0] ?? cold, worst: warm.at(-1) ?? cold, measured: warm[Math.floor(warm.length / 2)] ?? cold, target, unit });
}

function heapMb(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

function memory<F extends FormatName>(name: string, format: F, settings: SettingsInput<F>, players: ReturnType<typeof simulatedPlayers>): void {
  const before = heapMb();
  const state = startTournament(format, players, settings, "bench");
  const after = heapMb();
  rows.push({ name, cold: after - before, best: after - before, worst: after - before, measured: after - before, target: 300, unit: "MB" });
  if (state.rounds.length !== 1) throw new Error("unexpected state");
}

if (!globalThis.gc) console.warn("(run with --expose-gc for stable memory figures: npm run bench does)");

const N = 100_000;
const big = simulatedPlayers(N);

const planAndList = <F extends FormatName>(format: F, settings: SettingsInput<F>) => () => playableGames(startTournament(format, big, settings, "bench")).length;
time("plan round + list its games, groups fixed (g=4), 100k players", 350, 5, planAndList("groups", { partition: "fixed", groupSize: 4 }));
time("plan round + list its games, groups balanced (m=8), 100k players", 350, 5, planAndList("groups", { partition: "balanced", maxGroupSize: 8 }));
time("plan round + list its games, diagonal (k=4), 100k players", 350, 5, planAndList("diagonal", {}));

// Results in round 1, the engine paths the server uses (see the header).
for (const n of [2000, 10_000, 100_000]) {
  const start = startTournament("groups", simulatedPlayers(n), { partition: "fixed", groupSize: 4 }, "bench");
  // 2,000 results spread over the round (every k-th open game), none closing it.
  const open = playableGames(start);
  const step = Math.max(1, Math.floor(open.length / 2000));
  const batch = open.filter((_, i) => i % step === 0).slice(0, 2000).map((g) => ({ gameId: g.id, result: { outcome: "1-0", reason: "normal" } as const }));
  const label = n.toLocaleString("en");
  time(`recordResults, batch of ${batch.length}, per result, ${label} players`, Infinity, 5, () => recordResults(start, batch), "µs", batch.length);
  const few = batch.slice(0, 200);
  time(`recordResult one at a time (immutable), per result, ${label} players`, Infinity, 5, () => {
    let s = start;
    for (const r of few) s = recordResult(s, r.gameId, r.result).state;
  }, "µs", few.length);
}
time("league schedules, every size 4-30", 100, 5, () => {
  for (let x = 4; x <= 30; x++) leagueCycle(x);
});
const tenK = simulatedPlayers(10_000);
time("simulate groups tournament, 10,000 players", 2000, 3, () => simulate({ format: "groups", players: tenK, seed: "bench" }));
const twentyEight = simulatedPlayers(28);
time("simulate staged championship, 28 players", 20, 20, () => simulate({ format: "staged", players: twentyEight, seed: "bench" }));
memory("memory, 100k-player round state, groups balanced (m=8)", "groups", { partition: "balanced", maxGroupSize: 8 }, big);
memory("memory, 100k-player round state, groups fixed (g=4)", "groups", { partition: "fixed", groupSize: 4 }, big);
memory("memory, 100k-player round state, diagonal (k=4)", "diagonal", {}, big);

const fmt = (x: number, unit: string) => `${x.toFixed(x < 10 ? 2 : 0)} ${unit}`;
const header = ["benchmark", "median", "min–max", "cold run", "target", "ok?"];
const table = rows.map((r) => {
  const timed = r.unit !== "MB";
  const target = Number.isFinite(r.target) ? `< ${r.target} ${r.unit}` : "-";
  const ok = Number.isFinite(r.target) ? (r.measured < r.target ? "ok" : "TOO SLOW") : "-";
  return [r.name, fmt(r.measured, r.unit), timed ? `${fmt(r.best, r.unit)}–${fmt(r.worst, r.unit)}` : "", timed ? fmt(r.cold, r.unit) : "", target, ok];
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => (t[i] as string).length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
console.log(line(header));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const t of table) console.log(line(t));
if (rows.some((r) => r.measured >= r.target)) process.exitCode = 1;
