// Accepting a challenge: the game starts at once, and both players are taken to it.
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { challenges } from "@/db/schema";
import { publishGameStarted } from "@/server/realtime/publish";
import { noticeGamesCreated } from "../notification/game-notices";
import { AppError } from "../errors";
import { afterCommit, transaction } from "../transaction";
import { createGame } from "../game/create-game";
import { lockOpen, resolveNotice } from "./lock-challenge";

export async function acceptChallenge(db: Db, userId: string, challengeId: string, now = new Date()) {
  return transaction(db, async (tx) => {
    const ch = await lockOpen(tx, challengeId, (c) => {
      if (c.creatorId === userId) throw new AppError("BAD_REQUEST", "You cannot accept your own challenge.");
      if (c.addresseeId !== null && c.addresseeId !== userId) throw new AppError("FORBIDDEN", "This challenge is addressed to another player.");
    });
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
    await noticeGamesCreated(tx, [game], now, ch.creatorId);
    // The challenger is taken to the board too (the accepter goes there with the answer).
    afterCommit(tx, () => publishGameStarted(ch.creatorId, game.id, ch.rematchOf ?? undefined));
    await resolveNotice(tx, ch, now);
    return { gameId: game.id };
  });
}
