// The outbox against slow and failing destinations, with the real pieces: PostgreSQL,
// a real SMTP server (smtp-server), the local push service and HTTPS servers on
// loopback that accept a request and never answer. A push service that never answers
// delays nobody's mail; one that fails is paused and its other rows wait while other
// push services go on; a push address whose name resolves to loopback is refused
// when connecting.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import type { DbHandle } from "@/db/client";
import { outbox, outboxDestinations, pushSubscriptions, users } from "@/db/schema";
import { openOwnTestDatabase } from "@/test/db";
import { newPlayer } from "@/test/api-fixtures";
import { PUSH_CA, startPushService, type PushService } from "@/test/push-service/push-service";
import { readFileSync } from "node:fs";
import path from "node:path";
import { configureChannels } from "./channels";
import { deliverOutbox, outboxWorkers } from "./deliver-outbox";
import { loadVapidKeys } from "./setup";
import { notify } from "./notify";
import { PushAgent } from "./push-destination";
import { subscribePush } from "./subscribe-push";
import { transaction } from "../transaction";

let h: DbHandle;
let smtp: SMTPServer;
/** Recipients of the mails the SMTP server accepted. */
const mailed: string[] = [];
let good: PushService;
let bad: PushService;
/** Push services that take a request and never answer, each an origin of its own. */
const hanging: { server: Server; host: string; open: number }[] = [];
const HANGING = 12;

beforeAll(async () => {
  // Its own database: deliverOutbox claims every due row, so files sharing one took each other's mail.
  h = await openOwnTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, done) {
      stream.resume();
      stream.on("end", () => {
        mailed.push(...session.envelope.rcptTo.map((r) => r.address));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  [good, bad] = [await startPushService(), await startPushService()];
  const key = readFileSync(path.join(import.meta.dirname, "../../../test/push-service/key.pem"));
  for (let i = 0; i < HANGING; i++) {
    const entry = { server: createServer({ key, cert: PUSH_CA }), host: "", open: 0 };
    entry.server.on("request", () => (entry.open += 1));
    await new Promise<void>((resolve) => entry.server.listen(0, "127.0.0.1", resolve));
    entry.host = `127.0.0.1:${(entry.server.address() as AddressInfo).port}`;
    hanging.push(entry);
  }
  const keys = await loadVapidKeys(h.db, {});
  configureChannels({
    siteUrl: "https://moot.test",
    email: { transport: nodemailer.createTransport(`smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`), from: "Moot <noreply@moot.test>" },
    push: {
      ...keys,
      subject: "mailto:admin@moot.test",
      agent: new PushAgent({ allow: [good.host, bad.host, ...hanging.map((s) => s.host)] }, { ca: PUSH_CA }),
    },
    secret: "a test secret that is long enough to sign",
  });
});
afterAll(async () => {
  for (const s of hanging) s.server.close();
  await Promise.all([good.close(), bad.close(), new Promise<void>((resolve) => smtp.close(() => resolve()))]);
  await h.close();
});

/** An announcement to these users, as notify() queues it: mail for who has an address, a push per browser. */
async function announceTo(userIds: string[], now: Date) {
  await transaction(h.db, (tx) =>
    notify(
      tx,
      userIds.map((userId) => ({
        userId,
        kind: "announcement",
        payload: { tournament: "Open", from: "org", message: "Round 2 is out." },
        link: "/tournaments",
        subject: "tournament:test",
      })),
      now,
    ),
  );
}

const pushRows = (userIds: string[]) => h.db.select().from(outbox).where(inArray(outbox.userId, userIds));

describe("outbox destinations", () => {
  // On PGlite a send holds the one connection (docs/architecture.md): only a server has workers side by side.
  it.runIf(inject("testDatabaseUrl"))("sends a mail while push services hold every push worker without answering", async () => {
    // Twelve browsers of twelve players, each on a push service that never answers.
    const pushed = await Promise.all(hanging.map(() => newPlayer(h)));
    for (const [i, p] of pushed.entries()) {
      await subscribePush(h.db, p.id, { endpoint: `https://${hanging[i]!.host}/push/${p.id}`, keys: good.subscribe(`hang-${i}`).keys });
    }
    await announceTo(
      pushed.map((p) => p.id),
      new Date(Date.now() - 60_000),
    );
    const workers = outboxWorkers(h.db);
    const stuck = workers.run();
    await expect.poll(() => hanging.reduce((n, s) => n + s.open, 0)).toBeGreaterThan(0);

    // Another player's mail, queued while the pushes hang; the sweeper's next tick.
    const reader = await newPlayer(h);
    await h.db.update(users).set({ email: "reader@example.org", emailConfirmedAt: new Date() }).where(eq(users.id, reader.id));
    await announceTo([reader.id], new Date());
    expect(await workers.run()).toBe(1);
    expect(mailed).toContain("reader@example.org");
    // The pushes are still hanging: none of them was answered or given up on.
    expect(hanging.reduce((n, s) => n + s.open, 0)).toBeGreaterThan(0);
    expect((await pushRows(pushed.map((p) => p.id))).map((r) => r.attempts)).toEqual(pushed.map(() => 0));

    // Dropping the hanging connections ends the pushes (and the listeners refuse the rest).
    for (const s of hanging) {
      s.server.close();
      s.server.closeAllConnections();
    }
    await stuck;
    const rows = await pushRows(pushed.map((p) => p.id));
    expect(rows.map((r) => r.status)).toEqual(pushed.map(() => "pending"));
  });

  it("pauses a push service that fails: its other rows wait, other push services go on", async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    for (let i = 0; i < 6; i++) await subscribePush(h.db, a.id, bad.subscribe(`bad-${a.id}-${i}`));
    for (let i = 0; i < 6; i++) bad.answer(`bad-${a.id}-${i}`, 503);
    for (let i = 0; i < 2; i++) await subscribePush(h.db, b.id, good.subscribe(`good-${b.id}-${i}`));
    const now = new Date();
    await announceTo([a.id, b.id], now);
    const tried = bad.received.length;
    await deliverOutbox(h.db, now);

    // At most the two pushes in flight at once reached the failing service; then it was paused.
    const failedTries = bad.received.length - tried;
    expect(failedTries).toBeGreaterThanOrEqual(1);
    expect(failedTries).toBeLessThanOrEqual(2);
    const toBad = await pushRows([a.id]);
    expect(toBad.filter((r) => r.attempts === 0)).toHaveLength(6 - failedTries);
    const [pause] = await h.db.select().from(outboxDestinations).where(eq(outboxDestinations.destination, bad.origin));
    expect(pause!.failures).toBe(1);
    expect(pause!.pausedUntil.getTime()).toBe(now.getTime() + 30_000);
    expect(pause!.lastError).toContain("503");
    expect((await pushRows([b.id])).map((r) => r.status)).toEqual(["sent", "sent"]);

    // Still paused ten seconds on: nothing goes to it.
    await deliverOutbox(h.db, new Date(now.getTime() + 10_000));
    expect(bad.received.length - tried).toBe(failedTries);

    // It answers again after the pause: every row goes out and the pause is lifted.
    for (let i = 0; i < 6; i++) bad.answer(`bad-${a.id}-${i}`, 201);
    await deliverOutbox(h.db, new Date(now.getTime() + 31_000));
    expect((await pushRows([a.id])).map((r) => r.status)).toEqual(Array(6).fill("sent"));
    expect(await h.db.select().from(outboxDestinations).where(eq(outboxDestinations.destination, bad.origin))).toEqual([]);
  });

  it("refuses, when connecting, a push address whose name resolves to loopback", async () => {
    const p = await newPlayer(h);
    // Registering refuses "localhost" by name; a name may also resolve elsewhere later
    // than it was registered, so the row is written as such a name would have been.
    await h.db.insert(pushSubscriptions).values({ userId: p.id, endpoint: "https://localhost/push/x", ...good.subscribe(`local-${p.id}`).keys });
    const now = new Date();
    await announceTo([p.id], now);
    await deliverOutbox(h.db, now);
    const [row] = await pushRows([p.id]);
    expect(row!.status).toBe("pending");
    expect(row!.lastError).toMatch(/refused to connect to localhost: it resolves to (127\.0\.0\.1|::1), which is not a public address/);
    const [pause] = await h.db.select().from(outboxDestinations).where(eq(outboxDestinations.destination, "https://localhost"));
    expect(pause!.failures).toBe(1);
  });
});
