import { describe, expect, it } from "vitest";
import { playableGames, recordResults, simulatedPlayers, startTournament } from "@/engine/formats";
import { gameKeyWords, jointChampionsWhy, roundSummary } from "./tournament-view";

describe("gameKeyWords", () => {
  it("names a group's game and a league phase's game in words", () => {
    expect(gameKeyWords("r2-g15-3")).toBe("round 2, group 15, game 3");
    expect(gameKeyWords("r1-p4-2")).toBe("round 1, phase 4, game 2");
  });
  it("leaves anything else as it is", () => {
    expect(gameKeyWords("r2-x1-1")).toBe("r2-x1-1");
  });
});

describe("jointChampionsWhy", () => {
  it("says why a two-player group tied 1–1 gives joint champions", () => {
    let s = startTournament("groups", simulatedPlayers(2), {}, 1);
    // Each wins the game where they have the first move: one win and one loss each.
    s = recordResults(
      s,
      playableGames(s).map((g) => ({ gameId: g.id, result: { outcome: "1-0" as const, reason: "normal" } })),
    ).state;
    expect(s.status).toBe("finished");
    expect(s.champions).toHaveLength(2);
    expect(jointChampionsWhy(s)).toBe(
      "Both won 1 and lost 1 in the last round: level on points, wins and losses, which is every tiebreak group elimination has, so they share the title.",
    );
    expect(roundSummary(s, 1)?.championsWhy).toBe(jointChampionsWhy(s));
  });

  it("says nothing for a single champion", () => {
    let s = startTournament("groups", simulatedPlayers(2), {}, 1);
    s = recordResults(
      s,
      playableGames(s).map((g) => ({ gameId: g.id, result: { outcome: g.side1 === "p1" ? ("1-0" as const) : ("0-1" as const), reason: "normal" } })),
    ).state;
    expect(s.champions).toEqual(["p1"]);
    expect(jointChampionsWhy(s)).toBeNull();
  });
});
