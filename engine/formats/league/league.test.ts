import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { leagueCycle } from "./league-schedule";
import { playableGames, recordResult, recordResults, standings, startTournament, validateSettings, withdraw } from "../registry";
import { simulate, simulatedPlayers } from "../simulate";
import { DRAW, WIN1, WIN2, checkGameIds, favouriteWins, jsonRoundTrip, playOut, players } from "../testing";
import type { Game, TournamentState } from "../types";
import { gamesOf, phasesOf } from "../core";

const letters = (id: string) => "ABCDE"[Number(id.slice(1)) - 1];
const show = (g: Game) => `${letters(g.side1)}–${letters(g.side2)}`;

describe("league schedule", () => {
  it("reproduces the documented five-player table exactly", () => {
    const s = startTournament("league", players(5), {}, 1);
    const phases = phasesOf(s.rounds[0]!);
    expect(phases).toHaveLength(10);
    const table = phases.map((p) => [gamesOf(p).map(show).join(", "), p.byes.map(letters).join()]);
    expect(table.slice(0, 5)).toEqual([
      ["A–B, C–D", "E"],
      ["A–C, B–E", "D"],
      ["A–D, C–E", "B"],
      ["A–E, B–D", "C"],
      ["B–C, D–E", "A"],
    ]);
    expect(table.slice(5)).toEqual([
      ["B–A, D–C", "E"],
      ["C–A, E–B", "D"],
      ["D–A, E–C", "B"],
      ["E–A, D–B", "C"],
      ["C–B, E–D", "A"],
    ]);
    expect(playableGames(s).map((g) => g.id)).toEqual(["r1-p1-1", "r1-p1-2"]);
  });

  it("is the lexicographically first matching phase by phase (checked against plain DFS up to 16 players)", () => {
    for (let x = 4; x <= 16; x++) {
      const v = x % 2 === 0 ? x : x + 1;
      const used = new Set<string>();
      const expected: number[][][] = [];
      for (let p = 0; p < v - 1; p++) {
        const match = new Array<number>(v).fill(-1);
        const dfs = (): boolean => {
          const u = match.indexOf(-1);
          if (u < 0) return true;
          for (let w = u + 1; w < v; w++) {
            if (match[w] !== -1 || used.has(`${u}-${w}`)) continue;
            match[u] = w;
            match[w] = u;
            if (dfs()) return true;
            match[u] = match[w] = -1;
          }
          return false;
        };
        expect(dfs()).toBe(true);
        const games: number[][] = [];
        for (let u = 0; u < v; u++) {
          const w = match[u] as number;
          if (u < w) {
            used.add(`${u}-${w}`);
            if (w < x) games.push([u, w]);
          }
        }
        expected.push(games);
      }
      expect(leagueCycle(x).phases.map((p) => p.map((pair) => [...pair]))).toEqual(expected);
    }
  });

  it("falls back to the circle method only where the lexicographic sequence dead-ends (25 and 26)", () => {
    const methods = Array.from({ length: 27 }, (_, i) => [i + 4, leagueCycle(i + 4).method]);
    expect(methods.filter(([, m]) => m === "circle").map(([x]) => x)).toEqual([25, 26]);
    expect(leagueCycle(25).deadEndAtPhase).toBe(24);
    const s = startTournament("league", players(25), {}, 1);
    expect(s.audit[0]?.decided).toContain("circle method");
  });

  it("has the documented numbers for every size 4–30: phases, games, byes, pairs on each side", () => {
    for (let x = 4; x <= 30; x++) {
      const s = startTournament("league", players(x), {}, 1);
      const phases = phasesOf(s.rounds[0]!);
      const even = x % 2 === 0;
      expect(phases).toHaveLength(even ? 2 * (x - 1) : 2 * x);
      const meetings = new Map<string, number>();
      const byes = new Map<string, number[]>();
      for (const p of phases) {
        expect(gamesOf(p)).toHaveLength(even ? x / 2 : (x - 1) / 2);
        const busy = new Set<string>();
        for (const g of gamesOf(p)) {
          expect(busy.has(g.side1) || busy.has(g.side2)).toBe(false);
          busy.add(g.side1).add(g.side2);
          meetings.set(`${g.side1}>${g.side2}`, (meetings.get(`${g.side1}>${g.side2}`) ?? 0) + 1);
        }
        for (const b of p.byes) {
          expect(busy.has(b)).toBe(false);
          byes.set(b, [...(byes.get(b) ?? []), p.number]);
        }
        expect(busy.size + p.byes.length).toBe(x);
      }
      expect(meetings.size).toBe(x * (x - 1));
      expect([...meetings.values()].every((c) => c === 1)).toBe(true);
      // Cycle 2 = cycle 1, same order, sides reversed.
      const half = phases.length / 2;
      for (let i = 0; i < half; i++) {
        expect(gamesOf(phases[i + half]!).map((g) => [g.side2, g.side1])).toEqual(gamesOf(phases[i]!).map((g) => [g.side1, g.side2]));
        expect(phases[i + half]!.byes).toEqual(phases[i]!.byes);
      }
      // Odd: two byes per player, one per cycle.
      if (!even) {
        for (const p of s.players) {
          const b = byes.get(p.id) ?? [];
          expect(b).toHaveLength(2);
          expect(b[0]! <= half && b[1]! > half).toBe(true);
        }
      } else expect(byes.size).toBe(0);
      checkGameIds(s);
    }
  });
});

describe("league play", () => {
  it("releases phase N+1 only when every game of phase N has a result", () => {
    let s = startTournament("league", players(4), {}, 1);
    expect(playableGames(s).map((g) => g.id)).toEqual(["r1-p1-1", "r1-p1-2"]);
    expect(() => recordResult(s, "r1-p2-1", WIN1)).toThrow(/not released/);
    const t1 = recordResult(s, "r1-p1-1", WIN1);
    expect(t1.events).toEqual([]);
    const t2 = recordResult(t1.state, "r1-p1-2", DRAW);
    expect(t2.events).toEqual([{ type: "phase-released", round: 1, phase: 2 }]);
    s = t2.state;
    expect(() => recordResult(s, "r1-p1-1", WIN1)).toThrow(/already has a result/);
    expect(playableGames(s).every((g) => g.id.startsWith("r1-p2-"))).toBe(true);
  });

  it("ranks by points, then wins, then wins as black; still tied => shared rank", () => {
    // Chess-like: side 2 is black. p1 beats everyone as white and loses everything as black.
    const decide = (g: Game) => {
      if (g.side1 === "p1") return WIN1;
      if (g.side2 === "p1") return WIN1;
      return DRAW;
    };
    const s = playOut(startTournament("league", players(4), {}, 1, { gameType: "chess" }), decide);
    const rows = standings(s);
    // p1: 3 wins (9 pts); p2..p4: one win as white v p1 (3) + 4 draws (4) = 7 points each.
    expect(rows[0]).toMatchObject({ player: "p1", rank: 1, rankLabel: "1", status: "champion", values: { points: 9, wins: 3 } });
    expect(rows.slice(1).map((r) => r.rankLabel)).toEqual(["2=", "2=", "2="]);
    expect(rows[0]?.why).toBe("more points: 9 vs 7");
    expect(rows[1]?.why).toBe("tied on points, wins, wins as black: shared rank");
    expect(s.champions).toEqual(["p1"]);
  });

  it("wins as black follow the game type (tafl: side 1 is black)", () => {
    // Everyone wins exactly their side-1 games... except the pairing decides points equally;
    // p1 wins both games v p2; other games: side 2 wins.
    const decide = (g: Game) => ((g.side1 === "p1" && g.side2 === "p2") || (g.side1 === "p2" && g.side2 === "p1") ? (g.side1 === "p1" ? WIN1 : WIN2) : WIN2);
    for (const [type, black] of [
      ["tafl", 1],
      ["chess", 2],
    ] as const) {
      const s = playOut(startTournament("league", players(4), {}, 1, { gameType: type }), decide);
      const all = phasesOf(s.rounds[0]!).flatMap((p) => gamesOf(p));
      for (const row of standings(s)) {
        const expected = all.filter((g) => (black === 1 ? g.side1 : g.side2) === row.player && g.result?.outcome === (black === 1 ? "1-0" : "0-1")).length;
        expect(row.values.winsAsBlack).toBe(expected);
      }
    }
  });

  it("Decision: withdrawing before half the games voids them all; after, the rest is forfeited", () => {
    const base = startTournament("league", players(5), {}, 1);
    // p5 has a bye in phase 1 and plays in phase 2: withdraw after one game.
    let s = recordResults(
      base,
      playableGames(base).map((g) => ({ gameId: g.id, result: WIN2 })),
    ).state;
    s = recordResults(
      s,
      playableGames(s).map((g) => ({ gameId: g.id, result: WIN2 })),
    ).state;
    const early = withdraw(s, "p5").state;
    const p5Games = phasesOf(early.rounds[0]!)
      .flatMap((p) => gamesOf(p))
      .filter((g) => g.side1 === "p5" || g.side2 === "p5");
    expect(p5Games.every((g) => g.void)).toBe(true);
    const done = playOut(early, favouriteWins);
    const rows = standings(done);
    expect(rows.at(-1)).toMatchObject({ player: "p5", status: "withdrawn" });
    expect(rows.slice(0, 4).every((r) => r.values.played === 6)).toBe(true);

    // Play until p5 has 4 results (half of 8), then withdraw: forfeits.
    let t = base;
    const played = (st: TournamentState) =>
      phasesOf(st.rounds[0]!)
        .flatMap((p) => gamesOf(p))
        .filter((g) => g.result && (g.side1 === "p5" || g.side2 === "p5")).length;
    while (played(t) < 4)
      t = recordResults(
        t,
        playableGames(t).map((g) => ({ gameId: g.id, result: WIN1 })),
      ).state;
    const late = withdraw(t, "p5").state;
    expect(late.withdrawals[0]?.treatment).toBe("forfeit");
    const finished = playOut(late, favouriteWins);
    const p5 = standings(finished).find((r) => r.player === "p5")!;
    expect(p5.values.played).toBe(8);
    expect(p5.status).toBe("withdrawn");
  });

  it("voiding a withdrawn player's games can complete a phase and release the next", () => {
    let s = startTournament("league", players(4), {}, 1);
    // Phase 1: p1-p2, p3-p4. Record p1-p2; p3 withdraws: p3-p4 is voided, phase 2 opens.
    s = recordResult(s, "r1-p1-1", WIN1).state;
    const t = withdraw(s, "p3");
    expect(t.events).toEqual([{ type: "phase-released", round: 1, phase: 2 }]);
    expect(playableGames(t.state).every((g) => g.side1 !== "p3" && g.side2 !== "p3")).toBe(true);
    const done = playOut(t.state, favouriteWins);
    expect(done.champions).toEqual(["p1"]);
    expect(standings(done).map((r) => r.player)).toEqual(["p1", "p2", "p4", "p3"]);
  });

  it("validates the player count and points", () => {
    expect(validateSettings("league", {}, 3)[0]?.message).toBe("the league needs at least 4 players (got 3)");
    expect(validateSettings("league", {}, 31)[0]?.message).toBe("the league takes at most 30 players (got 31)");
    expect(validateSettings("league", { points: { win: 1, draw: 1, loss: 0 } }, 10)[0]?.field).toBe("points");
  });

  it("properties: terminates, everyone plays 2(X-1) games, totals consistent, deterministic, JSON-safe", () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 30 }), fc.integer(), fc.constantFrom("chess" as const, "tafl" as const, "race" as const), (x, seed, gameType) => {
        const s = simulate({ format: "league", players: simulatedPlayers(x), seed, gameType });
        expect(s.status).toBe("finished");
        const rows = standings(s);
        expect(rows.every((r) => r.values.played === 2 * (x - 1))).toBe(true);
        const wins = rows.reduce((a, r) => a + (r.values.wins ?? 0), 0);
        const losses = rows.reduce((a, r) => a + (r.values.losses ?? 0), 0);
        const draws = rows.reduce((a, r) => a + (r.values.draws ?? 0), 0);
        expect(wins).toBe(losses);
        expect(wins + draws / 2).toBe(x * (x - 1));
        expect(s.champions).toEqual(rows.filter((r) => r.rank === 1).map((r) => r.player));
        expect(jsonRoundTrip(s)).toEqual(s);
        expect(JSON.stringify(simulate({ format: "league", players: simulatedPlayers(x), seed, gameType }))).toBe(JSON.stringify(s));
      }),
      { numRuns: 40 },
    );
  });
});
