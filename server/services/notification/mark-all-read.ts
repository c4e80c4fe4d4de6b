// Marks every notification the user has so far read.
import { and, eq, isNull, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";

export async function markAllRead(db: Db, userId: string, now = new Date()): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), lte(notifications.createdAt, now)));
}
