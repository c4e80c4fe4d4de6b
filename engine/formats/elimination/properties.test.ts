// Invariants of every elimination, over random fields, settings, results (draws
// included) and withdrawals (fast-check): it ends; without withdrawals every player
// but the champion loses exactly one match (single) or two (double with the reset;
// without it, a winners' bracket winner who loses the grand final goes out after
// one); the reset is played exactly when the losers' bracket winner wins the grand
// final and the setting asks for it; byes go to the highest seeds; seeds 1 and 2
// can meet in the winners' bracket only in its final; no player is in two matches
// of a round; a match's winner won it by its rules; places follow how far players got.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Prng } from "../../prng";
import { gamesOf, groupsOf, playableGames } from "../core";
import { standingRows } from "../standings";
import type { FormatResult, Player, TournamentState } from "../types";
import { bracketSize, GRAND_FINAL, GRAND_FINAL_RESET, log2, parseMatchName } from "./bracket";
import { eliminationFormat as F, type EliminationSettings } from "./elimination";
import { gamePoints } from "./match";

interface Case {
  readonly n: number;
  readonly settings: EliminationSettings;
  readonly seed: number;
  readonly drawRate: number;
  /** Withdrawals: after batch `at`, the player of this seed (1-based) withdraws. */
  readonly withdrawals: readonly { at: number; seed: number }[];
}

const caseArb = (withWithdrawals: boolean): fc.Arbitrary<Case> =>
  fc
    .record({
      n: fc.integer({ min: 2, max: 150 }),
      bracket: fc.constantFrom("single", "double"),
      grandFinalReset: fc.boolean(),
      bestOf: fc.constantFrom(1, 1, 3, 5),
      seed: fc.integer(),
      drawRate: fc.constantFrom(0, 0.2, 0.5),
      withdrawals: fc.array(fc.record({ at: fc.integer({ min: 0, max: 12 }), seed: fc.integer({ min: 1, max: 150 }) }), { maxLength: withWithdrawals ? 6 : 0 }),
    })
    .map(({ n, bracket, grandFinalReset, bestOf, seed, drawRate, withdrawals }) => ({
      n: bracket === "double" ? Math.max(3, n) : n,
      settings: { bracket, grandFinalReset, bestOf } as EliminationSettings,
      seed,
      drawRate,
      withdrawals: withdrawals.filter((w) => w.seed <= n),
    }));

const playersOf = (n: number): Player[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 2500 - 7 * i }));

/** Plays the case to its end: random results (draws at the case's rate), withdrawals between batches. */
function play(c: Case): TournamentState<"elimination"> {
  let s = F.start(playersOf(c.n), c.settings, c.seed, { gameType: "chess" });
  const rng = Prng.fromSeed(c.seed);
  for (let batch = 0; s.status === "playing"; batch++) {
    if (batch > 5000) throw new Error("did not end");
    for (const w of c.withdrawals) {
      const id = `p${w.seed}`;
      if (w.at === batch && s.status === "playing" && !s.withdrawals.some((x) => x.player === id)) s = F.withdraw(s, id).state;
    }
    if (s.status !== "playing") break;
    const games = playableGames(s);
    if (games.length === 0) throw new Error("stalled");
    // Half of the games each batch, so results arrive in many orders.
    const now = games.filter(() => rng.float() < 0.6);
    s = F.recordResults(
      s,
      (now.length > 0 ? now : games).map((g) => {
        const u = rng.float();
        const outcome = u < c.drawRate ? "draw" : u < (1 + c.drawRate) / 2 ? "1-0" : "0-1";
        return { gameId: g.id, result: { outcome, reason: "normal" } as FormatResult };
      }),
    ).state;
  }
  return s;
}

interface PlayedMatch {
  round: number;
  name: string;
  players: readonly string[];
  winner: string | undefined;
  loser: string | undefined;
}

function matches(s: TournamentState<"elimination">): PlayedMatch[] {
  return s.rounds.flatMap((r) =>
    groupsOf(r).map((g) => {
      const [winner, loser] = g.ranking ?? [];
      return { round: r.number, name: g.name, players: g.players, winner, loser: g.players.length === 2 ? loser : undefined };
    }),
  );
}

describe("elimination invariants (fast-check)", () => {
  it("without withdrawals: one champion, the losses the bracket promises, the reset only when due, a valid bracket", () => {
    fc.assert(
      fc.property(caseArb(false), (c) => {
        const s = play(c);
        const k = log2(bracketSize(c.n));
        const { bracket, grandFinalReset, bestOf } = c.settings;
        expect(s.status).toBe("finished");
        expect(s.champions).toHaveLength(1);
        const champion = s.champions[0]!;
        const all = matches(s);
        const losses = new Map<string, number>();
        for (const m of all) if (m.loser) losses.set(m.loser, (losses.get(m.loser) ?? 0) + 1);
        const gf = all.find((m) => m.name === GRAND_FINAL);
        const reset = all.find((m) => m.name === GRAND_FINAL_RESET);
        for (const p of s.players) {
          const lost = losses.get(p.id) ?? 0;
          if (p.id === champion) expect(lost).toBeLessThanOrEqual(bracket === "single" ? 0 : 1);
          else if (bracket === "single") expect(lost).toBe(1);
          else if (!grandFinalReset && gf && p.id === gf.players[0] && gf.loser === p.id) expect(lost).toBe(1);
          else expect(lost).toBe(2);
        }
        // The reset: played exactly when the losers' bracket winner won the grand final and the setting asks for it.
        if (bracket === "double") {
          expect(gf).toBeDefined();
          expect(reset !== undefined).toBe(grandFinalReset && gf!.winner === gf!.players[1]);
        } else expect(gf).toBeUndefined();

        // Byes: round 1's one-player matches are exactly seeds 1..B-N.
        const byes = groupsOf(s.rounds[0]!)
          .filter((g) => g.players.length === 1)
          .map((g) => Number(g.players[0]!.slice(1)))
          .sort((a, b) => a - b);
        expect(byes).toEqual(Array.from({ length: bracketSize(c.n) - c.n }, (_, i) => i + 1));

        for (const r of s.rounds) {
          const seen = new Set<string>();
          for (const g of groupsOf(r)) {
            for (const p of g.players) {
              expect(seen.has(p)).toBe(false);
              seen.add(p);
            }
            const ref = parseMatchName(g.name)!;
            // Seeds 1 and 2 meet in the winners' bracket only in its final.
            if (g.players.includes("p1") && g.players.includes("p2") && ref.side === "W") expect(ref.round).toBe(k);
            // A match between two players: every game between them, and the winner won it by the match rules.
            const games = gamesOf(g);
            if (g.players.length === 2) {
              const [a, b] = g.players as [string, string];
              const points = [0, 0];
              for (const game of games) {
                expect([game.side1, game.side2].sort()).toEqual([a, b].sort());
                const [x, y] = gamePoints(game.result!);
                points[game.side1 === a ? 0 : 1]! += x;
                points[game.side2 === a ? 0 : 1]! += y;
              }
              const [winner] = g.ranking!;
              const wp = points[winner === a ? 0 : 1]!;
              const lp = points[winner === a ? 1 : 0]!;
              if (games.length <= bestOf) expect(wp).toBeGreaterThan(bestOf / 2);
              else {
                // Past N games only a level score goes on, and the last game decided it.
                expect(wp - lp).toBe(1);
                expect(games.at(-1)!.result!.outcome).not.toBe("draw");
              }
              expect(games.length).toBeGreaterThanOrEqual((bestOf + 1) / 2);
            } else expect(games).toEqual([]);
          }
        }

        // Places: the champion alone first; players knocked out in the same round share a place, later knockouts rank higher.
        const rows = standingRows(F.standings(s));
        expect(rows[0]).toMatchObject({ player: champion, rank: 1, status: "champion" });
        expect(rows.filter((r) => r.rank === 1)).toHaveLength(1);
        const outAt = new Map<string, number>();
        const count = new Map<string, number>();
        for (const m of all) {
          if (!m.loser) continue;
          count.set(m.loser, (count.get(m.loser) ?? 0) + 1);
          const ref = parseMatchName(m.name)!;
          const out = bracket === "single" || count.get(m.loser) === 2 || (ref.side === "GF" && !grandFinalReset);
          if (out) outAt.set(m.loser, m.round);
        }
        for (let i = 1; i < rows.length; i++) {
          const [x, y] = [rows[i - 1]!, rows[i]!];
          const [sx, sy] = [outAt.get(x.player) ?? Infinity, outAt.get(y.player) ?? Infinity];
          expect(sx).toBeGreaterThanOrEqual(sy);
          expect(x.rank === y.rank).toBe(sx === sy);
        }
      }),
      { numRuns: 120 },
    );
  });

  it("with withdrawals: it still ends, nobody plays after withdrawing, no withdrawn player is champion, everyone is placed", () => {
    fc.assert(
      fc.property(caseArb(true), (c) => {
        const s = play(c);
        expect(s.status).toBe("finished");
        expect(s.champions.length).toBeLessThanOrEqual(1);
        const gone = new Map(s.withdrawals.map((w) => [w.player, w.round]));
        for (const r of s.rounds) {
          for (const g of groupsOf(r)) {
            for (const game of gamesOf(g)) {
              for (const p of [game.side1, game.side2]) {
                const at = gone.get(p);
                // Games planned in a round after their withdrawal: none.
                if (at !== undefined && r.number > at) throw new Error(`${p} withdrew in round ${at} but plays in round ${r.number}`);
              }
            }
          }
        }
        // A player who withdrew is never champion (if everyone left withdrew, nobody is).
        for (const champion of s.champions) expect(gone.has(champion)).toBe(false);
        const rows = standingRows(F.standings(s));
        expect(rows).toHaveLength(c.n);
        for (const w of s.withdrawals) expect(rows.find((r) => r.player === w.player)?.status).toBe("withdrawn");
      }),
      { numRuns: 120 },
    );
  });
});
