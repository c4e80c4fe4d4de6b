import { describe, expect, it } from "vitest";
import { sideBalance, scorePercent, tournamentSideBalance } from "./side-balance";
import { recordResults, startTournament } from "./registry";
import { DRAW, players, WIN1, WIN2 } from "./testing";
import { gamesOf, groupsOf } from "./core";

describe("side balance", () => {
  it("counts wins, draws and losses per side and per player, leaving out void and unplayed games", () => {
    const b = sideBalance([
      { side1: "a", side2: "b", result: WIN1 },
      { side1: "b", side2: "a", result: WIN1 },
      { side1: "a", side2: "c", result: DRAW },
      { side1: "c", side2: "b", result: WIN2 },
      { side1: "c", side2: "a", result: WIN1, void: true },
      { side1: "b", side2: "c" },
    ]);
    expect(b.games).toBe(4);
    expect(b.sides).toEqual([
      { wins: 2, draws: 1, losses: 1 },
      { wins: 1, draws: 1, losses: 2 },
    ]);
    expect(b.players.get("a")).toEqual([
      { wins: 1, draws: 1, losses: 0 },
      { wins: 0, draws: 0, losses: 1 },
    ]);
    expect(b.players.get("b")).toEqual([
      { wins: 1, draws: 0, losses: 0 },
      { wins: 1, draws: 0, losses: 1 },
    ]);
    expect(scorePercent(b.sides[0])).toBe(62.5);
    expect(scorePercent({ wins: 0, draws: 0, losses: 0 })).toBeNull();
  });

  it("reads every round of a tournament", () => {
    let s = startTournament("groups", players(3), {}, 1);
    const games = gamesOf(groupsOf(s.rounds[0]!)[0]!);
    s = recordResults(
      s,
      games.map((_, i) => ({ gameId: `r1-g1-${i + 1}`, result: i % 2 === 0 ? WIN1 : WIN2 })),
    ).state;
    const b = tournamentSideBalance(s);
    expect(b.games).toBeGreaterThanOrEqual(6);
    expect(b.sides[0].wins + b.sides[1].wins + b.sides[0].draws).toBe(b.games);
  });
});
