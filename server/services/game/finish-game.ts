// Ends a game inside the caller's transaction: records result and reason, stops the
// clock, and, for rated games, updates both players' Glicko-2 ratings in the game's
// own type in the same transaction (server/services/rating).
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games } from "@/db/schema";
import type { BoardChange, GameResult } from "@/lib/contracts";
import { onSiteGame, type CommonEndReason, type SideNumber } from "@/engine/games/registry";
import type { GameRow } from "./game-view";
import { nextVersion, sideToMove } from "./game-view";
import { rateFinishedGame } from "../rating/player-ratings";
import { pingInbox } from "@/server/realtime/publish";
import { noticeGameOver, type GameContext } from "../notification/game-notices";
import { recordTournamentResult, type ResultAudit } from "../tournament/record-result";

export interface Finish {
  result: GameResult;
  reason: string;
  margin?: number | null;
  /** The board after the end (on-site games), serialized. */
  position?: string | null;
  /** Counts for a tournament's standings but not for ratings (a forfeit before the first move). */
  unrated?: boolean;
  /** The players' names and tournament, when the caller has them (lockGameWithContext): the notice then reads nothing. */
  context?: GameContext;
  /** For a tournament game: an audit entry written with the result (record-result.ts). */
  audit?: ResultAudit;
}

/**
 * The board of an on-site game ended from outside its rules (resignation, time,
 * agreement) as the rules write it, and that change for the game's update (which
 * carries the change, not the position: clients apply it with the same rules).
 */
export function endedBoard(game: GameRow, winner: SideNumber | null, reason: CommonEndReason): { position: string | null; board: BoardChange | null } {
  const rules = onSiteGame(game.gameType);
  if (!rules || game.position === null) return { position: game.position, board: null };
  return { position: rules.end(game.position, winner, reason), board: { kind: "end", winner, reason } };
}

/**
 * Returns what to publish after the caller's transaction commits (the players'
 * inboxes; tournament standings and new games when the game belongs to a tournament).
 */
export async function finishGame(tx: Db, game: GameRow, finish: Finish, now: Date): Promise<() => void> {
  // Charge the side to move for the time it used on this last turn.
  const toMove = sideToMove(game.ply);
  const used = game.turnStartedAt ? Math.max(0, now.getTime() - game.turnStartedAt.getTime()) : 0;
  const remaining1Ms = toMove === 1 && game.position ? Math.max(0, game.remaining1Ms - used) : game.remaining1Ms;
  const remaining2Ms = toMove === 2 && game.position ? Math.max(0, game.remaining2Ms - used) : game.remaining2Ms;
  await tx
    .update(games)
    .set({
      status: "finished",
      ply: game.ply,
      result: finish.result,
      endReason: finish.reason,
      margin: finish.margin ?? null,
      position: finish.position ?? game.position,
      remaining1Ms,
      remaining2Ms,
      ...(finish.unrated ? { rated: false } : {}),
      turnStartedAt: null,
      deadline: null,
      drawOfferBy: null,
      finishedAt: now,
      version: nextVersion(),
    })
    .where(eq(games.id, game.id));
  if (game.rated && !finish.unrated) await rateFinishedGame(tx, game, finish.result, now);
  const told = await noticeGameOver(tx, game, finish.result, now, finish.reason, finish.context);
  const tournamentAfter = game.tournamentId ? await recordTournamentResult(tx, game, finish.result, finish.reason, finish.margin ?? null, now, finish.audit) : () => {};
  return () => {
    pingInbox(told);
    tournamentAfter();
  };
}
