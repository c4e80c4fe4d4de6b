// The rematch of a finished game, as one of its players sees it.
import { and, desc, eq, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { challenges } from "@/db/schema";

/**
 * The latest rematch of a finished game between its players, as one of them sees it
 * (offered, accepted with its new game, declined or cancelled), or null: its page shows
 * the offer and its answer. Nobody else learns of it.
 */
export async function rematchOf(db: Db, viewerId: string, gameId: string) {
  const [row] = await db
    .select({ id: challenges.id, status: challenges.status, creatorId: challenges.creatorId, addresseeId: challenges.addresseeId, gameId: challenges.gameId })
    .from(challenges)
    .where(and(eq(challenges.rematchOf, gameId), or(eq(challenges.creatorId, viewerId), eq(challenges.addresseeId, viewerId))))
    .orderBy(desc(challenges.createdAt))
    .limit(1);
  return row ?? null;
}
