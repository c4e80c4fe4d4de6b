// The lobby's open challenges, as the viewer may see them.
import { and, desc, eq, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { challenges, playerRatings, users, ratingOf, ratingColumns } from "@/db/schema";

const addressee = alias(users, "addressee");

/**
 * The challenges the viewer may see in the lobby: every open one addressed to nobody,
 * and the directed ones the viewer opened or was sent (no one else learns of those).
 */
export async function listOpenChallenges(db: Db, viewerId: string | null, limit = 50) {
  const visible = viewerId
    ? or(isNull(challenges.addresseeId), eq(challenges.addresseeId, viewerId), eq(challenges.creatorId, viewerId))
    : isNull(challenges.addresseeId);
  return db
    .select({
      id: challenges.id,
      gameType: challenges.gameType,
      initialMs: challenges.initialMs,
      incrementMs: challenges.incrementMs,
      creatorSide: challenges.creatorSide,
      rated: challenges.rated,
      gameSettings: challenges.gameSettings,
      rematchOf: challenges.rematchOf,
      createdAt: challenges.createdAt,
      creator: { id: users.id, username: users.username, ...ratingColumns(playerRatings) },
      addressee: { id: addressee.id, username: addressee.username },
    })
    .from(challenges)
    .innerJoin(users, eq(users.id, challenges.creatorId))
    .leftJoin(addressee, eq(addressee.id, challenges.addresseeId))
    .leftJoin(playerRatings, ratingOf(playerRatings, challenges.creatorId, challenges.gameType))
    .where(and(eq(challenges.status, "open"), visible))
    .orderBy(desc(challenges.createdAt))
    .limit(limit);
}
