// One bracket match: its score, whether it is decided, who won and how, and the
// games it still needs. A match is one engine group of (at most) two players.
//
// **Decisions** (docs/formats.md, "Elimination"):
// - A match is best of N games (N odd). A win scores 1, a draw ½. The match is
//   won by the first player the other can no longer catch within the N games; if
//   the score is level after N games (only possible with draws), further games are
//   played one at a time until one is won, and that game wins the match. So a drawn
//   game of a one-game match is replayed, as the staged knockouts do.
// - Games are released in waves: the first (N+1)/2 at once, since nobody can win
//   the match with fewer; after that one game at a time while the match is undecided.
// - The better seed plays side 1 in the match's odd-numbered games and side 2 in the
//   even ones (in the grand final's reset the other way round, so the two finals
//   together alternate).
// - A player who withdraws loses an undecided match; a decided one stands. When both
//   players of a match withdrew, the one who withdrew last is taken to have won it
//   (the first withdrawal decided it for them), so an outcome never changes after
//   the fact. A withdrawn player's later matches are walkovers.

import type { Game, FormatResult, Group } from "../types";
import { gamesOf } from "../core";

/** The longest match: best of 9. */
export const MAX_BEST_OF_GAMES = 9;

export type How = "score" | "bye" | "walkover" | "withdrawal" | "pending";

export interface MatchOutcome {
  readonly winner: string | null;
  readonly loser: string | null;
  readonly how: How;
  /** Points of the group's two players (win 1, draw ½), in slot order. */
  readonly points: readonly [number, number];
  readonly played: number;
  /** Released games still without a result. */
  readonly unplayed: number;
}

/** Points each side of a game scores. */
export function gamePoints(result: FormatResult): [number, number] {
  return result.outcome === "1-0" ? [1, 0] : result.outcome === "0-1" ? [0, 1] : [0.5, 0.5];
}

/** Which of two players (0 or 1) the scores decide for, if any, after `played` of `bestOf` games. */
export function decidedBy(points: readonly [number, number], played: number, bestOf: number): 0 | 1 | null {
  const lead = points[0] - points[1];
  const left = Math.max(0, bestOf - played);
  if (Math.abs(lead) <= left || lead === 0) return null;
  return lead > 0 ? 0 : 1;
}

/**
 * The outcome of a match, given the players who had withdrawn by the end of its
 * round (player -> order of withdrawal).
 */
export function matchOutcome(group: Group, bestOf: number, withdrawn: ReadonlyMap<string, number>): MatchOutcome {
  const [a, b] = group.players;
  if (a === undefined) return { winner: null, loser: null, how: "bye", points: [0, 0], played: 0, unplayed: 0 };
  if (b === undefined) {
    return withdrawn.has(a)
      ? { winner: null, loser: a, how: "withdrawal", points: [0, 0], played: 0, unplayed: 0 }
      : { winner: a, loser: null, how: "bye", points: [0, 0], played: 0, unplayed: 0 };
  }
  const points: [number, number] = [0, 0];
  let played = 0;
  let unplayed = 0;
  for (const g of gamesOf(group)) {
    if (g.void) continue;
    if (!g.result) {
      unplayed++;
      continue;
    }
    played++;
    const [p1, p2] = gamePoints(g.result);
    points[g.side1 === a ? 0 : 1] += p1;
    points[g.side2 === a ? 0 : 1] += p2;
  }
  const byScore = played > 0 ? decidedBy(points, played, bestOf) : null;
  if (byScore !== null) {
    const winner = byScore === 0 ? a : b;
    return { winner, loser: winner === a ? b : a, how: "score", points, played, unplayed };
  }
  const wa = withdrawn.get(a);
  const wb = withdrawn.get(b);
  if (wa === undefined && wb === undefined) return { winner: null, loser: null, how: "pending", points, played, unplayed };
  // The one who stayed, or of two who left, the later one.
  const winner = wa === undefined ? a : wb === undefined ? b : wa > wb ? a : b;
  return { winner, loser: winner === a ? b : a, how: played + unplayed === 0 ? "walkover" : "withdrawal", points, played, unplayed };
}

/** Games released when a match between two players still in starts: (N+1)/2. */
export const firstWave = (bestOf: number): number => (bestOf + 1) / 2;

/**
 * Game number `n` (1-based) of a match: the better seed on side 1 in odd games
 * (even games in the reset of the grand final).
 */
export function matchGame(better: string, other: string, n: number, swapped: boolean, replayOf?: string): Game {
  const betterFirst = (n % 2 === 1) !== swapped;
  const game: Game = betterFirst ? { side1: better, side2: other } : { side1: other, side2: better };
  return replayOf === undefined ? game : { ...game, replayOf };
}
