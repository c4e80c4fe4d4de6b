// A user's notification settings: the e-mail address (confirmed before anything but the
// confirmation link is mailed to it, confirm-email.ts) and which kinds are mailed (or
// a daily digest), deadline reminder hours, Web Push subscriptions of their browsers,
// and the private calendar feed's token.
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notificationSettings, pushSubscriptions, users } from "@/db/schema";
import { DEFAULT_EMAIL_KINDS, DEFAULT_REMINDER_HOURS, type NotificationKind } from "@/lib/notification-kinds";
import { AppError } from "../errors";
import { channels } from "./channels";
import { assertAddressFree, countConfirmationMail, queueConfirmationMail } from "./confirm-email";
import { refusePushEndpoint } from "./push-destination";

/** `origin`: where the caller reached the site (originFor), for the calendar feed's address. */
export async function getSettings(db: Db, userId: string, origin = channels().siteUrl) {
  const [row] = await db
    .select({ email: users.email, emailConfirmedAt: users.emailConfirmedAt, s: notificationSettings })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError("NOT_FOUND", "There is no such account.");
  const c = channels();
  return {
    email: row.email ?? "",
    emailConfirmed: row.emailConfirmedAt !== null,
    emailOnServer: c.email !== null,
    emailKinds: row.s?.emailKinds ?? DEFAULT_EMAIL_KINDS,
    emailDigest: row.s?.emailDigest ?? false,
    reminderHours: row.s?.reminderHours ?? DEFAULT_REMINDER_HOURS,
    pushPublicKey: c.push?.publicKey ?? null,
    calendarUrl: row.s?.calendarToken ? new URL(`/api/calendar/${row.s.calendarToken}.ics`, origin).href : null,
  };
}

export interface SettingsInput {
  email: string | null;
  emailKinds: NotificationKind[];
  emailDigest: boolean;
  reminderHours: number[];
}

async function upsert(db: Db, userId: string, set: Partial<typeof notificationSettings.$inferInsert>): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: notificationSettings.userId, set });
}

/**
 * Saves the settings. A new address starts unconfirmed and gets the confirmation link
 * (counted against the limits first, so a refusal changes nothing); the same address
 * in another case keeps its confirmation.
 */
export async function updateSettings(db: Db, userId: string, input: SettingsInput, now = new Date()): Promise<void> {
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const changed = (input.email?.toLowerCase() ?? null) !== (current?.email?.toLowerCase() ?? null);
  if (changed && input.email) {
    await assertAddressFree(db, input.email, userId);
    await countConfirmationMail(userId, input.email, now);
  }
  await db.transaction(async (tx) => {
    if (changed) {
      await tx.update(users).set({ email: input.email, emailConfirmedAt: null }).where(eq(users.id, userId));
      if (input.email) await queueConfirmationMail(tx, userId, now);
    }
    await upsert(tx, userId, {
      emailKinds: input.emailKinds,
      emailDigest: input.emailDigest,
      reminderHours: [...new Set(input.reminderHours)].sort((a, b) => b - a),
    });
  });
}

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

export async function unsubscribePush(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A new secret for the calendar feed; the old URL stops working. */
export async function rotateCalendarToken(db: Db, userId: string, origin = channels().siteUrl): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await upsert(db, userId, { calendarToken: token });
  return new URL(`/api/calendar/${token}.ics`, origin).href;
}
