// Counting helpers the formats' preview figures share (FormatPage.preview.plan) and
// the create form's preview (components/tournament/preview.ts) uses for the whole
// simulated tournament.

import { gamesOf, groupsOf, phasesOf, type Round, type TournamentState } from "@/engine/formats";

/** Games each player plays in these rounds (void games left out; players without a game count 0). */
export function gamesPerPlayer(state: TournamentState, rounds: readonly Round[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const r of rounds) {
    const all = [...groupsOf(r), ...phasesOf(r)].flatMap(gamesOf);
    for (const g of all) {
      if (g.void) continue;
      count.set(g.side1, (count.get(g.side1) ?? 0) + 1);
      count.set(g.side2, (count.get(g.side2) ?? 0) + 1);
    }
  }
  for (const p of state.players) if (!count.has(p.id)) count.set(p.id, 0);
  return count;
}

export function range(values: Iterable<number>): { min: number; max: number; mean: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  let sum = 0;
  let n = 0;
  for (const v of values) {
    min = Math.min(min, v);
    max = Math.max(max, v);
    sum += v;
    n++;
  }
  return n === 0 ? { min: 0, max: 0, mean: 0 } : { min, max, mean: sum / n };
}

/** The fewest and most games a player has in one round. */
export function gamesPerPlayerRange(state: TournamentState, round: Round): { min: number; max: number } {
  const { min, max } = range(gamesPerPlayer(state, [round]).values());
  return { min, max };
}

/** "3" or "2–4". */
export const span = (r: { min: number; max: number }): string => (r.min === r.max ? String(r.min) : `${r.min}–${r.max}`);

export interface SizeCount {
  readonly size: number;
  readonly count: number;
}

/** Runs of equal sizes: [4, 4, 3] → 2 × 4, 1 × 3. */
export function sizeCounts(sizes: readonly number[]): SizeCount[] {
  const out: SizeCount[] = [];
  for (const size of sizes) {
    const last = out[out.length - 1];
    if (last && last.size === size) out[out.length - 1] = { size, count: last.count + 1 };
    else out.push({ size, count: 1 });
  }
  return out;
}
