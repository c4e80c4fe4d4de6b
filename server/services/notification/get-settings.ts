// A user's notification settings as the settings page shows them: the e-mail address
// (confirmed before anything but the confirmation link is mailed to it,
// confirm-email.ts), which kinds are mailed (or a daily digest), deadline reminder
// hours, the push key and the private calendar feed's address.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notificationSettings, users } from "@/db/schema";
import { DEFAULT_EMAIL_KINDS, DEFAULT_REMINDER_HOURS } from "@/lib/notification-kinds";
import { AppError } from "../errors";
import { channels } from "./channels";

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
