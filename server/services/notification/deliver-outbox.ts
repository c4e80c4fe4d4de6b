// The outbox worker, run by every server process each second: claims one due row at a
// time with FOR UPDATE SKIP LOCKED and keeps the row locked while sending, so no other
// process can send it too; a process killed mid-send drops its connection, the lock
// goes with it and another process (or this one after a restart) sends the row. A
// failed send is retried with exponential backoff and, after MAX_ATTEMPTS, recorded as
// failed for the admins' page. Nothing here ever throws into a request.
//
// Exactly once per channel holds for the database's side of it: a row is marked sent
// in the same transaction that claimed it. The one window left is a crash after the
// peer accepted and before the commit; e-mails carry the row's id as Message-ID and
// pushes a Topic so receivers can fold such a repeat.
import { and, asc, desc, eq, gt, isNull, lte } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "@/db/client";
import { notifications, notificationSettings, outbox, pushSubscriptions, users } from "@/db/schema";
import { channels } from "./channels";
import { digestMail, notificationMail, pushPayload, type Mail } from "./templates";
import { unsubscribeUrl } from "./unsubscribe";

export const MAX_ATTEMPTS = 8;
const SEND_TIMEOUT_MS = 10_000;
/** 30 s, 1 min, 2 min, … capped at 6 hours. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 6 * 3_600_000);

type OutboxRow = typeof outbox.$inferSelect;
type Outcome = { status: "sent" | "skipped" } | { status: "retry"; error: string };

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

async function sendMail(tx: Db, row: OutboxRow, mail: (to: string) => Mail): Promise<void> {
  const email = channels().email;
  if (!email) throw new Skip();
  const [user] = await tx.select({ email: users.email, deletedAt: users.deletedAt }).from(users).where(eq(users.id, row.userId));
  if (!user?.email || user.deletedAt) throw new Skip();
  const unsubscribe = unsubscribeUrl(row.userId);
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
  if (row.channel === "email") {
    const n = (await loadNotification(tx, row))!;
    return sendMail(tx, row, (unsub) => notificationMail(n, site, unsub));
  }
  if (row.channel === "digest") {
    const [settings] = await tx.select().from(notificationSettings).where(eq(notificationSettings.userId, row.userId));
    if (!settings?.emailDigest) throw new Skip();
    const since = settings.lastDigestAt ?? new Date(0);
    const items = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, row.userId), isNull(notifications.readAt), isNull(notifications.resolvedAt), gt(notifications.createdAt, since)))
      .orderBy(desc(notifications.createdAt))
      .limit(50);
    if (items.length === 0) throw new Skip();
    await sendMail(tx, row, (unsub) => digestMail(items, site, unsub));
    await tx.update(notificationSettings).set({ lastDigestAt: now }).where(eq(notificationSettings.userId, row.userId));
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
      ...(push.agent ? { agent: push.agent } : {}),
    });
  } catch (err) {
    // 404/410: the browser dropped the subscription; forget it rather than retry.
    if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) throw new Skip(sub.id);
    throw err;
  }
}

/** Claims and sends one due row; false when nothing is due. */
async function deliverOne(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, now)))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return false;
    let outcome: Outcome;
    try {
      // A savepoint, so a failed send's partial writes are undone but the retry is recorded.
      await tx.transaction((sp) => send(sp, row, now));
      outcome = { status: "sent" };
    } catch (err) {
      if (err instanceof Skip && err.forget) await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, err.forget));
      outcome = err instanceof Skip ? { status: "skipped" } : { status: "retry", error: describeError(err) };
    }
    if (outcome.status === "retry") {
      const attempts = row.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      await tx
        .update(outbox)
        .set({ attempts, lastError: outcome.error.slice(0, 500), status: failed ? "failed" : "pending", nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)) })
        .where(eq(outbox.id, row.id));
      if (failed) console.error(`[outbox] gave up on ${row.channel} ${row.id} after ${attempts} attempts: ${outcome.error}`);
    } else {
      await tx
        .update(outbox)
        .set({ status: outcome.status, attempts: row.attempts + 1, sentAt: outcome.status === "sent" ? now : null })
        .where(eq(outbox.id, row.id));
    }
    return true;
  });
}

/** Sends what is due, at most `limit` rows; returns how many rows it handled. */
export async function deliverOutbox(db: Db, now = new Date(), limit = 50): Promise<number> {
  let handled = 0;
  while (handled < limit && (await deliverOne(db, now))) handled += 1;
  return handled;
}
