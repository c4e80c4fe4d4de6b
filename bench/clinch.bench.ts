// Clinch marks (engine/formats/clinch-tables.ts): the time to mark every live table
// of a tournament, what the server does once per tournament version (then cached).
// Each row: median with min–max of 5 runs after one warm-up, for the whole
// clinchTables(state) call (all groups / the league table, the "Why?" details
// included). Run with `npm run bench -- clinch`.

import {
  clinchTables,
  playableGames,
  recordResults,
  simulatedPlayers,
  startTournament,
  type FormatName,
  type GameResult,
  type TournamentState,
} from "../engine/formats";
import { Prng } from "../engine/prng";
import { printTable, type BenchRow } from "./stats";

/** Plays `batches` batches of released games with seeded random results (a third drawn). */
function played(format: FormatName, players: number, batches: number, fraction = 1): TournamentState {
  let s: TournamentState = startTournament(format, simulatedPlayers(players), {}, 1);
  const rng = Prng.fromSeed(7);
  for (let i = 0; i < batches && s.status === "playing"; i++) {
    const games = playableGames(s);
    const take = games.slice(0, Math.ceil(games.length * fraction));
    s = recordResults(
      s,
      take.map((g) => {
        const r = rng.float();
        const outcome: GameResult = r < 0.33 ? "draw" : r < 0.66 ? "1-0" : "0-1";
        return { gameId: g.id, result: { outcome, reason: "normal" as const } };
      }),
    ).state;
  }
  return s;
}

const rows: BenchRow[] = [];
function time(name: string, state: TournamentState, targetMs: number): void {
  const samples: number[] = [];
  let marks = 0;
  for (let i = 0; i <= 5; i++) {
    // A fresh copy each run: marks are remembered per group object.
    const copy = structuredClone(state);
    const t0 = performance.now();
    const tables = clinchTables(copy);
    samples.push(performance.now() - t0);
    marks = tables.reduce((n, x) => n + x.marks.length, 0);
  }
  const warm = samples.slice(1).sort((a, b) => a - b);
  const median = warm[Math.floor(warm.length / 2)]!;
  rows.push({
    name: `${name} (${marks} marks)`,
    measured: `${median.toFixed(1)} ms (${warm[0]!.toFixed(1)}–${warm.at(-1)!.toFixed(1)})`,
    target: `< ${targetMs} ms`,
    ok: median < targetMs,
  });
}

time("groups, 1,000 players, round 1 just started", played("groups", 1000, 0), 1000);
time("groups, 10,000 players, round 1 just started", played("groups", 10_000, 0), 5000);
time("groups, 1,000 players, round 1 half played", played("groups", 1000, 1, 0.5), 1000);
time("league, 30 players, after 20 of 58 phases", played("league", 30, 20), 1000);
time("league, 30 players, after 52 of 58 phases", played("league", 30, 52), 1000);
time("league, 12 players, after 18 of 22 phases", played("league", 12, 18), 1000);
time("staged, 28 players, round 1 half played", played("staged", 28, 1, 0.5), 1000);
time("staged, 28 players, round 2 half played", played("staged", 28, 2, 0.5), 1000);
{
  // What the server pays per result once a round's marks are known: only the
  // group the result belongs to is worked out again.
  const base = played("groups", 10_000, 0);
  clinchTables(base);
  const samples: number[] = [];
  let s = base;
  for (const g of playableGames(base).slice(0, 6)) {
    s = recordResults(s, [{ gameId: g.id, result: { outcome: "1-0", reason: "normal" } }]).state;
    const t = performance.now();
    clinchTables(s);
    samples.push(performance.now() - t);
  }
  const warm = samples.slice(1).sort((a, b) => a - b);
  const median = warm[Math.floor(warm.length / 2)]!;
  rows.push({
    name: "groups, 10,000 players: marks again after one result",
    measured: `${median.toFixed(1)} ms (${warm[0]!.toFixed(1)}–${warm.at(-1)!.toFixed(1)})`,
    target: "< 100 ms",
    ok: median < 100,
  });
}
if (!printTable(rows)) process.exitCode = 1;
