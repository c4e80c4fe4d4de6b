// Aborting a game: it ends with no result and no rating change. A player may abort a
// live challenge game until both sides have made their first move (as on lichess:
// nobody is held to a game that never really started); the clock sweep aborts one
// whose side to move never moved in time (end-on-time.ts).
import type { Db } from "@/db/client";
import { ABORTED_BY_PLAYER } from "@/lib/game-endings";
import type { GameView } from "@/lib/contracts";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { markAborted } from "./finish-game";
import { loadGameView, onFirstMoveCountdown, requireActive, requirePlayer } from "../game/game-view";
import { lockGame } from "../game/lock-game";

/** A player aborts their live challenge game before both sides have moved. */
export async function abortGame(db: Db, userId: string, gameId: string, now = new Date()): Promise<GameView> {
  await transaction(db, async (tx) => {
    const game = await lockGame(tx, gameId);
    requireActive(game);
    requirePlayer(game, userId);
    if (game.tournamentId !== null) throw new AppError("BAD_REQUEST", "A tournament game cannot be aborted: resign it or ask the organizer.");
    if (!onFirstMoveCountdown(game)) {
      throw new AppError("BAD_REQUEST", game.ply >= 2 ? "Both sides have moved: the game can no longer be aborted." : "Only live games can be aborted.");
    }
    await markAborted(tx, game, now, ABORTED_BY_PLAYER);
  });
  return loadGameView(db, gameId);
}
