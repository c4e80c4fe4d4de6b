import { describe, expect, it } from "vitest";
import { groupsOf, type GameWithId } from "@/engine/formats";
import { crossTable, gamesPerCell } from "./cross-table";

const game = (id: string, side1: string, side2: string, extra: Partial<GameWithId> = {}): GameWithId => ({ id, side1, side2, ...extra });

describe("crossTable", () => {
  it("puts both games of a pair in both cells, from each row player's side", () => {
    const t = crossTable(
      ["a", "b"],
      [
        game("r1-g1-1", "a", "b", { result: { outcome: "1-0", reason: "normal", margin: 3 } }),
        game("r1-g1-2", "b", "a", { result: { outcome: "draw", reason: "normal" } }),
      ],
    );
    expect(t.cells[0]?.[1]).toEqual([
      { id: "r1-g1-1", side: 1, outcome: "win", void: false, replay: false, margin: 3, reason: "normal" },
      { id: "r1-g1-2", side: 2, outcome: "draw", void: false, replay: false, reason: "normal" },
    ]);
    expect(t.cells[1]?.[0]?.map((g) => [g.side, g.outcome])).toEqual([
      [2, "loss"],
      [1, "draw"],
    ]);
    expect(t.cells[0]?.[0]).toEqual([]);
    expect(t.points).toEqual([1.5, 0.5]);
    expect(t.played).toEqual([2, 2]);
    expect(gamesPerCell(t)).toBe(2);
  });

  it("shows unplayed and void games without counting them, and marks replays", () => {
    const t = crossTable(
      ["a", "b", "c"],
      [
        game("r1-g1-1", "a", "b"),
        game("r1-g1-2", "a", "c", { void: true, result: { outcome: "1-0", reason: "normal" } }),
        game("r4-g1-2", "c", "b", { replayOf: "r4-g1-1", result: { outcome: "0-1", reason: "time" } }),
      ],
    );
    expect(t.cells[0]?.[1]?.[0]?.outcome).toBeNull();
    expect(t.cells[0]?.[2]?.[0]).toMatchObject({ void: true, outcome: null });
    expect(t.cells[2]?.[1]?.[0]).toMatchObject({ replay: true, outcome: "loss", reason: "time", side: 1 });
    expect(t.points).toEqual([0, 1, 0]);
    expect(t.played).toEqual([0, 1, 1]);
  });

  it("ignores games of players outside the group", () => {
    const t = crossTable(["a"], [game("x", "a", "z", { result: { outcome: "1-0", reason: "normal" } })]);
    expect(t.points).toEqual([0]);
  });
});

describe("a group table adds up", () => {
  it("shows in every cell the points the format scores, so the cells sum to the Score column", async () => {
    const { simulate, simulatedPlayers, roundStandings } = await import("@/engine/formats");
    const { gamesByContainer } = await import("./model");
    const { formatPoints } = await import("@/components/formats/pages");
    for (const [format, n] of [
      ["groups", 13],
      ["staged", 20],
    ] as const) {
      const state = simulate({ format, players: simulatedPlayers(n), settings: format === "groups" ? { gamesPerPair: 2 } : undefined, seed: "sum" });
      const points = formatPoints(state);
      state.rounds.slice(0, 3).forEach((round, ri) => {
        const byGroup = gamesByContainer(state, ri + 1).groups;
        const standing = roundStandings(state, ri + 1);
        groupsOf(round).forEach((group, gi) => {
          const table = crossTable(group.players, byGroup[gi] ?? []);
          group.players.forEach((p, r) => {
            const cells = (table.cells[r] ?? []).flat().reduce((sum, g) => sum + (g.outcome ? points[g.outcome] : 0), 0);
            const score = standing[gi]!.rows.find((row) => row.player === p)?.values.score;
            if (score !== undefined) expect(cells).toBe(score);
          });
        });
      });
    }
  });
});
