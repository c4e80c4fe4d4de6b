// Ratings per game: every game type (each on-site game and each reported game type,
// engine/game-catalog.ts ids) has its own Glicko-2 rating per player. A player with no
// row for a game has never played it rated and stands at engine/glicko2 INITIAL_RATING.
import { index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const playerRatings = pgTable(
  "player_ratings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** engine/game-catalog.ts id, as in games.game_type. */
    gameType: text("game_type").notNull(),
    rating: real("rating").notNull(),
    rd: real("rd").notNull(),
    volatility: real("volatility").notNull(),
    ratedGames: integer("rated_games").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameType] }), index("player_ratings_leaderboard_idx").on(t.gameType, t.rating)],
);
