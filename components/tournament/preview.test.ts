import { describe, expect, it } from "vitest";
import { buildPreview, problemsFor, SIMULATE_MAX } from "./preview";

describe("buildPreview", () => {
  it("returns the engine's problems and nothing else for invalid settings", () => {
    const p = buildPreview("groups", { groupSize: 1 }, 3);
    expect(p.problems.map((x) => x.field)).toContain("groupSize");
    expect(p.firstRound).toBeNull();
    expect(problemsFor(p.problems, "groupSize")).toHaveLength(1);
  });
  it("plans and simulates a league", () => {
    const p = buildPreview("league", {}, 5);
    expect(p.firstRound).toEqual({ kind: "league", phases: 10, gamesPerPhase: 2, games: 20, byesPerPlayer: 2, gamesPerPlayer: 8 });
    expect(p.simulation).toMatchObject({ rounds: 1, steps: 10, gamesPerPlayer: { min: 8, max: 8, mean: 8 }, games: 20 });
  });
  it("gives group sizes for group elimination", () => {
    const p = buildPreview("groups", {}, 13);
    expect(p.firstRound).toMatchObject({
      kind: "groups",
      groupCount: 4,
      sizes: [
        { size: 4, count: 2 },
        { size: 3, count: 1 },
        { size: 2, count: 1 },
      ],
    });
    expect(p.simulation?.rounds).toBeGreaterThan(1);
  });
  it("plans only round 1 above the simulation cap", () => {
    const p = buildPreview("diagonal", {}, SIMULATE_MAX + 1);
    expect(p.simulation).toBeNull();
    expect(p.firstRound).toMatchObject({ kind: "diagonal", opponents: 4 });
    expect(p.note).toMatch(/round 1/);
  });
  it("lists the staged round-1 groups", () => {
    const p = buildPreview("staged", {}, 26);
    expect(p.firstRound).toEqual({
      kind: "staged",
      groups: [
        { name: "Blue", size: 7 },
        { name: "Yellow", size: 7 },
        { name: "Red", size: 6 },
        { name: "Green", size: 6 },
      ],
    });
  });
});

describe("stagedPathText", () => {
  it("says what the staged path does for the player count", async () => {
    const { stagedPathText } = await import("./preview");
    expect(stagedPathText(16)).toMatch(/^round 1 plays 4 groups of 4 /);
    expect(stagedPathText(30)).toMatch(/^round 1 plays 4 groups of 8, 8, 7, 7 /);
    expect(stagedPathText(12)).toBe("the staged championship needs 16 to 32 players.");
  });
});
