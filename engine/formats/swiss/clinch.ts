// Clinch marks for the Swiss's prize places, on points alone. A Swiss pairs each
// round from the results before it, so the games still to come are unknown: the
// marks hold whatever the pairings (any player may meet any other, the bye may go
// to anyone), which includes every pairing the Dutch rules could make. They are
// conservative about tie-breaks, which depend on games not yet paired:
//
// - **clinched** place k: in every outcome fewer than k others finish with at least
//   the player's points (a tie counts against them, since tie-breaks may break it
//   either way);
// - **out**: in every outcome at least k others finish with more points;
// - otherwise **open**.
//
// With only the round in play left (its pairings known) the answer is exact: games
// are independent, so each pending game's best (worst) outcome is taken on its own.
// With later rounds to come it is a sound bound: "clinched" when even the k easiest
// rivals cannot gather the points they need within what the rounds can hand out to
// k players; "out" when k others already have more than the player could reach.
// The brute-force test (clinch.test.ts) enumerates every pairing and result of small
// Swisses and checks both.
//
// Points are in half-points (a win 2, a draw 1), so sums stay whole.

import type { ClinchStatus } from "../clinch";

export interface SwissClinchInput {
  /** Each player's half-points so far (the round in play: its finished games and bye). */
  readonly scores: readonly number[];
  /** Whether the player is paired in later rounds (not withdrawn). */
  readonly active: readonly boolean[];
  /** Games of the round in play still without a result, as player indexes. */
  readonly pending: readonly (readonly [number, number])[];
  /** Rounds still to be paired after the round in play. */
  readonly futureRounds: number;
  /** Prize places: the top k. */
  readonly places: number;
  readonly drawsPossible: boolean;
  /** Late entries still open: the half-points a new entrant could still score (0: none can enter). */
  readonly lateEntrantMax: number;
}

const WIN = 2;

/** Each player's status for the top `places`, by points alone. */
export function swissClinch(input: SwissClinchInput): ClinchStatus[] {
  const n = input.scores.length;
  const opponent = new Array<number>(n).fill(-1);
  for (const [a, b] of input.pending) {
    opponent[a] = b;
    opponent[b] = a;
  }
  const activeCount = input.active.filter(Boolean).length;
  const F = input.futureRounds;
  const outcomes: [number, number][] = input.drawsPossible
    ? [
        [WIN, 0],
        [1, 1],
        [0, WIN],
      ]
    : [
        [WIN, 0],
        [0, WIN],
      ];
  // Scores in order, for counting in O(log n): only players near the prize places get the full look.
  const sorted = input.scores.slice().sort((a, b) => a - b);
  /** How many players have more than `x` (or, `orEqual`, at least `x`). */
  const countAbove = (x: number, orEqual: boolean): number => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (orEqual ? sorted[mid]! < x : sorted[mid]! <= x) lo = mid + 1;
      else hi = mid;
    }
    return n - lo;
  };
  /** The most half-points q can still add. */
  const gain = (q: number) => (opponent[q]! >= 0 ? WIN : 0) + (input.active[q] ? WIN * F : 0);

  const clinched = (p: number): boolean => {
    // p losing every game left is the worst case: it gives p's opponents the points.
    const target = input.scores[p]!;
    if (input.lateEntrantMax > 0 && input.lateEntrantMax >= target) return false;
    const k = input.places;
    // k others already on p's points or more stay there.
    if (countAbove(target, true) - 1 >= k) return false;
    if (F === 0) {
      // Exact: the most others that can finish on target or above, game by game.
      let most = 0;
      for (let q = 0; q < n; q++) if (q !== p && opponent[q]! < 0 && input.scores[q]! >= target) most++;
      for (const [a, b] of input.pending) {
        if (a === p || b === p) {
          const o = a === p ? b : a;
          if (input.scores[o]! + WIN >= target) most++;
          continue;
        }
        most += Math.max(...outcomes.map(([x, y]) => Number(input.scores[a]! + x >= target) + Number(input.scores[b]! + y >= target)));
      }
      return most < k;
    }
    // Rivals already level or above need nothing; the others need points the rounds must hand out.
    let there = 0;
    const needs: number[] = [];
    let withGame = 0;
    for (let q = 0; q < n; q++) {
      if (q === p) continue;
      const need = target - input.scores[q]!;
      if (need <= 0) there++;
      else if (need <= gain(q)) {
        needs.push(need);
        if (opponent[q]! >= 0) withGame++;
      }
    }
    const m = k - there;
    if (m <= 0) return false;
    if (needs.length < m) return true;
    needs.sort((x, y) => x - y);
    const least = needs.slice(0, m).reduce((s, x) => s + x, 0);
    // What m players can take in one later round: a point each against an outsider or
    // from the bye, a point per game among themselves.
    // Late entrants would be more players to beat: no limit then.
    const outsiders = input.lateEntrantMax > 0 ? m : activeCount - m + (activeCount % 2);
    const apart = Math.min(m, Math.max(0, outsiders));
    const perRound = apart + Math.ceil((m - apart) / 2);
    return least > WIN * (Math.min(m, withGame) + F * perRound);
  };

  const out = (p: number): boolean => {
    // p winning every game left is the best case.
    const reach = input.scores[p]! + gain(p);
    const k = input.places;
    // Players already beyond reach stay there; with later rounds to come, nobody else is sure to be.
    const beyond = countAbove(reach, false);
    if (beyond >= k) return true;
    if (F > 0 || countAbove(reach - WIN, false) < k) return false;
    // Exact, the round in play being the last: the fewest others above, game by game.
    let fewest = 0;
    for (let q = 0; q < n; q++) if (q !== p && opponent[q]! < 0 && input.scores[q]! > reach) fewest++;
    const o = opponent[p]!;
    if (o >= 0 && input.scores[o]! > reach) fewest++;
    for (const [a, b] of input.pending) {
      if (a === p || b === p) continue;
      fewest += Math.min(...outcomes.map(([x, y]) => Number(input.scores[a]! + x > reach) + Number(input.scores[b]! + y > reach)));
    }
    return fewest >= k;
  };

  return input.scores.map((_, p) => (clinched(p) ? "clinched" : out(p) ? "out" : "open"));
}
