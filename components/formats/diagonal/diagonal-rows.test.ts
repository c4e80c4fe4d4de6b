import { describe, expect, it } from "vitest";
import { simulate, simulatedPlayers, startTournament } from "@/engine/formats";
import { diagonalRows } from "./diagonal-rows";
import { opponentMatrix } from "./diagonal-matrix";

describe("diagonalRows", () => {
  it("lists the documented 24-player, 4-opponent circle before any result", () => {
    const rows = diagonalRows(startTournament("diagonal", simulatedPlayers(24), {}, 1), 1);
    expect(rows).toHaveLength(24);
    // Places in the circle are counted from 1, as the page shows them.
    expect(rows.map((r) => r.position)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    // Player 0 meets 5, 10, 14, 19 (rule book), at offsets 5 and 10.
    expect(rows[0]?.opponents.map((o) => [o.opponent, o.offset])).toEqual([
      ["p6", 5],
      ["p11", 10],
      ["p15", 10],
      ["p20", 5],
    ]);
    expect(rows.every((r) => r.fate === "playing" && r.countedLosses === 0)).toBe(true);
  });

  it("carries losses over and marks who went out and the champion", () => {
    const state = simulate({ format: "diagonal", players: simulatedPlayers(24), seed: "demo" });
    const last = state.rounds.length;
    for (let r = 1; r <= last; r++) {
      const rows = diagonalRows(state, r);
      const round = state.rounds[r - 1]!;
      expect(rows.filter((x) => x.fate === "out" || x.fate === "champion").length).toBe(round.eliminated?.length ?? 0);
      for (const row of rows) if (row.fate === "out") expect(row.countedLosses).toBeGreaterThanOrEqual(2);
    }
    expect(diagonalRows(state, last).find((x) => x.fate === "champion")?.player).toBe(state.champions[0]);
    // Counted losses never drop from one round to the next with carry-over.
    const r1 = new Map(diagonalRows(state, 1).map((x) => [x.player, x.countedLosses]));
    for (const row of diagonalRows(state, 2)) expect(row.countedLosses).toBeGreaterThanOrEqual(r1.get(row.player) ?? 0);
  });
});

describe("opponentMatrix", () => {
  it("draws the documented 12-player, 2-opponent pattern: x at i ± 4, symmetric", () => {
    const rows = diagonalRows(startTournament("diagonal", simulatedPlayers(12), { firstRoundOpponents: 2 }, 1), 1);
    const m = opponentMatrix(rows);
    const xs = (i: number) => m[i]!.flatMap((c, j) => (c ? [j] : []));
    // Rule book: player 0 meets 4 and 8; player 5 meets 1 and 9.
    expect(xs(0)).toEqual([4, 8]);
    expect(xs(5)).toEqual([1, 9]);
    for (let i = 0; i < 12; i++) for (let j = 0; j < 12; j++) expect(!!m[i]![j]).toBe(!!m[j]![i]);
    expect(m.every((row, i) => row[i] === null)).toBe(true);
  });
});
