// The one way to notify someone: stores the notification in the user's inbox and
// queues its deliveries (e-mail, Web Push) in the outbox, inside the caller's
// transaction, so a notification exists exactly when its cause committed. Callers
// ping the recipients' open pages after commit (`pingInbox`). Delivery itself is the
// outbox worker's job (deliver-outbox.ts), never done inline in a request.
import { getTableName, sql } from "drizzle-orm";
import { newRowId } from "@/db/schema/ids";
import type { Db } from "@/db/client";
import { notifications, notificationSettings, outbox, pushSubscriptions, users } from "@/db/schema";
import { DEFAULT_EMAIL_KINDS, type NotificationKind, type NotificationPayload } from "@/lib/notification-kinds";
import { insertMany } from "../bulk-insert";
import { runTogether, type Part } from "../together";
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

/** An inserted notification with what its deliveries need (deliveryTargets). */
interface Created {
  id: string;
  userId: string;
  kind: NotificationKind;
  subscriptionId: string | null;
  mailable: boolean;
  emailKinds: NotificationKind[] | null;
}

const rowsOf = (items: readonly NewNotification[], now: Date) => items.map((n) => ({ ...n, dedupeKey: n.dedupeKey ?? null, createdAt: now }));

/**
 * What the deliveries of the notifications just inserted (the table `inserted`, its
 * id, user_id and kind) need, read with them: the recipients' push subscriptions, one
 * row per (notification, subscription), and whether each recipient takes mail at once
 * (an address, not deleted, no digest) and of which kinds.
 */
const deliveryTargets = (inserted: string) =>
  sql.raw(`select ${inserted}.id, ${inserted}.user_id as "userId", ${inserted}.kind, s.id as "subscriptionId",
    coalesce(u.email is not null and u.deleted_at is null and not coalesce(ns.email_digest, false), false) as "mailable",
    ns.email_kinds as "emailKinds"
  from ${inserted}
  left join ${getTableName(pushSubscriptions)} s on s.user_id = ${inserted}.user_id
  left join ${getTableName(users)} u on u.id = ${inserted}.user_id
  left join ${getTableName(notificationSettings)} ns on ns.user_id = ${inserted}.user_id`);

/** Stores the notifications and queues their deliveries; returns who got one. */
export async function notify(tx: Db, items: readonly NewNotification[], now = new Date()): Promise<string[]> {
  if (items.length === 0) return [];
  // A 100,000-player tournament's start notifies 100,000 users (bulk-insert.ts). What
  // the deliveries need comes back with the inserted rows, in the same statement (every
  // move notifies, so a second query per move was a round trip more).
  const created = await insertMany<typeof notifications, Created>(tx, notifications, rowsOf(items, now), sql`id, user_id, kind`, {
    onConflictDoNothing: true,
    query: deliveryTargets("inserted"),
  });
  return queueDeliveries(tx, created, now);
}

/**
 * notify's insert as a part of a statement of the caller's (together.ts), for the few
 * notifications of one event; the caller passes what it returns to queueDeliveries
 * afterwards. Written as SQL rather than through insertMany: a game's end runs it,
 * and building it through Drizzle's table metadata cost 0.2 ms a result.
 */
export function notifyPart(name: string, items: readonly NewNotification[], now: Date): Part<Created[]> | null {
  if (items.length === 0) return null;
  const at = now.toISOString();
  const values = sql.join(
    items.map((n) => sql`(${newRowId()}::uuid, ${n.userId}::uuid, ${n.kind}, ${JSON.stringify(n.payload)}::jsonb, ${n.link}, ${n.subject}, ${n.dedupeKey ?? null}, ${at}::timestamptz)`),
    sql`, `,
  );
  return {
    ctes: [[name, sql`insert into notifications (id, user_id, kind, payload, link, subject, dedupe_key, created_at) values ${values} on conflict do nothing returning id, user_id, kind`]],
    rows: deliveryTargets(`"${name}"`),
    read: (rows) => rows as unknown as Created[],
  };
}

/** Queues the deliveries of notifications just created (notify, notifyPart); returns who got one. */
async function queueDeliveries(tx: Db, created: readonly Created[] | null, now: Date): Promise<string[]> {
  if (!created || created.length === 0) return [];
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
  await insertMany(tx, outbox, queued, null, { onConflictDoNothing: true });
  return userIds;
}

type Resolving = { subject: string; kinds: readonly NotificationKind[]; userIds?: readonly string[] };

/**
 * Resolving some notices and inserting others, as two parts of one statement
 * (together.ts); the caller passes what they return to noticesTold.
 */
export function noticeParts(resolving: Resolving, items: readonly NewNotification[], now: Date) {
  return { resolved: resolvePart("resolved", resolving, now), notified: notifyPart("notified", items, now) };
}

/** After a statement that ran noticeParts: queues the new notices' deliveries; returns whose inbox changed. */
export async function noticesTold(tx: Db, done: { resolved: string[]; notified: Created[] | null }, now: Date): Promise<string[]> {
  return [...done.resolved, ...(await queueDeliveries(tx, done.notified, now))];
}

/** Resolves notices and inserts others in one statement; returns whose inbox changed. */
export async function resolveAndNotify(tx: Db, resolving: Resolving, items: readonly NewNotification[], now: Date): Promise<string[]> {
  return noticesTold(tx, await runTogether(tx, noticeParts(resolving, items, now)), now);
}

/**
 * Marks notifications resolved because their cause is gone (the move was made, the
 * report answered, the dispute settled), as a part of a statement of the caller's
 * (together.ts), in SQL for the same reason as notifyPart. Returns whose inbox changed.
 */
export function resolvePart(name: string, where: Resolving, now: Date): Part<string[]> {
  const players = where.userIds ? sql` and user_id = any(${sql.param([...where.userIds])}::uuid[])` : sql``;
  const update = sql`update notifications set resolved_at = ${now.toISOString()}::timestamptz
    where subject = ${where.subject} and kind = any(${sql.param([...where.kinds])}::text[]) and resolved_at is null${players}
    returning user_id`;
  return {
    ctes: [[name, update]],
    rows: sql.raw(`select distinct user_id as "userId" from "${name}"`),
    read: (rows) => rows.map((r) => r.userId as string),
  };
}

export const gameSubject = (gameId: string) => `game:${gameId}`;
export const gameLink = (gameId: string) => `/games/${gameId}`;
export const tournamentSubject = (id: string) => `tournament:${id}`;
export const tournamentLink = (id: string) => `/tournaments/${id}`;
