// The outbox workers, run by every server process: each claims one due row at a time
// with FOR UPDATE SKIP LOCKED and keeps the row locked while sending, so no other
// process can send it too; a process killed mid-send drops its connection, the lock
// goes with it and another process (or this one after a restart) sends the row. A
// failed send is retried with exponential backoff and, after MAX_ATTEMPTS, recorded as
// failed for the admins' page. Nothing here ever throws into a request.
//
// Rows go to destinations: "mail" (the SMTP server) or a push service's origin. One
// slow destination must not hold up the others, so mail and pushes have workers of
// their own (a push service that never answers cannot delay anyone's mail), a process
// sends at most PUSH_SOCKETS_PER_DESTINATION pushes to one push service at a time,
// and a destination that fails (no answer, a refused connection, a 5xx) is paused
// with backoff in notification_outbox_destinations, shared by every process: its
// other rows wait instead of each taking its own timeout in turn.
//
// Exactly once per channel holds for the database's side of it: a row is marked sent
// in the same transaction that claimed it. The one window left is a crash after the
// peer accepted and before the commit; e-mails carry the row's id as Message-ID and
// pushes a Topic so receivers can fold such a repeat.
import { and, asc, desc, eq, gt, isNull, lte, ne, or, sql } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "@/db/client";
import { notifications, notificationSettings, outbox, outboxDestinations, pushSubscriptions, users } from "@/db/schema";
import { channels } from "./channels";
import { OVERFLOW_DIGEST } from "./notify";
import { DEFAULT_EMAIL_KINDS } from "@/lib/notification-kinds";
import { confirmEmailUrl } from "./confirmation-mail";
import { PUSH_SOCKETS_PER_DESTINATION } from "./push-destination";
import { confirmationMail, digestMail, notificationMail, pushPayload, type Mail } from "./templates";
import { unsubscribeUrl } from "./unsubscribe";

export const MAX_ATTEMPTS = 8;
const SEND_TIMEOUT_MS = 10_000;
/** 30 s, 1 min, 2 min, … capped at 6 hours. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 6 * 3_600_000);

type OutboxRow = typeof outbox.$inferSelect;
type Outcome = { status: "sent" | "skipped" } | { status: "retry"; error: string; down: boolean };

/** Nothing to send (any more); `forget` names a push subscription the service said is gone. */
class Skip extends Error {
  constructor(readonly forget?: string) {
    super("skipped");
  }
}

function describeError(err: unknown): string {
  if (err instanceof webpush.WebPushError) return `push service answered ${err.statusCode}: ${err.body || err.message}`;
  return err instanceof Error ? err.message : String(err);
}

async function loadNotification(tx: Db, row: OutboxRow) {
  if (!row.notificationId) return null;
  const [n] = await tx.select().from(notifications).where(eq(notifications.id, row.notificationId));
  // Read or resolved before it went out: the user needs no nudge any more.
  if (!n || n.readAt || n.resolvedAt) throw new Skip();
  return n;
}

async function mailableUser(tx: Db, row: OutboxRow) {
  const [user] = await tx
    .select({ username: users.username, email: users.email, emailConfirmedAt: users.emailConfirmedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!channels().email || !user?.email || user.deletedAt) throw new Skip();
  return { ...user, email: user.email };
}

/** The confirmation link for the account's current address; nothing once it is confirmed. */
async function sendConfirmation(tx: Db, row: OutboxRow): Promise<void> {
  const user = await mailableUser(tx, row);
  if (user.emailConfirmedAt) throw new Skip();
  const email = channels().email!;
  const m = confirmationMail(user.username, confirmEmailUrl(row.userId, user.email));
  await email.transport.sendMail({ from: email.from, to: user.email, subject: m.subject, text: m.text, html: m.html, messageId: `<${row.id}@moot.outbox>` });
}

async function sendMail(tx: Db, row: OutboxRow, mail: (to: string) => Mail): Promise<void> {
  const user = await mailableUser(tx, row);
  // An address nobody has confirmed gets nothing but the confirmation link.
  if (!user.emailConfirmedAt) throw new Skip();
  const email = channels().email!;
  const unsubscribe = unsubscribeUrl(row.userId, user.email);
  const m = mail(unsubscribe);
  await email.transport.sendMail({
    from: email.from,
    to: user.email,
    subject: m.subject,
    text: m.text,
    html: m.html,
    messageId: `<${row.id}@moot.outbox>`,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}

async function send(tx: Db, row: OutboxRow, now: Date): Promise<void> {
  const site = channels().siteUrl;
  if (row.channel === "confirm") return sendConfirmation(tx, row);
  if (row.channel === "email") {
    const n = (await loadNotification(tx, row))!;
    return sendMail(tx, row, (unsub) => notificationMail(n, site, unsub));
  }
  if (row.channel === "digest") {
    const [settings] = await tx.select().from(notificationSettings).where(eq(notificationSettings.userId, row.userId));
    // An overflow digest (notify.ts) lists what the hourly cap held back, from the first notice it held.
    const overflow = row.dedupeKey.startsWith(OVERFLOW_DIGEST);
    if (!overflow && !settings?.emailDigest) throw new Skip();
    const since = overflow ? new Date(row.createdAt.getTime() - 1) : (settings?.lastDigestAt ?? new Date(0));
    const items = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, row.userId), isNull(notifications.readAt), isNull(notifications.resolvedAt), gt(notifications.createdAt, since)))
      .orderBy(desc(notifications.createdAt))
      .limit(50);
    // Of what the cap held back, only the kinds the user takes by mail.
    const listed = overflow ? items.filter((n) => (settings?.emailKinds ?? DEFAULT_EMAIL_KINDS).includes(n.kind)) : items;
    if (listed.length === 0) throw new Skip();
    await sendMail(tx, row, (unsub) => digestMail(listed, site, unsub));
    if (!overflow) await tx.update(notificationSettings).set({ lastDigestAt: now }).where(eq(notificationSettings.userId, row.userId));
    return;
  }
  const push = channels().push;
  const n = (await loadNotification(tx, row))!;
  const [sub] = row.subscriptionId ? await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId)) : [];
  if (!push || !sub) throw new Skip();
  try {
    await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(pushPayload(n, site)), {
      vapidDetails: { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey },
      TTL: 24 * 3600,
      topic: row.id.replaceAll("-", "").slice(0, 32),
      timeout: SEND_TIMEOUT_MS,
      // Never without it: the agent refuses addresses that are not public HTTPS on 443.
      agent: push.agent,
    });
  } catch (err) {
    // 404/410: the browser dropped the subscription; forget it rather than retry.
    if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) throw new Skip(sub.id);
    throw err;
  }
}

type Lane = "mail" | "push";
/** Workers per lane and process; each holds a database connection while it sends. */
const WORKERS: Record<Lane, number> = { mail: 1, push: 3 };
/** In-flight sends per destination and process. */
const PER_DESTINATION: Record<Lane, number> = { mail: WORKERS.mail, push: PUSH_SOCKETS_PER_DESTINATION };

/** Where a row goes: "mail", or the origin of its push subscription's endpoint ("push" once the subscription is gone). */
const destinationOf = sql<string>`case when ${outbox.channel} = 'push' then coalesce(substring(${pushSubscriptions.endpoint} from '^https://[^/?#]+'), 'push') else 'mail' end`;

/**
 * Whether a failure says the destination is down (no answer, no connection, refused
 * by the push policy, overloaded) rather than that this one row is refused: an SMTP
 * reply or a push service's 4xx is about the message, anything else about the peer.
 */
function destinationDown(err: unknown): boolean {
  if (err instanceof webpush.WebPushError) return err.statusCode >= 500 || err.statusCode === 429;
  return typeof (err as { responseCode?: unknown } | null)?.responseCode !== "number";
}

interface Workers {
  /** In-flight sends per destination in this process. */
  busy: Map<string, number>;
  /** Claims run one at a time in a process, so `busy` is exact when a claim reads it. */
  claiming: Promise<unknown>;
  running: Record<Lane, number>;
}

/** Claims the oldest due row of the lane whose destination is neither paused nor at its budget here. */
async function claim(tx: Db, w: Workers, lane: Lane, now: Date) {
  const full = [...w.busy].filter(([d, n]) => n >= PER_DESTINATION[d === "mail" ? "mail" : "push"]).map(([d]) => d);
  const [claimed] = await tx
    .select({ row: outbox, destination: destinationOf, failures: outboxDestinations.failures })
    .from(outbox)
    .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, outbox.subscriptionId))
    .leftJoin(outboxDestinations, eq(outboxDestinations.destination, destinationOf))
    .where(
      and(
        eq(outbox.status, "pending"),
        lte(outbox.nextAttemptAt, now),
        lane === "push" ? eq(outbox.channel, "push") : ne(outbox.channel, "push"),
        or(isNull(outboxDestinations.pausedUntil), lte(outboxDestinations.pausedUntil, now)),
        full.length > 0 ? sql`${destinationOf} <> all(${sql.param(full)}::text[])` : undefined,
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(1)
    .for("update", { of: outbox, skipLocked: true });
  if (claimed) w.busy.set(claimed.destination, (w.busy.get(claimed.destination) ?? 0) + 1);
  return claimed;
}

/** Claims and sends one due row of the lane; false when nothing is due. */
async function deliverOne(db: Db, w: Workers, lane: Lane, now: Date): Promise<boolean> {
  let destination: string | null = null;
  try {
    return await db.transaction(async (tx) => {
      const turn = w.claiming.then(() => claim(tx, w, lane, now));
      w.claiming = turn.catch(() => undefined);
      const claimed = await turn;
      if (!claimed) return false;
      const { row } = claimed;
      destination = claimed.destination;
      let outcome: Outcome;
      try {
        // A savepoint, so a failed send's partial writes are undone but the retry is recorded.
        await tx.transaction((sp) => send(sp, row, now));
        outcome = { status: "sent" };
      } catch (err) {
        if (err instanceof Skip && err.forget) await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, err.forget));
        outcome = err instanceof Skip ? { status: "skipped" } : { status: "retry", error: describeError(err), down: destinationDown(err) };
      }
      if (outcome.status === "retry") {
        const attempts = row.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        await tx
          .update(outbox)
          .set({
            attempts,
            lastError: outcome.error.slice(0, 500),
            status: failed ? "failed" : "pending",
            nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
          })
          .where(eq(outbox.id, row.id));
        if (failed) console.error(`[outbox] gave up on ${row.channel} ${row.id} after ${attempts} attempts: ${outcome.error}`);
        if (outcome.down) {
          const pause = {
            failures: (claimed.failures ?? 0) + 1,
            pausedUntil: new Date(now.getTime() + backoffMs((claimed.failures ?? 0) + 1)),
            lastError: outcome.error.slice(0, 500),
          };
          await tx
            .insert(outboxDestinations)
            .values({ destination: claimed.destination, ...pause })
            .onConflictDoUpdate({ target: outboxDestinations.destination, set: pause });
        }
      } else {
        await tx
          .update(outbox)
          .set({ status: outcome.status, attempts: row.attempts + 1, sentAt: outcome.status === "sent" ? now : null })
          .where(eq(outbox.id, row.id));
        // It answers again: its other rows need not wait any more.
        if (outcome.status === "sent" && claimed.failures !== null)
          await tx.delete(outboxDestinations).where(eq(outboxDestinations.destination, claimed.destination));
      }
      return true;
    });
  } finally {
    if (destination !== null) w.busy.set(destination, w.busy.get(destination)! - 1);
  }
}

/** One worker: sends what its lane has due until nothing is left it may take. */
async function work(db: Db, w: Workers, lane: Lane, now: Date | undefined): Promise<number> {
  w.running[lane] += 1;
  let handled = 0;
  try {
    while (await deliverOne(db, w, lane, now ?? new Date())) handled += 1;
  } finally {
    w.running[lane] -= 1;
  }
  return handled;
}

/**
 * A process's outbox workers. Each `run` starts the workers that are idle (the server
 * calls it every second, so a worker stuck on a slow send is left to it while the
 * others go on) and resolves when those it started have nothing more to take, with
 * the number of rows they handled. `now` fixes the clock (tests).
 */
export function outboxWorkers(db: Db): { run(now?: Date): Promise<number> } {
  const w: Workers = { busy: new Map(), claiming: Promise.resolve(), running: { mail: 0, push: 0 } };
  return {
    async run(now) {
      const started: Promise<number>[] = [];
      for (const lane of ["mail", "push"] as const) {
        for (let i = w.running[lane]; i < WORKERS[lane]; i++) started.push(work(db, w, lane, now));
      }
      return (await Promise.all(started)).reduce((a, b) => a + b, 0);
    },
  };
}

/** Sends everything due with a fresh set of workers; returns how many rows were handled. */
export function deliverOutbox(db: Db, now = new Date()): Promise<number> {
  return outboxWorkers(db).run(now);
}
