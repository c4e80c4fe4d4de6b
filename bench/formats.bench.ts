// Speed and memory of the format engine against the targets in the issue.
// Run with `npm run bench -- formats` (own process, --expose-gc). Each timing is the
// median of several runs after one warm-up run, judged against the target; the
// best run and the cold first run are shown too, because on a shared machine the
// median moves with the load while the best run shows what the code can do.
// Exits non-zero if a target is missed, so CI can notice, but tests never time.

import { leagueCycle } from "../engine/formats/league-schedule";
import { simulate, simulatedPlayers, startTournament, type FormatName, type SettingsInput } from "../engine/formats";

interface Row {
  name: string;
  cold: number;
  best: number;
  measured: number;
  target: number;
  unit: "ms" | "MB";
}

const rows: Row[] = [];

function time(name: string, target: number, runs: number, fn: () => unknown): void {
  const samples: number[] = [];
  for (let i = 0; i <= runs; i++) {
    globalThis.gc?.();
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  const [cold = 0, ...warm] = samples;
  warm.sort((a, b) => a - b);
  rows.push({ name, cold, best: warm[0] ?? cold, measured: warm[Math.floor(warm.length / 2)] ?? cold, target, unit: "ms" });
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
  rows.push({ name, cold: after - before, best: after - before, measured: after - before, target: 300, unit: "MB" });
  if (state.rounds.length !== 1) throw new Error("unexpected state");
}

if (!globalThis.gc) console.warn("(run with --expose-gc for stable memory figures: npm run bench does)");

const N = 100_000;
const big = simulatedPlayers(N);

time("plan round, groups fixed (g=4), 100k players", 250, 5, () => startTournament("groups", big, { partition: "fixed", groupSize: 4 }, "bench"));
time("plan round, groups balanced (m=8), 100k players", 250, 5, () => startTournament("groups", big, { partition: "balanced", maxGroupSize: 8 }, "bench"));
time("plan round, diagonal (k=4), 100k players", 250, 5, () => startTournament("diagonal", big, {}, "bench"));
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
const header = ["benchmark", "measured (median)", "best", "cold run", "target", "ok?"];
const table = rows.map((r) => {
  const timed = r.unit === "ms";
  return [r.name, fmt(r.measured, r.unit), timed ? fmt(r.best, r.unit) : "", timed ? fmt(r.cold, r.unit) : "", `< ${r.target} ${r.unit}`, r.measured < r.target ? "ok" : "TOO SLOW"];
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => (t[i] as string).length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
console.log(line(header));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const t of table) console.log(line(t));
if (rows.some((r) => r.measured >= r.target)) process.exitCode = 1;
