// Web Push against a local stand-in for the vendor's push service, which checks the
// VAPID signature and decrypts each request with the subscription's keys (RFC 8291):
// the payload is the notification, sent once per subscription; a subscription the
// service says is gone (410) is forgotten.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "node:https";
import { eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { outbox, pushSubscriptions } from "@/db/schema";
import { openTestDatabase } from "@/test/db";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { PUSH_CA, startPushService, type PushService } from "@/test/push-service/push-service";
import { createGame } from "../game/create-game";
import { configureChannels } from "./channels";
import { deliverOutbox } from "./deliver-outbox";
import { loadVapidKeys } from "./setup";
import { subscribePush } from "./settings";

let h: DbHandle;
let service: PushService;
let vapidPublic: string;
const SITE = "https://moot.test";
const DAY = 86_400_000;

beforeAll(async () => {
  h = await openTestDatabase();
  service = await startPushService();
  const keys = await loadVapidKeys(h.db, {});
  vapidPublic = keys.publicKey;
  configureChannels({ siteUrl: SITE, email: null, push: { ...keys, subject: "mailto:admin@moot.test", agent: new Agent({ ca: PUSH_CA }) }, secret: "s" });
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
    const game = await h.db.transaction((tx) => createGame(tx, { gameType: "hnefatafl", side1Id: a.id, side2Id: b.id, rated: false, initialMs: 3 * DAY, incrementMs: DAY / 4 }, new Date()));
    await apiFor(h, a).game.move({ gameId: game.id, ply: 0, move: "d1-d3" });
    await deliverOutbox(h.db);
    await deliverOutbox(h.db);
    expect(service.errors).toEqual([]);
    const mine = service.received.filter((r) => r.subscription.startsWith("b-"));
    expect(mine.map((r) => r.subscription).sort()).toEqual(["b-laptop", "b-phone"]);
    for (const r of mine) {
      expect(JSON.parse(r.body)).toEqual({ title: "Your move", body: `It is your move against ${a.username}.`, url: `${SITE}/games/${game.id}`, tag: `your-move:game:${game.id}` });
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
    const game = await h.db.transaction((tx) => createGame(tx, { gameType: "hnefatafl", side1Id: a.id, side2Id: b.id, rated: false, initialMs: 3 * DAY, incrementMs: DAY / 4 }, new Date()));
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
    const game = await h.db.transaction((tx) => createGame(tx, { gameType: "hnefatafl", side1Id: a.id, side2Id: b.id, rated: false, initialMs: 3 * DAY, incrementMs: DAY / 4 }, new Date()));
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
