// The Dutch pairing against bbpPairings, the FIDE-endorsed engine of the 2025
// rules: every round of every fixture tournament, paired again from the rounds
// before it, must come out exactly as bbpPairings paired it, colours and bye
// included. (The tournaments played as Moot plays them go through the Swiss format
// itself: swiss.oracle.test.ts.) scripts/swiss-fixtures.ts made the fixtures (bbpPairings' own
// generator, and tournaments played as Moot plays them with late entries and
// withdrawals, paired round by round by bbpPairings from our TRF export); they are
// committed, so this test runs without bbpPairings.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pairDutch } from "./dutch";
import { Results, Tiebreak, Tiebreaker, TournamentType, UnplayedRoundsAdjustment, type RoundResults } from "tiebreak";
import { tiebreakTable } from "./tiebreaks";
import { inputFor, pairingIn, parseTable, pointsOf } from "./trf-table";
import type { Colour } from "./history";

interface FixtureLine {
  seed: number;
  rounds: number;
  initialColour: Colour;
  table: string[];
}

const readFixtures = (name: string): FixtureLine[] =>
  gunzipSync(readFileSync(path.join(import.meta.dirname, "fixtures", `${name}.jsonl.gz`)))
    .toString("utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as FixtureLine);

const fmt = (pairs: readonly (readonly [number, number])[], bye: number | null) =>
  pairs.map(([w, b]) => `${w + 1}-${b + 1}`).join(" ") + (bye === null ? "" : ` bye ${bye + 1}`);

/** Every round of the tournament paired by us, compared with the fixture's; the first difference, or null. */
function firstDifference(line: FixtureLine): string | null {
  const table = parseTable(line);
  for (let round = 1; round <= line.rounds; round++) {
    const expected = pairingIn(table, round);
    const got = pairDutch(inputFor(table, round));
    const ours = got.pairs.map(([w, b]) => [w, b] as [number, number]).sort((x, y) => x[0] - y[0]);
    if (fmt(ours, got.bye) !== fmt(expected.pairs, expected.bye)) {
      return `seed ${line.seed}, round ${round} of ${line.rounds}, ${table.players.length} players:\n  bbpPairings ${fmt(expected.pairs, expected.bye)}\n  ours        ${fmt(ours, got.bye)}`;
    }
  }
  return null;
}

describe("Dutch pairings equal bbpPairings' on its random tournaments (draws, forfeits, zero- and half-point byes)", () => {
  const lines = readFixtures("bbp-generated");

  it("covers small and large fields, short and long tournaments, byes, draws and forfeits", () => {
    const sizes = lines.map((l) => l.table.length);
    expect(lines.length).toBeGreaterThanOrEqual(200);
    expect(Math.min(...sizes)).toBeLessThanOrEqual(12);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(150);
    expect(new Set(lines.map((l) => l.rounds))).toEqual(new Set([5, 6, 7, 8, 9, 10, 11]));
    const tokens = lines.flatMap((l) => l.table.flatMap((row) => row.split(" ")));
    for (const code of ["U", "=", "+", "-", "Z", "H"]) expect(tokens.some((t) => t.endsWith(code))).toBe(true);
  });

  it("pairs every round exactly as bbpPairings did, colours included", () => {
    const differences: string[] = [];
    for (const line of lines) {
      const d = firstDifference(line);
      if (d) differences.push(d);
    }
    expect(differences.slice(0, 3)).toEqual([]);
  }, 600_000);
});

describe("tie-breaks equal the tiebreak library's (FIDE 2023, dummy opponents for unplayed rounds)", () => {
  // The library's published build computes Buchholz and its cuts (its Sonneborn-Berger is in its sources only).
  it("gives every player of every generated tournament the same Buchholz and Buchholz cut 1", () => {
    const differences: string[] = [];
    for (const line of readFixtures("bbp-generated")) {
      const table = parseTable(line);
      const rounds: RoundResults[] = [];
      for (let r = 0; r < line.rounds; r++) {
        const result: RoundResults = { pairings: [], pairingAllocatedByes: [], halfPointByes: [] };
        table.players.forEach((rows, i) => {
          const e = rows[r]!;
          if (e.code === "U") result.pairingAllocatedByes!.push(i);
          else if (e.code === "H") result.halfPointByes!.push(i);
          else if (e.opponent >= 0 && e.colour === "w") {
            const other = table.players[e.opponent]![r]!;
            result.pairings.push({
              white: i,
              black: e.opponent,
              scoreWhite: (pointsOf(e.code) / 2) as 0 | 0.5 | 1,
              scoreBlack: (pointsOf(other.code) / 2) as 0 | 0.5 | 1,
              forfeited: e.code === "+" || e.code === "-",
            });
          }
        });
        rounds.push(result);
      }
      const oracle = new Tiebreaker(new Results(TournamentType.SWISS, rounds), UnplayedRoundsAdjustment.FIDE_2023);
      const ours = tiebreakTable(table, line.rounds);
      table.players.forEach((_, i) => {
        const theirs = [Tiebreak.BUCHHOLZ, Tiebreak.BUCHHOLZ_CUT1].map((t) => oracle.tiebreak(t, i, line.rounds));
        const mine = [ours.values.buchholz[i], ours.values["buchholz-cut1"][i]];
        if (JSON.stringify(theirs) !== JSON.stringify(mine)) differences.push(`seed ${line.seed}, player ${i + 1}: library ${theirs}, ours ${mine}`);
      });
    }
    expect(differences.slice(0, 5)).toEqual([]);
  });
});
