// Ratings per game: each game type (engine/game-catalog.ts id) has its own Glicko-2
// rating per player in player_ratings. A player without a row for a game has never
// played it rated and stands at INITIAL_RATING with no games.
import type { GameTypeId } from "@/engine/game-catalog";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { playerRatings, ratingHistory, type GameRow } from "@/db/schema";
import { INITIAL_RATING, rateGame, side1Score, type Rating } from "@/engine/glicko2";
import type { GameResult } from "@/lib/contracts";
import { anyOf } from "../bulk-insert";
import { newRowId } from "@/db/schema/ids";
import type { Part } from "../together";

export interface PlayerRating extends Rating {
  readonly ratedGames: number;
}

const UNRATED: PlayerRating = { ...INITIAL_RATING, ratedGames: 0 };
/** First key of the advisory locks that serialize rating changes per player (the second is the player). */
const RATING_LOCK = 7001;

/** The players' ratings in one game type (the initial rating for a game never played). */
export async function ratingsFor(db: Db, userIds: readonly string[], gameType: GameTypeId): Promise<Map<string, PlayerRating>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select({
            userId: playerRatings.userId,
            rating: playerRatings.rating,
            rd: playerRatings.rd,
            volatility: playerRatings.volatility,
            ratedGames: playerRatings.ratedGames,
          })
          .from(playerRatings)
          // One array parameter: a 100,000-player tournament exceeds PostgreSQL's 65,535 parameters.
          .where(and(anyOf(playerRatings.userId, userIds), eq(playerRatings.gameType, gameType)));
  const found = new Map(rows.map(({ userId, ...r }) => [userId, r]));
  return new Map(userIds.map((id) => [id, found.get(id) ?? UNRATED]));
}

/** A player's rating before and after a game. */
export interface RatingChange {
  userId: string;
  before: PlayerRating;
  after: Rating;
}

/**
 * Locks both players' ratings in the game's type for the rest of the transaction,
 * in a fixed order so two games ending together cannot deadlock or overwrite each
 * other's rating change. Their rating rows may not exist yet, so the locks are
 * transaction-scoped advisory locks on the players' ids: unlike SELECT … FOR UPDATE
 * on their user rows they write nothing (a row lock marks the row's page, which after
 * a checkpoint logs that whole 8 KB page).
 */
export async function lockRatings(tx: Db, game: Pick<GameRow, "side1Id" | "side2Id">): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${RATING_LOCK}, hashtext(p.id::text)) from (select unnest(array[${game.side1Id}, ${game.side2Id}]::uuid[]) as id order by 1) p`,
  );
}

/**
 * Rates a finished game: both players' ratings in the game's own type move (the game
 * is its own rating period, as on most online game sites). The caller holds the
 * players' rating locks (lockRatings) and writes the change with ratingsPart; `before`
 * is their ratings read after the locks (lockGameToFinish reads them with the game's
 * lock), or they are read here.
 */
export async function rateFinishedGame(
  tx: Db,
  game: GameRow,
  result: GameResult,
  before?: ReadonlyMap<string, PlayerRating> | null,
): Promise<[RatingChange, RatingChange]> {
  // Read after the lock, in a statement of its own: it sees a rating change committed while we waited.
  const ratings = before ?? (await ratingsFor(tx, [game.side1Id, game.side2Id], game.gameType));
  const p1 = ratings.get(game.side1Id) ?? UNRATED;
  const p2 = ratings.get(game.side2Id) ?? UNRATED;
  const [next1, next2] = rateGame(p1, p2, side1Score(result));
  return [
    { userId: game.side1Id, before: p1, after: next1 },
    { userId: game.side2Id, before: p2, after: next2 },
  ];
}

/**
 * Writes the new ratings and their history entries, as a part of the game's finishing
 * statement (together.ts). Returns the ratings as stored (real columns: the stored
 * value is what every later read shows).
 */
export function ratingsPart(game: GameRow, changes: readonly RatingChange[], now: Date): Part<Map<string, { rating: number; rd: number }>> {
  // In SQL, not Drizzle's insert builder, which took 0.15 ms a result to build.
  const at = now.toISOString();
  const ratings = sql.join(
    changes.map(
      ({ userId, after: r, before }) =>
        sql`(${userId}::uuid, ${game.gameType}, ${r.rating}, ${r.rd}, ${r.volatility}, ${before.ratedGames + 1}, ${at}::timestamptz)`,
    ),
    sql`, `,
  );
  const history = sql.join(
    changes.map(
      ({ userId, after: r }) => sql`(${newRowId()}::uuid, ${userId}::uuid, ${game.id}::uuid, ${game.gameType}, ${r.rating}, ${r.rd}, ${at}::timestamptz)`,
    ),
    sql`, `,
  );
  return {
    ctes: [
      [
        "rated",
        sql`insert into player_ratings (user_id, game_type, rating, rd, volatility, rated_games, updated_at) values ${ratings}
          on conflict (user_id, game_type) do update set rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,
            rated_games = excluded.rated_games, updated_at = excluded.updated_at
          returning user_id, rating, rd`,
      ],
      ["history_added", sql`insert into rating_history (id, user_id, game_id, game_type, rating, rd, at) values ${history}`],
    ],
    rows: sql.raw(`select user_id as "userId", rating, rd from rated`),
    read: (rows) => new Map(rows.map((r) => [r.userId as string, { rating: Number(r.rating), rd: Number(r.rd) }])),
  };
}

/** Every game type a player has a rating in, most played first. */
export async function playerRatingsOf(db: Db, userId: string) {
  return db
    .select({
      gameType: playerRatings.gameType,
      rating: playerRatings.rating,
      rd: playerRatings.rd,
      volatility: playerRatings.volatility,
      ratedGames: playerRatings.ratedGames,
    })
    .from(playerRatings)
    .where(eq(playerRatings.userId, userId))
    .orderBy(sql`${playerRatings.ratedGames} desc`, asc(playerRatings.gameType));
}

/** A player's rating after each rated game of one game type, oldest first (the latest 500). */
export async function ratingHistoryOf(db: Db, userId: string, gameType: GameTypeId) {
  const latest = await db
    .select({ rating: ratingHistory.rating, rd: ratingHistory.rd, at: ratingHistory.at, gameId: ratingHistory.gameId })
    .from(ratingHistory)
    .where(and(eq(ratingHistory.userId, userId), eq(ratingHistory.gameType, gameType)))
    // Games rated in the same instant keep the order they were rated in: ids are time-ordered (ids.ts).
    .orderBy(sql`${ratingHistory.at} desc`, sql`${ratingHistory.id} desc`)
    .limit(500);
  return latest.reverse();
}
