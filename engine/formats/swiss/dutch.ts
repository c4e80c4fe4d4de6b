// One round of the FIDE (Dutch) system, C.04.3 as approved in 2024 and applied
// from 2025/2026 ("the 2025 text"), from the players' records.
//
// The rules pair bracket by bracket from the top score down. A bracket holds the
// players of one score (residents) and the players left over from the bracket
// above (moved-down players, MDPs). Among all ways to pair a bracket the rules
// take the best by criteria C1-C21, and among equally good ones the first in the
// order the rules generate them (transpositions of S2, exchanges between S1 and
// S2, sets of MDPs: Art. 3-4). The rules allow any method that gives the same
// result; ours writes each criterion as the value of an edge in a graph of all
// players still to pair (plus a bye vertex when their number is odd) and takes
// the lexicographically best perfect matching (lexmatch.ts), criterion after
// criterion:
//
//   C1, C3   an edge exists only between players who may meet;
//   C2       the bye vertex is joined only to players who may get the bye;
//   C4       the matching is perfect: everyone still to pair can be paired;
//   C5       the bye goes to the lowest score possible;
//   C6, C7   most pairs inside the bracket, then the MDPs with the highest scores
//            paired (the downfloaters' scores are then lowest, in descending order);
//   C8       most pairs in the next bracket, then its downfloaters' scores lowest;
//   C9       when the bracket downfloats one player who gets the bye: the fewest
//            unplayed rounds for that player;
//   C10-C13  colours of the bracket's pairs (their colours follow Art. 5);
//   C14-C21  repeated floats: residents who downfloated one or two rounds ago
//            kept in the bracket, MDP opponents who upfloated then, and the score
//            differences involved;
//   then the generation order: the set of MDPs paired (lowest numbers first),
//   their opponents (lowest first, for the first MDP, then the next), the
//   remainder's exchange (fewest players, smallest difference of numbers, the
//   highest number moved from S1 to S2, the lowest one moved from S2 to S1), and
//   its transposition (the partner of the first S1 player lowest, then the next).
//
// Each criterion's value counts what the pairing gets right, so larger is better.
// Once the bracket's pairs are known they are fixed, its unpaired players move down,
// and the next bracket is made the same way.

import { LexMatcher, NoPerfectMatching, type Objective } from "./lexmatch";
import { perfectCandidate } from "./perfect";
import { allocateColour, colourFailures, meetingGraph, playerStates, type Colour, type PairingPlayer, type PlayerState } from "./history";

export type { Colour, PairingPlayer, RoundRecord } from "./history";

export interface PairingInput {
  readonly players: readonly PairingPlayer[];
  /** The round to pair, 1-based; every player's history has round-1 records. */
  readonly round: number;
  readonly totalRounds: number;
  /** Colour drawn for the first pairing number (Art. 5.1). */
  readonly initialColour: Colour;
  /** Points of a win, and of the pairing-allocated bye, in the units of the records. */
  readonly winPoints: number;
}

export interface PairingResult {
  /** [white, black] player indices, in board order. */
  readonly pairs: readonly (readonly [number, number])[];
  /** The player given the pairing-allocated bye, or null. */
  readonly bye: number | null;
}

/** No pairing complies with the absolute criteria (Art. 1.9.3: the arbiter decides). */
export class NoPairingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NoPairingError";
  }
}

/** Pairs one round by the Dutch rules. Throws NoPairingError when no complete pairing exists. */
export function pairDutch(input: PairingInput, options: { quick?: boolean; trace?: (line: string) => void } = {}): PairingResult {
  const states = playerStates(input.players, input.round, input.totalRounds, input.winPoints);
  const present = states.filter((s) => input.players[s.index]!.present);
  present.sort((a, b) => b.score - a.score || a.tpn - b.tpn);
  const pairs: [number, number][] = [];
  let bye: number | null = null;
  let remaining = present;
  let mdps = new Set<number>();
  const byeScore = present.length % 2 === 1 ? lowestByeScore(present) : null;
  while (remaining.length > 0) {
    const topResident = remaining.find((s) => !mdps.has(s.index));
    if (!topResident) {
      // Only moved-down players are left: the last bracket's one downfloater.
      if (remaining.length !== 1) throw new Error("pairing: more than one player left without a bracket");
      bye = remaining[0]!.index;
      break;
    }
    const bracketScore = topResident.score;
    const bracket = remaining.filter((s) => mdps.has(s.index) || s.score === bracketScore);
    const rest = remaining.filter((s) => !mdps.has(s.index) && s.score < bracketScore);
    const quick =
      options.quick === false ? null : perfectCandidate(bracket, mdps, rest, rest[0]?.score ?? null, { initialColour: input.initialColour, byeScore });
    options.trace?.(
      `bracket ${bracketScore} [${bracket.map((p) => p.tpn).join(",")}] ${quick ? "quick" : "full"}: ` +
        (quick ? quick.pairs : []).map(([a, b]) => `${a.tpn}-${b.tpn}`).join(" "),
    );
    const outcome = quick ? { pairs: quick.pairs, bye: quick.bye?.index ?? null } : pairBracket(remaining, mdps, bracketScore, input);
    for (const [a, b] of outcome.pairs) {
      const colourA = allocateColour(a, b, input.initialColour);
      pairs.push(colourA === "w" ? [a.index, b.index] : [b.index, a.index]);
    }
    if (outcome.bye !== null) bye = outcome.bye;
    const done = new Set<number>();
    for (const [a, b] of outcome.pairs) done.add(a.index).add(b.index);
    if (outcome.bye !== null) done.add(outcome.bye);
    remaining = remaining.filter((s) => !done.has(s.index));
    mdps = new Set(remaining.filter((s) => s.score >= bracketScore).map((s) => s.index));
  }
  return { pairs: boardOrder(pairs, states), bye };
}

/** C5: the lowest score of a player who can take the bye in some complete pairing of the round. */
function lowestByeScore(players: readonly PlayerState[]): number {
  const k = players.length;
  const { n, u: eu, v: ev } = meetingGraph(players, (p) => p.byeEligible);
  const matcher = new LexMatcher(n, eu, ev);
  const levels = [...new Set(players.map((p) => p.score))].sort((x, y) => x - y);
  const level = new Map(levels.map((s, i) => [s, i]));
  const top = levels.length - 1;
  try {
    matcher.optimize([{ value: (e) => (ev[e] === k ? top - level.get(players[eu[e]!]!.score)! : 0), bound: top, edgeMax: top }]);
  } catch (e) {
    if (e instanceof NoPerfectMatching) throw new NoPairingError("no pairing of this round satisfies the absolute criteria");
    throw e;
  }
  return players[matcher.partner(k)]!.score;
}

/** C.04.2: boards by the higher score of the pair, then the sum of scores, then the higher player's rank. */
function boardOrder(pairs: [number, number][], states: readonly PlayerState[]): [number, number][] {
  const key = (p: [number, number]) => {
    const a = states[p[0]]!;
    const b = states[p[1]]!;
    const hi = a.score > b.score || (a.score === b.score && a.tpn < b.tpn) ? a : b;
    return { max: Math.max(a.score, b.score), sum: a.score + b.score, tpn: hi.tpn };
  };
  return pairs
    .map((p) => ({ p, k: key(p) }))
    .sort((x, y) => y.k.max - x.k.max || y.k.sum - x.k.sum || x.k.tpn - y.k.tpn)
    .map((x) => x.p);
}

interface BracketOutcome {
  readonly pairs: [PlayerState, PlayerState][];
  readonly bye: number | null;
}

/** Powers for "lowest first" preferences over a list, in chunks that each fit a stage. */
function superIncreasing(count: number, valueOf: (edge: number) => number | null, chunkBits = 24): Objective[] {
  // valueOf gives the position (0 = most wanted) an edge stands for, or null.
  const out: Objective[] = [];
  for (let start = 0; start < count; start += chunkBits) {
    const end = Math.min(count, start + chunkBits);
    const width = end - start;
    out.push({
      value: (e) => {
        const pos = valueOf(e);
        return pos === null || pos < start || pos >= end ? 0 : 2 ** (width - 1 - (pos - start));
      },
      bound: 2 ** width - 1,
      edgeMax: 2 ** (width - 1),
    });
  }
  return out;
}

/**
 * Pairs the bracket made of the MDPs and the residents of `bracketScore`, choosing
 * among all complete pairings of `remaining` (everyone not yet paired).
 */
function pairBracket(remaining: readonly PlayerState[], mdps: ReadonlySet<number>, bracketScore: number, input: PairingInput): BracketOutcome {
  const k = remaining.length;
  const odd = k % 2 === 1;
  const nv = k + (odd ? 1 : 0);
  const byeVertex = odd ? k : -1;
  const player = (v: number): PlayerState => remaining[v]!;
  // Vertex roles.
  const inB = new Uint8Array(k);
  const isMdp = new Uint8Array(k);
  const inN = new Uint8Array(k);
  let nextScore = -Infinity;
  for (let v = 0; v < k; v++) {
    const s = player(v);
    if (mdps.has(s.index)) isMdp[v] = inB[v] = 1;
    else if (s.score === bracketScore) inB[v] = 1;
    else if (s.score > nextScore) nextScore = s.score;
  }
  for (let v = 0; v < k; v++) if (!inB[v] && player(v).score === nextScore) inN[v] = 1;
  const bracket: number[] = [];
  for (let v = 0; v < k; v++) if (inB[v]) bracket.push(v); // remaining is in rank order, so this is BSN order
  const lastBracket = !inN.some((x) => x === 1);

  // The graph: every pair that may meet (C1, C3), and the bye edges (C2). MDPs are
  // paired with residents only (Art. 3.2), and two players both unpaired now would
  // both be MDPs in any later bracket: they cannot meet.
  const { u: U, v: V } = meetingGraph(
    remaining,
    (p) => p.byeEligible,
    (a, b) => isMdp[a] === 1 && isMdp[b] === 1,
  );
  const matcher = new LexMatcher(nv, U, V);
  const isBye = (e: number): boolean => V[e] === byeVertex;
  const within = (e: number): boolean => !isBye(e) && inB[U[e]!] === 1 && inB[V[e]!] === 1;
  /** The B-vertex of a within-bracket MDP-resident edge, as [mdp, resident], or null. */
  const mdpResident = (e: number): [number, number] | null => {
    if (!within(e)) return null;
    const a = U[e]!;
    const b = V[e]!;
    if (isMdp[a] && !isMdp[b]) return [a, b];
    if (isMdp[b] && !isMdp[a]) return [b, a];
    return null;
  };
  const bSize = bracket.length;
  const halfB = Math.floor(bSize / 2);

  // Score levels (ascending) for the "scores taken in descending order" criteria.
  const levelsOf = (scores: number[]): Map<number, number> => {
    const sorted = [...new Set(scores)].sort((x, y) => x - y);
    return new Map(sorted.map((s, i) => [s, i]));
  };
  /** Super-increasing weight per level so that one player of a higher level outweighs all below. */
  const levelWeights = (scores: number[]): { weight: Map<number, number>; total: number } => {
    const counts = new Map<number, number>();
    for (const s of scores) counts.set(s, (counts.get(s) ?? 0) + 1);
    const weight = new Map<number, number>();
    let w = 1;
    let total = 0;
    for (const s of [...counts.keys()].sort((x, y) => x - y)) {
      weight.set(s, w);
      total += w * counts.get(s)!;
      w *= counts.get(s)! + 1;
    }
    return { weight, total };
  };

  // C5: lowest bye score.
  const remainingLevels = levelsOf(remaining.map((s) => s.score));
  const topLevel = remainingLevels.size - 1;

  // C6, C7.
  const mdpScores = bracket.filter((v) => isMdp[v]).map((v) => player(v).score);
  const c7 = levelWeights(mdpScores);
  const bracketObjectives: Objective[] = [
    // C5: the bye at the lowest score possible (the brackets above kept it possible).
    { value: (e) => (isBye(e) ? topLevel - remainingLevels.get(player(U[e]!).score)! : 0), bound: topLevel, edgeMax: topLevel },
    { value: (e) => (within(e) ? 1 : 0), bound: halfB, edgeMax: 1 },
    {
      value: (e) => {
        const mr = mdpResident(e);
        return mr ? c7.weight.get(player(mr[0]).score)! : 0;
      },
      bound: c7.total,
      edgeMax: Math.max(0, ...c7.weight.values()),
    },
  ];
  // C8: the next bracket holds this bracket's downfloaters and the next score's residents.
  if (!lastBracket) {
    const bScores = bracket.map((v) => player(v).score);
    const c8 = levelWeights(bScores);
    /** For an edge that pairs two players in the next bracket: the downfloater among them, or -1 for two residents of it; null otherwise. */
    const nextPair = (e: number): number | null => {
      if (isBye(e)) return null;
      const a = U[e]!;
      const b = V[e]!;
      if (inN[a] && inN[b]) return -1;
      if (inB[a] && inN[b]) return a;
      if (inB[b] && inN[a]) return b;
      return null;
    };
    bracketObjectives.push(
      { value: (e) => (nextPair(e) !== null ? 1 : 0), bound: Math.floor((bSize + countOf(inN)) / 2), edgeMax: 1 },
      {
        value: (e) => {
          const x = nextPair(e);
          return x === null || x === -1 ? 0 : c8.weight.get(player(x).score)!;
        },
        bound: c8.total,
        edgeMax: Math.max(0, ...c8.weight.values()),
      },
    );
  }
  try {
    matcher.optimize(bracketObjectives);
  } catch (e) {
    if (e instanceof NoPerfectMatching) throw new NoPairingError("no pairing of the remaining players satisfies the absolute criteria");
    throw e;
  }
  const pairsInBracket = countWithin(matcher, within, k);
  const downfloaters = bSize - 2 * pairsInBracket;

  // C9: the bye assignee's unplayed rounds, when this bracket downfloats exactly one player.
  const quality: Objective[] = [];
  if (odd && downfloaters === 1) {
    let maxU = 0;
    for (const s of remaining) maxU = Math.max(maxU, s.unplayed);
    quality.push({
      value: (e) => (isBye(e) ? (inB[U[e]!] ? maxU - player(U[e]!).unplayed : maxU) : 0),
      bound: maxU,
      edgeMax: maxU,
    });
  }

  // C10-C13: colours of the bracket's pairs.
  const colourFlags = new Map<number, number>();
  const flagsOf = (e: number): number => {
    let f = colourFlags.get(e);
    if (f === undefined) colourFlags.set(e, (f = colourFailures(player(U[e]!), player(V[e]!), input.initialColour)));
    return f;
  };
  const anyTop = bracket.some((v) => player(v).topscorer);
  if (anyTop) {
    quality.push(
      { value: (e) => (within(e) ? 2 - ((flagsOf(e) >> 0) & 3) : 0), bound: 2 * halfB, edgeMax: 2 },
      { value: (e) => (within(e) ? 2 - ((flagsOf(e) >> 2) & 3) : 0), bound: 2 * halfB, edgeMax: 2 },
    );
  }
  quality.push(
    { value: (e) => (within(e) ? 1 - ((flagsOf(e) >> 4) & 1) : 0), bound: halfB, edgeMax: 1 },
    { value: (e) => (within(e) ? 1 - ((flagsOf(e) >> 5) & 1) : 0), bound: halfB, edgeMax: 1 },
  );

  // C14-C17: residents who downfloated, MDP opponents who upfloated, one or two rounds ago.
  const residentDown = (v: number, which: 1 | 2): number => (inB[v] && !isMdp[v] && (which === 1 ? player(v).float1 : player(v).float2) === 1 ? 1 : 0);
  const mdpCount = mdpScores.length;
  for (const which of [1, 2] as const) {
    const downCount = bracket.filter((v) => residentDown(v, which)).length;
    if (downCount > 0)
      quality.push({
        value: (e) => (within(e) ? residentDown(U[e]!, which) + residentDown(V[e]!, which) : 0),
        bound: downCount,
        edgeMax: 2,
      });
    if (mdpCount > 0)
      quality.push({
        value: (e) => {
          const mr = mdpResident(e);
          if (!mr) return 0;
          return (which === 1 ? player(mr[1]).float1 : player(mr[1]).float2) === 2 ? 0 : 1;
        },
        bound: Math.min(mdpCount, bSize - mdpCount),
        edgeMax: 1,
      });
  }

  // C18-C21: score differences (descending) of MDPs who downfloated, and of MDP
  // opponents who upfloated, one or two rounds ago. An MDP left unpaired counts
  // with a difference larger than any (it floats again).
  if (mdpCount > 0) {
    const diffs = [...new Set(bracket.filter((v) => isMdp[v]).map((v) => player(v).score - bracketScore))].sort((x, y) => x - y);
    const diffLevel = new Map(diffs.map((d, i) => [d, i]));
    const base = mdpCount + 1;
    const top = diffs.length; // level of "unpaired"
    for (const which of [1, 2] as const) {
      const floated = (v: number) => (which === 1 ? player(v).float1 : player(v).float2);
      const downMdps = bracket.filter((v) => isMdp[v] && floated(v) === 1);
      if (downMdps.length > 0)
        quality.push({
          value: (e) => {
            const mr = mdpResident(e);
            if (!mr || floated(mr[0]) !== 1) return 0;
            return base ** top - base ** diffLevel.get(player(mr[0]).score - bracketScore)!;
          },
          bound: downMdps.length * base ** top,
          edgeMax: base ** top,
        });
      quality.push({
        value: (e) => {
          const mr = mdpResident(e);
          if (!mr) return 0;
          const failure = floated(mr[1]) === 2 ? base ** diffLevel.get(player(mr[0]).score - bracketScore)! : 0;
          return base ** top - failure;
        },
        bound: mdpCount * base ** top,
        edgeMax: base ** top,
      });
    }
  }
  // Generation order. First the MDPs: which are paired (S1: the lowest numbers), then
  // their opponents (for each MDP in turn, the lowest-numbered resident). The
  // opponents' objectives are set for every MDP: those left unpaired have no
  // resident partner in any matching left, so theirs change nothing.
  const mdpList = bracket.filter((v) => isMdp[v]);
  const residents = bracket.filter((v) => !isMdp[v]);
  const residentRank = new Map(residents.map((v, i) => [v, i]));
  if (mdpList.length > 0) {
    const mdpPos = new Map(mdpList.map((v, i) => [v, i]));
    quality.push(
      ...superIncreasing(mdpList.length, (e) => {
        const mr = mdpResident(e);
        return mr ? mdpPos.get(mr[0])! : null;
      }),
      ...mdpList.map((mdp) => ({
        value: (e: number) => {
          const mr = mdpResident(e);
          return mr && mr[0] === mdp ? residents.length - residentRank.get(mr[1])! : 0;
        },
        bound: residents.length,
        edgeMax: residents.length,
      })),
    );
  }
  matcher.optimize(quality);

  // The remainder: residents not paired with an MDP, renumbered 1, 2, ... (Art. 4.1).
  const remainder = residents.filter((v) => {
    const p = matcher.partner(v);
    return !(p < k && isMdp[p]);
  });
  const rSize = remainder.length;
  const rPos = new Map(remainder.map((v, i) => [v, i])); // 0-based BSN in the remainder
  const inR = (v: number): boolean => v < k && rPos.has(v);
  let rPairs = 0;
  for (const v of remainder) if (inR(matcher.partner(v)) && matcher.partner(v) > v) rPairs++;
  const inS1 = (v: number): boolean => rPos.get(v)! < rPairs;
  const rEdge = (e: number): "s1s1" | "s2s2" | "cross" | "s1out" | "s2out" | null => {
    const a = U[e]!;
    const b = V[e]!;
    const ra = inR(a);
    const rb = b !== byeVertex && inR(b);
    if (ra && rb) {
      const sa = inS1(a);
      const sb = inS1(b);
      return sa && sb ? "s1s1" : !sa && !sb ? "s2s2" : "cross";
    }
    if (ra) return inS1(a) ? "s1out" : "s2out";
    if (rb) return inS1(b) ? "s1out" : "s2out";
    return null;
  };
  if (rPairs > 0 && !matcher.decided) {
    // Exchanges: fewest players moved (pairs inside S2 need one), then the smallest
    // difference of the numbers moved, then the highest number moved S1 -> S2, then the
    // lowest moved S2 -> S1. Numbers are 1-based.
    const bsn = (v: number): number => rPos.get(v)! + 1;
    const C = rSize + 1;
    const touchingR = rSize - rPairs; // matching edges touching R: rPairs inside plus one per downfloater
    matcher.optimize([
      { value: (e) => (rEdge(e) === "s1s1" || rEdge(e) === "cross" ? 1 : 0), bound: rPairs, edgeMax: 1 },
      {
        value: (e) => {
          const kind = rEdge(e);
          const a = U[e]!;
          const b = V[e]!;
          switch (kind) {
            case "s2s2":
              return C - Math.min(bsn(a), bsn(b));
            case "s1s1":
              return C + Math.max(bsn(a), bsn(b));
            case "cross":
            case "s2out":
              return C;
            case "s1out":
              return C + bsn(inR(a) ? a : b);
            default:
              return 0;
          }
        },
        bound: 2 * C * touchingR,
        edgeMax: 2 * C,
      },
    ]);
    const exchanged = countKind(matcher, rEdge, "s2s2", remainder);
    if (exchanged > 0) {
      // Highest number moved S1 -> S2: positions rPairs-1 down to 0 (0 = most wanted).
      matcher.optimize(
        superIncreasing(rPairs, (e) => {
          const kind = rEdge(e);
          if (kind === "s1s1") return rPairs - Math.max(bsn(U[e]!), bsn(V[e]!));
          if (kind === "s1out") return rPairs - bsn(inR(U[e]!) ? U[e]! : V[e]!);
          return null;
        }),
      );
      // Lowest number moved S2 -> S1.
      matcher.optimize(superIncreasing(rSize - rPairs, (e) => (rEdge(e) === "s2s2" ? Math.min(bsn(U[e]!), bsn(V[e]!)) - rPairs - 1 : null)));
    }
    // S1 after the exchange: S1 players not moved, and the S2 players moved up.
    const s1: number[] = [];
    for (const v of remainder) {
      const p = matcher.partner(v);
      const pairedInR = inR(p);
      if (inS1(v)) {
        if (pairedInR && inS1(p) ? bsn(v) < bsn(p) : pairedInR) s1.push(v);
      } else if (pairedInR && !inS1(p) && bsn(v) < bsn(p)) s1.push(v);
    }
    s1.sort((x, y) => bsn(x) - bsn(y));
    const s1Set = new Set(s1);
    // Transposition: the partner of each S1 player in turn as low as possible.
    matcher.optimize(
      s1.map((x) => ({
        value: (e: number) => {
          const a = U[e]!;
          const b = V[e]!;
          if (a === x && b !== byeVertex && inR(b) && !s1Set.has(b)) return C - bsn(b);
          if (b === x && inR(a) && !s1Set.has(a)) return C - bsn(a);
          return 0;
        },
        bound: C,
        edgeMax: C,
      })),
    );
  }

  const pairs: [PlayerState, PlayerState][] = [];
  let bye: number | null = null;
  for (const v of bracket) {
    const p = matcher.partner(v);
    // A bracket player matched with the bye vertex gets the bye only from the last
    // bracket; from a higher one they move down and are paired again below.
    if (p === byeVertex) {
      if (lastBracket) bye = player(v).index;
    } else if (inB[p] && p > v) pairs.push([player(v), player(p)]);
  }
  return { pairs, bye };
}

function countOf(flags: Uint8Array): number {
  let c = 0;
  for (const f of flags) c += f;
  return c;
}

function countWithin(matcher: LexMatcher, within: (e: number) => boolean, k: number): number {
  let c = 0;
  const edges = matcher.matchedEdges;
  for (let v = 0; v < k; v++) {
    const e = edges[v]!;
    if (e >= 0 && within(e)) c++;
  }
  return c / 2;
}

function countKind(matcher: LexMatcher, kindOf: (e: number) => string | null, kind: string, vertices: readonly number[]): number {
  const seen = new Set<number>();
  for (const v of vertices) {
    const e = matcher.matchedEdges[v]!;
    if (kindOf(e) === kind) seen.add(e);
  }
  return seen.size;
}
