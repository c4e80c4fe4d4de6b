// Ends a game inside the caller's transaction: records result and reason, stops the
// clock, and, for rated games, updates both players' Glicko-2 ratings in the same
// transaction (each game is its own rating period, as on most online game sites).
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games, ratingHistory, users } from "@/db/schema";
import { updateRating } from "@/engine/glicko2";
import type { GameResult, GameRow } from "./game-view";
import { sideToMove } from "./game-view";
import { pingInbox } from "@/server/realtime/publish";
import { noticeGameOver } from "../notification/game-notices";
import { recordTournamentResult } from "../tournament/record-result";

export interface Finish {
  result: GameResult;
  reason: string;
  margin?: number | null;
  /** The board after the end (on-site games), serialized. */
  position?: string | null;
  /** Counts for a tournament's standings but not for ratings (a forfeit before the first move). */
  unrated?: boolean;
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
      version: sql`${games.version} + 1`,
    })
    .where(eq(games.id, game.id));
  if (game.rated && !finish.unrated) await rateGame(tx, game, finish.result, now);
  const told = await noticeGameOver(tx, game, finish.result, now, finish.reason);
  const tournamentAfter = game.tournamentId ? await recordTournamentResult(tx, game, finish.result, finish.reason, finish.margin ?? null, now) : () => {};
  return () => {
    pingInbox(told);
    tournamentAfter();
  };
}

async function rateGame(tx: Db, game: GameRow, result: GameResult, now: Date): Promise<void> {
  // Lock both players in a fixed order so two games ending together cannot deadlock
  // or overwrite each other's rating change.
  const players = await tx
    .select({ id: users.id, rating: users.rating, rd: users.ratingRd, volatility: users.ratingVolatility })
    .from(users)
    .where(inArray(users.id, [game.side1Id, game.side2Id]))
    .orderBy(asc(users.id))
    .for("update");
  const p1 = players.find((p) => p.id === game.side1Id)!;
  const p2 = players.find((p) => p.id === game.side2Id)!;
  const score1 = result === "1-0" ? 1 : result === "0-1" ? 0 : 0.5;
  const next1 = updateRating(p1, [{ opponent: p2, score: score1 }]);
  const next2 = updateRating(p2, [{ opponent: p1, score: 1 - score1 }]);
  for (const [id, r] of [
    [p1.id, next1],
    [p2.id, next2],
  ] as const) {
    await tx
      .update(users)
      .set({ rating: r.rating, ratingRd: r.rd, ratingVolatility: r.volatility, ratedGames: sql`${users.ratedGames} + 1` })
      .where(eq(users.id, id));
    await tx.insert(ratingHistory).values({ userId: id, gameId: game.id, rating: r.rating, rd: r.rd, at: now });
  }
}
