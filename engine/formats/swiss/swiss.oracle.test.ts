// Tournaments played as Moot plays them, through the Swiss format itself (start,
// results, withdrawals, late entries): every round pairs exactly as bbpPairings
// paired the same tournament from our TRF export, round by round (late entries,
// withdrawals, forfeits), and the format's table is the fixture's, so its TRF
// export is the one bbpPairings' checker passed. scripts/swiss-fixtures.ts made the
// fixtures; they are committed, so this test runs without bbpPairings.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gamesOf, groupsOf } from "../core";
import type { FormatResult } from "../types";
import type { Colour } from "./history";
import { addSwissPlayer, recordSwissResults, startSwiss, swissTable, withdrawSwiss, type SwissState } from "./swiss";
import { parseTable } from "./trf-table";

interface PlayedLine {
  seed: number;
  rounds: number;
  initialColour: Colour;
  table: string[];
  ratings: number[];
  entered: number[];
  withdrew: number[];
}

const lines = gunzipSync(readFileSync(path.join(import.meta.dirname, "fixtures", "bbp-played.jsonl.gz")))
  .toString("utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as PlayedLine);

const resultOf = (code: string): FormatResult => {
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
  it("covers small and large fields, late entries, withdrawals and forfeits", () => {
    expect(lines.length).toBeGreaterThanOrEqual(100);
    const sizes = lines.map((l) => l.table.length);
    expect(Math.min(...sizes)).toBeLessThanOrEqual(12);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(150);
    expect(lines.filter((l) => l.entered.some((r) => r > 1)).length).toBeGreaterThan(20);
    expect(lines.filter((l) => l.withdrew.some((r) => r > 0)).length).toBeGreaterThan(20);
    expect(lines.some((l) => l.table.some((row) => row.includes("+")))).toBe(true);
  });

  it("pairs every round as bbpPairings did, with late entries and withdrawals, and keeps the same table", () => {
    const problems: string[] = [];
    for (const line of lines) {
      const table = parseTable(line);
      const id = (i: number) => `p${i + 1}`;
      const entered = line.entered;
      const withdrew = line.withdrew;
      const joins = (i: number) => !(withdrew[i]! > 0 && withdrew[i]! < entered[i]!);
      const initial = table.players.map((_, i) => i).filter((i) => entered[i] === 1);
      let state = startSwiss(
        initial.map((i) => ({ id: id(i), rating: line.ratings[i]! })),
        // The fixtures have entries up to the last round.
        { rounds: line.rounds, lateEntries: "last" },
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
          if (entered[i] === round + 1 && joins(i)) state = addSwissPlayer(state, { id: id(i), rating: line.ratings[i]! });
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
