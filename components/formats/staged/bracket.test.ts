import { describe, expect, it } from "vitest";
import { simulate, simulatedPlayers, startTournament } from "@/engine/formats";
import { knockoutWinner, stagedBracket } from "./bracket";

describe("stagedBracket", () => {
  it("shows where players will come from before the knockout is planned", () => {
    const b = stagedBracket(startTournament("staged", simulatedPlayers(16), {}, 1));
    expect(b.semis.map((m) => m.slots.map((s) => s.source))).toEqual([
      ["I #1", "II #2"],
      ["II #1", "I #2"],
    ]);
    expect(b.final.status).toBe("waiting");
    expect(b.final.slots[0].player).toBeNull();
    expect(b.third.slots[1].source).toBe("Loser of semi-final 2");
  });

  it("lays out a finished knockout: semi winners in the final, losers in the third-place game, replays kept", () => {
    const state = simulate({ format: "staged", players: simulatedPlayers(28), seed: "demo-3" });
    const b = stagedBracket(state);
    const semiWinners = b.semis.map((m) => m.winner);
    const semiLosers = b.semis.map((m) => m.slots.find((s) => !s.winner)?.player);
    expect(b.semis.every((m) => m.status === "decided")).toBe(true);
    expect(new Set(b.final.slots.map((s) => s.player))).toEqual(new Set(semiWinners));
    expect(new Set(b.third.slots.map((s) => s.player))).toEqual(new Set(semiLosers));
    expect(b.final.winner).toBe(state.champions[0]);
    const all = [...b.semis, b.final, b.third];
    expect(all.some((m) => m.games.some((g) => g.replayOf))).toBe(true);
    for (const m of all) expect(m.slots.filter((s) => s.winner)).toHaveLength(1);
  });
});

describe("knockoutWinner", () => {
  it("skips draws and void games, and gives a walkover to a lone player", () => {
    const draw = { id: "r4-g1-1", side1: "a", side2: "b", result: { outcome: "draw" as const, reason: "normal" as const } };
    const win = { id: "r4-g1-2", side1: "b", side2: "a", replayOf: "r4-g1-1", result: { outcome: "1-0" as const, reason: "normal" as const } };
    expect(knockoutWinner(["a", "b"], [draw])).toBeNull();
    expect(knockoutWinner(["a", "b"], [draw, win])).toBe("b");
    expect(knockoutWinner(["a"], [])).toBe("a");
  });
});
