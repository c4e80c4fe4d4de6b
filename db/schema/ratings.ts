// Ratings per game: every game type (each on-site game and each reported game type,
// engine/game-catalog.ts ids) has its own Glicko-2 rating per player. A player with no
// row for a game has never played it rated and stands at engine/glicko2 INITIAL_RATING.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { integer, pgTable, primaryKey, real, text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { GameTypeId } from "../../engine/game-catalog";
import { INITIAL_RATING } from "../../engine/glicko2";
import { users } from "./users";

export const playerRatings = pgTable(
  "player_ratings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** engine/game-catalog.ts id, as in games.game_type. */
    gameType: text("game_type").$type<GameTypeId>().notNull(),
    rating: real("rating").notNull(),
    rd: real("rd").notNull(),
    volatility: real("volatility").notNull(),
    ratedGames: integer("rated_games").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  // No index on the rating: a rating changes at every rated game, and an indexed
  // column makes each change a new row version in every index (random pages, full-page
  // images in the WAL). Unindexed, the update stays on its heap page (HOT; migration
  // 0010 leaves room with a fillfactor). The players page did not use it: it orders a
  // left join from users (list-players.ts).
  (t) => [primaryKey({ columns: [t.userId, t.gameType] })],
);

// Reading a rating beside other rows, by this table's convention (no row: the initial
// rating). Every floor of the services reads ratings this way; only
// server/services/rating writes them.

/** A player_ratings table or alias, for joining a user's rating into a listing. */
type RatingsTable = { userId: AnyPgColumn; gameType: AnyPgColumn; rating: AnyPgColumn; rd: AnyPgColumn };

/** Join condition: `ratings` holds the rating of `userId` in `gameType` (a column or a value). */
export function ratingOf(ratings: RatingsTable, userId: AnyPgColumn, gameType: AnyPgColumn | string): SQL {
  return and(eq(ratings.userId, userId), eq(ratings.gameType, gameType))!;
}

/** Rating and deviation of a left-joined ratings row, the initial rating when there is none. */
export function ratingColumns(ratings: RatingsTable) {
  return {
    rating: sql<number>`coalesce(${ratings.rating}, ${INITIAL_RATING.rating})`.mapWith(Number),
    rd: sql<number>`coalesce(${ratings.rd}, ${INITIAL_RATING.rd})`.mapWith(Number),
  };
}
