// A rematch: the opponent of a finished game is offered the same game again.
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { challenges, games, tournaments, users } from "@/db/schema";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { checkedGameSettings } from "../game/game-settings";
import { openChallenge } from "./open-challenge";

/**
 * Offers the opponent of a finished game the same game again: same game and settings,
 * same time control, rated as before, sides swapped. A directed challenge like any
 * other, remembered as a rematch of that game so its page can show and answer it.
 */
export async function offerRematch(db: Db, userId: string, gameId: string, now = new Date()) {
  return transaction(db, async (tx) => {
    const [g] = await tx
      .select({
        game: {
          gameType: games.gameType,
          side1Id: games.side1Id,
          side2Id: games.side2Id,
          status: games.status,
          rated: games.rated,
          initialMs: games.initialMs,
          incrementMs: games.incrementMs,
        },
        // The settings it was played with: its challenge's, else its tournament's (a position holds them, but not as values).
        challengeSettings: challenges.gameSettings,
        challengeRated: challenges.rated,
        tournamentSettings: tournaments.gameSettings,
      })
      .from(games)
      .leftJoin(challenges, eq(challenges.gameId, games.id))
      .leftJoin(tournaments, eq(tournaments.id, games.tournamentId))
      .where(eq(games.id, gameId));
    if (!g) throw new AppError("NOT_FOUND", "There is no such game.");
    const { game } = g;
    if (game.side1Id !== userId && game.side2Id !== userId) throw new AppError("FORBIDDEN", "Only the players of a game can offer a rematch.");
    if (game.status === "active") throw new AppError("CONFLICT", "The game is still being played: a rematch can be offered once it is over.");
    const opponentId = game.side1Id === userId ? game.side2Id : game.side1Id;
    const [opponent] = await tx.select({ id: users.id, username: users.username, deletedAt: users.deletedAt }).from(users).where(eq(users.id, opponentId));
    if (!opponent || opponent.deletedAt) throw new AppError("BAD_REQUEST", "Your opponent's account no longer exists.");
    const [theirs] = await tx
      .select({ id: challenges.id })
      .from(challenges)
      .where(and(eq(challenges.rematchOf, gameId), eq(challenges.creatorId, opponentId), eq(challenges.status, "open")));
    if (theirs) throw new AppError("CONFLICT", `${opponent.username} already offers you a rematch: accept it.`);
    return openChallenge(
      tx,
      userId,
      {
        gameType: game.gameType,
        initialMs: game.initialMs,
        incrementMs: game.incrementMs,
        // Sides swapped: the side the opponent played.
        side: game.side1Id === userId ? "side2" : "side1",
        rated: g.challengeRated ?? game.rated,
        gameSettings: g.challengeSettings ?? g.tournamentSettings ?? checkedGameSettings(game.gameType),
        addressee: { id: opponent.id, username: opponent.username },
        rematchOf: gameId,
      },
      now,
    );
  });
}
