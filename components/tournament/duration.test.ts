import { describe, expect, it } from "vitest";
import { gamesOf, groupsOf, simulate, simulatedPlayers } from "@/engine/formats";
import { estimateDurationMs, formatDuration, isCorrespondence, sequentialSteps, typicalGameMs } from "./duration";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("typicalGameMs", () => {
  it("takes half the main time plus 20 increments for correspondence", () => {
    expect(isCorrespondence({ initialMs: 3 * DAY, incrementMs: 6 * HOUR })).toBe(true);
    expect(typicalGameMs({ initialMs: 3 * DAY, incrementMs: 6 * HOUR })).toBe(1.5 * DAY + 120 * HOUR);
  });
  it("takes the main time plus 60 increments for live play", () => {
    expect(isCorrespondence({ initialMs: 10 * MIN, incrementMs: 5000 })).toBe(false);
    expect(typicalGameMs({ initialMs: 10 * MIN, incrementMs: 5000 })).toBe(15 * MIN);
  });
});

describe("sequentialSteps", () => {
  it("counts league phases one after another", () => {
    expect(sequentialSteps(simulate({ format: "league", players: simulatedPlayers(5), seed: 1 }))).toBe(10);
  });
  it("counts one step per group round", () => {
    const state = simulate({ format: "groups", players: simulatedPlayers(13), seed: "demo-8" });
    expect(sequentialSteps(state)).toBe(state.rounds.length);
  });
  it("adds a step per knockout replay", () => {
    // Seed "demo-3" replays drawn knockout games (see the demo page).
    const state = simulate({ format: "staged", players: simulatedPlayers(28), seed: "demo-3" });
    const replays = state.rounds.map((r) => Math.max(0, ...groupsOf(r).map((g) => gamesOf(g).filter((x) => x.replayOf).length)));
    expect(replays.some((n) => n > 0)).toBe(true);
    expect(sequentialSteps(state)).toBe(5 + replays.reduce((a, b) => a + b, 0));
  });
});

describe("formatDuration", () => {
  it("rounds coarsely and picks a unit", () => {
    expect(formatDuration(15 * MIN)).toBe("about 15 minutes");
    expect(formatDuration(90 * MIN)).toBe("about 1.5 hours");
    expect(formatDuration(6.5 * DAY)).toBe("about 6.5 days");
    expect(formatDuration(estimateDurationMs(7, { initialMs: 3 * DAY, incrementMs: 6 * HOUR }))).toBe("about 6.5 weeks");
    expect(formatDuration(200 * DAY)).toBe("about 6.5 months");
    expect(formatDuration(DAY)).toBe("about 1 day");
  });
});
