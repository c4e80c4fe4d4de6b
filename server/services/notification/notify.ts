// The one way to notify someone: stores the notification in the user's inbox and
// queues its deliveries (e-mail, Web Push) in the outbox, inside the caller's
// transaction, so a notification exists exactly when its cause committed, and pings
// the recipients' open pages once it has committed (pingAfterCommit, collected on the
// transaction). Delivery itself is the outbox worker's job (deliver-outbox.ts), never
// done inline in a request.
import { getTableName, sql, type SQL } from "drizzle-orm";
import { idPerRow, newRowId } from "@/db/schema/ids";
import type { Db } from "@/db/client";
import { notifications, notificationSettings, pushSubscriptions, users } from "@/db/schema";
import { DEFAULT_EMAIL_KINDS, type NotificationKind, type NotificationPayload } from "@/lib/notification-kinds";
import { config } from "@/server/config";
import { arrayLiteral, insertMany } from "../bulk-insert";
import { runTogether, type Part } from "../together";
import { pingAfterCommit } from "../transaction";
import { channels } from "./channels";
import { SLICE_ROWS, letGo } from "@/lib/let-go";

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  payload: NotificationPayload;
  link: string;
  /** What it is about: "game:<id>" or "tournament:<id>". */
  subject: string;
  /**
   * When set, a second notification with the same key is not created. For the kinds
   * whose cause one person can repeat at will (RENEWED_KINDS), the repeat renews the
   * one notice instead: its text is the latest, it is unread again and delivered again.
   */
  dedupeKey?: string;
}

/**
 * Kinds one person can cause again and again for someone else: a report changed, an
 * organizer's next announcement, a challenge after a declined one. Each keeps one notice per recipient and cause
 * (its dedupe key) that a repeat renews, so 200 reports are one notice, not 200.
 */
export const RENEWED_KINDS: ReadonlySet<NotificationKind> = new Set(["result-reported", "announcement", "challenge"]);

/**
 * A renewed notice takes the new payload, counting in `earlier` the renewals its reader
 * has not seen yet; it is new, unread and unresolved again. Its deliveries are queued
 * again (queueDeliveries), within the recipient's hourly cap.
 */
const RENEW = sql.raw(`on conflict (dedupe_key) where dedupe_key is not null do update set
  payload = case when notifications.read_at is null and notifications.resolved_at is null
    then excluded.payload || jsonb_build_object('earlier', coalesce((notifications.payload->>'earlier')::int, 0) + 1)
    else excluded.payload end,
  link = excluded.link, created_at = excluded.created_at, read_at = null, resolved_at = null`);

/** An inserted notification with what its deliveries need (deliveryTargets). */
interface Created {
  id: string;
  userId: string;
  kind: NotificationKind;
  subscriptionId: string | null;
  mailable: boolean;
  emailKinds: NotificationKind[] | null;
}

/**
 * What the deliveries of the notifications just inserted (the table `inserted`, its
 * id, user_id and kind) need, read with them: the recipients' push subscriptions, one
 * row per (notification, subscription), and whether each recipient takes mail at once
 * (a confirmed address, not deleted, no digest) and of which kinds.
 */
const deliveryTargets = (inserted: string) =>
  sql.raw(`select ${inserted}.id, ${inserted}.user_id as "userId", ${inserted}.kind, s.id as "subscriptionId",
    coalesce(u.email is not null and u.email_confirmed_at is not null and u.deleted_at is null and not coalesce(ns.email_digest, false), false) as "mailable",
    ns.email_kinds as "emailKinds"
  from ${inserted}
  left join ${getTableName(pushSubscriptions)} s on s.user_id = ${inserted}.user_id
  left join ${getTableName(users)} u on u.id = ${inserted}.user_id
  left join ${getTableName(notificationSettings)} ns on ns.user_id = ${inserted}.user_id`);

/** Stores the notifications, queues their deliveries and pings the recipients after commit; returns who got one. */
export async function notify(tx: Db, items: readonly NewNotification[], now = new Date()): Promise<string[]> {
  if (items.length === 0) return [];
  // A 100,000-player tournament's start notifies 100,000 users (bulk-insert.ts). What
  // the deliveries need comes back with the inserted rows, in the same statement (every
  // move notifies, so a second query per move was a round trip more).
  // A batch has one conflict clause: renewing, or (any other keyed kind) doing nothing.
  const keyed = items.filter((n) => n.dedupeKey);
  const renewed = keyed.some((n) => RENEWED_KINDS.has(n.kind));
  if (renewed && keyed.some((n) => !RENEWED_KINDS.has(n.kind))) throw new Error("notify: renewed kinds need a batch of their own");
  // The items are the rows (a missing dedupe key is null); the instant is every row's.
  const created = await insertMany<typeof notifications, Created>(tx, notifications, items, sql`id, user_id, kind`, {
    inEveryRow: { createdAt: now },
    ...(renewed ? { onConflict: RENEW } : { onConflictDoNothing: true }),
    query: deliveryTargets("inserted"),
  });
  const told = await queueDeliveries(tx, created, now);
  pingAfterCommit(tx, told);
  return told;
}

/**
 * Notifications the database makes from a query of the caller's (`rows`: user_id,
 * kind, payload, link, subject, dedupe_key, none of them a RENEWED_KINDS kind), stored
 * and their deliveries queued in one statement, as notify and queueDeliveries would;
 * `recipients` are the users `rows` names, pinged after the commit. For a tournament's
 * releases (tournament-notices.ts): at 100,000 players, building 130,000 notices here,
 * sending them as arrays and reading back what their deliveries need was most of a
 * round's close's garbage, and its collection held every request of the process.
 *
 * `fresh`: every row's dedupe key is new, by what the caller's transaction did (its
 * keys name games it has just inserted, or a release it makes once): the notices are
 * inserted without ON CONFLICT, so a key already there fails the statement (a unique
 * violation) instead of being skipped. Checking each row for a conflict made the
 * insert about a quarter slower (2,500 notices: 42 against 33 ms alone, and a
 * 2,000-player round's close 10–16 ms longer).
 */
export async function notifySelected(tx: Db, rows: SQL, recipients: ReadonlySet<string>, now: Date, { fresh = false } = {}): Promise<string[]> {
  if (recipients.size === 0) return [];
  const at = now.toISOString();
  const email = channels().email !== null;
  await tx.execute(
    queueing(
      sql`select ${idPerRow()} as id, q.* from (
        select distinct on (t.id) t."userId" as user_id, 'email'::text as channel, t.id as notification_id, null::uuid as subscription_id, 'email:' || t.id as dedupe_key
        from targets t
        where ${email}::boolean and t.mailable and coalesce(t."emailKinds", ${JSON.stringify(DEFAULT_EMAIL_KINDS)}::jsonb) @> jsonb_build_array(t.kind)
        union all
        select t."userId", 'push', t.id, t."subscriptionId", 'push:' || t.id || ':' || t."subscriptionId" from targets t where t."subscriptionId" is not null
      ) q`,
      now,
      sql`inserted as (
        insert into notifications (id, user_id, kind, payload, link, subject, dedupe_key, created_at)
        select ${idPerRow()}, r.user_id, r.kind, r.payload, r.link, r.subject, r.dedupe_key, ${at}::timestamptz
        from (${rows}) r
        ${fresh ? sql`` : sql`on conflict do nothing`}
        returning id, user_id, kind
      ),
      targets as (${deliveryTargets("inserted")}),
      `,
    ),
  );
  pingAfterCommit(tx, recipients);
  return [...recipients];
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
    items.map(
      (n) =>
        sql`(${newRowId()}::uuid, ${n.userId}::uuid, ${n.kind}, ${JSON.stringify(n.payload)}::jsonb, ${n.link}, ${n.subject}, ${n.dedupeKey ?? null}, ${at}::timestamptz)`,
    ),
    sql`, `,
  );
  return {
    ctes: [
      [
        name,
        sql`insert into notifications (id, user_id, kind, payload, link, subject, dedupe_key, created_at) values ${values} on conflict do nothing returning id, user_id, kind`,
      ],
    ],
    rows: deliveryTargets(`"${name}"`),
    read: (rows) => rows as unknown as Created[],
  };
}

const HOUR_MS = 3_600_000;
/** Outbox key prefix of the digest that carries what a recipient's hourly cap held back (deliver-outbox.ts). */
export const OVERFLOW_DIGEST = "overflow:";

/**
 * Queues the deliveries of notifications just created or renewed (notify,
 * notifyPart); returns who got one. Each recipient gets at most
 * DELIVERIES_PER_USER_PER_HOUR notifications delivered beyond the page (e-mail and
 * push) per clock hour, counted in rate_limits (key "deliveries:<user>"), so however
 * often someone else causes a notice, the recipient's mailbox and phone hear of it a
 * bounded number of times. What the cap holds back stays in the inbox, and for those
 * who take mail one digest at the end of the hour lists it.
 *
 * One statement, whatever it queues (a move's transaction has a statement for its
 * deliveries and no more): counting, the capped outbox rows (a renewed notice whose
 * row was sent goes back to pending; one still pending sends the latest text anyway)
 * and the overflow digest.
 */
async function queueDeliveries(tx: Db, created: readonly Created[] | null, now: Date): Promise<string[]> {
  if (!created || created.length === 0) return [];
  const userIds = new Set<string>();
  const queued: { userId: string; channel: "email" | "push"; notificationId: string; subscriptionId: string | null; dedupeKey: string }[] = [];
  const email = channels().email;
  const mailed = new Set<string>();
  // One pass, in slices: a 100,000-player round's close queues about 130,000 notices' deliveries.
  for (let i = 0; i < created.length; i++) {
    const c = created[i]!;
    if (i > 0 && i % SLICE_ROWS === 0) await letGo();
    userIds.add(c.userId);
    if (email && !mailed.has(c.id) && c.mailable && (c.emailKinds ?? DEFAULT_EMAIL_KINDS).includes(c.kind)) {
      mailed.add(c.id);
      queued.push({ userId: c.userId, channel: "email", notificationId: c.id, subscriptionId: null, dedupeKey: `email:${c.id}` });
    }
    if (c.subscriptionId)
      queued.push({ userId: c.userId, channel: "push", notificationId: c.id, subscriptionId: c.subscriptionId, dedupeKey: `push:${c.id}:${c.subscriptionId}` });
  }
  if (queued.length === 0) return [...userIds];
  const column = <K extends keyof (typeof queued)[number]>(k: K) => arrayLiteral(queued.map((q) => q[k]));
  await tx.execute(
    queueing(
      sql`select * from unnest(${arrayLiteral(queued.map(() => newRowId()))}::uuid[], ${column("userId")}::uuid[], ${column("channel")}::text[],
        ${column("notificationId")}::uuid[], ${column("subscriptionId")}::uuid[], ${column("dedupeKey")}::text[])
        as w(id, user_id, channel, notification_id, subscription_id, dedupe_key)`,
      now,
    ),
  );
  return [...userIds];
}

/**
 * The one statement that queues deliveries (queueDeliveries, notifySelected): `wanted` selects
 * them (id, user_id, channel, notification_id, subscription_id, dedupe_key); `before`
 * names the common table expressions it reads, each followed by a comma.
 */
function queueing(wanted: SQL, now: Date, before: SQL = sql``): SQL {
  const windowStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const at = now.toISOString();
  return sql`with ${before}wanted as (${wanted}),
    per_user as (select user_id, count(distinct notification_id)::int as n from wanted group by user_id),
    counted as (
      insert into rate_limits (key, window_start, count)
      select 'deliveries:' || user_id::text, ${windowStart.toISOString()}::timestamptz, n from per_user order by user_id
      on conflict (key) do update set
        count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + excluded.count else excluded.count end,
        window_start = excluded.window_start
      returning key, count
    ),
    ranked as (
      select w.*, c.count - p.n + dense_rank() over (partition by w.user_id order by w.notification_id) <= ${config().DELIVERIES_PER_USER_PER_HOUR} as allowed
      from wanted w join per_user p using (user_id) join counted c on c.key = 'deliveries:' || w.user_id::text
    ),
    sending as (
      insert into notification_outbox (id, user_id, channel, notification_id, subscription_id, dedupe_key, next_attempt_at, created_at)
      select id, user_id, channel, notification_id, subscription_id, dedupe_key, ${at}::timestamptz, ${at}::timestamptz from ranked where allowed
      on conflict (dedupe_key) do update set status = 'pending', attempts = 0, next_attempt_at = excluded.next_attempt_at, last_error = null, sent_at = null
        where notification_outbox.status <> 'pending'
    )
    insert into notification_outbox (id, user_id, channel, dedupe_key, next_attempt_at, created_at)
    select gen_random_uuid(), user_id, 'digest', ${OVERFLOW_DIGEST}::text || user_id::text || ':' || ${windowStart.toISOString()}::text,
      ${new Date(windowStart.getTime() + HOUR_MS).toISOString()}::timestamptz, ${at}::timestamptz
    from (select distinct user_id from ranked where not allowed and channel = 'email') held
    on conflict (dedupe_key) do nothing`;
}

type Resolving = { subject: string; kinds: readonly NotificationKind[]; userIds?: readonly string[] };

/**
 * Resolving some notices and inserting others, as two parts of one statement
 * (together.ts); the caller passes what they return to noticesTold.
 */
export function noticeParts(resolving: Resolving, items: readonly NewNotification[], now: Date) {
  return { resolved: resolvePart("resolved", resolving, now), notified: notifyPart("notified", items, now) };
}

/** After a statement that ran noticeParts: queues the new notices' deliveries and pings after commit whose inbox changed (returned). */
export async function noticesTold(tx: Db, done: { resolved: string[]; notified: Created[] | null }, now: Date): Promise<string[]> {
  const told = [...done.resolved, ...(await queueDeliveries(tx, done.notified, now))];
  pingAfterCommit(tx, told);
  return told;
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
