// The Swiss on the site: its round panel's boards, its preview figures and the TRF
// file the tournament page offers.
import { describe, expect, it } from "vitest";
import { playableGames, recordResults, simulatedPlayers, startTournament, type TournamentState } from "@/engine/formats";
import { tournamentCsv } from "@/components/tournament/csv";
import { formatFiles } from "../pages";
import { swissRound } from "./boards";
import { swissPage } from "./page";

const nine = (): TournamentState<"swiss"> => startTournament("swiss", simulatedPlayers(9), { rounds: 4 }, "page");

describe("the Swiss on the site", () => {
  it("draws round 1 as boards, top half against bottom half, and the bye", () => {
    const round = swissRound(nine(), 1)!;
    expect(round.total).toBe(4);
    expect(round.boards.map((b) => [b.game.side1, b.game.side2].sort())).toEqual([
      ["p1", "p5"],
      ["p2", "p6"],
      ["p3", "p7"],
      ["p4", "p8"],
    ]);
    expect(round.bye).toBe("p9");
    expect(swissPage.preview.plan(nine())).toMatchObject([
      { label: "Round 1 boards", value: "4" },
      { label: "Rounds", value: "4" },
    ]);
  });

  it("offers the completed rounds as a TRF file named after the players", () => {
    let state = nine();
    state = recordResults(
      state,
      playableGames(state).map((g) => ({ gameId: g.id, result: { outcome: "1-0", reason: "normal" } as const })),
    ).state as TournamentState<"swiss">;
    const [trf] = formatFiles("swiss");
    expect(trf?.kind).toBe("trf");
    const text = trf!.write(state, "Nine", (id) => `Player ${id}`);
    expect(text.split("\n").filter((l) => l.startsWith("001"))).toHaveLength(9);
    expect(text).toContain("Player p9");
    expect(text).toContain("0000 - U");
    expect(formatFiles("league")).toEqual([]);
  });

  it("exports its standings and results as CSV with the tie-break columns", () => {
    let state = nine();
    state = recordResults(
      state,
      playableGames(state).map((g) => ({ gameId: g.id, result: { outcome: "1-0", reason: "normal" } as const })),
    ).state as TournamentState<"swiss">;
    const names = Object.fromEntries(state.players.map((p) => [p.id, { username: `Player ${p.id}` }]));
    const standings = tournamentCsv("standings", state, names).split("\n");
    expect(standings[0]).toMatch(/Buchholz cut 1.*Buchholz.*Sonneborn-Berger.*Direct encounter/);
    expect(standings).toHaveLength(10 + (standings.at(-1) === "" ? 1 : 0));
    expect(tournamentCsv("results", state, names)).toContain("Player p1");
  });
});
