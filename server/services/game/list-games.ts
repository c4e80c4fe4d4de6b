// Game lists: live games to watch and a player's recent games (what waits on a
// player is notification/waiting.ts).
import { and, count, desc, eq, gte, isNotNull, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { pageCount } from "../listing";
import { games, playerRatings, users, ratingOf, ratingColumns } from "@/db/schema";

const side1 = alias(users, "side1");
const side2 = alias(users, "side2");
const rating1 = alias(playerRatings, "rating1");
const rating2 = alias(playerRatings, "rating2");

function summaryColumns() {
  return {
    id: games.id,
    gameType: games.gameType,
    status: games.status,
    result: games.result,
    endReason: games.endReason,
    ply: games.ply,
    deadline: games.deadline,
    // What a game's card draws: its board and both clocks (components/games-in-play.tsx).
    position: games.position,
    sideToMove: games.sideToMove,
    initialMs: games.initialMs,
    remaining1Ms: games.remaining1Ms,
    remaining2Ms: games.remaining2Ms,
    turnStartedAt: games.turnStartedAt,
    rated: games.rated,
    createdAt: games.createdAt,
    side1: { id: side1.id, username: side1.username, rating: ratingColumns(rating1).rating },
    side2: { id: side2.id, username: side2.username, rating: ratingColumns(rating2).rating },
  };
}

function withPlayers() {
  return {
    side1: eq(side1.id, games.side1Id),
    side2: eq(side2.id, games.side2Id),
    // Each player's rating in the game's own type.
    rating1: ratingOf(rating1, games.side1Id, games.gameType),
    rating2: ratingOf(rating2, games.side2Id, games.gameType),
  };
}

export const GAMES_PAGE_SIZE = 20;

/** Game summaries matching `where`, with both players and their ratings, for the caller to order and limit. */
function summariesWhere(db: Db, where: SQL | undefined) {
  const j = withPlayers();
  return db
    .select(summaryColumns())
    .from(games)
    .innerJoin(side1, j.side1)
    .innerJoin(side2, j.side2)
    .leftJoin(rating1, j.rating1)
    .leftJoin(rating2, j.rating2)
    .where(where);
}

/** One page of game summaries matching `where`, newest first. */
async function pageOfGames(db: Db, where: SQL | undefined, page: number) {
  const [rows, [total]] = await Promise.all([
    summariesWhere(db, where)
      .orderBy(desc(games.createdAt))
      .limit(GAMES_PAGE_SIZE)
      .offset((page - 1) * GAMES_PAGE_SIZE),
    db.select({ n: count() }).from(games).where(where),
  ]);
  return { games: rows, page, pageCount: pageCount(total?.n ?? 0, GAMES_PAGE_SIZE) };
}

export function listLiveGames(db: Db, page: number) {
  return pageOfGames(db, and(eq(games.status, "active"), isNotNull(games.position)), page);
}

export function listPlayerGames(db: Db, userId: string, page: number) {
  return pageOfGames(db, or(eq(games.side1Id, userId), eq(games.side2Id, userId)), page);
}

/**
 * Games actually in play, for the home page's mini boards: running on the site, both
 * sides past their first move (ply 2 or more), the most recently moved first.
 */
export async function listGamesInPlay(db: Db, limit: number) {
  return summariesWhere(db, and(eq(games.status, "active"), isNotNull(games.position), gte(games.ply, 2)))
    .orderBy(desc(games.turnStartedAt), desc(games.id))
    .limit(limit);
}
