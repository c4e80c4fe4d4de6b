// The shape of a single- or double-elimination bracket, apart from any result:
// its size, where each seed starts, where each match's winner and loser go, which
// engine round plays which bracket round, and the names of matches and rounds.
// The format (elimination.ts) fills it with players; the bracket view draws it.
//
// - Size: the smallest power of two B = 2^k holding the field. The B − N missing
//   places are byes, and they fall to the highest seeds: round 1 pairs seed s with
//   seed B + 1 − s in the standard order (1 v B, B/2 v B/2 + 1, ...), so seeds 1 and
//   2 are in different halves and can meet only in the final, and a bye is a seed
//   above N facing one of seeds 1..B − N.
// - Winners' bracket (W): k rounds; the winners of matches 2i and 2i+1 of a round
//   meet in match i of the next one (the winner of the upper match in the first slot).
// - Losers' bracket (L), double elimination only: 2(k − 1) rounds. Round 1 pairs the
//   losers of winners' round 1 in order (losers of matches 1 and 2, 3 and 4, ...).
//   Round 2j (j = 1..k−1) sets the losers of winners' round j+1, reordered, in the
//   first slots against the winners of losers' round 2j−1 in the second; round 2j+1
//   pairs the winners of round 2j two by two. The reorderings keep a dropped player
//   away from the players they have already beaten for as long as these simple
//   orders allow: winners' round 2 losers drop reversed, round 3 half-shifted,
//   round 4 reversed within each half, later rounds pair-flipped (searched over
//   brackets-manager's named orders, which lets the tests configure it to build the
//   same bracket: a rematch becomes possible no earlier than losers' round 4 at 16
//   players, 7 at 64, 9 from 256 on).
// - Grand final (GF): the winners' bracket winner (first slot) against the losers'
//   bracket winner; a reset match follows if the latter wins it and the setting
//   asks for one.
// An empty slot (a bye, or nobody because both feeders were empty) passes nobody on;
// a match with one empty slot is won by the other player without a game.
//
// Engine rounds are barriers (every game of a round ends before the next is
// planned): engine round t plays winners' round t and losers' round t − 1, so a
// double elimination of 2^k places takes 2k − 1 rounds, then the grand final (2k)
// and its reset (2k + 1); a single elimination takes k rounds. The losers' bracket is
// the longer path, so no player waits a round they could have played.

export type BracketKind = "single" | "double";

/** A match's place in the bracket: W (winners'), L (losers'), GF (grand final), GF2 (its reset). index is 0-based. */
export interface MatchRef {
  readonly side: "W" | "L" | "GF" | "GF2";
  readonly round: number;
  readonly index: number;
}

export const GRAND_FINAL = "Grand final";
export const GRAND_FINAL_RESET = "Grand final reset";

/** The smallest power of two that holds n players (at least 2). */
export function bracketSize(n: number): number {
  let size = 2;
  while (size < n) size *= 2;
  return size;
}

export const log2 = (size: number): number => Math.round(Math.log2(size));

/**
 * The seeds (1-based, up to `size`) in the order of round 1's slots: match i pairs
 * slots 2i and 2i+1. The standard order: 1, 8, 4, 5, 2, 7, 3, 6 for eight.
 */
export function firstRoundSeeds(size: number): number[] {
  let positions = [1, 2];
  while (positions.length < size) {
    const span = positions.length * 2 + 1;
    const next = new Array<number>(positions.length * 2);
    for (let i = 0; i < positions.length; i++) {
      next[2 * i] = positions[i]!;
      next[2 * i + 1] = span - positions[i]!;
    }
    positions = next;
  }
  return positions;
}

/** brackets-manager's name for the order in which winners' round r's losers drop (r = 1: round 1's pairing). */
export function dropOrderName(r: number): "natural" | "reverse" | "half_shift" | "reverse_half_shift" | "pair_flip" {
  return (["natural", "reverse", "half_shift", "reverse_half_shift"] as const)[r - 1] ?? "pair_flip";
}

/** Winners' round r's losers (in match order) as they drop into the losers' bracket. */
export function dropOrder<T>(r: number, losers: readonly T[]): T[] {
  const n = losers.length;
  if (n < 2) return losers.slice();
  const half = n / 2;
  switch (dropOrderName(r)) {
    case "natural":
      return losers.slice();
    case "reverse":
      return losers.slice().reverse();
    case "half_shift":
      return [...losers.slice(half), ...losers.slice(0, half)];
    case "reverse_half_shift":
      return [...losers.slice(0, half).reverse(), ...losers.slice(half).reverse()];
    case "pair_flip": {
      const out = new Array<T>(n);
      for (let i = 0; i < n; i += 2) {
        out[i] = losers[i + 1]!;
        out[i + 1] = losers[i]!;
      }
      return out;
    }
  }
}

/** Losers' round of the losers of winners' round r (1 → 1, r → 2(r − 1)). */
export const dropRound = (r: number): number => (r === 1 ? 1 : 2 * (r - 1));

/** Matches in a round of a bracket of 2^k places. */
export function matchCount(side: MatchRef["side"], round: number, k: number): number {
  if (side === "W") return 2 ** (k - round);
  if (side === "L") return 2 ** (k - 1 - Math.ceil(round / 2));
  return 1;
}

export function matchName(ref: MatchRef): string {
  if (ref.side === "GF") return GRAND_FINAL;
  if (ref.side === "GF2") return GRAND_FINAL_RESET;
  return `${ref.side}${ref.round}-${ref.index + 1}`;
}

const NAME = /^([WL])(\d+)-(\d+)$/;

export function parseMatchName(name: string): MatchRef | null {
  if (name === GRAND_FINAL) return { side: "GF", round: 1, index: 0 };
  if (name === GRAND_FINAL_RESET) return { side: "GF2", round: 1, index: 0 };
  const m = NAME.exec(name);
  return m ? { side: m[1] as "W" | "L", round: Number(m[2]), index: Number(m[3]) - 1 } : null;
}

/** Engine rounds of a bracket of 2^k places, the reset included (it may not be played). */
export function engineRounds(kind: BracketKind, k: number): number {
  return kind === "single" ? k : 2 * k + 1;
}

/** The bracket rounds an engine round plays. */
export function roundContents(kind: BracketKind, k: number, t: number): { winners?: number; losers?: number; final?: "GF" | "GF2" } {
  if (kind === "single") return t <= k ? { winners: t } : {};
  if (t === 2 * k) return { final: "GF" };
  if (t === 2 * k + 1) return { final: "GF2" };
  const out: { winners?: number; losers?: number } = {};
  if (t <= k) out.winners = t;
  if (t >= 2 && t - 1 <= 2 * (k - 1)) out.losers = t - 1;
  return out;
}

/** The engine round that plays a match. */
export function engineRoundOf(ref: MatchRef, k: number): number {
  if (ref.side === "W") return ref.round;
  if (ref.side === "L") return ref.round + 1;
  return ref.side === "GF" ? 2 * k : 2 * k + 1;
}

function winnersRoundName(r: number, k: number): string {
  if (r === k) return "Final";
  if (r === k - 1) return "Semi-finals";
  if (r === k - 2) return "Quarter-finals";
  return `Round ${r}`;
}

export function roundName(kind: BracketKind, k: number, t: number): string {
  if (kind === "single") return winnersRoundName(t, k);
  const c = roundContents(kind, k, t);
  if (c.final === "GF") return GRAND_FINAL;
  if (c.final === "GF2") return GRAND_FINAL_RESET;
  const parts = [c.winners === undefined ? "" : c.winners === k ? "Winners' final" : `Winners' round ${c.winners}`];
  if (c.losers !== undefined) parts.push(c.losers === 2 * (k - 1) ? "losers' final" : `losers' round ${c.losers}`);
  const text = parts.filter(Boolean).join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * An engine round as the round that knocked players out: in a double elimination
 * only its losers' part (or the grand final) knocks anyone out ("Losers' round 2").
 */
export function knockoutRoundName(kind: BracketKind, k: number, t: number): string {
  const c = roundContents(kind, k, t);
  if (kind === "single" || c.losers === undefined) return roundName(kind, k, t);
  return c.losers === 2 * (k - 1) ? "Losers' final" : `Losers' round ${c.losers}`;
}

/** Where a slot's player comes from: a seed, or the winner or loser of an earlier match. */
export type SlotFeeder = { readonly seed: number } | { readonly from: MatchRef; readonly take: "winner" | "loser" };

export function slotFeeder(k: number, ref: MatchRef, slot: 0 | 1): SlotFeeder {
  const W = (round: number, index: number): MatchRef => ({ side: "W", round, index });
  const L = (round: number, index: number): MatchRef => ({ side: "L", round, index });
  if (ref.side === "W" && ref.round === 1) return { seed: firstRoundSeeds(2 ** k)[2 * ref.index + slot]! };
  if (ref.side === "W") return { from: W(ref.round - 1, 2 * ref.index + slot), take: "winner" };
  if (ref.side === "GF" || ref.side === "GF2") {
    return slot === 0 ? { from: W(k, 0), take: "winner" } : { from: L(2 * (k - 1), 0), take: "winner" };
  }
  if (ref.round === 1) return { from: W(1, dropSourceIndex(1, k, 2 * ref.index + slot)), take: "loser" };
  if (ref.round % 2 === 0 && slot === 0) {
    const r = ref.round / 2 + 1;
    return { from: W(r, dropSourceIndex(r, k, ref.index)), take: "loser" };
  }
  if (ref.round % 2 === 0) return { from: L(ref.round - 1, ref.index), take: "winner" };
  return { from: L(ref.round - 1, 2 * ref.index + slot), take: "winner" };
}

/** Where a slot's player comes from, in words, before it is known ("Winner of W1-3"). */
export function slotSource(k: number, ref: MatchRef, slot: 0 | 1): string {
  const feeder = slotFeeder(k, ref, slot);
  if ("seed" in feeder) return `Seed ${feeder.seed}`;
  return `${feeder.take === "winner" ? "Winner" : "Loser"} of ${matchName(feeder.from)}`;
}

/** The winners' round r match whose loser lands at position `at` of the drop order. */
export function dropSourceIndex(r: number, k: number, at: number): number {
  const n = 2 ** (k - r);
  return dropOrder(
    r,
    Array.from({ length: n }, (_, i) => i),
  )[at]!;
}
