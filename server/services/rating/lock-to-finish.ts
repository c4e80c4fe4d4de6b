// A game about to end, locked in one statement with everything its end reads: the
// players' names and tournament (as lockGameWithContext in game/lock-game.ts) and, for
// an active rated game, both players' rating locks and ratings (as lockRatings and
// ratingsFor in player-ratings.ts). A result paid three round trips for these.
//
// The order of the locks is the one every game's end keeps: the game row first (the
// CTE below is materialized, so its row is locked before the outer query calls the
// function), then the players' rating locks in id order. The ratings are read inside
// the function (migration 0024), whose queries each take a fresh snapshot: a rating
// change committed while it waited for a lock is seen, as lockRatings' caller sees it
// by reading in a statement of its own.
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { GameRow } from "@/db/schema";
import { AppError } from "../errors";
import { executePrepared } from "../prepared";
import { GAME_WITH_CONTEXT, withContextFrom, type GameContext } from "../game/lock-game";
import type { PlayerRating } from "./player-ratings";

// The statement's text is built once (building it through Drizzle's select builder
// cost about 0.1 ms a call), and prepared once per connection (prepared.ts); the
// game's id is its one parameter.
const HEAD = sql.raw(`with g as materialized (${GAME_WITH_CONTEXT}`);
const TAIL = sql.raw(`::uuid for update of games)
  select g.*, case when g.status = 'active' and g.rated then
      (select coalesce(json_agg(r), '[]'::json) from ratings_after_lock(g.side1_id, g.side2_id, g.game_type) r) end as "moot_ratings"
  from g`);

export interface LockedToFinish {
  game: GameRow;
  context: GameContext;
  /**
   * An active rated game's players' ratings in its type, read after their rating locks,
   * which this transaction now holds (a player without a rating is missing); null for
   * a game that is over or unrated, whose players' ratings were neither locked nor read.
   */
  ratings: Map<string, PlayerRating> | null;
}

/** Locks a game row for the rest of the transaction with its context and, if it is active and rated, its players' ratings. */
export async function lockGameToFinish(tx: Db, gameId: string): Promise<LockedToFinish> {
  const { rows } = await executePrepared(tx, sql`${HEAD}${gameId}${TAIL}`);
  const row = rows[0];
  if (!row) throw new AppError("NOT_FOUND", "There is no such game.");
  const { game, context } = withContextFrom(row);
  const read = row.moot_ratings as { user_id: string; rating: number; rd: number; volatility: number; rated_games: number }[] | null;
  const ratings = read && new Map(read.map((r) => [r.user_id, { rating: r.rating, rd: r.rd, volatility: r.volatility, ratedGames: r.rated_games }]));
  return { game, context, ratings };
}
