// Marking one notification read.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import { AppError } from "../errors";

/** Marks one of the user's notifications read; someone else's is not found. */
export async function markRead(db: Db, userId: string, id: string, now = new Date()): Promise<void> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw new AppError("NOT_FOUND", "There is no such notification in your inbox.");
}
