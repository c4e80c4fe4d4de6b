// How a game ends when the side to move runs out of time, whether the sweep
// notices it or a move arrives too late. Normally the side lost on time. But a
// side whose clock ran out before it made a single move never played the game:
// that is no rated loss. A challenge game is aborted (no result, no rating
// change); a tournament game is a forfeit, which counts in the format's
// standings but not for ratings.
import type { Db } from "@/db/client";
import { onSiteGame } from "@/engine/games/registry";
import { NO_FIRST_MOVE } from "@/lib/game-endings";
import { endedBoard, finishGame, markAborted } from "./finish-game";
import type { GameRow } from "@/db/schema";

export type TimeEnding = "lost on time" | "drawn on time" | "aborted" | "forfeit";

/** What a player whose move arrived after their flag fell is told. */
export const LATE_MOVE: Readonly<Record<TimeEnding, string>> = {
  "lost on time": "Your time ran out before the move arrived: the game is lost on time.",
  "drawn on time": "Your time ran out before the move arrived, but your opponent could not have mated: the game is drawn.",
  aborted: "Your time ran out before your first move arrived: the game is aborted, and no rating changes.",
  forfeit: "Your time ran out before your first move arrived: you forfeit this tournament game (unrated).",
};

/** Side 1 moves at plies 0, 2, …; a side to move at ply 0 or 1 has not moved yet. */
export function neverMoved(ply: number): boolean {
  return ply < 2;
}

/**
 * Ends `game` (locked by the caller's transaction) because its side to move ran
 * out of time, and publishes the end once the transaction has committed. Returns how
 * it ended.
 */
export async function endOnTime(tx: Db, game: GameRow, now: Date): Promise<TimeEnding> {
  const loser = game.sideToMove;
  const winner = loser === 1 ? 2 : 1;
  const result = winner === 1 ? "1-0" : "0-1";
  if (!neverMoved(game.ply)) {
    const { position, board } = endedBoard(game, winner, "timeout");
    // The game's rules decide what a flag fall is: chess draws it when the other side cannot mate.
    const ended = position !== null ? onSiteGame(game.gameType)?.status(position) : undefined;
    if (board && ended?.over && ended.winner === null) {
      await finishGame(tx, game, { result: "draw", reason: ended.reason, position, board }, now);
      return "drawn on time";
    }
    await finishGame(tx, game, { result, reason: "timeout", position, board }, now);
    return "lost on time";
  }
  // The side never moved: the board stays as it is.
  if (game.tournamentId) {
    await finishGame(tx, game, { result, reason: NO_FIRST_MOVE, unrated: true }, now);
    return "forfeit";
  }
  await markAborted(tx, game, now, NO_FIRST_MOVE);
  return "aborted";
}
