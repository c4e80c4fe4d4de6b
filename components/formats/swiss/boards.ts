// A Swiss round as boards (no React): board number, the player with the first
// side (white), the result, the second side, and the bye. Shared by the
// tournament page's cut of a round and the views of a whole state.

import { gamesOf, groupsOf, type GameWithId, type TournamentState } from "@/engine/formats";

export interface SwissBoard {
  readonly board: number;
  readonly game: GameWithId;
}

export interface SwissRoundView {
  readonly number: number;
  readonly name: string;
  readonly complete: boolean;
  readonly boards: readonly SwissBoard[];
  /** Boards in the round (the shown ones may be a window of them). */
  readonly total: number;
  /** The player given the pairing-allocated bye, if any. */
  readonly bye: string | null;
}

/** Every board of round `number` (1-based), in board order, and its bye. */
export function swissRound(state: TournamentState, number: number): SwissRoundView | null {
  const round = state.rounds[number - 1];
  const group = round && groupsOf(round)[0];
  if (!round || !group) return null;
  const games = gamesOf(group);
  const inGame = new Set(games.flatMap((g) => [g.side1, g.side2]));
  const boards = games.map((g, i) => ({ board: i + 1, game: { id: `r${number}-g1-${i + 1}`, ...g } }));
  return {
    number,
    name: round.name,
    complete: round.status === "complete",
    boards,
    total: boards.length,
    bye: group.players.find((p) => !inGame.has(p)) ?? null,
  };
}
