import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { gamesOf, gamesWithIds, groupsOf, parseGameId } from "../core";
import { balancedGroupSizes, fixedGroupSizes, planGroupsRound, groupsSettings, type GroupsSettings } from "./groups";
import { recordResults, roundStandings, standings, startTournament, validateSettings, withdraw, playableGames } from "../registry";
import { simulate, simulatedPlayers } from "../simulate";
import { DRAW, WIN1, checkGameIds, favouriteWins, jsonRoundTrip, playOut, players } from "../testing";
import type { Game, GameWithId, TournamentState } from "../types";

const GROUPS_DEFAULTS = groupsSettings.parse({});

const sizes = (text: string) => text.split("|").map((s) => s.trim().split(/\s+/).map(Number));

describe("group sizes (rule book examples)", () => {
  it("fixed, g=4: 4 | 3 2 | 3 3 | 4 3 | 4 4 | 4 3 2 | 4 3 3 | 4 4 3 | 4 4 4 | 4 4 3 2", () => {
    const expected = sizes("4 | 3 2 | 3 3 | 4 3 | 4 4 | 4 3 2 | 4 3 3 | 4 4 3 | 4 4 4 | 4 4 3 2");
    expect(expected.map((_, i) => fixedGroupSizes(i + 4, 4))).toEqual(expected);
  });
  it("fixed, g=3: 3 | 2 2 | 3 2 | 3 3 | 3 2 2 | 3 3 2 | 3 3 3", () => {
    const expected = sizes("3 | 2 2 | 3 2 | 3 3 | 3 2 2 | 3 3 2 | 3 3 3");
    expect(expected.map((_, i) => fixedGroupSizes(i + 3, 3))).toEqual(expected);
  });
  it("fixed, fewer players than g: one group of everyone; g=2 can leave a group of one", () => {
    expect(fixedGroupSizes(3, 8)).toEqual([3]);
    expect(fixedGroupSizes(3, 2)).toEqual([2, 1]);
  });
  it("balanced, m=8: 2…8 | 5 4 | 5 5 | 6 5 | 6 6 | 7 6 | 7 7 | 8 7 | 8 8 | 6 6 5", () => {
    for (let n = 2; n <= 8; n++) expect(balancedGroupSizes(n, 8)).toEqual([n]);
    const expected = sizes("5 4 | 5 5 | 6 5 | 6 6 | 7 6 | 7 7 | 8 7 | 8 8 | 6 6 5");
    expect(expected.map((_, i) => balancedGroupSizes(i + 9, 8))).toEqual(expected);
  });
  it("properties: sizes sum to n, within bounds, non-increasing", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 2, max: 16 }), (n, g) => {
        for (const list of [fixedGroupSizes(n, g), balancedGroupSizes(n, g)]) {
          expect(list.reduce((a, b) => a + b, 0)).toBe(n);
          expect(Math.max(...list)).toBeLessThanOrEqual(Math.max(g, 1) >= n ? n : g);
          for (let i = 1; i < list.length; i++) expect(list[i]).toBeLessThanOrEqual(list[i - 1] as number);
        }
        const bal = balancedGroupSizes(n, g);
        expect(bal.length).toBe(Math.ceil(n / g));
        expect(Math.max(...bal) - Math.min(...bal)).toBeLessThanOrEqual(1);
        const fixed = fixedGroupSizes(n, g);
        if (n > g) expect(Math.min(...fixed)).toBeGreaterThanOrEqual(Math.floor(g / 2) || 1);
      }),
    );
  });
});

/** Each pair of a group plays gamesPerPair games on each side; no game leaves the group. */
function checkDoubleRoundRobin(players: readonly string[], games: readonly Game[], perPair: number): void {
  const count = new Map<string, number>();
  for (const g of games) {
    expect(players).toContain(g.side1);
    expect(players).toContain(g.side2);
    const key = `${g.side1}>${g.side2}`;
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  for (const a of players) for (const b of players) if (a !== b) expect(count.get(`${a}>${b}`)).toBe(perPair);
  expect(games.length).toBe(players.length * (players.length - 1) * perPair);
}

describe("planning a groups round", () => {
  it("fills groups top-down in seed order with a double round robin and deterministic ids", () => {
    const seeds = Array.from({ length: 9 }, (_, i) => `p${i + 1}`);
    const round = planGroupsRound(
      1,
      seeds,
      seeds.map(() => 1500),
      GROUPS_DEFAULTS,
    );
    expect(groupsOf(round).map((g) => g.players)).toEqual([
      ["p1", "p2", "p3", "p4"],
      ["p5", "p6", "p7"],
      ["p8", "p9"],
    ]);
    expect([...gamesWithIds(round)].slice(0, 2)).toEqual([
      { id: "r1-g1-1", side1: "p1", side2: "p2" },
      { id: "r1-g1-2", side1: "p2", side2: "p1" },
    ]);
    for (const g of groupsOf(round)) checkDoubleRoundRobin(g.players, gamesOf(g), 1);
    expect(round.pending).toBe(12 + 6 + 2);
  });

  it("orders equal ratings at random and records it", () => {
    const s = startTournament(
      "groups",
      [
        { id: "a", rating: 1500 },
        { id: "b", rating: 1500 },
        { id: "c", rating: 1600 },
      ],
      {},
      "seed",
    );
    expect(s.players[0]?.id).toBe("c");
    expect(s.audit).toHaveLength(1);
    expect(s.audit[0]?.decided).toBe(
      s.players
        .slice(1)
        .map((p) => p.id)
        .join(", "),
    );
  });
});

describe("advancing and ending", () => {
  it("the group's top score advances; a tie at the top sends all of them on", () => {
    let s = startTournament("groups", players(4), {}, 1);
    // p1 and p2 win everything except their mutual games (one win each).
    s = recordResults(
      s,
      playableGames(s).map((g) => {
        const a = Number(g.side1.slice(1));
        const b = Number(g.side2.slice(1));
        if (Math.max(a, b) <= 2) return { gameId: g.id, result: WIN1 };
        return { gameId: g.id, result: a < b ? WIN1 : { outcome: "0-1", reason: "normal" } };
      }),
    ).state;
    expect(s.rounds[0]?.advanced).toEqual(["p1", "p2"]);
    expect(s.rounds).toHaveLength(2);
    const rows = roundStandings(s, 1)[0]?.rows ?? [];
    expect(rows.map((r) => r.rankLabel)).toEqual(["1=", "1=", "3", "4"]);
    expect(rows[1]?.why).toContain("more score");
  });

  it("a group of one plays nothing and advances", () => {
    const s = startTournament("groups", players(3), { groupSize: 2 }, 1);
    expect(groupsOf(s.rounds[0]!).map((g) => g.players.length)).toEqual([2, 1]);
    const done = playOut(s, favouriteWins);
    expect(done.rounds[0]?.advanced).toEqual(["p1", "p3"]);
    expect(done.champions).toEqual(["p1"]);
  });

  it("ends with joint champions when nobody could be separated", () => {
    const s = playOut(startTournament("groups", players(4), {}, 1), () => DRAW);
    expect(s.status).toBe("finished");
    expect(s.rounds).toHaveLength(1);
    expect([...s.champions].sort()).toEqual(["p1", "p2", "p3", "p4"]);
    expect(standings(s).every((r) => r.rankLabel === "1=")).toBe(true);
  });

  it("Decision: two consecutive rounds without elimination end with joint champions", () => {
    // Groups 3+2 (g=3, n=5). The pair draws both games. In the three, a and c draw
    // twice and every other pair splits its two games: all score 4, but b is 2W 2L
    // while a and c are 1W 2D 1L, so the group is tied yet not inseparable.
    const cyclic = (g: GameWithId, round: TournamentState["rounds"][number]): Game["result"] => {
      const group = groupsOf(round)[(parseGameId(g.id)?.container ?? 0) - 1];
      if (!group || group.players.length === 2) return DRAW;
      const [a, , c] = group.players;
      const pair = new Set([g.side1, g.side2]);
      return pair.has(a as string) && pair.has(c as string) ? DRAW : WIN1;
    };
    let s = startTournament("groups", players(5), { groupSize: 3 }, 1);
    for (let i = 0; i < 5 && s.status === "playing"; i++) {
      const round = s.rounds[s.rounds.length - 1]!;
      s = recordResults(
        s,
        playableGames(s).map((g) => ({ gameId: g.id, result: cyclic(g, round)! })),
      ).state;
    }
    expect(s.status).toBe("finished");
    expect(s.rounds.map((r) => r.eliminated?.length)).toEqual([0, 0]);
    expect(s.champions).toHaveLength(5);
    expect(s.audit.at(-1)?.decided).toContain("two consecutive rounds");
  });

  it("withdrawal forfeits unplayed games and the player never advances", () => {
    let s = startTournament("groups", players(4), {}, 1);
    const first = playableGames(s)[0]!;
    s = recordResults(s, [{ gameId: first.id, result: WIN1 }]).state;
    s = withdraw(s, "p1").state;
    const games = gamesOf(groupsOf(s.rounds[0]!)[0]!).filter((g) => g.side1 === "p1" || g.side2 === "p1");
    expect(games.filter((g) => g.result?.reason === "withdrawal")).toHaveLength(5);
    s = playOut(s, favouriteWins);
    expect(s.rounds[0]?.advanced).toEqual(["p2"]);
    expect(s.champions).toEqual(["p2"]);
    expect(standings(s).find((r) => r.player === "p1")?.status).toBe("withdrawn");
  });

  it("uses the ratings given with the last result to seed the next round", () => {
    let s = startTournament("groups", players(8), {}, 1);
    const games = playableGames(s);
    // Top of each group: p1 and p5. Make p5 the stronger for round 2.
    s = recordResults(
      s,
      games.map((g) => ({ gameId: g.id, result: favouriteWins(g) })),
      { ratings: { p5: 3000 } },
    ).state;
    expect(s.rounds[1]?.seeds).toEqual(["p5", "p1"]);
    expect(s.rounds[1]?.ratings).toEqual([3000, 2000]);
  });
});

describe("validation", () => {
  it("gives one clear message per problem", () => {
    const problems = validateSettings("groups", { partition: "odd" as never, groupSize: 1, maxGroupSize: 17, gamesPerPair: 0 }, 1);
    expect(problems.map((p) => p.field)).toEqual(["partition", "groupSize", "maxGroupSize", "gamesPerPair", "players"]);
    expect(problems[1]?.message).toBe("group size must be between 2 and 16 (got 1)");
    expect(validateSettings("groups", { groupSize: 5 }, 30)).toEqual([]);
    expect(validateSettings("groups", { groupsize: 5 } as never, 30)[0]?.field).toBe("groupsize");
  });
});

const settingsArb = fc.record({
  partition: fc.constantFrom("fixed" as const, "balanced" as const),
  groupSize: fc.integer({ min: 2, max: 8 }),
  maxGroupSize: fc.integer({ min: 2, max: 8 }),
  gamesPerPair: fc.integer({ min: 1, max: 2 }),
});

describe("groups properties over random sizes and seeds", () => {
  it("every round has the documented group sizes, full double round robins, and the tournament terminates", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 120 }), settingsArb, fc.integer(), fc.boolean(), (n, settings: GroupsSettings, seed, rated) => {
        const s = simulate({ format: "groups", players: simulatedPlayers(n), settings, seed, gameType: "tafl", rated });
        expect(s.status).toBe("finished");
        expect(s.champions.length).toBeGreaterThanOrEqual(1);
        checkGameIds(s);
        let field = n;
        for (const r of s.rounds) {
          expect(r.seeds.length).toBe(field);
          const expected = settings.partition === "fixed" ? fixedGroupSizes(field, settings.groupSize) : balancedGroupSizes(field, settings.maxGroupSize);
          expect(groupsOf(r).map((g) => g.players.length)).toEqual(expected);
          for (const g of groupsOf(r)) checkDoubleRoundRobin(g.players, gamesOf(g), settings.gamesPerPair);
          // Seeds are in rating order as recorded with the round.
          for (let i = 1; i < r.ratings.length; i++) expect(r.ratings[i]).toBeLessThanOrEqual(r.ratings[i - 1] as number);
          expect((r.advanced?.length ?? 0) + (r.eliminated?.length ?? 0)).toBe(field);
          field = r.advanced?.length ?? 0;
        }
        // Standings: one row per player, champions first, wins consistent with losses.
        const rows = standings(s);
        expect(rows).toHaveLength(n);
        expect(
          rows
            .filter((r) => r.status === "champion")
            .map((r) => r.player)
            .sort(),
        ).toEqual([...s.champions].sort());
        for (const r of s.rounds) {
          for (const g of roundStandings(s, r.number)) {
            const w = g.rows.reduce((a, x) => a + (x.values.wins ?? 0), 0);
            const l = g.rows.reduce((a, x) => a + (x.values.losses ?? 0), 0);
            const played = g.rows.reduce((a, x) => a + (x.values.played ?? 0), 0);
            const d = g.rows.reduce((a, x) => a + (x.values.draws ?? 0), 0);
            expect(w).toBe(l);
            expect(w + l + d).toBe(played);
            const total = g.rows.reduce((a, x) => a + (x.values.score ?? 0), 0);
            expect(total).toBe(played); // 2 points per game shared out
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("is deterministic and survives a JSON round trip mid-tournament", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 60 }), settingsArb, fc.string(), (n, settings, seed) => {
        const a = simulate({ format: "groups", players: simulatedPlayers(n), settings, seed });
        const b = simulate({ format: "groups", players: simulatedPlayers(n), settings, seed });
        expect(JSON.stringify(a)).toBe(JSON.stringify(b));
        let s = startTournament("groups", simulatedPlayers(n), settings, seed);
        const half = playableGames(s).slice(0, 3);
        s = recordResults(
          s,
          half.map((g) => ({ gameId: g.id, result: favouriteWins(g) })),
        ).state;
        const reloaded = jsonRoundTrip(s);
        expect(reloaded).toEqual(s);
        expect(JSON.stringify(playOut(reloaded, favouriteWins))).toBe(JSON.stringify(playOut(s, favouriteWins)));
      }),
      { numRuns: 40 },
    );
  });
});
