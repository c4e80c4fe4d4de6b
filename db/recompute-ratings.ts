// Rebuilds every per-game rating from the games the site rated, in the order it rated
// them, one Glicko-2 rating per (player, game type): what each rating would be had
// every game type always been rated on its own. The migration that split the one
// shared rating into ratings per game (ratings_per_game) leaves a marker in app_settings, and
// migrate() runs the rebuild once, right after the migrations, in one transaction
// that also removes the marker. Running it again gives the same ratings.
import { asc, eq, isNotNull, min } from "drizzle-orm";
import type { Db } from "./client";
import { appSettings, games, playerRatings, ratingHistory } from "./schema";
import { replayRatings, side1Score } from "@/engine/glicko2";

export const RECOMPUTE_MARKER = "pending_recompute_ratings";
const BATCH = 1000;

/** Recomputes all ratings and their history; call inside a transaction. */
export async function recomputeRatings(tx: Db): Promise<{ games: number; ratings: number }> {
  // The rated games are the ones with rating history (a game unrated by choice, or
  // ended without rating, has none), in the order their ratings were applied.
  const ratedAt = min(ratingHistory.at);
  const rated = await tx
    .select({ id: games.id, gameType: games.gameType, side1: games.side1Id, side2: games.side2Id, result: games.result, at: ratedAt })
    .from(ratingHistory)
    .innerJoin(games, eq(games.id, ratingHistory.gameId))
    .where(isNotNull(games.result))
    .groupBy(games.id)
    .orderBy(asc(ratedAt), asc(games.finishedAt), asc(games.id));
  const { ratings, history } = replayRatings(rated.map((g) => ({ gameType: g.gameType, side1: g.side1, side2: g.side2, score1: side1Score(g.result!) })));
  await tx.delete(ratingHistory);
  await tx.delete(playerRatings);
  const historyRows = history.map((h) => ({
    userId: h.player,
    gameId: rated[h.gameIndex]!.id,
    gameType: h.gameType,
    rating: h.rating.rating,
    rd: h.rating.rd,
    at: rated[h.gameIndex]!.at!,
  }));
  for (let i = 0; i < historyRows.length; i += BATCH) await tx.insert(ratingHistory).values(historyRows.slice(i, i + BATCH));
  const lastPlayed = new Map<string, Date>();
  for (const h of historyRows) lastPlayed.set(`${h.userId} ${h.gameType}`, h.at);
  const ratingRows = [...ratings].flatMap(([gameType, pool]) =>
    [...pool].map(([userId, r]) => ({
      userId,
      gameType,
      rating: r.rating,
      rd: r.rd,
      volatility: r.volatility,
      ratedGames: r.ratedGames,
      updatedAt: lastPlayed.get(`${userId} ${gameType}`)!,
    })),
  );
  for (let i = 0; i < ratingRows.length; i += BATCH) await tx.insert(playerRatings).values(ratingRows.slice(i, i + BATCH));
  return { games: rated.length, ratings: ratingRows.length };
}

/** Runs the rebuild if a migration asked for it; safe when several processes start together. */
export async function recomputeRatingsIfPending(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Claiming the marker row locks it: a second process waits, then finds it gone.
    const claimed = await tx.delete(appSettings).where(eq(appSettings.key, RECOMPUTE_MARKER)).returning({ key: appSettings.key });
    if (claimed.length === 0) return;
    const done = await recomputeRatings(tx);
    if (done.games > 0) console.log(`[db] ratings recomputed per game from ${done.games} rated games (${done.ratings} ratings)`);
  });
}
