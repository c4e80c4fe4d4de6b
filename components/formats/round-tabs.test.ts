import { describe, expect, it } from "vitest";
import { simulate, simulatedPlayers, standings, startTournament } from "@/engine/formats";
import { standingColumns } from "@/components/tournament/columns";
import { roundTabs } from "./pages";
import { currentTabIndex } from "./round-tabs";

describe("roundTabs", () => {
  it("gives the staged championship its four stages, later ones empty", () => {
    const tabs = roundTabs(startTournament("staged", simulatedPlayers(16), {}, 1));
    expect(tabs.map((t) => [t.label, t.upcoming])).toEqual([
      ["Round 1", false],
      ["Round 2", true],
      ["Round 3", true],
      ["Knockout", true],
    ]);
    expect(tabs[1]?.emptyText).toBe("Round 2 starts when round 1 is complete.");
    expect(tabs[3]?.emptyText).toBe("The semi-finals start when round 3 is complete.");
    expect(currentTabIndex(tabs)).toBe(0);
  });
  it("adds an empty next round while group elimination is in play", () => {
    const tabs = roundTabs(startTournament("groups", simulatedPlayers(13), {}, 1));
    expect(tabs.map((t) => t.label)).toEqual(["Round 1", "Round 2"]);
    expect(tabs[1]?.upcoming).toBe(true);
  });
  it("has one tab per round once finished, and one for the league", () => {
    const state = simulate({ format: "groups", players: simulatedPlayers(13), seed: "demo-8" });
    expect(roundTabs(state)).toHaveLength(state.rounds.length);
    expect(currentTabIndex(roundTabs(state))).toBe(state.rounds.length - 1);
    expect(roundTabs(simulate({ format: "league", players: simulatedPlayers(6), seed: 1 })).map((t) => t.label)).toEqual(["League"]);
  });
});

describe("standingColumns", () => {
  it("keeps the engine's tiebreak order and hides values the status already tells", () => {
    const league = simulate({ format: "league", players: simulatedPlayers(5), seed: 1 });
    expect(standingColumns("league", standings(league), true).map((c) => c.label)).toEqual(["Pts", "W", "W as black", "P", "D", "L"]);
    const groups = simulate({ format: "groups", players: simulatedPlayers(13), seed: 1 });
    expect(standingColumns("groups", standings(groups), true).map((c) => c.key)).toEqual(["round", "percent", "wins"]);
  });
});
