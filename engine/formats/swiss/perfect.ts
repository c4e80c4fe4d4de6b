// The quick path for a bracket: the rules' own first candidates, in the order
// the rules generate them, until one is perfect (Art. 3.4: a candidate that meets
// the absolute criteria and fails no quality criterion is taken at once).
//
// "Perfect" here means every criterion at the best value any candidate could
// have: all MDPs paired (when the residents suffice), at most one resident
// downfloater (odd brackets) who floated down in neither of the last two rounds
// (and, taking the bye, has no unplayed round), no more colour failures than any
// pairing of the bracket must have (players wanting the same colour, beyond those
// the others can take, must meet: colourLowerBound), no MDP opponent who floated up in the last two rounds, the rest of
// the round still completable with the bye at the lowest possible score (C4, C5),
// and a downfloater who is paired in the next bracket (C8). Such a candidate is
// optimal on every criterion, so the first one in generation order is the
// rules' answer.
//
// Only the transpositions of the bracket as first divided are searched (for a
// heterogeneous bracket: the MDPs' opponents, then the remainder's
// transpositions for the first of those). When none of them is perfect, an
// exchange or a later MDP pairing might come first, and the caller falls back to
// the complete method (dutch.ts). Most brackets of most rounds end here.

import { LexMatcher, NoPerfectMatching } from "./lexmatch";
import { colourFailures, mayMeet, meetingGraph, type Colour, type PlayerState } from "./history";

/** Search effort before giving up on the quick path (nodes of the transposition search). */
const NODE_BUDGET = 20_000;
/** Downfloaters whose look-ahead is tried before giving up on the quick path. */
const MAX_LOOKAHEADS = 3;

export interface PerfectContext {
  readonly initialColour: Colour;
  /** The lowest score the bye can go to this round (C5), or null without a bye. */
  readonly byeScore: number | null;
}

export interface QuickOutcome {
  readonly pairs: [PlayerState, PlayerState][];
  /** The bracket's one downfloater, or null. */
  readonly downfloater: PlayerState | null;
  /** Set when the bracket is the last one and its downfloater takes the bye. */
  readonly bye: PlayerState | null;
}

class OutOfBudget extends Error {}

/** Colour failures (C12: a player misses their preference; C13: misses a strong or absolute one). */
interface Failures {
  c12: number;
  c13: number;
}

/** Counts of colour preferences in a set of players, kept up to date as players are taken. */
class PreferenceCounts {
  white = 0;
  black = 0;
  strongWhite = 0;
  strongBlack = 0;
  size = 0;
  constructor(players: readonly PlayerState[]) {
    for (const p of players) this.add(p, 1);
  }
  add(p: PlayerState, sign: 1 | -1): void {
    this.size += sign;
    if (p.prefColour === "w") {
      this.white += sign;
      if (p.strength >= 2) this.strongWhite += sign;
    } else if (p.prefColour === "b") {
      this.black += sign;
      if (p.strength >= 2) this.strongBlack += sign;
    }
  }
  /**
   * The fewest colour failures any pairing of these players can have, `d` of them
   * left unpaired: a pair of players wanting the same colour fails C12, and C13 too
   * when both want it strongly (the weaker preference gives way, Art. 5.2). The
   * majority colour's players beyond the minority, the players without a preference
   * and the unpaired ones must pair among themselves; its strong ones likewise
   * beyond everyone else.
   */
  lowerBound(d: number): Failures {
    const none = this.size - this.white - this.black;
    const [major, minor, strong] = this.white >= this.black ? [this.white, this.black, this.strongWhite] : [this.black, this.white, this.strongBlack];
    return {
      c12: Math.ceil(Math.max(0, major - minor - none - d) / 2),
      c13: Math.ceil(Math.max(0, strong - minor - none - (major - strong) - d) / 2),
    };
  }
}

/** Above this many S1 players the search skips its check that every S1 player still has a partner (it costs the square of the bracket). */
const PARTNER_CHECK_UP_TO = 64;

/**
 * The first assignment, in lexicographic order of the partners S1[0], S1[1], ...
 * take from S2, whose pairs all pass `failures` (null: not allowed) within the
 * `target` colour failures (exactly them when `exact`), and which `accept` takes;
 * null if none. Depth-first without recursion: brackets may hold thousands.
 */
function firstAssignment(
  s1: readonly PlayerState[],
  s2: readonly PlayerState[],
  failures: (a: PlayerState, b: PlayerState) => Failures | null,
  target: Failures,
  accept: (pairs: [PlayerState, PlayerState][], unused: PlayerState[], spent: Failures) => boolean,
  budget: { nodes: number },
  exact = true,
): [PlayerState, PlayerState][] | null {
  const n1 = s1.length;
  const used = new Uint8Array(s2.length);
  const chosen = new Int32Array(n1).fill(-1);
  const costs: (Failures | null)[] = new Array(n1).fill(null);
  const spent: Failures = { c12: 0, c13: 0 };
  const left = new PreferenceCounts([...s1, ...s2]);
  const d = s2.length - n1;
  const bounded = exact && target.c12 + target.c13 > 0;
  const hasPartner = (k: number): boolean => s2.some((b, j) => !used[j] && failures(s1[k]!, b) !== null);
  const take = (i: number, j: number, cost: Failures) => {
    used[j] = 1;
    chosen[i] = j;
    costs[i] = cost;
    spent.c12 += cost.c12;
    spent.c13 += cost.c13;
    left.add(s1[i]!, -1);
    left.add(s2[j]!, -1);
  };
  const release = (i: number) => {
    const j = chosen[i]!;
    const cost = costs[i]!;
    used[j] = 0;
    spent.c12 -= cost.c12;
    spent.c13 -= cost.c13;
    left.add(s1[i]!, 1);
    left.add(s2[j]!, 1);
  };
  let i = 0;
  // chosen[i] is the last partner tried at position i (-1: none yet).
  while (i >= 0) {
    if (i === n1) {
      if (!exact || (spent.c12 === target.c12 && spent.c13 === target.c13)) {
        const pairs = Array.from(chosen, (j, k): [PlayerState, PlayerState] => [s1[k]!, s2[j]!]);
        if (
          accept(
            pairs,
            s2.filter((_, j) => !used[j]),
            { ...spent },
          )
        )
          return pairs;
      }
      i--;
      if (i >= 0) release(i);
      continue;
    }
    if (--budget.nodes < 0) throw new OutOfBudget();
    let moved = false;
    if (chosen[i] === -1) {
      // Entering position i: prune the whole subtree when it cannot succeed.
      const hopeless =
        (n1 <= PARTNER_CHECK_UP_TO && s1.some((_, k) => k > i && !hasPartner(k))) ||
        (bounded &&
          (() => {
            const bound = left.lowerBound(d);
            return spent.c12 + bound.c12 > target.c12 || spent.c13 + bound.c13 > target.c13;
          })());
      if (hopeless) chosen[i] = s2.length;
    }
    for (let j = chosen[i]! + 1; j < s2.length; j++) {
      if (used[j]) continue;
      const cost = failures(s1[i]!, s2[j]!);
      if (!cost || spent.c12 + cost.c12 > target.c12 || spent.c13 + cost.c13 > target.c13) continue;
      take(i, j, cost);
      i++;
      if (i < n1) chosen[i] = -1;
      moved = true;
      break;
    }
    if (!moved) {
      chosen[i] = -1;
      i--;
      if (i >= 0) release(i);
    }
  }
  return null;
}

/**
 * The bracket's first perfect candidate, or null when the quick path cannot
 * decide (the caller then uses the complete method). `rest` is everyone not yet
 * paired below the bracket, in rank order; `nextScore` the next bracket's score.
 */
export function perfectCandidate(
  bracket: readonly PlayerState[],
  mdps: ReadonlySet<number>,
  rest: readonly PlayerState[],
  nextScore: number | null,
  ctx: PerfectContext,
): QuickOutcome | null {
  const movedDown = bracket.filter((s) => mdps.has(s.index));
  const residents = bracket.filter((s) => !mdps.has(s.index));
  if (movedDown.length > residents.length) return null;
  const noFailure: Failures = { c12: 0, c13: 0 };
  /** A pair's colour failures; null when the pair may not meet or fails C10/C11 (topscorers' colours). */
  const colourCost = (a: PlayerState, b: PlayerState): Failures | null => {
    if (!mayMeet(a, b)) return null;
    const f = colourFailures(a, b, ctx.initialColour);
    if (f & 15) return null;
    return { c12: (f >> 4) & 1, c13: (f >> 5) & 1 };
  };
  // The fewest colour failures of any pairing of the whole bracket: the MDPs' pairs
  // may spend some of them, the remainder's pairs exactly the rest.
  const target = new PreferenceCounts(bracket).lowerBound(bracket.length % 2);
  const budget = { nodes: NODE_BUDGET };
  let result: QuickOutcome | null = null;
  let undecided = false;
  // The look-ahead depends on the downfloater only; each costs a matching, so few are tried.
  const verdicts = new Map<number, ReturnType<typeof lookahead>>();
  const finishWith = (pairs: [PlayerState, PlayerState][], downfloater: PlayerState | null): boolean => {
    const key = downfloater ? downfloater.index : -1;
    let verdict = verdicts.get(key);
    if (verdict === undefined) {
      verdict = verdicts.size >= MAX_LOOKAHEADS ? "undecided" : lookahead(downfloater, rest, nextScore, ctx);
      verdicts.set(key, verdict);
    }
    // Without a downfloater every candidate leaves the same rest: one answer for all.
    if (verdict === "undecided" || (verdict === "no" && !downfloater)) {
      undecided = true;
      return true; // stop searching; the complete method decides
    }
    if (verdict === "no") return false;
    // C9: a downfloater who takes the bye should have no unplayed round.
    if (verdict === "bye" && downfloater!.unplayed > 0) return false;
    result = { pairs, downfloater, bye: verdict === "bye" ? downfloater : null };
    return true;
  };
  const pairRemainder = (remainder: PlayerState[], mdpPairs: [PlayerState, PlayerState][], spentOnMdps: Failures): boolean => {
    const half = Math.floor(remainder.length / 2);
    const found = firstAssignment(
      remainder.slice(0, half),
      remainder.slice(half),
      colourCost,
      { c12: target.c12 - spentOnMdps.c12, c13: target.c13 - spentOnMdps.c13 },
      (pairs, unused) => {
        const down = unused[0] ?? null;
        // C14, C16: no resident downfloater who floated down one or two rounds ago.
        if (down && (down.float1 === 1 || down.float2 === 1)) return false;
        return finishWith([...mdpPairs, ...pairs], down);
      },
      budget,
    );
    // No perfect transposition of this remainder: a remainder exchange would come next.
    if (!found) undecided = true;
    return true;
  };
  try {
    if (movedDown.length === 0) pairRemainder([...residents], [], noFailure);
    else {
      // C15, C17: no MDP opponent who floated up one or two rounds ago.
      const opponentCost = (m: PlayerState, r: PlayerState) => (r.float1 !== 2 && r.float2 !== 2 ? colourCost(m, r) : null);
      const found = firstAssignment(
        movedDown,
        residents,
        opponentCost,
        target,
        (mdpPairs, _unused, spent) => {
          const taken = new Set(mdpPairs.map(([, r]) => r.index));
          return pairRemainder(
            residents.filter((r) => !taken.has(r.index)),
            mdpPairs,
            spent,
          );
        },
        budget,
        false,
      );
      if (!found) return null;
    }
  } catch (e) {
    if (e instanceof OutOfBudget) return null;
    throw e;
  }
  return undecided ? null : result;
}

/**
 * Whether the rest of the round can still be paired at its best after this
 * bracket: "yes", "bye" (the downfloater takes the bye: last bracket), "no"
 * (this candidate is not perfect), or "undecided".
 */
function lookahead(
  downfloater: PlayerState | null,
  rest: readonly PlayerState[],
  nextScore: number | null,
  ctx: PerfectContext,
): "yes" | "bye" | "no" | "undecided" {
  const players = downfloater ? [downfloater, ...rest] : [...rest];
  if (players.length === 0) return "yes";
  if (players.length === 1) {
    const only = players[0]!;
    if (!only.byeEligible || only.score !== ctx.byeScore) return "no";
    return only === downfloater ? "bye" : "yes";
  }
  if (greedyWitness(downfloater, rest, nextScore, ctx)) return "yes";
  const k = players.length;
  // C5: the bye only at the lowest possible score.
  const { n, u: eu, v: ev } = meetingGraph(players, (p) => p.byeEligible && p.score === ctx.byeScore);
  const matcher = new LexMatcher(n, eu, ev);
  try {
    matcher.partner(0);
  } catch (e) {
    if (e instanceof NoPerfectMatching) return "no"; // the rest cannot be completed (C4), or not with the bye at that score (C5)
    throw e;
  }
  if (!downfloater) return "yes";
  // C8: the most pairs in the next bracket, with the downfloater among them (so
  // only residents of the next bracket float from it).
  const inNext = (v: number) => v < k && players[v]!.score === nextScore;
  let nextSize = 1;
  for (let v = 1; v < k; v++) if (inNext(v)) nextSize++;
  matcher.optimize([
    { value: (e) => ((eu[e] === 0 || inNext(eu[e]!)) && inNext(ev[e]!) ? 1 : 0), bound: k, edgeMax: 1 },
    { value: (e) => (eu[e] === 0 && inNext(ev[e]!) ? 1 : 0), bound: 1, edgeMax: 1 },
  ]);
  let nextPairs = 0;
  for (let v = 0; v < k; v++) {
    const p = matcher.partner(v);
    if (p > v && (v === 0 || inNext(v)) && inNext(p)) nextPairs++;
  }
  return nextPairs === Math.floor(nextSize / 2) && inNext(matcher.partner(0)) ? "yes" : "no";
}

/**
 * A quick proof that the rest of the round can be paired at its best: the bye (if
 * any) to the lowest-ranked player who may take it at the lowest score, the
 * downfloater to the first next-bracket player they may meet, the next bracket's
 * players among themselves, then everyone left, each with the first player below
 * they may meet. Finding such a pairing proves it; failing proves nothing (the
 * caller then solves a matching). Linear in practice: most players may meet most.
 */
function greedyWitness(downfloater: PlayerState | null, rest: readonly PlayerState[], nextScore: number | null, ctx: PerfectContext): boolean {
  const left = rest.slice();
  const total = left.length + (downfloater ? 1 : 0);
  if (total % 2 === 1) {
    let at = -1;
    // With a downfloater the next bracket must keep all its players (its pairs are counted).
    for (let i = left.length - 1; i >= 0; i--) {
      if (left[i]!.byeEligible && left[i]!.score === ctx.byeScore && !(downfloater && left[i]!.score === nextScore)) {
        at = i;
        break;
      }
    }
    if (at === -1) return false;
    left.splice(at, 1);
  }
  const taken = new Uint8Array(left.length);
  const inNext = (i: number) => left[i]!.score === nextScore;
  const pairFrom = (i: number, only: (j: number) => boolean): boolean => {
    for (let j = i + 1; j < left.length; j++) {
      if (taken[j] || !only(j) || !mayMeet(left[i]!, left[j]!)) continue;
      taken[i] = taken[j] = 1;
      return true;
    }
    return false;
  };
  if (downfloater) {
    // C8: the downfloater in the next bracket, and the next bracket pairing all it can.
    const first = left.findIndex((p, i) => inNext(i) && mayMeet(downfloater, p));
    if (first === -1) return false;
    taken[first] = 1;
    let unpaired = 0;
    for (let i = 0; i < left.length; i++) if (inNext(i) && !taken[i] && !pairFrom(i, inNext)) unpaired++;
    if (unpaired > 1) return false;
  }
  for (let i = 0; i < left.length; i++) if (!taken[i] && !pairFrom(i, () => true)) return false;
  return true;
}
