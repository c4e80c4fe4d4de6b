// Rate limits: a fixed-window counter per key in the database, so the limit holds
// across every server process and restarts. One statement per check: it starts a new
// window or counts into the current one, and returns the count.
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { AppError } from "./errors";

export interface Limit {
  /** What is limited, as the user reads it: "sign-ups", "moves". */
  what: string;
  max: number;
  windowMs: number;
}

export async function enforceLimit(db: Db, key: string, limit: Limit, now = new Date()): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
  // A count lost in a crash costs nothing, so its commit does not wait for the disk:
  // every move passes here, and a flush per move was milliseconds of its round trip.
  // One statement, so one round trip: set_config(..., true) lasts until the end of the
  // current transaction, which is this statement's own (its commit reads the setting
  // before the transaction ends); a BEGIN / SET LOCAL / INSERT / COMMIT did the same in
  // four. Called outside any other transaction (a caller's transaction would lose its
  // own durable commit).
  const [row] = await db
    .insert(rateLimits)
    .select(sql`select ${key}, ${windowStart.toISOString()}::timestamptz, 1 from (select set_config('synchronous_commit', 'off', true)) as async_commit`)
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = ${windowStart.toISOString()}::timestamptz then ${rateLimits.count} + 1 else 1 end`,
        windowStart,
      },
    })
    .returning({ count: rateLimits.count });
  if (row!.count > limit.max) {
    const wait = Math.ceil((windowStart.getTime() + limit.windowMs - now.getTime()) / 1000);
    const when = wait >= 120 ? `${Math.ceil(wait / 60)} minutes` : `${wait} seconds`;
    throw new AppError("TOO_MANY_REQUESTS", `Too many ${limit.what}. Please wait ${when} and try again.`);
  }
}
