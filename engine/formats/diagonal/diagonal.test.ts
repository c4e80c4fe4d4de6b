import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { chooseOffsets, diagonalOffsets, forEachDiagonalPair, planDiagonalRound, diagonalSettings, type DiagonalSettings } from "./diagonal";
import { playableGames, recordResults, standings, startTournament, validateSettings, withdraw } from "../registry";
import { simulate, simulatedPlayers } from "../simulate";
import { WIN1, WIN2, checkGameIds, favouriteWins, jsonRoundTrip, playOut, players } from "../testing";
import type { Game, Round } from "../types";
import { gamesOf, groupsOf } from "../core";

const DIAGONAL_DEFAULTS = diagonalSettings.parse({});

function opponents(n: number, k: number, i: number): number[] {
  const out: number[] = [];
  forEachDiagonalPair(n, diagonalOffsets(n, k), (a, b) => {
    if (a === i) out.push(b);
    if (b === i) out.push(a);
  });
  return out.sort((x, y) => x - y);
}

describe("diagonal pattern (rule book examples)", () => {
  it("24 players, 4 opponents: d = 5, 10", () => {
    expect(diagonalOffsets(24, 4)).toEqual([5, 10]);
    expect(opponents(24, 4, 0)).toEqual([5, 10, 14, 19]);
    expect(opponents(24, 4, 5)).toEqual([0, 10, 15, 19]);
    expect(opponents(24, 4, 23)).toEqual([4, 9, 13, 18]);
  });
  it("12 players, 2 opponents: d = 4", () => {
    expect(diagonalOffsets(12, 2)).toEqual([4]);
    expect(opponents(12, 2, 0)).toEqual([4, 8]);
    expect(opponents(12, 2, 5)).toEqual([1, 9]);
  });
  it("n <= k+1: everyone plays everyone, each pair once", () => {
    for (const [n, k] of [
      [2, 2],
      [3, 2],
      [4, 4],
      [5, 4],
      [7, 8],
    ] as const) {
      const pairs = new Set<string>();
      forEachDiagonalPair(n, diagonalOffsets(n, k), (a, b) => pairs.add(`${Math.min(a, b)}-${Math.max(a, b)}`));
      expect(pairs.size).toBe((n * (n - 1)) / 2);
    }
  });
  it("the round lists its players in circle (rating) order; side 1 is the player at i against i+d", () => {
    const s = startTournament("diagonal", players(12), { firstRoundOpponents: 2 }, 1);
    const r = s.rounds[0]!;
    expect(groupsOf(r)[0]!.players).toEqual(players(12).map((p) => p.id));
    expect(playableGames(s)[0]).toEqual({ id: "r1-g1-1", side1: "p1", side2: "p5" });
    expect(r.pattern).toMatchObject({ opponents: 2, base: [4], offsets: [4], rematches: 0 });
  });
});

/** Pairs in a round are unique, nobody plays themself, and sides are balanced. */
function checkRound(round: Round, settings: DiagonalSettings): void {
  const n = round.seeds.length;
  const pairCount = new Map<string, number>();
  const side1 = new Map<string, number>();
  const games = new Map<string, number>();
  for (const g of gamesOf(groupsOf(round)[0]!)) {
    const key = [g.side1, g.side2].sort().join("|");
    pairCount.set(key, (pairCount.get(key) ?? 0) + 1);
    side1.set(g.side1, (side1.get(g.side1) ?? 0) + 1);
    for (const p of [g.side1, g.side2]) games.set(p, (games.get(p) ?? 0) + 1);
  }
  for (const c of pairCount.values()) expect(c).toBe(settings.gamesPerOpponent);
  const k = round.pattern!.opponents;
  const offsets = round.pattern!.offsets;
  const expectedOpponents = offsets.reduce((a, d) => a + (2 * d === n ? 1 : 2), 0);
  for (const p of round.seeds) expect(games.get(p)).toBe(expectedOpponents * settings.gamesPerOpponent);
  if (n > k + 1 && round.pattern!.rematches === 0 && offsets.every((d) => 2 * d !== n)) expect(expectedOpponents).toBe(k);
  if (settings.gamesPerOpponent === 2) for (const p of round.seeds) expect(side1.get(p)).toBe(expectedOpponents);
}

describe("rematch avoidance", () => {
  it("shifts the offsets to the nearest set without rematches and records it", () => {
    // 12 players with d=4 in round 1; round 2 with the same 12 would repeat everything.
    const seeds = Array.from({ length: 12 }, (_, i) => `p${i + 1}`);
    const first = planDiagonalRound(
      1,
      seeds,
      seeds.map(() => 0),
      DIAGONAL_DEFAULTS,
      2,
      [],
      1,
      false,
    ).round;
    const choice = planDiagonalRound(
      2,
      seeds,
      seeds.map(() => 0),
      DIAGONAL_DEFAULTS,
      2,
      [first],
      1,
      false,
    ).choice;
    expect(choice.baseRematches).toBe(12);
    expect(choice.offsets).toEqual([3]);
    expect(choice.rematches).toBe(0);
  });
  it("keeps the pattern when nothing nearby is better", () => {
    const history = new Set<number>();
    for (let a = 0; a < 4; a++) for (let b = a + 1; b < 4; b++) history.add(a * 4 + b);
    // n=4, k=2: d=1; the only other offset, 2 = n/2, would halve everyone's games.
    expect(chooseOffsets(4, 2, history)).toMatchObject({ base: [1], offsets: [1], rematches: 4 });
  });
  it("a simulated race records the avoided rematches in the audit log", () => {
    const s = simulate({
      format: "diagonal",
      players: simulatedPlayers(40),
      seed: 3,
      settings: { lossesCarryOver: false, eliminationLosses: 3, laterRoundOpponents: 4 },
    });
    const shifted = s.rounds.filter((r) => r.pattern!.offsets.join() !== r.pattern!.base.join());
    expect(shifted.length).toBeGreaterThan(0);
    for (const r of shifted) expect(s.audit.some((a) => a.round === r.number && a.decided.startsWith("used offsets"))).toBe(true);
  });
});

describe("elimination and the end", () => {
  it("two losses put a player out; the last one left wins", () => {
    const s = playOut(startTournament("diagonal", players(24), {}, 1), favouriteWins);
    expect(s.champions).toEqual(["p1"]);
    expect(s.rounds[0]!.eliminated!.length).toBeGreaterThan(0);
    for (const r of s.rounds) checkRound(r, DIAGONAL_DEFAULTS);
    const rows = standings(s);
    expect(rows[0]).toMatchObject({ player: "p1", status: "champion", rank: 1 });
  });

  it("everyone out in the same round: fewest losses decides", () => {
    // Three players, k >= 2: everyone plays everyone; a cycle with one player losing twice.
    let s = startTournament("diagonal", players(3), { eliminationLosses: 1 }, 1);
    // p1 beats p2, p2 beats p3, p3 beats p1 => everyone has one loss: all out, tied.
    const decide = (g: Game) => {
      const beats: Record<string, string> = { p1: "p2", p2: "p3", p3: "p1" };
      return beats[g.side1] === g.side2 ? WIN1 : WIN2;
    };
    s = recordResults(
      s,
      playableGames(s).map((g) => ({ gameId: g.id, result: decide(g) })),
    ).state;
    // Tied on losses, direct comparison (1 each) and margins (none): a play-off.
    expect(s.rounds).toHaveLength(2);
    expect(s.rounds[1]!.pattern).toMatchObject({ playoff: true, countLossesFrom: 2 });
    expect(s.audit.some((a) => a.decided === "play-off among p1, p2, p3")).toBe(true);
    // In the play-off the margins decide: p2's win is by 3.
    s = recordResults(
      s,
      playableGames(s).map((g) => {
        const r = decide(g);
        const winner = r.outcome === "1-0" ? g.side1 : g.side2;
        return { gameId: g.id, result: { ...r, margin: winner === "p2" ? 3 : 1 } };
      }),
    ).state;
    expect(s.status).toBe("finished");
    expect(s.champions).toEqual(["p2"]);
    expect(s.audit.at(-1)).toMatchObject({ decided: "p2 wins" });
    expect(s.audit.at(-1)?.what).toContain("winning margin");
  });

  it("Decision: without carry-over, losing every game of a short round is elimination", () => {
    const s = playOut(startTournament("diagonal", players(2), { lossesCarryOver: false }, 1), favouriteWins);
    expect(s.rounds).toHaveLength(1);
    expect(s.champions).toEqual(["p1"]);
  });

  it("withdrawal forfeits the round's unplayed games and takes the player out", () => {
    const s0 = startTournament("diagonal", players(10), {}, 1);
    const s = withdraw(s0, "p1").state;
    const p1 = gamesOf(groupsOf(s.rounds[0]!)[0]!).filter((g) => g.side1 === "p1" || g.side2 === "p1");
    expect(p1.every((g) => g.result?.reason === "withdrawal")).toBe(true);
    const done = playOut(s, favouriteWins);
    expect(done.rounds[0]!.advanced).not.toContain("p1");
    expect(done.champions).toEqual(["p2"]);
  });

  it("validates settings with a message per problem", () => {
    const problems = validateSettings("diagonal", { firstRoundOpponents: 3, laterRoundOpponents: 10, gamesPerOpponent: 3 }, 1);
    expect(problems.map((p) => p.message)).toEqual([
      "first-round opponents must be even (got 3)",
      "later-round opponents must be between 2 and 8 (got 10)",
      "games per opponent must be between 1 and 2 (got 3)",
      "the diagonal race needs at least 2 players (got 1)",
    ]);
  });
});

const settingsArb = fc.record({
  firstRoundOpponents: fc.constantFrom(2, 4, 6, 8),
  laterRoundOpponents: fc.constantFrom(2, 4, 6, 8),
  gamesPerOpponent: fc.constantFrom(1, 2),
  eliminationLosses: fc.integer({ min: 1, max: 4 }),
  lossesCarryOver: fc.boolean(),
});

describe("diagonal properties over random sizes and seeds", () => {
  it("every round is a valid pattern, the race terminates, and it is deterministic and JSON-safe", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 150 }),
        settingsArb,
        fc.integer(),
        fc.constantFrom("race" as const, "chess" as const),
        (n, settings, seed, gameType) => {
          const s = simulate({ format: "diagonal", players: simulatedPlayers(n), settings, seed, gameType });
          expect(s.status).toBe("finished");
          expect(s.champions.length).toBe(1);
          checkGameIds(s);
          for (const r of s.rounds) {
            checkRound(r, settings);
            expect(r.pattern!.opponents).toBe(r.number === 1 ? settings.firstRoundOpponents : settings.laterRoundOpponents);
          }
          const rows = standings(s);
          expect(rows).toHaveLength(n);
          expect(rows[0]!.player).toBe(s.champions[0]);
          expect(jsonRoundTrip(s)).toEqual(s);
          expect(JSON.stringify(simulate({ format: "diagonal", players: simulatedPlayers(n), settings, seed, gameType }))).toBe(JSON.stringify(s));
        },
      ),
      { numRuns: 60 },
    );
  });
});
