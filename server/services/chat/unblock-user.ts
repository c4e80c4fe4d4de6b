// Unblocking: the person's messages show again.
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chatBlocks } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";

export async function unblockUser(db: Db, user: SessionUser, blockedId: string): Promise<void> {
  await db.delete(chatBlocks).where(and(eq(chatBlocks.blockerId, user.id), eq(chatBlocks.blockedId, blockedId)));
}
