// A notification as the inbox shows it. Unread counts only what is neither read nor
// resolved: an item whose cause is gone no longer asks for attention.
import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import { describe, type InboxItem } from "@/lib/notification-kinds";

type Row = typeof notifications.$inferSelect;

export function toItem(r: Row): InboxItem {
  return {
    id: r.id,
    kind: r.kind,
    ...describe(r.kind, r.payload),
    link: r.link,
    createdAt: r.createdAt,
    read: r.readAt !== null,
    resolved: r.resolvedAt !== null,
  };
}

export const unreadOf = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.readAt), isNull(notifications.resolvedAt));

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(unreadOf(userId));
  return row!.n;
}
