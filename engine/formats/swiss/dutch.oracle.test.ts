// The Dutch pairing against bbpPairings, the FIDE-endorsed engine of the 2025
// rules: every round of every fixture tournament, paired again from the rounds
// before it, must come out exactly as bbpPairings paired it, colours and bye
// included. The tournaments played as Moot plays them are also played through the
// Swiss format itself (start, results, withdrawals, late entries): the same
// pairings, and the same table, so its TRF export is the one bbpPairings' checker
// passed. scripts/swiss-fixtures.ts made the fixtures (bbpPairings' own
// generator, and tournaments played as Moot plays them with late entries and
// withdrawals, paired round by round by bbpPairings from our TRF export); they are
// committed, so this test runs without bbpPairings.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gamesOf, groupsOf } from "../core";
import type { GameResult } from "../types";
import { pairDutch } from "./dutch";
import { addSwissPlayer, recordSwissResults, startSwiss, swissTable, withdrawSwiss, type SwissState } from "./swiss";
import { Results, Tiebreak, Tiebreaker, TournamentType, UnplayedRoundsAdjustment, type RoundResults } from "tiebreak";
import { tiebreakTable } from "./tiebreaks";
import { inputFor, pairingIn, parseTable, pointsOf } from "./trf-table";
import type { Colour } from "./history";

interface FixtureLine {
  seed: number;
  rounds: number;
  initialColour: Colour;
  table: string[];
  ratings?: number[];
  entered?: number[];
  withdrew?: number[];
}

function readFixtures(name: string): FixtureLine[] {
  return gunzipSync(readFileSync(path.join(import.meta.dirname, "fixtures", `${name}.jsonl.gz`)))
    .toString("utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as FixtureLine);
}

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

for (const [name, what] of [
  ["bbp-generated", "bbpPairings' random tournaments (draws, forfeits, zero- and half-point byes)"],
  ["bbp-played", "tournaments played as Moot plays them (late entries, withdrawals, forfeits)"],
] as const) {
  describe(`Dutch pairings equal bbpPairings' on ${what}`, () => {
    const lines = readFixtures(name);

    it("covers small and large fields, short and long tournaments", () => {
      const sizes = lines.map((l) => l.table.length);
      expect(Math.min(...sizes)).toBeLessThanOrEqual(12);
      expect(Math.max(...sizes)).toBeGreaterThanOrEqual(150);
      expect(new Set(lines.map((l) => l.rounds))).toEqual(new Set([5, 6, 7, 8, 9, 10, 11]));
      const tokens = lines.flatMap((l) => l.table.flatMap((row) => row.split(" ")));
      for (const code of ["U", "=", "+", "-"]) expect(tokens.some((t) => t.endsWith(code))).toBe(true);
      if (name === "bbp-played") {
        expect(lines.some((l) => l.entered!.some((r) => r > 1))).toBe(true);
        expect(lines.some((l) => l.withdrew!.some((r) => r > 0))).toBe(true);
      }
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
}

const resultOf = (code: string): GameResult => {
  switch (code) {
    case "1":
      return { outcome: "1-0", reason: "normal" };
    case "0":
      return { outcome: "0-1", reason: "normal" };
    case "=":
      return { outcome: "draw", reason: "normal" };
    case "+":
      return { outcome: "1-0", reason: "forfeit" };
    case "-":
      return { outcome: "0-1", reason: "forfeit" };
    default:
      throw new Error(`no result for ${code}`);
  }
};

/** The round's games as "white-black" ids and its bye. */
function pairingOf(state: SwissState, round: number): string {
  const group = groupsOf(state.rounds[round - 1]!)[0]!;
  const games = gamesOf(group);
  const inGame = new Set(games.flatMap((g) => [g.side1, g.side2]));
  const bye = group.players.find((p) => !inGame.has(p));
  return (
    games
      .map((g) => `${g.side1}-${g.side2}`)
      .sort()
      .join(" ") + (bye ? ` bye ${bye}` : "")
  );
}

describe("Swiss tournaments played through the format, against bbpPairings", () => {
  const lines = readFixtures("bbp-played");

  it("pairs every round as bbpPairings did, with late entries and withdrawals, and keeps the same table", () => {
    const problems: string[] = [];
    for (const line of lines) {
      const table = parseTable(line);
      const id = (i: number) => `p${i + 1}`;
      const entered = line.entered!;
      const withdrew = line.withdrew!;
      const joins = (i: number) => !(withdrew[i]! > 0 && withdrew[i]! < entered[i]!);
      const initial = table.players.map((_, i) => i).filter((i) => entered[i] === 1);
      let state = startSwiss(
        initial.map((i) => ({ id: id(i), rating: line.ratings![i]! })),
        { rounds: line.rounds },
        `played-${line.seed}`,
        { initialColour: table.initialColour },
      );
      for (let round = 1; round <= line.rounds && state.status === "playing"; round++) {
        const expected: string[] = [];
        let bye = "";
        table.players.forEach((rows, i) => {
          const e = rows[round - 1]!;
          if (e.code === "U") bye = ` bye ${id(i)}`;
          else if (e.opponent >= 0 && e.colour === "w") expected.push(`${id(i)}-${id(e.opponent)}`);
        });
        const want = expected.sort().join(" ") + bye;
        const got = pairingOf(state, round);
        if (got !== want) {
          problems.push(`seed ${line.seed} round ${round}:\n  bbpPairings ${want}\n  ours        ${got}`);
          break;
        }
        // Withdrawals: the loser of a game between two players leaving in the same round left first.
        const leaving = table.players.map((_, i) => i).filter((i) => withdrew[i] === round && joins(i));
        leaving.sort((a, b) => Number(table.players[b]![round - 1]!.code === "-") - Number(table.players[a]![round - 1]!.code === "-"));
        for (const i of leaving) state = withdrawSwiss(state, id(i)).state;
        const games = gamesOf(groupsOf(state.rounds[round - 1]!)[0]!);
        const results = games
          .map((g, n) => ({ gameId: `r${round}-g1-${n + 1}`, game: g }))
          .filter(({ game }) => !game.result)
          .map(({ gameId, game }) => ({ gameId, result: resultOf(table.players[Number(game.side1.slice(1)) - 1]![round - 1]!.code) }));
        // Late entries for the next round join before this round's last result.
        for (let i = 0; i < table.players.length; i++) {
          if (entered[i] === round + 1 && joins(i)) state = addSwissPlayer(state, { id: id(i), rating: line.ratings![i]! });
        }
        state = recordSwissResults(state, results).state;
      }
      const ours = swissTable(state);
      const index = new Map(state.players.map((p, i) => [p.id, i]));
      table.players.forEach((rows, i) => {
        const mine = index.get(id(i));
        if (mine === undefined) return; // never entered (withdrew before joining)
        const a = ours.players[mine]!.map((e) => `${e.opponent >= 0 ? state.players[e.opponent]!.id : "-"}${e.colour ?? "-"}${e.code}`).join(" ");
        const b = rows.map((e) => `${e.opponent >= 0 ? id(e.opponent) : "-"}${e.colour ?? "-"}${e.code}`).join(" ");
        if (a !== b && problems.length < 5) problems.push(`seed ${line.seed}, ${id(i)}: table\n  ours    ${a}\n  fixture ${b}`);
      });
    }
    expect(problems.slice(0, 3)).toEqual([]);
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
