import { describe, expect, it } from "vitest";
import { correctResult, playableGames, recordResult, standings, startTournament } from "./index";

const players = ["a", "b", "c", "d"].map((id, i) => ({ id, rating: 2000 - i * 100 }));

describe("correctResult", () => {
  it("changes a decided game of the running round and the standings follow", () => {
    let state = startTournament("league", players, {}, 7);
    const [first] = playableGames(state);
    state = recordResult(state, first!.id, { outcome: "1-0", reason: "normal" }).state;
    const before = standings(state).find((r) => r.player === first!.side1)!;
    const corrected = correctResult(state, first!.id, { outcome: "0-1", reason: "organizer" });
    const after = standings(corrected).find((r) => r.player === first!.side1)!;
    expect(before.values.points).toBe(3);
    expect(after.values.points).toBe(0);
    // The input state is untouched (pure).
    expect(standings(state).find((r) => r.player === first!.side1)!.values.points).toBe(3);
    expect(JSON.parse(JSON.stringify(corrected))).toEqual(corrected);
  });

  it("refuses games without a result, unknown games and games of completed rounds", () => {
    let state = startTournament("groups", players.slice(0, 3), { groupSize: 3 }, 1);
    const games = playableGames(state);
    expect(() => correctResult(state, games[0]!.id, { outcome: "draw", reason: "organizer" })).toThrow(/no result yet/);
    expect(() => correctResult(state, "r9-g1-1", { outcome: "draw", reason: "organizer" })).toThrow(/not in the current round/);
    for (const g of games) state = recordResult(state, g.id, { outcome: "1-0", reason: "normal" }).state;
    if (state.status === "playing") {
      expect(() => correctResult(state, games[0]!.id, { outcome: "draw", reason: "organizer" })).toThrow(/not in the current round/);
    } else {
      expect(() => correctResult(state, games[0]!.id, { outcome: "draw", reason: "organizer" })).toThrow(/finished/);
    }
  });
});
