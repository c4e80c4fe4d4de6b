// Single and double elimination at 10,000 and 100,000 players (run with
// `npm run bench -- formats`, which runs this file after formats.bench.ts), each
// row beside brackets-manager doing the same work in the same run:
//
// - start: Moot seeds the players, plans round 1 (byes to the top seeds) and lists
//   its playable games; brackets-manager creates the stage (its whole bracket, byes
//   as BYE seeds, Moot's seed and drop orders) with `create.stage`.
// - one result: Moot records a result of round 1 on the previous call's state
//   (recordResult chained, 500 games spread over the round), per result;
//   brackets-manager `update.match` with a winner on 300 ready matches (one run: a
//   result cannot be entered twice), per result.
// - the whole bracket: Moot plays every match to the champion, a round's results
//   in one batch (closing each round plans the next), per result. brackets-manager
//   has no batch; its per-result figure above is what each of these would cost it.
// - standings of the finished tournament: Moot only (`standingsTable`, every row
//   ranked, no "why" written).
//
// brackets-manager runs on bench/brackets-store.ts (its memory database's
// behaviour with indexes: the memory database itself scans a table per insert and
// select, 32 s to create the 10,000-player stage). Creating a stage is still
// quadratic in the library's own code (the seeding's duplicate check compares every
// participant with every other, and each is looked up by a scan of the
// participants): 12 s at 10,000 players here, so hours at 100,000. It runs at the
// sizes in BENCH_ELIMINATION_PEER_SIZES (default 10000); at the others its cells say
// "not run". Timings are medians of the warm runs (min–max, n) after one cold run,
// with the median CPU time of the process over the same runs (other sessions on a
// shared machine inflate wall times, not CPU time); the load average is printed.
import { BracketsManager } from "brackets-manager";
import { playableGames } from "../engine/formats/core";
import { bracketSize, dropOrderName, log2 } from "../engine/formats/elimination/bracket";
import { eliminationFormat } from "../engine/formats/elimination/elimination";
import { simulatedPlayers } from "../engine/formats/simulate";
import type { FormatResult, TournamentState } from "../engine/formats/types";
import { IndexedStore } from "./brackets-store";
import { loadAverage, printTable, spread, type BenchRow } from "./stats";

const SIZES = [10_000, 100_000];
const PEER_SIZES = new Set((process.env.BENCH_ELIMINATION_PEER_SIZES ?? "10000").split(",").map(Number));

/** Warm samples after one cold run: what `fn` returns (its wall time, scaled) and the process's CPU time over the same run, scaled alike. */
async function samples(runs: number, fn: () => number | Promise<number>): Promise<{ wall: number[]; cpu: number[] }> {
  await fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t0 = performance.now();
    const took = await fn();
    const elapsed = performance.now() - t0;
    const used = process.cpuUsage(c);
    wall.push(took);
    // The same scale as `took` (per result where fn divides), over the whole call.
    cpu.push(((used.user + used.system) / 1000) * (took / elapsed));
  }
  return { wall, cpu };
}
const median = (xs: readonly number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** "median (min–max, n=…), CPU median" */
const show = (s: { wall: number[]; cpu: number[] }, unit: (x: number) => string) => `${spread(s.wall, unit)}, CPU ${unit(median(s.cpu))}`;
/** How many times Moot's median brackets-manager's figure is. */
const times = (peer: number, moot: { wall: number[] }) => `${(peer / median(moot.wall)).toFixed(0)}× Moot's`;
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;
const us = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} µs`;

/** The stronger seed wins. */
const favourite = (g: { side1: string; side2: string }): FormatResult => ({
  outcome: Number(g.side1.slice(1)) < Number(g.side2.slice(1)) ? "1-0" : "0-1",
  reason: "normal",
});

async function peerStage(kind: "single" | "double", n: number): Promise<{ manager: BracketsManager; took: number }> {
  const size = bracketSize(n);
  const manager = new BracketsManager(new IndexedStore());
  const t0 = performance.now();
  await manager.create.stage({
    tournamentId: 0,
    name: "bench",
    type: kind === "single" ? "single_elimination" : "double_elimination",
    seeding: [...Array.from({ length: n }, (_, i) => `p${i + 1}`), ...Array.from({ length: size - n }, () => null)],
    settings: {
      size,
      balanceByes: false,
      grandFinal: "double",
      seedOrdering: (kind === "single" ? ["inner_outer"] : ["inner_outer", ...Array.from({ length: log2(size) - 1 }, (_, r) => dropOrderName(r + 1))]) as never,
    },
  });
  return { manager, took: performance.now() - t0 };
}

console.log(`load average before: ${loadAverage()}`);
const rows: BenchRow[] = [];
for (const n of SIZES) {
  const label = n.toLocaleString("en");
  const players = simulatedPlayers(n);
  for (const kind of ["single", "double"] as const) {
    const what = `${kind} elimination, ${label} players`;
    const peer = PEER_SIZES.has(n);
    // Start.
    const start = () => eliminationFormat.start(players, { bracket: kind }, "bench");
    const mootStart = await samples(n > 10_000 ? 3 : 5, () => {
      const t0 = performance.now();
      playableGames(start());
      return performance.now() - t0;
    });
    const peerStarts = peer ? [(await peerStage(kind, n)).took] : [];
    rows.push({
      name: `${what}: start (plan round 1 + list its games)`,
      measured: show(mootStart, ms),
      baseline: peer
        ? `brackets-manager create.stage: ${ms(peerStarts[0]!)} (1 run), ${times(peerStarts[0]!, mootStart)}`
        : "brackets-manager: not run (quadratic)",
      target: "-",
      ok: null,
    });

    // One result at a time.
    const first = start();
    const open = playableGames(first);
    const step = Math.max(1, Math.floor(open.length / 500));
    const chain = open.filter((_, i) => i % step === 0).slice(0, 500);
    const mootOne = await samples(5, () => {
      let s: TournamentState<"elimination"> = first;
      const t0 = performance.now();
      for (const g of chain) s = eliminationFormat.recordResults(s, [{ gameId: g.id, result: favourite(g) }]).state;
      return ((performance.now() - t0) / chain.length) * 1000;
    });
    let peerOne: number | null = null;
    if (peer) {
      const { manager } = await peerStage(kind, n);
      const ready = ((await manager.get.stageData(0)).match as unknown as { id: number; status: number }[]).filter((m) => m.status === 2);
      const picks = ready.filter((_, i) => i % Math.max(1, Math.floor(ready.length / 300)) === 0).slice(0, 300);
      const t0 = performance.now();
      for (const m of picks) await manager.update.match({ id: m.id, opponent1: { result: "win" }, opponent2: { result: "loss" } });
      peerOne = ((performance.now() - t0) / picks.length) * 1000;
    }
    rows.push({
      name: `${what}: one result (chained), per result`,
      measured: show(mootOne, us),
      baseline: peerOne === null ? "brackets-manager: not run" : `brackets-manager update.match: ${us(peerOne)} (1 run of 300), ${times(peerOne, mootOne)}`,
      target: "-",
      ok: null,
    });

    // The whole bracket, round by round.
    let results = 0;
    let finished: TournamentState<"elimination"> = first;
    const mootAll = await samples(n > 10_000 ? 1 : 3, () => {
      let s: TournamentState<"elimination"> = first;
      results = 0;
      const t0 = performance.now();
      while (s.status === "playing") {
        const games = playableGames(s);
        results += games.length;
        s = eliminationFormat.recordResults(
          s,
          games.map((g) => ({ gameId: g.id, result: favourite(g) })),
        ).state;
      }
      finished = s;
      return ((performance.now() - t0) / results) * 1000;
    });
    rows.push({
      name: `${what}: the whole bracket (${results.toLocaleString("en")} results, ${finished.rounds.length} rounds), per result`,
      measured: show(mootAll, us),
      baseline: peerOne === null ? "brackets-manager: not run" : `brackets-manager update.match, above: ${us(peerOne)}, ${times(peerOne, mootAll)}`,
      target: "-",
      ok: null,
    });
    const mootStandings = await samples(3, () => {
      const copy = JSON.parse(JSON.stringify(finished)) as TournamentState<"elimination">;
      const t0 = performance.now();
      eliminationFormat.standings(copy);
      return performance.now() - t0;
    });
    rows.push({ name: `${what}: standings of the finished bracket (uncached)`, measured: show(mootStandings, ms), target: "-", ok: null });
    console.log(`${what}: done (load average ${loadAverage()})`);
  }
}
console.log(`load average after: ${loadAverage()}`);
process.exitCode = printTable(rows) ? 0 : 1;
