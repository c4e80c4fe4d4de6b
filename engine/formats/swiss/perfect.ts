// The quick path for a bracket: the rules' own first candidates, in the order
// the rules generate them, until one is perfect (Art. 3.4: a candidate that meets
// the absolute criteria and fails no quality criterion is taken at once).
//
// "Perfect" here means every criterion at the best value any candidate could
// have: all MDPs paired (when the residents suffice), at most one resident
// downfloater (odd brackets) who floated down in neither of the last two rounds
// (and, taking the bye, has no unplayed round), every pair giving both players their colour
// preference, no MDP opponent who floated up in the last two rounds, the rest of
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

/**
 * The first assignment, in lexicographic order of the partners S1[0], S1[1], ...
 * take from S2, whose pairs all pass `ok` and which `accept` takes; null if none.
 */
function firstAssignment(
  s1: readonly PlayerState[],
  s2: readonly PlayerState[],
  ok: (a: PlayerState, b: PlayerState) => boolean,
  accept: (pairs: [PlayerState, PlayerState][], unused: PlayerState[]) => boolean,
  budget: { nodes: number },
): [PlayerState, PlayerState][] | null {
  const allowed = s1.map((a) => s2.map((b) => ok(a, b)));
  const used = new Uint8Array(s2.length);
  const chosen: number[] = [];
  const search = (i: number): boolean => {
    if (--budget.nodes < 0) throw new OutOfBudget();
    if (i === s1.length) {
      const pairs = chosen.map((j, k): [PlayerState, PlayerState] => [s1[k]!, s2[j]!]);
      return accept(
        pairs,
        s2.filter((_, j) => !used[j]),
      );
    }
    // Every S1 player still to place needs a free partner.
    for (let k = i + 1; k < s1.length; k++) if (!allowed[k]!.some((x, j) => x && !used[j])) return false;
    for (let j = 0; j < s2.length; j++) {
      if (used[j] || !allowed[i]![j]) continue;
      used[j] = 1;
      chosen.push(j);
      if (search(i + 1)) return true;
      chosen.pop();
      used[j] = 0;
    }
    return false;
  };
  return search(0) ? chosen.map((j, k) => [s1[k]!, s2[j]!]) : null;
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
  const colourOk = (a: PlayerState, b: PlayerState) => mayMeet(a, b) && colourFailures(a, b, ctx.initialColour) === 0;
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
  const pairRemainder = (remainder: PlayerState[], mdpPairs: [PlayerState, PlayerState][]): boolean => {
    const half = Math.floor(remainder.length / 2);
    // Every pair giving both their colour needs a white-wanting and a black-wanting
    // player, or one without a preference: when the count cannot work, no
    // transposition is perfect, and the search would only prove it slowly.
    let white = 0;
    let black = 0;
    for (const p of remainder)
      if (p.prefColour === "w") white++;
      else if (p.prefColour === "b") black++;
    if (Math.abs(white - black) > remainder.length - white - black + (remainder.length % 2)) {
      undecided = true;
      return true;
    }
    const found = firstAssignment(
      remainder.slice(0, half),
      remainder.slice(half),
      colourOk,
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
    if (movedDown.length === 0) pairRemainder([...residents], []);
    else {
      const opponentOk = (m: PlayerState, r: PlayerState) => colourOk(m, r) && r.float1 !== 2 && r.float2 !== 2;
      const found = firstAssignment(
        movedDown,
        residents,
        opponentOk,
        (mdpPairs) => {
          const taken = new Set(mdpPairs.map(([, r]) => r.index));
          return pairRemainder(
            residents.filter((r) => !taken.has(r.index)),
            mdpPairs,
          );
        },
        budget,
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
