// The format engine beside two peer libraries on the same work, per size: a round of
// N players in groups of four, double round robin in each group (12 games a group).
//
// - Moot: engine/formats startTournament (groups, fixed size 4) and its playable
//   games listed; results through recordResult one at a time (the immutable API) and
//   through recordResults in one batch.
// - brackets-manager (with its in-memory storage, brackets-memory-db): a
//   round_robin stage with groupCount N/4 and roundRobinMode "double"; results with
//   manager.update.match.
// - tournament-organizer: it has no groups stage, so each group is its own
//   double-round-robin tournament of four (N/4 tournaments, created and started);
//   results with enterResult on the group's tournament.
//
// Results: RESULTS games spread over the round (never completing it), timed per
// result. Each figure is the median of RUNS runs with min–max, after one warm-up run
// that is not counted (except brackets-manager's plan, minutes at 10,000, and the
// peers' per-result rows, one run each since a result cannot be entered twice); a
// plan run starts from nothing. The ratio is the peer's median over Moot's.
// Sizes: BENCH_PEERS_SIZES (default "2000,10000"; 100000 takes minutes for the peers).
import { BracketsManager } from "brackets-manager";
import { InMemoryDatabase } from "brackets-memory-db";
import { Manager as OrganizerManager } from "tournament-organizer/components";
import { playableGames, recordResult, recordResults, simulatedPlayers, startTournament } from "../engine/formats";
import { percentile, printTable, type BenchRow } from "./stats";

const SIZES = (process.env.BENCH_PEERS_SIZES ?? "2000,10000").split(",").map(Number);
const RESULTS = 300;
const RUNS = 3;

interface Timing {
  median: number;
  min: number;
  max: number;
}
async function measure(runs: number, fn: () => Promise<number> | number, warmUp = true): Promise<Timing> {
  if (warmUp) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await fn());
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), min: samples[0]!, max: samples.at(-1)! };
}
const show = (t: Timing, unit: string, digits = 1) => `${t.median.toFixed(digits)} ${unit} (${t.min.toFixed(digits)}–${t.max.toFixed(digits)})`;
const ratio = (peer: Timing, ours: Timing) => `${(peer.median / ours.median).toFixed(1)}×`;

const rows: BenchRow[] = [];
for (const n of SIZES) {
  const label = n.toLocaleString("en");
  const players = simulatedPlayers(n);
  const groups = n / 4;
  const spread = <T>(xs: readonly T[]) => {
    const step = Math.max(1, Math.floor(xs.length / RESULTS));
    return xs.filter((_, i) => i % step === 0).slice(0, RESULTS);
  };

  // Moot
  const plan = () => startTournament("groups", players, { partition: "fixed", groupSize: 4 }, "bench");
  const moPlan = await measure(RUNS, () => {
    const t0 = performance.now();
    playableGames(plan());
    return performance.now() - t0;
  });
  const start = plan();
  const picks = spread(playableGames(start)).map((g) => ({ gameId: g.id, result: { outcome: "1-0", reason: "normal" } as const }));
  const moOne = await measure(RUNS, () => {
    let s = start;
    const t0 = performance.now();
    for (const r of picks) s = recordResult(s, r.gameId, r.result).state;
    return ((performance.now() - t0) / picks.length) * 1000;
  });
  const moBatch = await measure(RUNS, () => {
    const t0 = performance.now();
    recordResults(start, picks);
    return ((performance.now() - t0) / picks.length) * 1000;
  });

  // brackets-manager
  let bmManager: BracketsManager | null = null;
  const bmPlan = await measure(
    RUNS,
    async () => {
      const manager = new BracketsManager(new InMemoryDatabase());
      const t0 = performance.now();
      await manager.create.stage({
        tournamentId: 0,
        name: "Groups",
        type: "round_robin",
        seeding: players.map((p) => p.id),
        settings: { groupCount: groups, roundRobinMode: "double", seedOrdering: ["groups.seed_optimized"] },
      });
      const took = performance.now() - t0;
      bmManager = manager;
      return took;
    },
    false,
  );
  const bmMatches = spread(((await bmManager!.get.stageData(0)).match as { id: number }[]).map((m) => m.id));
  const bmOne = await measure(
    1,
    async () => {
      const t0 = performance.now();
      for (const id of bmMatches) await bmManager!.update.match({ id, opponent1: { score: 1, result: "win" }, opponent2: { score: 0 } });
      return ((performance.now() - t0) / bmMatches.length) * 1000;
    },
    false,
  );

  // tournament-organizer: one double-round-robin tournament per group of four
  let toGroups: ReturnType<OrganizerManager["createTournament"]>[] = [];
  const toPlan = await measure(RUNS, () => {
    const manager = new OrganizerManager();
    const t0 = performance.now();
    const made = [];
    for (let g = 0; g < groups; g++) {
      const t = manager.createTournament(`Group ${g + 1}`, { stageOne: { format: "double-round-robin" } });
      for (let k = 0; k < 4; k++) t.createPlayer(players[g * 4 + k]!.id);
      t.startTournament();
      made.push(t);
    }
    const took = performance.now() - t0;
    toGroups = made;
    return took;
  });
  const toPicks = spread(toGroups).map((t) => ({ t, match: t.getActiveMatches()[0]! }));
  const toOne = await measure(
    1,
    () => {
      const t0 = performance.now();
      for (const { t, match } of toPicks) t.enterResult(match.getId(), 1, 0);
      return ((performance.now() - t0) / toPicks.length) * 1000;
    },
    false,
  );

  rows.push(
    { name: `${label} players: plan the round (Moot, incl. listing the games)`, measured: show(moPlan, "ms"), target: "-", ok: null },
    {
      name: `${label} players: plan the round (brackets-manager)`,
      measured: `${show(bmPlan, "ms")}, ${ratio(bmPlan, moPlan)} Moot`,
      target: "> 1× Moot",
      ok: bmPlan.median > moPlan.median,
    },
    {
      name: `${label} players: plan the round (tournament-organizer)`,
      measured: `${show(toPlan, "ms")}, ${ratio(toPlan, moPlan)} Moot`,
      target: "> 1× Moot",
      ok: toPlan.median > moPlan.median,
    },
    { name: `${label} players: per result, Moot one at a time (immutable)`, measured: show(moOne, "µs"), target: "-", ok: null },
    { name: `${label} players: per result, Moot batch of ${picks.length}`, measured: show(moBatch, "µs", 2), target: "-", ok: null },
    {
      name: `${label} players: per result, brackets-manager (1 run)`,
      measured: `${show(bmOne, "µs")}, ${ratio(bmOne, moOne)} Moot one at a time`,
      target: "> 1× Moot",
      ok: bmOne.median > moOne.median,
    },
    {
      name: `${label} players: per result, tournament-organizer (1 run)`,
      measured: `${show(toOne, "µs")}, ${ratio(toOne, moOne)} Moot one at a time`,
      target: "-",
      ok: null,
    },
  );
  console.log(`${label}: done`);
}
process.exitCode = printTable(rows) ? 0 : 1;
