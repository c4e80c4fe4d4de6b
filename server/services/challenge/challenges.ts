// Challenges outside tournaments: a signed-in player opens one (game, time control,
// side, rated or not); another accepts and the game starts at once, with both players
// taken to the board.
import { randomInt } from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { challenges, playerRatings, users } from "@/db/schema";
import { catalogGame } from "@/engine/game-catalog";
import { pingInbox, publishChanged, publishGameStarted } from "@/server/realtime/publish";
import { noticeGamesCreated } from "../notification/game-notices";
import { AppError } from "../errors";
import { createGame } from "../game/create-game";
import { checkedGameSettings } from "../game/game-settings";
import { ratingColumns, ratingOf } from "../rating/player-ratings";
import { LOBBY_ROOM } from "@/lib/contracts";

export const MAX_OPEN_CHALLENGES = 5;

export interface ChallengeInput {
  gameType: string;
  initialMs: number;
  incrementMs: number;
  side: "side1" | "side2" | "random";
  rated: boolean;
  /** The game's own settings (a backgammon match's length); missing ones take the game's defaults. */
  gameSettings?: Record<string, number>;
}

let lobbyVersion = 0;
function lobbyChanged(): void {
  // The lobby's "changed" signal only asks clients to refetch; a per-process counter
  // is enough because the data itself always comes from the database.
  lobbyVersion += 1;
  publishChanged(LOBBY_ROOM, lobbyVersion);
}

export async function createChallenge(db: Db, userId: string, input: ChallengeInput) {
  if (!catalogGame(input.gameType)) throw new AppError("BAD_REQUEST", `Unknown game type “${input.gameType}”.`);
  const gameSettings = checkedGameSettings(input.gameType, input.gameSettings);
  const row = await db.transaction(async (tx) => {
    // Lock the creator's row so two quick submissions cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [open] = await tx
      .select({ n: count() })
      .from(challenges)
      .where(and(eq(challenges.creatorId, userId), eq(challenges.status, "open")));
    if ((open?.n ?? 0) >= MAX_OPEN_CHALLENGES) {
      throw new AppError("TOO_MANY_REQUESTS", `You already have ${MAX_OPEN_CHALLENGES} open challenges. Cancel one first.`);
    }
    const [created] = await tx
      .insert(challenges)
      .values({ creatorId: userId, gameType: input.gameType, initialMs: input.initialMs, incrementMs: input.incrementMs, creatorSide: input.side, rated: input.rated, gameSettings })
      .returning();
    return created!;
  });
  lobbyChanged();
  return row;
}

export async function acceptChallenge(db: Db, userId: string, challengeId: string, now = new Date()) {
  const { game, challenger, told } = await db.transaction(async (tx) => {
    const [ch] = await tx.select().from(challenges).where(eq(challenges.id, challengeId)).for("update");
    if (!ch) throw new AppError("NOT_FOUND", "There is no such challenge.");
    if (ch.status !== "open") throw new AppError("CONFLICT", "This challenge is no longer open.");
    if (ch.creatorId === userId) throw new AppError("BAD_REQUEST", "You cannot accept your own challenge.");
    const creatorPlays1 = ch.creatorSide === "side1" || (ch.creatorSide === "random" && randomInt(2) === 0);
    const game = await createGame(
      tx,
      {
        gameType: ch.gameType,
        side1Id: creatorPlays1 ? ch.creatorId : userId,
        side2Id: creatorPlays1 ? userId : ch.creatorId,
        rated: ch.rated,
        initialMs: ch.initialMs,
        incrementMs: ch.incrementMs,
        settings: ch.gameSettings,
      },
      now,
    );
    await tx.update(challenges).set({ status: "accepted", gameId: game.id }).where(eq(challenges.id, ch.id));
    return { game, challenger: ch.creatorId, told: await noticeGamesCreated(tx, [game], now, ch.creatorId) };
  });
  pingInbox(told);
  // The challenger is taken to the board too (the accepter goes there with the answer).
  publishGameStarted(challenger, game.id);
  lobbyChanged();
  return { gameId: game.id };
}

export async function cancelChallenge(db: Db, userId: string, challengeId: string) {
  await db.transaction(async (tx) => {
    const [ch] = await tx.select().from(challenges).where(eq(challenges.id, challengeId)).for("update");
    if (!ch) throw new AppError("NOT_FOUND", "There is no such challenge.");
    if (ch.creatorId !== userId) throw new AppError("FORBIDDEN", "Only the player who opened a challenge can cancel it.");
    if (ch.status !== "open") throw new AppError("CONFLICT", "This challenge is no longer open.");
    await tx.update(challenges).set({ status: "cancelled" }).where(eq(challenges.id, ch.id));
  });
  lobbyChanged();
}

export async function listOpenChallenges(db: Db, limit = 50) {
  return db
    .select({
      id: challenges.id,
      gameType: challenges.gameType,
      initialMs: challenges.initialMs,
      incrementMs: challenges.incrementMs,
      creatorSide: challenges.creatorSide,
      rated: challenges.rated,
      gameSettings: challenges.gameSettings,
      createdAt: challenges.createdAt,
      creator: { id: users.id, username: users.username, ...ratingColumns(playerRatings) },
    })
    .from(challenges)
    .innerJoin(users, eq(users.id, challenges.creatorId))
    .leftJoin(playerRatings, ratingOf(playerRatings, challenges.creatorId, challenges.gameType))
    .where(eq(challenges.status, "open"))
    .orderBy(desc(challenges.createdAt))
    .limit(limit);
}
