// Reading and marking the signed-in user's inbox. Unread counts only what is neither
// read nor resolved: an item whose cause is gone no longer asks for attention.
import { and, count, desc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import { describe, type InboxItem } from "@/lib/notification-kinds";
import { AppError } from "../errors";
import { pageCount } from "../listing";

export const INBOX_PAGE_SIZE = 20;

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

const unreadOf = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.readAt), isNull(notifications.resolvedAt));

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(unreadOf(userId));
  return row!.n;
}

/** The bell: the unread count and the newest unread items (the page toasts new ones). */
export async function inboxSummary(db: Db, userId: string) {
  const [unread, latest] = await Promise.all([
    unreadCount(db, userId),
    db.select().from(notifications).where(unreadOf(userId)).orderBy(desc(notifications.createdAt)).limit(5),
  ]);
  return { unread, latest: latest.map(toItem) };
}

export async function listInbox(db: Db, userId: string, page: number) {
  const mine = eq(notifications.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((page - 1) * INBOX_PAGE_SIZE),
    db.select({ n: count() }).from(notifications).where(mine),
  ]);
  return { items: rows.map(toItem), page, pages: pageCount(total!.n, INBOX_PAGE_SIZE), total: total!.n };
}

/** Marks one of the user's notifications read; someone else's is not found. */
export async function markRead(db: Db, userId: string, id: string, now = new Date()): Promise<void> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw new AppError("NOT_FOUND", "There is no such notification in your inbox.");
}

export async function markAllRead(db: Db, userId: string, now = new Date()): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), lte(notifications.createdAt, now)));
}
