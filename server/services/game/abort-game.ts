// Aborting a game: it ends with no result and no rating change. A player may abort a
// live challenge game until both sides have made their first move (as on lichess:
// nobody is held to a game that never really started); the clock sweep aborts one
// whose side to move never moved in time (end-on-time.ts).
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games } from "@/db/schema";
import { timeUsed } from "@/engine/clock";
import { ABORTED_BY_PLAYER } from "@/lib/game-endings";
import type { GameView } from "@/lib/contracts";
import { pingInbox, publishGame } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { noticeGameOver } from "../notification/game-notices";
import { clockOf, loadGameView, lockGame, nextVersion, onFirstMoveCountdown, requireActive, requirePlayer, type GameRow } from "./game-view";

/**
 * Marks `game` (locked by the caller's transaction) aborted for `reason`, charging the
 * side to move the main time it used (none on a first-move countdown), and tells both
 * players. Returns what to run after the commit.
 */
export async function markAborted(tx: Db, game: GameRow, now: Date, reason: string): Promise<() => void> {
  const used = timeUsed(clockOf(game), now.getTime());
  await tx
    .update(games)
    .set({
      ...(game.sideToMove === 1 ? { remaining1Ms: Math.max(0, game.remaining1Ms - used) } : { remaining2Ms: Math.max(0, game.remaining2Ms - used) }),
      status: "aborted",
      result: null,
      endReason: reason,
      rated: false,
      turnStartedAt: null,
      deadline: null,
      drawOfferBy: null,
      finishedAt: now,
      version: nextVersion(),
    })
    .where(eq(games.id, game.id));
  const told = await noticeGameOver(tx, game, null, now, reason);
  return () => pingInbox(told);
}

/** A player aborts their live challenge game before both sides have moved. */
export async function abortGame(db: Db, userId: string, gameId: string, now = new Date()): Promise<GameView> {
  const after = await db.transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    requireActive(game);
    requirePlayer(game, userId);
    if (game.tournamentId !== null) throw new AppError("BAD_REQUEST", "A tournament game cannot be aborted: resign it or ask the organizer.");
    if (!onFirstMoveCountdown(game)) {
      throw new AppError("BAD_REQUEST", game.ply >= 2 ? "Both sides have moved: the game can no longer be aborted." : "Only live games can be aborted.");
    }
    return markAborted(tx, game, now, ABORTED_BY_PLAYER);
  });
  const view = await loadGameView(db, gameId);
  publishGame(view);
  after();
  return view;
}
