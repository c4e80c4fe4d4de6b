// Whom the user blocks, for Settings.
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chatBlocks, users } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";

/** The people the user blocks, by name (Settings). */
export async function listBlocks(db: Db, user: SessionUser) {
  return db
    .select({ id: chatBlocks.blockedId, username: users.username, since: chatBlocks.createdAt })
    .from(chatBlocks)
    .innerJoin(users, eq(users.id, chatBlocks.blockedId))
    .where(eq(chatBlocks.blockerId, user.id))
    .orderBy(asc(users.username));
}
