// A user's notification settings: the e-mail address and which kinds are mailed (or
// a daily digest), deadline reminder hours, Web Push subscriptions of their browsers,
// and the private calendar feed's token.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notificationSettings, pushSubscriptions, users } from "@/db/schema";
import { DEFAULT_EMAIL_KINDS, DEFAULT_REMINDER_HOURS, type NotificationKind } from "@/lib/notification-kinds";
import { AppError } from "../errors";
import { channels } from "./channels";

export async function getSettings(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, s: notificationSettings })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError("NOT_FOUND", "There is no such account.");
  const c = channels();
  return {
    email: row.email ?? "",
    emailOnServer: c.email !== null,
    emailKinds: row.s?.emailKinds ?? DEFAULT_EMAIL_KINDS,
    emailDigest: row.s?.emailDigest ?? false,
    reminderHours: row.s?.reminderHours ?? DEFAULT_REMINDER_HOURS,
    pushPublicKey: c.push?.publicKey ?? null,
    calendarUrl: row.s?.calendarToken ? new URL(`/api/calendar/${row.s.calendarToken}.ics`, c.siteUrl).href : null,
  };
}

export interface SettingsInput {
  email: string | null;
  emailKinds: NotificationKind[];
  emailDigest: boolean;
  reminderHours: number[];
}

async function upsert(db: Db, userId: string, set: Partial<typeof notificationSettings.$inferInsert>): Promise<void> {
  await db.insert(notificationSettings).values({ userId, ...set }).onConflictDoUpdate({ target: notificationSettings.userId, set });
}

export async function updateSettings(db: Db, userId: string, input: SettingsInput): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ email: input.email }).where(eq(users.id, userId));
    await upsert(tx, userId, { emailKinds: input.emailKinds, emailDigest: input.emailDigest, reminderHours: [...new Set(input.reminderHours)].sort((a, b) => b - a) });
  });
}

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Registers this browser; the same endpoint registered again moves to the caller. */
export async function subscribePush(db: Db, userId: string, sub: PushSubscriptionInput): Promise<void> {
  const values = { userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
  await db.insert(pushSubscriptions).values(values).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

export async function unsubscribePush(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A new secret for the calendar feed; the old URL stops working. */
export async function rotateCalendarToken(db: Db, userId: string): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await upsert(db, userId, { calendarToken: token });
  return new URL(`/api/calendar/${token}.ics`, channels().siteUrl).href;
}
