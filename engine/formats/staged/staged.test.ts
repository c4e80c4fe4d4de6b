import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Prng } from "../../prng";
import { ROUND2_GROUPINGS, ROUND3_GROUPINGS, round1PlayerA, snakeGroup } from "./staged";
import { rankGroup } from "./staged-ranking";
import {
  chooseRole,
  findGame,
  playableGames,
  recordResult,
  recordResults,
  roundStandings,
  standings,
  startTournament,
  validateSettings,
  withdraw,
} from "../registry";
import { simulate, simulatedPlayers } from "../simulate";
import { DRAW, WIN1, WIN2, checkGameIds, favouriteWins, jsonRoundTrip, playOut, players } from "../testing";
import type { AuditEntry, Game, FormatResult, TournamentState } from "../types";
import { gamesOf, groupsOf } from "../core";

describe("round 1: snake seeding and roles", () => {
  it("deals seeds 1..28 as the rule book's table", () => {
    const table: Record<string, number[]> = {
      Blue: [1, 8, 9, 16, 17, 24, 25],
      Yellow: [2, 7, 10, 15, 18, 23, 26],
      Red: [3, 6, 11, 14, 19, 22, 27],
      Green: [4, 5, 12, 13, 20, 21, 28],
    };
    const s = startTournament("staged", players(28), {}, 1);
    for (const g of groupsOf(s.rounds[0]!)) expect(g.players).toEqual(table[g.name]!.map((n) => `p${n}`));
    expect(Object.values(table).flat().map(snakeGroup)).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3]);
  });

  it("gives roles by the parity table for a group of 7", () => {
    const table: Array<[number[], number[]]> = [
      [
        [3, 5, 7],
        [2, 4, 6],
      ],
      [
        [1, 4, 6],
        [3, 5, 7],
      ],
      [
        [2, 5, 7],
        [1, 4, 6],
      ],
      [
        [1, 3, 6],
        [2, 5, 7],
      ],
      [
        [2, 4, 7],
        [1, 3, 6],
      ],
      [
        [1, 3, 5],
        [2, 4, 7],
      ],
      [
        [2, 4, 6],
        [1, 3, 5],
      ],
    ];
    const s = startTournament("staged", players(28), {}, 1);
    const blue = groupsOf(s.rounds[0]!)[0]!;
    const seedOf = (id: string) => blue.players.indexOf(id) + 1;
    table.forEach(([asA, asB], i) => {
      const seed = i + 1;
      const id = blue.players[i] as string;
      const aGames = gamesOf(blue)
        .filter((g) => g.side1 === id)
        .map((g) => seedOf(g.side2))
        .sort();
      const bGames = gamesOf(blue)
        .filter((g) => g.side2 === id)
        .map((g) => seedOf(g.side1))
        .sort();
      expect([seed, aGames, bGames]).toEqual([seed, asA, asB]);
      for (const o of asA) expect(round1PlayerA(Math.min(seed, o), Math.max(seed, o))).toBe(seed);
    });
    expect(gamesOf(blue).every((g) => g.chooser === undefined)).toBe(true);
  });

  it("fewer than 28: the same snake order, group sizes differ by at most one", () => {
    for (let n = 16; n <= 32; n++) {
      const sizes = groupsOf(startTournament("staged", players(n), {}, 1).rounds[0]!).map((g) => g.players.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(sizes.reduce((a, b) => a + b)).toBe(n);
    }
  });

  it("Decision: 16 to 32 players", () => {
    expect(validateSettings("staged", {}, 15)[0]?.message).toBe("the staged championship needs at least 16 players (got 15)");
    expect(validateSettings("staged", {}, 33)[0]?.message).toBe("the staged championship takes at most 32 players (got 33)");
    expect(validateSettings("staged", {}, 28)).toEqual([]);
  });
});

const RULE_BOOK_ROUND2 = `
1. (B1,Y2,R3,G4) (B2,Y3,R4,G1) (B3,Y4,R1,G2) (B4,Y1,R2,G3)
2. (B1,Y2,R4,G3) (B2,Y4,R3,G1) (B3,Y1,R2,G4) (B4,Y3,R1,G2)
3. (B1,Y3,R2,G4) (B2,Y4,R1,G3) (B3,Y1,R4,G2) (B4,Y2,R3,G1)
4. (B1,Y3,R4,G2) (B2,Y1,R3,G4) (B3,Y4,R2,G1) (B4,Y2,R1,G3)
5. (B1,Y4,R2,G3) (B2,Y3,R1,G4) (B3,Y2,R4,G1) (B4,Y1,R3,G2)
6. (B1,Y4,R3,G2) (B2,Y1,R4,G3) (B3,Y2,R1,G4) (B4,Y3,R2,G1)`;
const RULE_BOOK_ROUND3 = `
1. (T1, E1, B2, S2) & (B1, S1, T2, E2)
2. (T1, B1, E2, S2) & (E1, S1, T2, B2)
3. (T1, S1, B2, E2) & (B1, E1, T2, S2)`;
const parseGroupings = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((line) => [...line.matchAll(/\(([^)]*)\)/g)].map((m) => (m[1] as string).split(",").map((x) => x.trim())));

describe("groupings", () => {
  it("are the rule book's six and three groupings", () => {
    expect(ROUND2_GROUPINGS).toEqual(parseGroupings(RULE_BOOK_ROUND2));
    expect(ROUND3_GROUPINGS).toEqual(parseGroupings(RULE_BOOK_ROUND3));
  });
  it("round 2: each group a #1, #2, #3 and #4 from different round-1 groups; round 3: no round-2 pairing repeats", () => {
    for (const grouping of ROUND2_GROUPINGS) {
      for (const g of grouping) {
        expect(new Set(g.map((c) => c[0])).size).toBe(4);
        expect(g.map((c) => c[1]).sort()).toEqual(["1", "2", "3", "4"]);
      }
      expect(new Set(grouping.flat()).size).toBe(16);
    }
    for (const grouping of ROUND3_GROUPINGS) {
      for (const g of grouping) {
        expect(new Set(g.map((c) => c[0])).size).toBe(4);
        expect(g.map((c) => c[1]).sort()).toEqual(["1", "1", "2", "2"]);
      }
    }
  });

  it("the drawn grouping is applied and recorded; seeds follow round-1 ranks", () => {
    let s = startTournament("staged", players(28), {}, 7);
    s = recordResults(
      s,
      playableGames(s).map((g) => ({ gameId: g.id, result: favouriteWins(g) })),
    ).state;
    const r1 = s.rounds[0]!;
    const r2 = s.rounds[1]!;
    const pick = r2.grouping!;
    expect(s.audit.find((a) => a.round === 2)?.decided).toBe(`grouping ${pick + 1} of 6`);
    const slot = (code: string) => groupsOf(r1)["BYRG".indexOf(code[0]!)]!.ranking![Number(code[1]) - 1];
    ROUND2_GROUPINGS[pick]!.forEach((codes, gi) => {
      const expected = codes
        .slice()
        .sort((a, b) => Number(a[1]) - Number(b[1]))
        .map(slot);
      expect(groupsOf(r2)[gi]!.players).toEqual(expected);
      expect(groupsOf(r2)[gi]!.name).toBe("TEBS"[gi]);
    });
    // From round 2 on the higher seed is A by default and may choose.
    for (const g of groupsOf(r2)) for (const game of gamesOf(g)) expect(game.chooser).toBe(game.side1);
  });
});

describe("ranking inside a group", () => {
  const game = (_n: string, side1: string, side2: string, result: FormatResult): Game => ({ side1, side2, result });
  const w = (margin: number): FormatResult => ({ outcome: "1-0", reason: "normal", margin });

  it("recomputes head-to-head among players still tied after a later step", () => {
    // All four on 1.5. Margins split b (+4) above {a, d} (0) above c (-4); then a and
    // d start again at step 2: d beat a, so d is above a despite a's higher rating.
    const games = [
      game("1", "a", "b", w(1)),
      game("2", "c", "d", w(1)),
      game("3", "a", "c", DRAW),
      game("4", "b", "d", DRAW),
      game("5", "d", "a", w(1)),
      game("6", "b", "c", w(5)),
    ];
    const ratings: Record<string, number> = { a: 2000, b: 1900, c: 1800, d: 1700 };
    const r = rankGroup({ players: ["a", "b", "c", "d"], games, step4: (id) => ratings[id]!, step4Label: "rating" });
    expect(r.order).toEqual(["b", "d", "a", "c"]);
    expect(r.whys[0]).toContain("point difference per game");
    expect(r.whys[1]).toBe("same score; more points in the games among a, d: 1 vs 0");
  });

  it("falls back to rating (round 1), then to a recorded random draw", () => {
    const games = [game("1", "a", "b", DRAW), game("2", "c", "a", DRAW), game("3", "b", "c", DRAW)];
    const r = rankGroup({ players: ["a", "b", "c"], games, step4: (id) => (id === "c" ? 1600 : 1500), step4Label: "rating" });
    expect(r.order[0]).toBe("c");
    expect(r.whys[0]).toContain("better rating: 1600 vs 1500");
    const audit: AuditEntry[] = [];
    const drawn = rankGroup({
      players: ["a", "b", "c"],
      games,
      step4: () => 0,
      step4Label: "rating",
      draw: { rng: Prng.fromSeed(1), audit, round: 1, group: "Blue" },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.decided).toBe(drawn.order.join(", "));
    expect(drawn.whys).toEqual(["tied on every criterion; placed by a random draw", "tied on every criterion; placed by a random draw"]);
  });
});

describe("knockouts", () => {
  const toSemis = () => {
    let s = startTournament("staged", players(16), {}, 1);
    while (s.rounds.length < 4)
      s = recordResults(
        s,
        playableGames(s).map((g) => ({ gameId: g.id, result: favouriteWins(g) })),
      ).state;
    return s;
  };

  it("semi-finals pair #1 of one round-3 group with #2 of the other; the #1 is the higher seed", () => {
    const s = toSemis();
    const r3 = s.rounds[2]!;
    const semis = s.rounds[3]!;
    expect(semis.name).toBe("Semi-finals");
    expect(groupsOf(semis).map((g) => g.players)).toEqual([
      [groupsOf(r3)[0]!.ranking![0], groupsOf(r3)[1]!.ranking![1]],
      [groupsOf(r3)[1]!.ranking![0], groupsOf(r3)[0]!.ranking![1]],
    ]);
    expect(groupsOf(semis)[0]!.games).toHaveLength(1);
    expect(gamesOf(groupsOf(semis)[0]!)[0]).toMatchObject({ side1: groupsOf(semis)[0]!.players[0], chooser: groupsOf(semis)[0]!.players[0] });
  });

  it("a drawn semi-final is replayed with roles swapped until decided", () => {
    let s = toSemis();
    const first = findGame(s, "r4-g1-1")!;
    const t = recordResult(s, first.id, DRAW);
    expect(t.events).toEqual([{ type: "game-added", round: 4, gameId: "r4-g1-2" }]);
    s = t.state;
    const replay = findGame(s, "r4-g1-2")!;
    expect(replay).toEqual({ id: "r4-g1-2", side1: first.side2, side2: first.side1, replayOf: first.id });
    s = recordResult(s, replay.id, DRAW).state;
    s = recordResult(s, "r4-g1-3", WIN2).state; // side 2 of the third game = side 2 of the first
    s = recordResult(s, "r4-g2-1", WIN1).state;
    expect(s.rounds).toHaveLength(5);
    expect(groupsOf(s.rounds[3]!)[0]!.ranking).toEqual([first.side2, first.side1]);
    const final = s.rounds[4]!;
    expect(groupsOf(final).map((g) => g.name)).toEqual(["Final", "Third place"]);
    s = playOut(s, (g) => (g.side1 === groupsOf(final)[0]!.players[0] ? WIN1 : WIN1));
    expect(s.champions).toEqual([groupsOf(final)[0]!.players[0]]);
    const rows = standings(s);
    expect(rows.slice(0, 4).map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    expect(rows[0]!.player).toBe(s.champions[0]);
    expect(rows[2]!.player).toBe(groupsOf(final)[1]!.players[0]);
  });

  it("the higher seed can choose role B before the game, once; nobody else can", () => {
    const s = toSemis();
    const g = findGame(s, "r4-g1-1")!;
    expect(() => chooseRole(s, g.id, g.side2, "A")).toThrow(/higher seed/);
    const swapped = chooseRole(s, g.id, g.side1, "B");
    expect(gamesOf(groupsOf(swapped.rounds[3]!)[0]!)[0]).toMatchObject({ side1: g.side2, side2: g.side1 });
    expect(gamesOf(groupsOf(swapped.rounds[3]!)[0]!)[0]!.chooser).toBeUndefined();
    // One choice: swapping back (and so flipping a reported result) is refused.
    expect(() => chooseRole(swapped, g.id, g.side1, "A")).toThrow(/fixed/);
    const played = recordResult(swapped, g.id, WIN1).state;
    expect(() => chooseRole(played, g.id, g.side1, "A")).toThrow(/already been played/);
    const r1 = startTournament("staged", players(16), {}, 1);
    expect(() => chooseRole(r1, "r1-g1-1", "p1", "B")).toThrow(/fixed/);
  });
});

describe("withdrawals", () => {
  it("during a round: all the player's games of the round are voided, played ones too", () => {
    let s = startTournament("staged", players(20), {}, 1);
    const p1Game = playableGames(s).find((g) => g.side1 === "p1" || g.side2 === "p1")!;
    s = recordResult(s, p1Game.id, p1Game.side1 === "p1" ? WIN1 : WIN2).state;
    s = withdraw(s, "p1").state;
    expect(
      gamesOf(groupsOf(s.rounds[0]!)[0]!)
        .filter((g) => g.side1 === "p1" || g.side2 === "p1")
        .every((g) => g.void),
    ).toBe(true);
    s = recordResults(
      s,
      playableGames(s).map((g) => ({ gameId: g.id, result: favouriteWins(g) })),
    ).state;
    expect(groupsOf(s.rounds[0]!)[0]!.ranking).not.toContain("p1");
    expect(s.rounds[1]!.seeds).not.toContain("p1");
    expect(s.rounds[1]!.seeds).toHaveLength(16);
  });

  it("before any round-1 result: the snake is dealt again without the player", () => {
    const s = startTournament("staged", players(20), {}, 1);
    const t = withdraw(s, "p2");
    expect(t.events).toEqual([{ type: "round-replanned", round: 1 }]);
    expect(groupsOf(t.state.rounds[0]!).map((g) => g.players[0])).toEqual(["p1", "p3", "p4", "p5"]);
    expect(t.state.rounds[0]!.seeds).toHaveLength(19);
  });

  it("between rounds: the round is planned again and everyone below moves up", () => {
    let s = startTournament("staged", players(20), {}, 1);
    s = recordResults(
      s,
      playableGames(s).map((g) => ({ gameId: g.id, result: favouriteWins(g) })),
    ).state;
    const before = s.rounds[1]!;
    const blueRanking = groupsOf(s.rounds[0]!)[0]!.ranking!;
    const t = withdraw(s, blueRanking[1]!);
    expect(t.events).toEqual([{ type: "round-replanned", round: 2 }]);
    const after = t.state.rounds[1]!;
    expect(after.grouping).toBe(before.grouping);
    expect(after.seeds).not.toContain(blueRanking[1]);
    expect(after.seeds).toContain(blueRanking[4]); // Blue's #5 moved up to #4
    expect(t.state.withdrawals).toEqual([{ player: blueRanking[1], round: 2, treatment: "removed" }]);
    expect(playOut(t.state, favouriteWins).status).toBe("finished");
  });
});

describe("staged properties over random sizes and seeds", () => {
  it("always the same path of stages; ranks 1–4 from the final and third place; deterministic; JSON-safe", () => {
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 32 }), fc.integer(), fc.boolean(), (n, seed, rated) => {
        const s = simulate({ format: "staged", players: simulatedPlayers(n), seed, rated });
        expect(s.status).toBe("finished");
        checkGameIds(s);
        expect(s.rounds.map((r) => groupsOf(r).map((g) => g.players.length))).toEqual([
          groupsOf(s.rounds[0]!).map((g) => g.players.length),
          [4, 4, 4, 4],
          [4, 4],
          [2, 2],
          [2, 2],
        ]);
        // Single round robin in the group rounds; in knockouts only replays of draws.
        for (const r of s.rounds.slice(0, 3)) {
          for (const g of groupsOf(r)) {
            const pairs = new Set(gamesOf(g).map((x) => [x.side1, x.side2].sort().join("|")));
            expect(pairs.size).toBe(gamesOf(g).length);
            expect(gamesOf(g).length).toBe((g.players.length * (g.players.length - 1)) / 2);
          }
        }
        for (const r of s.rounds.slice(3)) {
          for (const g of groupsOf(r)) {
            gamesOf(g)
              .slice(0, -1)
              .forEach((x) => expect(x.result?.outcome).toBe("draw"));
            expect(gamesOf(g).at(-1)?.result?.outcome).not.toBe("draw");
          }
        }
        const rows = standings(s);
        expect(rows.slice(0, 4).map((r) => r.rank)).toEqual([1, 2, 3, 4]);
        expect(rows[0]!.player).toBe(s.champions[0]);
        expect(rows).toHaveLength(n);
        for (const r of s.rounds) expect(roundStandings(s, r.number).length).toBe(groupsOf(r).length);
        expect(jsonRoundTrip(s)).toEqual(s);
        expect(JSON.stringify(simulate({ format: "staged", players: simulatedPlayers(n), seed, rated }))).toBe(JSON.stringify(s));
      }),
      { numRuns: 40 },
    );
  });

  it("a JSON round trip mid-tournament continues exactly as the original", () => {
    let s: TournamentState = startTournament("staged", players(24), {}, "x");
    for (let i = 0; i < 2; i++)
      s = recordResults(
        s,
        playableGames(s).map((g) => ({ gameId: g.id, result: DRAW })),
      ).state;
    const reloaded = jsonRoundTrip(s);
    expect(JSON.stringify(playOut(reloaded, favouriteWins))).toBe(JSON.stringify(playOut(s, favouriteWins)));
  });
});

describe("final places", () => {
  it("the champion is above the runner-up because they won the final, and third above fourth by the third-place game", () => {
    const state = simulate({ format: "staged", players: simulatedPlayers(16), seed: "why" });
    const rows = standings(state);
    expect(rows[0]!.status).toBe("champion");
    expect(rows[0]!.why).toContain("won the final vs lost the final");
    expect(rows[2]!.why).toContain("won the third-place game vs lost the third-place game");
  });
});
