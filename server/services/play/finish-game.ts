// The one place a game ends, inside the caller's transaction: records result and
// reason, stops the clock, and, for rated games, updates both players' Glicko-2
// ratings in the game's own type (server/services/rating); tells the players
// (notification) and feeds a tournament game's result to its tournament. It sits on
// the top floor of the services (play/, docs/architecture.md) because it alone calls
// all three; what they publish is collected on the transaction (transaction.ts).
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameReports, games, type GameRow } from "@/db/schema";
import type { BoardChange, GamePlayer, GameResult, GameUpdate } from "@/lib/contracts";
import type { EndReason } from "@/lib/game-endings";
import { publishGame } from "@/server/realtime/publish";
import { timeUsed } from "@/engine/clock";
import { onSiteGame, type CommonEndReason, type SideNumber } from "@/engine/games/registry";
import { diceView, readDice } from "../game/dice";
import { publishUpdateAfterCommit } from "../game/publish-update";
import { clockOf, loadGameView, nextVersion } from "../game/game-view";
import { lockRatings, rateFinishedGame, ratingsPart, type PlayerRating } from "../rating/player-ratings";
import { gameOverParts, noticeGameOver } from "../notification/game-notices";
import { gameContext, type GameContext } from "../game/lock-game";
import { noticesTold } from "../notification/notify";
import { afterTournamentResult, tournamentResultPart, type ResultAudit } from "../tournament/record-result";
import { runTogether } from "../together";
import { afterCommit } from "../transaction";

export interface Finish {
  result: GameResult;
  reason: EndReason;
  margin?: number | null;
  /** The board after the end (on-site games), serialized. */
  position?: string | null;
  /** Counts for a tournament's standings but not for ratings (a forfeit before the first move). */
  unrated?: boolean;
  /** The players' names and tournament, when the caller has them (lockGameWithContext): the notice then reads nothing. */
  context?: GameContext;
  /** For a tournament game: an audit entry written with the result (record-result.ts). */
  audit?: ResultAudit;
  /** What the end did to the board, for the game's update (endedBoard, or the last move). */
  board?: BoardChange | null;
  /**
   * The players' ratings, read with their rating locks, which this transaction holds
   * (lockGameToFinish): the end neither locks nor reads them again.
   */
  ratings?: ReadonlyMap<string, PlayerRating> | null;
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
 * Ends the game in one statement after the lock: the game row (and a game played
 * elsewhere's report), both ratings and their history, the players' notices and the
 * tournament's log (together.ts). Ratings are
 * read first, in a statement of their own after their lock, unless the caller read
 * them with the game's lock (`finish.ratings`). Returns the game's update
 * (every field the finish changed, and `finish.board`), built from what the
 * transaction wrote: nothing is read back. The update is published to the game's room
 * once the transaction has committed (publish-update.ts), before the tournament's
 * news and the pings.
 */
export async function finishGame(tx: Db, game: GameRow, finish: Finish, now: Date): Promise<GameUpdate> {
  // Charge the side to move for the time it used on this last turn (none on a first-move countdown).
  const toMove = game.sideToMove;
  const used = game.position ? timeUsed(clockOf(game), now.getTime()) : 0;
  const remaining1Ms = toMove === 1 ? Math.max(0, game.remaining1Ms - used) : game.remaining1Ms;
  const remaining2Ms = toMove === 2 ? Math.max(0, game.remaining2Ms - used) : game.remaining2Ms;
  const rated = game.rated && !finish.unrated;
  if (rated && !finish.ratings) await lockRatings(tx, game);
  const changes = rated ? await rateFinishedGame(tx, game, finish.result, finish.ratings) : null;
  const context = finish.context ?? (await gameContext(tx, game));
  const margin = finish.margin ?? null;
  // In SQL, not Drizzle's update builder, which took 0.1 ms a result to build. Every
  // update of a game bumps its version (nextVersion in game-view.ts does it for the rest).
  const finishedRow = sql`update ${games} set status = 'finished', ply = ${game.ply}, side_to_move = ${game.sideToMove}, result = ${finish.result}, end_reason = ${finish.reason},
      margin = ${margin}, position = ${finish.position ?? game.position}, remaining1_ms = ${remaining1Ms}, remaining2_ms = ${remaining2Ms},
      ${finish.unrated ? sql`rated = false, ` : sql``}turn_started_at = null, deadline = null, draw_offer_by = null,
      finished_at = ${now.toISOString()}::timestamptz, version = version + 1
    where id = ${game.id}`;
  const done = await runTogether(
    tx,
    {
      game: { ctes: [["finished_game", finishedRow]], rows: null, read: () => undefined },
      // A finished game has no report (games played elsewhere have them, report-result.ts).
      report:
        game.position === null
          ? { ctes: [["report_removed", sql`delete from ${gameReports} where game_id = ${game.id}`]], rows: null, read: () => undefined }
          : null,
      ratings: changes && ratingsPart(game, changes, now),
      ...gameOverParts(game, finish.result, now, finish.reason, context),
      tournament: game.tournamentId ? tournamentResultPart(game, finish.result, finish.reason, margin, finish.audit) : null,
      // A handful of shapes (rated or not, tournament or not, audited or not, a report or not): prepared.
    },
    { prepared: true },
  );
  await noticesTold(tx, done, now);
  const side = (id: string): GamePlayer | null => {
    const stored = done.ratings?.get(id);
    return stored ? { id, username: context.name(id), ...stored } : null;
  };
  const [side1, side2] = [side(game.side1Id), side(game.side2Id)];
  // The end reveals a dice game's server seed (docs/dice.md).
  const dice = onSiteGame(game.gameType)?.chance ? await readDice(tx, game.id) : null;
  const update: Omit<GameUpdate, "serverNow"> = {
    gameId: game.id,
    // The version of the row this transaction holds locked, bumped once above.
    version: game.version + 1,
    board: finish.board ?? null,
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
  const published = publishUpdateAfterCommit(tx, update, [game.side1Id, game.side2Id]);
  if (game.tournamentId) await afterTournamentResult(tx, game, done.tournament, finish.result, finish.reason, margin, now);
  return published;
}

/**
 * Marks `game` (locked by the caller's transaction) aborted for `reason`, charging the
 * side to move the main time it used (none on a first-move countdown), and tells both
 * players; once the transaction has committed, the game's room gets its view.
 */
export async function markAborted(tx: Db, game: GameRow, now: Date, reason: EndReason): Promise<void> {
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
  await noticeGameOver(tx, game, null, now, reason);
  afterCommit(tx, async (db) => publishGame(await loadGameView(db, game.id)));
}
