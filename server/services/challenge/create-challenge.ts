// A player opens a challenge in the lobby, to anyone or to one player by name.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { catalogGame } from "@/engine/game-catalog";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { checkedGameSettings } from "../game/game-settings";
import { type ChallengeInput, openChallenge } from "./open-challenge";

/** The addressee of a directed challenge, by username: an account that exists, is not deleted, and is not the challenger. */
async function addresseeOf(tx: Db, userId: string, username: string): Promise<{ id: string; username: string }> {
  const [found] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), isNull(users.deletedAt)));
  if (!found) throw new AppError("NOT_FOUND", `There is no player called “${username}”.`);
  if (found.id === userId) throw new AppError("BAD_REQUEST", "You cannot challenge yourself.");
  return found;
}

export async function createChallenge(db: Db, userId: string, input: ChallengeInput, now = new Date()) {
  if (!catalogGame(input.gameType)) throw new AppError("BAD_REQUEST", `Unknown game type “${input.gameType}”.`);
  const gameSettings = checkedGameSettings(input.gameType, input.gameSettings);
  return transaction(db, async (tx) => {
    const addressee = input.opponent === undefined ? null : await addresseeOf(tx, userId, input.opponent);
    return openChallenge(tx, userId, { ...input, gameSettings, addressee }, now);
  });
}
