import { describe, expect, it } from "vitest";
import { gamesOf, groupsOf, simulate, simulatedPlayers, standings } from "@/engine/formats";
import { crossTablesCsv, csvField, resultsCsv, standingsCsv } from "./csv";

const state = simulate({ format: "groups", players: simulatedPlayers(9), settings: { groupSize: 3 }, seed: "csv" });
const names = Object.fromEntries(state.players.map((p, i) => [p.id, { username: `Name${i + 1}` }]));

describe("tournament CSV", () => {
  it("quotes what needs quoting and neutralises formulas", () => {
    expect(csvField('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvField("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvField(-3)).toBe("-3");
  });

  it("standings: one line per row, in order, with the engine's reasons", () => {
    const lines = standingsCsv(state, names).trim().split("\r\n");
    const rows = standings(state);
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines[0]).toMatch(/^Rank,Player,.*,Status,Why above the next$/);
    expect(lines[1]).toContain(`,${names[rows[0]!.player]!.username},`);
    expect(lines[1]).toContain(",champion,");
  });

  it("staged standings: the stage each of the top eight reached (final, third place, round 3)", () => {
    const staged = simulate({ format: "staged", players: simulatedPlayers(28), seed: "demo-3" });
    const stagedNames = Object.fromEntries(staged.players.map((p, i) => [p.id, { username: `Name${i + 1}` }]));
    const lines = standingsCsv(staged, stagedNames).trim().split("\r\n");
    const reachedAt = lines[0]!.split(",").indexOf("Last round reached");
    expect(reachedAt).toBeGreaterThan(1);
    const reached = lines.slice(1, 9).map((line) => line.split(",")[reachedAt]);
    expect(reached).toEqual(["Final", "Final", "Third place", "Third place", "Round 3", "Round 3", "Round 3", "Round 3"]);
  });

  it("cross-tables: every row's cells add up to its score", () => {
    const lines = crossTablesCsv(state, names)
      .trim()
      .split("\r\n")
      .map((l) => l.split(","));
    let checked = 0;
    for (const cells of lines) {
      if (!/^\d+$/.test(cells[0] ?? "")) continue;
      const inner = cells
        .slice(2, -1)
        .flatMap((c) => c.split(" / "))
        .map(Number)
        .filter((n) => !Number.isNaN(n));
      expect(inner.reduce((a, b) => a + b, 0)).toBe(Number(cells.at(-1)));
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(9);
  });

  it("results: every game once, with names instead of ids", () => {
    const csv = resultsCsv(state, names);
    const games = state.rounds.reduce((n, r) => n + groupsOf(r).reduce((m, g) => m + gamesOf(g).length, 0), 0);
    expect(csv.trim().split("\r\n")).toHaveLength(games + 1);
    expect(csv.split("\r\n")[0]).toBe("Round,Group or phase,Game,attacker,defender,Result,Score,How it ended,Margin,Game page");
    for (const p of state.players) expect(csv.split(/[,\r\n]/)).not.toContain(p.id);
    // Rounds, groups and games in words, never the engine's game keys ("r1-g2-3").
    const rows = csv
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(","));
    expect(csv).not.toMatch(/\br\d+-[gp]\d+-\d+\b/);
    expect(rows[0]!.slice(0, 3)).toEqual(["Round 1", "Group 1", "game 1"]);
  });
});
