// The one way to notify someone: stores the notification in the user's inbox and
// queues its deliveries (e-mail, Web Push) in the outbox, inside the caller's
// transaction, so a notification exists exactly when its cause committed. Callers
// ping the recipients' open pages after commit (`pingInbox`). Delivery itself is the
// outbox worker's job (deliver-outbox.ts), never done inline in a request.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications, notificationSettings, outbox, pushSubscriptions, users } from "@/db/schema";
import { DEFAULT_EMAIL_KINDS, type NotificationKind, type NotificationPayload } from "@/lib/notification-kinds";
import { insertMany } from "../bulk-insert";
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
  // A 100,000-player tournament's start notifies 100,000 users (bulk-insert.ts). What
  // the deliveries need comes back with the inserted rows, in the same statement (every
  // move notifies, so a second query per move was a round trip more): the recipients'
  // push subscriptions, one row per (notification, subscription), and whether each
  // recipient takes mail at once (an address, not deleted, no digest) and of which kinds.
  const created = await insertMany<
    typeof notifications,
    { id: string; userId: string; kind: NotificationKind; subscriptionId: string | null; mailable: boolean; emailKinds: NotificationKind[] | null }
  >(
    tx,
    notifications,
    items.map((n) => ({ ...n, dedupeKey: n.dedupeKey ?? null, createdAt: now })),
    sql`id, user_id, kind`,
    {
      onConflictDoNothing: true,
      query: sql`select inserted.id, inserted.user_id as "userId", inserted.kind, s.id as "subscriptionId",
          coalesce(u.email is not null and u.deleted_at is null and not coalesce(ns.email_digest, false), false) as "mailable",
          ns.email_kinds as "emailKinds"
        from inserted
        left join ${pushSubscriptions} s on s.user_id = inserted.user_id
        left join ${users} u on u.id = inserted.user_id
        left join ${notificationSettings} ns on ns.user_id = inserted.user_id`,
    },
  );
  if (created.length === 0) return [];
  const userIds = [...new Set(created.map((c) => c.userId))];
  const queued: (typeof outbox.$inferInsert)[] = [];

  if (channels().email) {
    const mailed = new Set<string>();
    for (const c of created) {
      if (mailed.has(c.id) || !c.mailable || !(c.emailKinds ?? DEFAULT_EMAIL_KINDS).includes(c.kind)) continue;
      mailed.add(c.id);
      queued.push({ userId: c.userId, channel: "email", notificationId: c.id, dedupeKey: `email:${c.id}`, nextAttemptAt: now });
    }
  }

  for (const c of created) {
    if (c.subscriptionId) queued.push({ userId: c.userId, channel: "push", notificationId: c.id, subscriptionId: c.subscriptionId, dedupeKey: `push:${c.id}:${c.subscriptionId}`, nextAttemptAt: now });
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
