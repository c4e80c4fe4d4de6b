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
    expect(p.firstRound).toEqual([
      { label: "Phases", value: "10", hint: "2 games per phase", testId: "preview-phases" },
      { label: "Games in total", value: "20", hint: "2 byes per player" },
    ]);
    expect(p.simulation).toMatchObject({ rounds: 1, steps: 10, gamesPerPlayer: { min: 8, max: 8, mean: 8 }, games: 20 });
  });
  it("gives group sizes for group elimination", () => {
    const p = buildPreview("groups", {}, 13);
    expect(p.firstRound?.[0]).toEqual({ label: "Round 1 groups", value: "4", hint: "2 × 4, 1 × 3, 1 × 2 players", testId: "preview-groups" });
    expect(p.simulation?.rounds).toBeGreaterThan(1);
  });
  it("plans only round 1 above the simulation cap", () => {
    const p = buildPreview("diagonal", {}, SIMULATE_MAX + 1);
    expect(p.simulation).toBeNull();
    expect(p.firstRound?.[0]).toMatchObject({ label: "Round 1 opponents each", value: "4" });
    expect(p.note).toMatch(/round 1/);
  });
  it("lists the staged round-1 groups", () => {
    const p = buildPreview("staged", {}, 26);
    expect(p.firstRound).toEqual([{ label: "Round 1 groups", value: "7 · 7 · 6 · 6", hint: "Blue · Yellow · Red · Green", testId: "preview-groups" }]);
  });
});
