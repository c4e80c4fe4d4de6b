// Web Push against a local stand-in for the vendor's push service, which checks the
// VAPID signature and decrypts each request with the subscription's keys (RFC 8291):
// the payload is the notification, sent once per subscription; a subscription the
// service says is gone (410) is forgotten. Registering: only public HTTPS addresses,
// at most MAX_PUSH_SUBSCRIPTIONS per account, and no taking over another's address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { outbox, pushSubscriptions } from "@/db/schema";
import { openOwnTestDatabase } from "@/test/db";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { PUSH_CA, startPushService, type PushService } from "@/test/push-service/push-service";
import { createGame } from "../game/create-game";
import { configureChannels } from "./channels";
import { deliverOutbox } from "./deliver-outbox";
import { loadVapidKeys } from "./setup";
import { PushAgent } from "./push-destination";
import { MAX_PUSH_SUBSCRIPTIONS, subscribePush } from "./subscribe-push";

let h: DbHandle;
let service: PushService;
let vapidPublic: string;
const SITE = "https://moot.test";
const DAY = 86_400_000;

beforeAll(async () => {
  // Its own database: deliverOutbox claims every due row, so files sharing one took each other's mail.
  h = await openOwnTestDatabase();
  service = await startPushService();
  const keys = await loadVapidKeys(h.db, {});
  vapidPublic = keys.publicKey;
  // The local push service is on loopback and not on 443: allowed by name, as only tests do.
  configureChannels({
    siteUrl: SITE,
    email: null,
    push: { ...keys, subject: "mailto:admin@moot.test", agent: new PushAgent({ allow: [service.host] }, { ca: PUSH_CA }) },
    secret: "s",
  });
});
afterAll(async () => {
  await service.close();
  await h.close();
});

describe("web push", () => {
  it("keeps one VAPID key pair in the database", async () => {
    expect((await loadVapidKeys(h.db, {})).publicKey).toBe(vapidPublic);
  });

  it("delivers an encrypted, signed push to each of the player's browsers exactly once", async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    await subscribePush(h.db, b.id, service.subscribe("b-laptop"));
    await subscribePush(h.db, b.id, service.subscribe("b-phone"));
    const game = await h.db.transaction((tx) =>
      createGame(tx, { gameType: "hnefatafl", side1Id: a.id, side2Id: b.id, rated: false, initialMs: 3 * DAY, incrementMs: DAY / 4 }, new Date()),
    );
    await apiFor(h, a).game.move({ gameId: game.id, ply: 0, move: "d1-d3" });
    await deliverOutbox(h.db);
    await deliverOutbox(h.db);
    expect(service.errors).toEqual([]);
    const mine = service.received.filter((r) => r.subscription.startsWith("b-"));
    expect(mine.map((r) => r.subscription).sort()).toEqual(["b-laptop", "b-phone"]);
    for (const r of mine) {
      expect(JSON.parse(r.body)).toEqual({
        title: "Your move",
        body: `It is your move against ${a.username}.`,
        url: `${SITE}/games/${game.id}`,
        tag: `your-move:game:${game.id}`,
      });
      expect(r.vapidKey).toBe(vapidPublic);
      expect(r.claims.aud).toBe(service.origin);
      expect(r.claims.sub).toBe("mailto:admin@moot.test");
      expect(Number(r.headers.ttl)).toBeGreaterThan(0);
    }
  });

  it("forgets a subscription the push service says is gone", async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    await subscribePush(h.db, b.id, service.subscribe("b-gone"));
    service.answer("b-gone", 410);
    const game = await h.db.transaction((tx) =>
      createGame(tx, { gameType: "hnefatafl", side1Id: a.id, side2Id: b.id, rated: false, initialMs: 3 * DAY, incrementMs: DAY / 4 }, new Date()),
    );
    await apiFor(h, a).game.move({ gameId: game.id, ply: 0, move: "d1-d3" });
    await deliverOutbox(h.db);
    expect(await h.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, b.id))).toEqual([]);
    const rows = await h.db.select().from(outbox).where(eq(outbox.userId, b.id));
    expect(rows.map((r) => r.status)).toEqual(["skipped"]);
  });

  it("retries a failing push with backoff and records the error", async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    await subscribePush(h.db, b.id, service.subscribe("b-flaky"));
    service.answer("b-flaky", 500);
    const game = await h.db.transaction((tx) =>
      createGame(tx, { gameType: "hnefatafl", side1Id: a.id, side2Id: b.id, rated: false, initialMs: 3 * DAY, incrementMs: DAY / 4 }, new Date()),
    );
    await apiFor(h, a).game.move({ gameId: game.id, ply: 0, move: "d1-d3" });
    const now = new Date();
    await deliverOutbox(h.db, now);
    const [row] = await h.db.select().from(outbox).where(eq(outbox.userId, b.id));
    expect(row!.status).toBe("pending");
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toContain("500");
    expect(row!.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
    // Not due again before the backoff: nothing is sent.
    const count = service.received.length;
    await deliverOutbox(h.db, new Date(now.getTime() + 10_000));
    expect(service.received.length).toBe(count);
    service.answer("b-flaky", 201);
    await deliverOutbox(h.db, new Date(now.getTime() + 31_000));
    const [sent] = await h.db.select().from(outbox).where(eq(outbox.userId, b.id));
    expect(sent!.status).toBe("sent");
  });
});

describe("registering a browser", () => {
  const endpoints = (userId: string) =>
    h.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  it("refuses addresses that are not public https on port 443, with a sentence, storing nothing", async () => {
    const me = await newPlayer(h);
    const keys = service.subscribe("refused").keys;
    for (const [endpoint, sentence] of [
      ["https://127.0.0.1:5432/", /standard https port/],
      ["https://localhost:6379/x", /standard https port/],
      ["https://[::1]:4203/", /standard https port/],
      ["https://127.0.0.1/x", /public internet/],
      ["https://10.0.0.7/x", /public internet/],
      ["https://169.254.169.254/latest", /public internet/],
      ["https://[::ffff:192.168.0.1]/x", /public internet/],
      ["https://localhost/x", /public internet/],
      ["https://user:pass@fcm.googleapis.com/x", /user name or password/],
      // The local push service itself, on another port than the one allowed.
      [service.origin.replace(/:(\d+)$/, (_, p: string) => `:${Number(p) + 1}`) + "/push/x", /standard https port/],
    ] as const) {
      await expect(apiFor(h, me).notification.subscribePush({ endpoint, keys }), endpoint).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(sentence),
      });
    }
    expect(await endpoints(me.id)).toEqual([]);
  });

  it("keeps at most MAX_PUSH_SUBSCRIPTIONS per account, dropping the oldest", async () => {
    const me = await newPlayer(h);
    const all = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS + 3 }, (_, i) => service.subscribe(`cap-${me.id}-${i}`));
    for (const sub of all) await subscribePush(h.db, me.id, sub);
    const kept = (await endpoints(me.id)).map((r) => r.endpoint).sort();
    expect(kept).toEqual(
      all
        .slice(3)
        .map((s) => s.endpoint)
        .sort(),
    );
    // Several at once fit under the cap too (one registration per account at a time).
    const burst = Array.from({ length: 8 }, (_, i) => service.subscribe(`cap-burst-${me.id}-${i}`));
    await Promise.all(burst.map((sub) => subscribePush(h.db, me.id, sub)));
    expect(await endpoints(me.id)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
  });

  it("moves an address to another account only from the browser that holds it (its keys)", async () => {
    const [owner, other] = [await newPlayer(h), await newPlayer(h)];
    const sub = service.subscribe(`owned-${owner.id}`);
    await subscribePush(h.db, owner.id, sub);
    // Someone who learnt the address but not the browser's keys.
    const theirs = service.subscribe(`thief-${other.id}`).keys;
    await expect(apiFor(h, other).notification.subscribePush({ endpoint: sub.endpoint, keys: theirs })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/another browser/),
    });
    expect(await endpoints(owner.id)).toEqual([{ endpoint: sub.endpoint }]);
    expect(await endpoints(other.id)).toEqual([]);
    // The same browser, another account signed in: its own keys move the subscription.
    await apiFor(h, other).notification.subscribePush(sub);
    expect(await endpoints(owner.id)).toEqual([]);
    expect(await endpoints(other.id)).toEqual([{ endpoint: sub.endpoint }]);
  });
});
