// Ends a game inside the caller's transaction: records result and reason, stops the
// clock, and, for rated games, updates both players' Glicko-2 ratings in the game's
// own type in the same transaction (server/services/rating); tells the players and
// feeds a tournament game's result to its tournament.
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games } from "@/db/schema";
import type { BoardChange, GamePlayer, GameResult, GameUpdate } from "@/lib/contracts";
import { timeUsed } from "@/engine/clock";
import { onSiteGame, type CommonEndReason, type SideNumber } from "@/engine/games/registry";
import { diceView, readDice } from "./dice";
import type { GameRow } from "./game-view";
import { clockOf } from "./game-view";
import { lockRatings, rateFinishedGame, ratingsPart } from "../rating/player-ratings";
import { pingInbox } from "@/server/realtime/publish";
import { gameContext, gameOverParts, type GameContext } from "../notification/game-notices";
import { noticesTold } from "../notification/notify";
import { afterTournamentResult, tournamentResultPart, type ResultAudit } from "../tournament/record-result";
import { runTogether } from "../together";

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

/** A finished game: what to publish after the commit, and the game's update when the finish could make it. */
export interface Finished {
  /** Publishes the players' inboxes, and the tournament's standings and new games when it has one. */
  after: () => void;
  /**
   * The game's update (every field the finish changed; the caller adds the board change
   * and the server time), built from what the transaction wrote: nothing is read back.
   */
  update: Omit<GameUpdate, "serverNow">;
}

/**
 * Ends the game in one statement after the lock: the game row, both ratings and their
 * history, the players' notices and the tournament's log (together.ts). Ratings are
 * read first, in a statement of their own after their lock.
 */
export async function finishGame(tx: Db, game: GameRow, finish: Finish, now: Date): Promise<Finished> {
  // Charge the side to move for the time it used on this last turn (none on a first-move countdown).
  const toMove = game.sideToMove;
  const used = game.position ? timeUsed(clockOf(game), now.getTime()) : 0;
  const remaining1Ms = toMove === 1 ? Math.max(0, game.remaining1Ms - used) : game.remaining1Ms;
  const remaining2Ms = toMove === 2 ? Math.max(0, game.remaining2Ms - used) : game.remaining2Ms;
  const rated = game.rated && !finish.unrated;
  if (rated) await lockRatings(tx, game);
  const changes = rated ? await rateFinishedGame(tx, game, finish.result) : null;
  const context = finish.context ?? (await gameContext(tx, game));
  const margin = finish.margin ?? null;
  // In SQL, not Drizzle's update builder, which took 0.1 ms a result to build. Every
  // update of a game bumps its version (nextVersion in game-view.ts does it for the rest).
  const finishedRow = sql`update ${games} set status = 'finished', ply = ${game.ply}, side_to_move = ${game.sideToMove}, result = ${finish.result}, end_reason = ${finish.reason},
      margin = ${margin}, position = ${finish.position ?? game.position}, remaining1_ms = ${remaining1Ms}, remaining2_ms = ${remaining2Ms},
      ${finish.unrated ? sql`rated = false, ` : sql``}turn_started_at = null, deadline = null, draw_offer_by = null,
      finished_at = ${now.toISOString()}::timestamptz, version = version + 1
    where id = ${game.id}`;
  const done = await runTogether(tx, {
    game: { ctes: [["finished_game", finishedRow]], rows: null, read: () => undefined },
    ratings: changes && ratingsPart(game, changes, now),
    ...gameOverParts(game, finish.result, now, finish.reason, context),
    tournament: game.tournamentId ? tournamentResultPart(game, finish.result, finish.reason, margin, finish.audit) : null,
  });
  const told = await noticesTold(tx, done, now);
  const tournamentAfter = game.tournamentId ? await afterTournamentResult(tx, game, done.tournament, finish.result, finish.reason, margin, now) : () => {};
  const side = (id: string): GamePlayer | null => {
    const stored = done.ratings?.get(id);
    return stored ? { id, username: context.name(id), ...stored } : null;
  };
  const [side1, side2] = [side(game.side1Id), side(game.side2Id)];
  // The end reveals a dice game's server seed (docs/dice.md).
  const dice = onSiteGame(game.gameType)?.chance ? await readDice(tx, game.id) : null;
  const update: Finished["update"] = {
    gameId: game.id,
    // The version of the row this transaction holds locked, bumped once above.
    version: game.version + 1,
    board: null,
    set: {
      status: "finished",
      result: finish.result,
      endReason: finish.reason,
      margin,
      ...(finish.unrated ? { rated: false } : {}),
      ply: game.ply,
      clock: { remaining1Ms, remaining2Ms, toMove, turnStartedAt: null, deadline: null },
      drawOfferBy: null,
      // A finished game has no report: every path that finishes one removes it.
      report: null,
      finishedAt: now.getTime(),
      ...(side1 && side2 ? { side1, side2 } : {}),
      ...(dice ? { dice: diceView(dice, true) } : {}),
    },
  };
  return {
    after: () => {
      pingInbox(told);
      tournamentAfter();
    },
    update,
  };
}
