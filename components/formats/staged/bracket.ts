// Layout of the staged championship's knockout: two semi-finals (round 4) feeding
// the final and the third-place game (round 5). Each match lists its two slots
// (higher seed first, as the engine stores the group's players), its games
// (replays of drawn games included, with the A/B roles of each), and its winner.
// Before a round is planned the slots say where their players will come from
// ("I #1", "Winner SF 1"), so the bracket can be drawn from the start.

import { groupsOf, vecAt, type GameWithId, type Round, type TournamentState } from "@/engine/formats";
import type { BracketMatch, BracketSlot } from "@/components/tournament/bracket-match";
import { gamesByContainer } from "@/components/tournament/model";

export type MatchKey = "semi1" | "semi2" | "final" | "third";

export interface Bracket {
  readonly semis: readonly [BracketMatch, BracketMatch];
  readonly final: BracketMatch;
  readonly third: BracketMatch;
}

const SEMI_ROUND = 4;
const FINAL_ROUND = 5;

/** Winner of a knockout group: the first decided, non-void game, or the lone player of a walkover. */
export function knockoutWinner(players: readonly string[], games: readonly GameWithId[]): string | null {
  const decided = games.find((g) => !g.void && g.result && g.result.outcome !== "draw");
  if (decided?.result) return decided.result.outcome === "1-0" ? decided.side1 : decided.side2;
  if (players.length === 1 && games.length === 0) return players[0] ?? null;
  return null;
}

function match(
  key: MatchKey,
  title: string,
  roundNumber: number,
  round: Round | undefined,
  groupIndex: number,
  games: readonly GameWithId[],
  sources: readonly [string, string],
): BracketMatch {
  const group = round && vecAt(round.groups, groupIndex);
  const players = group?.players ?? [];
  const winner = group ? knockoutWinner(players, games) : null;
  const slot = (i: 0 | 1): BracketSlot => {
    const player = players[i] ?? null;
    return { player, source: group ? "empty slot (withdrawal)" : sources[i], winner: player !== null && player === winner };
  };
  const status = !group ? "waiting" : winner !== null ? "decided" : "playing";
  return { key, title, round: roundNumber, slots: [slot(0), slot(1)], games, status, winner, decidesTitle: key === "final" };
}

export function stagedBracket(state: TournamentState): Bracket {
  const semiRound = state.rounds[SEMI_ROUND - 1];
  const finalRound = state.rounds[FINAL_ROUND - 1];
  const semiGames = semiRound ? gamesByContainer(state, SEMI_ROUND).groups : [];
  const finalGames = finalRound ? gamesByContainer(state, FINAL_ROUND).groups : [];
  // Round 5's groups are named by the engine; find them by name rather than position.
  const finalIndex = finalRound ? groupsOf(finalRound).findIndex((g) => g.name === "Final") : -1;
  const thirdIndex = finalRound ? groupsOf(finalRound).findIndex((g) => g.name === "Third place") : -1;
  return {
    semis: [
      match("semi1", "Semi-final 1", SEMI_ROUND, semiRound, 0, semiGames[0] ?? [], ["I #1", "II #2"]),
      match("semi2", "Semi-final 2", SEMI_ROUND, semiRound, 1, semiGames[1] ?? [], ["II #1", "I #2"]),
    ],
    final: match("final", "Final", FINAL_ROUND, finalIndex >= 0 ? finalRound : undefined, finalIndex, finalGames[finalIndex] ?? [], [
      "Winner of semi-final 1",
      "Winner of semi-final 2",
    ]),
    third: match("third", "Third place", FINAL_ROUND, thirdIndex >= 0 ? finalRound : undefined, thirdIndex, finalGames[thirdIndex] ?? [], [
      "Loser of semi-final 1",
      "Loser of semi-final 2",
    ]),
  };
}
