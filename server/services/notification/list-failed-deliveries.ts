// Deliveries the outbox gave up on, for the admins' page: what, to whom, why.
import { count, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { outbox, users } from "@/db/schema";
import { pageCount } from "../listing";

const PAGE = 50;

export async function listFailedDeliveries(db: Db, page: number) {
  const failed = eq(outbox.status, "failed");
  const [rows, [total], pending] = await Promise.all([
    db
      .select({
        id: outbox.id,
        channel: outbox.channel,
        username: users.username,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        createdAt: outbox.createdAt,
        lastTriedAt: outbox.nextAttemptAt,
      })
      .from(outbox)
      .innerJoin(users, eq(users.id, outbox.userId))
      .where(failed)
      .orderBy(desc(outbox.createdAt))
      .limit(PAGE)
      .offset((page - 1) * PAGE),
    db.select({ n: count() }).from(outbox).where(failed),
    db.select({ n: count() }).from(outbox).where(eq(outbox.status, "pending")),
  ]);
  return { rows, page, pages: pageCount(total!.n, PAGE), total: total!.n, pending: pending[0]!.n };
}
