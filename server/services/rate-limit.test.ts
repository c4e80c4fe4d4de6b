import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { openTestDatabase, uniqueName } from "@/test/db";
import { enforceLimit } from "./rate-limit";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

describe("rate limits", () => {
  it("count within a window, refuse past the limit with the wait in words, and reset with the next window", async () => {
    const key = `test:${uniqueName()}`;
    const limit = { what: "tries", max: 3, windowMs: 60_000 };
    const t = new Date("2031-01-01T00:00:10Z");
    for (let i = 0; i < 3; i++) await enforceLimit(h.db, key, limit, t);
    await expect(enforceLimit(h.db, key, limit, t)).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "Too many tries. Please wait 50 seconds and try again.",
    });
    await enforceLimit(h.db, key, limit, new Date("2031-01-01T00:01:00Z"));
  });

  it("hold under concurrent requests", async () => {
    const key = `test:${uniqueName()}`;
    const limit = { what: "tries", max: 5, windowMs: 60_000 };
    const now = new Date();
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => enforceLimit(h.db, key, limit, now)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
  });

  it("leave the connection's commits durable: the count's asynchronous commit ends with its statement", async () => {
    const key = `test:${uniqueName()}`;
    const limit = { what: "tries", max: 100, windowMs: 60_000 };
    for (let i = 0; i < 10; i++) {
      await enforceLimit(h.db, key, limit);
      // Sequential calls reuse the pool's idle connection, so this reads the one the count used.
      const shown = await h.db.execute(sql`show synchronous_commit`);
      expect((shown as unknown as { rows: { synchronous_commit: string }[] }).rows[0]!.synchronous_commit).toBe("on");
    }
  });

  it("stop a user creating tournaments past the daily limit, through the API", async () => {
    const me = await newPlayer(h);
    const input = { name: "Limit check", format: "league", gameType: "chess", timeControl: "3d+6h", minPlayers: 4, maxPlayers: 8 } as const;
    for (let i = 0; i < 10; i++) await apiFor(h, me).tournament.create(input);
    await expect(apiFor(h, me).tournament.create(input)).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/^Too many new tournaments\. Please wait/),
    });
  });
});
