// The bell's reading of the inbox.
import { desc } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import { toItem, unreadCount, unreadOf } from "./inbox-item";

/** The bell: the unread count and the newest unread items (the page toasts new ones). */
export async function inboxSummary(db: Db, userId: string) {
  const [unread, latest] = await Promise.all([
    unreadCount(db, userId),
    db.select().from(notifications).where(unreadOf(userId)).orderBy(desc(notifications.createdAt)).limit(5),
  ]);
  return { unread, latest: latest.map(toItem) };
}
