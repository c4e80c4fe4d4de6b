// Rate limits: counted in this process's memory without Redis, in Redis (shared by every
// process; e2e/multi-process.spec.ts counts through two) with it, and in memory again
// while Redis cannot be reached.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "redis";
import type { DbHandle } from "@/db/client";
import { connectRedis } from "@/server/redis";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { openTestDatabase, uniqueName } from "@/test/db";
import { enforceLimit } from "./rate-limit";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

/** The checks every counter passes. */
function countsAndRefuses() {
  it("count within a window, refuse past the limit with the wait in words, and reset with the next window", async () => {
    const key = `test:${uniqueName()}`;
    const limit = { what: "tries", max: 3, windowMs: 60_000 };
    const t = new Date("2031-01-01T00:00:10Z");
    for (let i = 0; i < 3; i++) await enforceLimit(key, limit, t);
    await expect(enforceLimit(key, limit, t)).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "Too many tries. Please wait 50 seconds and try again.",
    });
    await enforceLimit(key, limit, new Date("2031-01-01T00:01:00Z"));
  });

  it("hold under concurrent requests", async () => {
    const key = `test:${uniqueName()}`;
    const limit = { what: "tries", max: 5, windowMs: 60_000 };
    const now = new Date();
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => enforceLimit(key, limit, now)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
  });

  it("keep keys apart", async () => {
    const limit = { what: "tries", max: 1, windowMs: 60_000 };
    const [k1, k2] = [`test:${uniqueName()}`, `test:${uniqueName()}`];
    await enforceLimit(k1, limit);
    await enforceLimit(k2, limit);
    await expect(enforceLimit(k1, limit)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });
}

describe("rate limits in memory (no Redis)", () => {
  countsAndRefuses();

  it("stop a user creating tournaments past the daily limit, through the API", async () => {
    const me = await newPlayer(h);
    const input = { name: "Limit check", format: "league", gameType: "chess-elsewhere", timeControl: "3d+6h", minPlayers: 4, maxPlayers: 8 } as const;
    for (let i = 0; i < 10; i++) await apiFor(h, me).tournament.create(input);
    await expect(apiFor(h, me).tournament.create(input)).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/^Too many new tournaments\. Please wait/),
    });
  });
});

describe.skipIf(!process.env.REDIS_URL)("rate limits in Redis", () => {
  let redis: Awaited<ReturnType<typeof connectRedis>>;
  const observer = createClient({ url: process.env.REDIS_URL });
  beforeAll(async () => {
    redis = await connectRedis(process.env.REDIS_URL!);
    await observer.connect();
  });
  afterAll(async () => {
    await redis.close();
    await observer.close();
  });

  countsAndRefuses();

  it("count in Redis, where every process counts, each window's key expiring with it", async () => {
    const key = `test:${uniqueName()}`;
    const limit = { what: "tries", max: 10, windowMs: 60_000 };
    for (let i = 0; i < 4; i++) await enforceLimit(key, limit);
    const [name] = await observer.keys(`moot:limit:*:${key}@*`);
    expect(name).toBeDefined();
    expect(await observer.get(name!)).toBe("4");
    const ttl = await observer.pTTL(name!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(61_000);
    // Another process's count of the same key is this one's.
    await observer.incrBy(name!, 6);
    await expect(enforceLimit(key, limit)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });

  it("count in memory while Redis cannot be reached, rather than not at all", async () => {
    const key = `test:${uniqueName()}`;
    const limit = { what: "tries", max: 2, windowMs: 60_000 };
    await redis.close();
    const down = await connectRedis(process.env.REDIS_URL!);
    down.client.destroy();
    try {
      await enforceLimit(key, limit);
      await enforceLimit(key, limit);
      await expect(enforceLimit(key, limit)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
      expect(await observer.keys(`moot:limit:*:${key}@*`)).toEqual([]);
    } finally {
      await down.close();
      redis = await connectRedis(process.env.REDIS_URL!);
    }
  });
});
