// The players page: a leaderboard per game (rating, games played), sortable, searchable
// by name and paginated. Every player is listed; those who have not played the game
// rated have no rating there and come last whatever the order.
import { and, asc, count, desc, ilike, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { playerRatings, users, ratingOf } from "@/db/schema";
import { containsPattern, pageCount } from "../listing";

export const PLAYERS_PAGE_SIZE = 25;
export const LEADERBOARD_SORTS = ["rating", "games", "name"] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];

export interface LeaderboardInput {
  gameType: string;
  search?: string;
  sort: LeaderboardSort;
  direction: "asc" | "desc";
  page: number;
}

export async function listPlayers(db: Db, input: LeaderboardInput) {
  const search = input.search?.trim();
  const where = and(isNull(users.deletedAt), search ? ilike(users.username, containsPattern(search)) : undefined);
  const dir = input.direction === "asc" ? asc : desc;
  const name = sql`lower(${users.username})`;
  const unratedLast = sql`${playerRatings.userId} is null`;
  const order: SQL[] =
    input.sort === "name"
      ? [dir(name)]
      : input.sort === "games"
        ? [asc(unratedLast), dir(playerRatings.ratedGames), desc(playerRatings.rating), asc(name)]
        : [asc(unratedLast), dir(playerRatings.rating), asc(name)];
  const [rows, [total], [rated]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        rating: playerRatings.rating,
        rd: playerRatings.rd,
        ratedGames: sql<number>`coalesce(${playerRatings.ratedGames}, 0)`.mapWith(Number),
      })
      .from(users)
      .leftJoin(playerRatings, ratingOf(playerRatings, users.id, input.gameType))
      .where(where)
      .orderBy(...order, asc(users.id))
      .limit(PLAYERS_PAGE_SIZE)
      .offset((input.page - 1) * PLAYERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
    db
      .select({ n: count() })
      .from(users)
      .innerJoin(playerRatings, ratingOf(playerRatings, users.id, input.gameType))
      .where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    players: rows,
    page: input.page,
    pageCount: pageCount(totalCount, PLAYERS_PAGE_SIZE),
    total: totalCount,
    /** Of those, the players with a rating in this game. */
    rated: rated?.n ?? 0,
    firstRank: (input.page - 1) * PLAYERS_PAGE_SIZE + 1,
  };
}
