// The signed-in user's inbox, a page at a time, newest first.
import { count, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import { pageCount } from "../listing";
import { toItem } from "./inbox-item";

export const INBOX_PAGE_SIZE = 20;

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
