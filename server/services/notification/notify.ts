// The one way to notify someone: stores the notification in the user's inbox and
// queues its deliveries (e-mail, Web Push) in the outbox, inside the caller's
// transaction, so a notification exists exactly when its cause committed. Callers
// ping the recipients' open pages after commit (`pingInbox`). Delivery itself is the
// outbox worker's job (deliver-outbox.ts), never done inline in a request.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications, notificationSettings, outbox, pushSubscriptions, users } from "@/db/schema";
import { DEFAULT_EMAIL_KINDS, type NotificationKind, type NotificationPayload } from "@/lib/notification-kinds";
import { anyOf, insertMany } from "../bulk-insert";
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
  // A 100,000-player tournament's start notifies 700,000 times (bulk-insert.ts).
  const created = await insertMany<typeof notifications, { id: string; userId: string; kind: NotificationKind }>(
    tx,
    notifications,
    items.map((n) => ({ ...n, dedupeKey: n.dedupeKey ?? null, createdAt: now })),
    sql`id, user_id as "userId", kind`,
    { onConflictDoNothing: true },
  );
  if (created.length === 0) return [];
  const userIds = [...new Set(created.map((c) => c.userId))];
  const queued: (typeof outbox.$inferInsert)[] = [];

  if (channels().email) {
    const mailable = await tx
      .select({ id: users.id, kinds: notificationSettings.emailKinds, digest: notificationSettings.emailDigest })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(and(anyOf(users.id, userIds), isNull(users.deletedAt), sql`${users.email} is not null`));
    const wants = new Map(mailable.filter((m) => !m.digest).map((m) => [m.id, new Set(m.kinds ?? DEFAULT_EMAIL_KINDS)]));
    for (const c of created) {
      if (wants.get(c.userId)?.has(c.kind)) queued.push({ userId: c.userId, channel: "email", notificationId: c.id, dedupeKey: `email:${c.id}`, nextAttemptAt: now });
    }
  }

  const subscriptions = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(anyOf(pushSubscriptions.userId, userIds));
  for (const c of created) {
    for (const s of subscriptions) {
      if (s.userId === c.userId) queued.push({ userId: c.userId, channel: "push", notificationId: c.id, subscriptionId: s.id, dedupeKey: `push:${c.id}:${s.id}`, nextAttemptAt: now });
    }
  }
  await insertMany(tx, outbox, queued, sql`id`, { onConflictDoNothing: true });
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
