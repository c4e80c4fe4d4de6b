// The one way to notify someone: stores the notification in the user's inbox and
// queues its deliveries (e-mail, Web Push) in the outbox, inside the caller's
// transaction, so a notification exists exactly when its cause committed. Callers
// ping the recipients' open pages after commit (`pingInbox`). Delivery itself is the
// outbox worker's job (deliver-outbox.ts), never done inline in a request.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications, notificationSettings, outbox, pushSubscriptions, users } from "@/db/schema";
import { DEFAULT_EMAIL_KINDS, type NotificationKind, type NotificationPayload } from "@/lib/notification-kinds";
import { channels } from "./channels";

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  payload: NotificationPayload;
  link: string;
  /** What it is about: "game:<id>" or "tournament:<id>". */
  subject: string;
  /** When set, a second notification with the same key is not created. */
  dedupeKey?: string;
}

/** Stores the notifications and queues their deliveries; returns who got one. */
export async function notify(tx: Db, items: readonly NewNotification[], now = new Date()): Promise<string[]> {
  if (items.length === 0) return [];
  const created = await tx
    .insert(notifications)
    .values(items.map((n) => ({ ...n, dedupeKey: n.dedupeKey ?? null, createdAt: now })))
    .onConflictDoNothing()
    .returning({ id: notifications.id, userId: notifications.userId, kind: notifications.kind });
  if (created.length === 0) return [];
  const userIds = [...new Set(created.map((c) => c.userId))];
  const queued: (typeof outbox.$inferInsert)[] = [];

  if (channels().email) {
    const mailable = await tx
      .select({ id: users.id, kinds: notificationSettings.emailKinds, digest: notificationSettings.emailDigest })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(and(inArray(users.id, userIds), isNull(users.deletedAt), sql`${users.email} is not null`));
    const wants = new Map(mailable.filter((m) => !m.digest).map((m) => [m.id, new Set(m.kinds ?? DEFAULT_EMAIL_KINDS)]));
    for (const c of created) {
      if (wants.get(c.userId)?.has(c.kind)) queued.push({ userId: c.userId, channel: "email", notificationId: c.id, dedupeKey: `email:${c.id}`, nextAttemptAt: now });
    }
  }

  const subscriptions = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  for (const c of created) {
    for (const s of subscriptions) {
      if (s.userId === c.userId) queued.push({ userId: c.userId, channel: "push", notificationId: c.id, subscriptionId: s.id, dedupeKey: `push:${c.id}:${s.id}`, nextAttemptAt: now });
    }
  }
  if (queued.length > 0) await tx.insert(outbox).values(queued).onConflictDoNothing();
  return userIds;
}

/**
 * Marks notifications resolved because their cause is gone (the move was made, the
 * report answered, the dispute settled). Returns whose inbox changed.
 */
export async function resolveNotifications(
  tx: Db,
  where: { subject: string; kinds: readonly NotificationKind[]; userIds?: readonly string[] },
  now = new Date(),
): Promise<string[]> {
  const rows = await tx
    .update(notifications)
    .set({ resolvedAt: now })
    .where(
      and(
        eq(notifications.subject, where.subject),
        inArray(notifications.kind, [...where.kinds]),
        isNull(notifications.resolvedAt),
        where.userIds ? inArray(notifications.userId, [...where.userIds]) : undefined,
      ),
    )
    .returning({ userId: notifications.userId });
  return [...new Set(rows.map((r) => r.userId))];
}

/** Kinds that ask a player to act in a game; all resolved once the game is over. */
export const GAME_ACTION_KINDS: NotificationKind[] = ["your-move", "game-created", "deadline", "result-reported", "result-disputed"];

export const gameSubject = (gameId: string) => `game:${gameId}`;
export const gameLink = (gameId: string) => `/games/${gameId}`;
export const tournamentSubject = (id: string) => `tournament:${id}`;
export const tournamentLink = (id: string) => `/tournaments/${id}`;
