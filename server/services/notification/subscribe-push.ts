// Registering a browser for Web Push.
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { pushSubscriptions, users } from "@/db/schema";
import { AppError } from "../errors";
import { channels } from "./channels";
import { refusePushEndpoint } from "./push-destination";

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Push subscriptions one account keeps; registering one more drops its oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/**
 * Registers this browser for Web Push. The address must be public HTTPS on port 443
 * (push-destination.ts). An address already registered moves to the caller only when
 * the request carries that subscription's own keys, i.e. comes from the browser that
 * holds it (one browser, another account signed in); anyone else is refused. An
 * account keeps at most MAX_PUSH_SUBSCRIPTIONS: the oldest beyond that are dropped
 * (their browsers are likely gone, and there is no other way to remove them).
 */
export async function subscribePush(db: Db, userId: string, sub: PushSubscriptionInput): Promise<void> {
  const refusal = refusePushEndpoint(sub.endpoint, channels().push?.agent.policy);
  if (refusal) throw new AppError("BAD_REQUEST", refusal);
  const values = { userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
  await db.transaction(async (tx) => {
    // One registration per account at a time, so two at once cannot both fit under the cap.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    const [kept] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: values,
        setWhere: sql`${pushSubscriptions.userId} = excluded.user_id or (${pushSubscriptions.p256dh} = excluded.p256dh and ${pushSubscriptions.auth} = excluded.auth)`,
      })
      .returning({ id: pushSubscriptions.id });
    if (!kept) throw new AppError("CONFLICT", "This push address belongs to another browser's subscription.");
    const oldest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.id, kept.id)))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .offset(MAX_PUSH_SUBSCRIPTIONS - 1);
    await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, oldest));
  });
}
