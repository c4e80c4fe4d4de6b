// insertMany on a real database: rows come back as given whether a column varies,
// has one value in every row (sent once), is null throughout, or is an instant.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { notifications } from "@/db/schema";
import { openTestDatabase } from "@/test/db";
import { newPlayer } from "@/test/api-fixtures";
import { SLICE_ROWS } from "@/lib/let-go";
import { ONE_STATEMENT, insertMany } from "./bulk-insert";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

describe("insertMany", () => {
  it("stores varying, shared, null and instant columns as given, and returns what was asked", async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    const at = new Date("2026-11-24T10:00:00.000Z");
    const subject = `bulk:${a.id}`;
    const rows = [a, b, a].map((p, i) => ({
      userId: p.id,
      kind: "announcement" as const,
      payload: { tournament: "T", from: "o", message: `m${i}` },
      link: "/same",
      subject,
      dedupeKey: null,
      createdAt: at,
    }));
    const back = await insertMany<typeof notifications, { userId: string }>(h.db, notifications, rows, sql`user_id as "userId"`);
    expect(back.map((r) => r.userId)).toEqual([a.id, b.id, a.id]);
    const stored = await h.db.select().from(notifications).where(eq(notifications.subject, subject)).orderBy(asc(notifications.id));
    expect(stored.map((r) => [r.userId, r.link, r.dedupeKey, r.createdAt.toISOString(), (r.payload as { message: string }).message])).toEqual([
      [a.id, "/same", null, at.toISOString(), "m0"],
      [b.id, "/same", null, at.toISOString(), "m1"],
      [a.id, "/same", null, at.toISOString(), "m2"],
    ]);
    // Every row gets its own application default (time-ordered id).
    expect(new Set(stored.map((r) => r.id)).size).toBe(3);
  });

  it("inserts rows whose columns are all the same but for the generated id, and a single row", async () => {
    const a = await newPlayer(h);
    const subject = `bulk-same:${a.id}`;
    const row = { userId: a.id, kind: "announcement" as const, payload: { tournament: "T", from: "o", message: "x" }, link: "/", subject };
    await insertMany(h.db, notifications, [row, row], sql`id`);
    await insertMany(h.db, notifications, [row], sql`id`);
    const stored = await h.db.select().from(notifications).where(eq(notifications.subject, subject));
    expect(stored).toHaveLength(3);
  });

  it("tells a column shared by every row from one that differs in a single row, an absent value from a given one", async () => {
    const a = await newPlayer(h);
    const subject = `bulk-mixed:${a.id}`;
    const at = new Date("2026-11-24T10:00:00.000Z");
    const later = new Date("2026-11-24T10:00:00.001Z");
    const base = { userId: a.id, kind: "announcement" as const, payload: { tournament: "T", from: "o", message: "x" }, link: "/", subject };
    // The instant differs only in the last row (by a millisecond); the key is absent in
    // the first row, given in the second and null in the third.
    const rows = [
      { ...base, createdAt: new Date(at), dedupeKey: undefined },
      { ...base, createdAt: new Date(at), dedupeKey: `k:${a.id}` },
      { ...base, createdAt: later, dedupeKey: null },
    ];
    await insertMany(h.db, notifications, rows, null);
    const stored = await h.db.select().from(notifications).where(eq(notifications.subject, subject)).orderBy(asc(notifications.id));
    expect(stored.map((r) => [r.createdAt.toISOString(), r.dedupeKey])).toEqual([
      [at.toISOString(), null],
      [at.toISOString(), `k:${a.id}`],
      [later.toISOString(), null],
    ]);
  });

  it("gives every row the values of inEveryRow, across several statements, and returns every row once", async () => {
    const a = await newPlayer(h);
    const subject = `bulk-every:${a.id}`;
    const at = new Date("2026-11-27T09:00:00.000Z");
    // More rows than one statement takes (ONE_STATEMENT), so they go in several of SLICE_ROWS.
    const n = ONE_STATEMENT + SLICE_ROWS + 3;
    const rows = Array.from({ length: n }, (_, i) => ({
      userId: a.id,
      kind: "announcement" as const,
      payload: { tournament: "T", from: "o", message: `m${i}` },
      link: `/${i % 2}`,
      subject,
    }));
    const back = await insertMany<typeof notifications, { link: string }>(h.db, notifications, rows, sql`link`, { inEveryRow: { createdAt: at } });
    expect(back).toHaveLength(n);
    const stored = await h.db
      .select({ createdAt: notifications.createdAt, message: sql<string>`${notifications.payload}->>'message'` })
      .from(notifications)
      .where(eq(notifications.subject, subject));
    expect(stored).toHaveLength(n);
    expect(new Set(stored.map((r) => r.createdAt.toISOString()))).toEqual(new Set([at.toISOString()]));
    expect(new Set(stored.map((r) => r.message)).size).toBe(n);
  });

  it("sends each statement once the one before it is in: a failing one stops the rest, and the call fails with its error", async () => {
    const a = await newPlayer(h);
    const subject = `bulk-failing:${a.id}`;
    // Three statements; the second holds a dedupe key the first inserted, so it fails.
    const n = ONE_STATEMENT + 2 * SLICE_ROWS;
    const rows = Array.from({ length: n }, (_, i) => ({
      userId: a.id,
      kind: "announcement" as const,
      payload: {},
      link: "/",
      subject,
      dedupeKey: `${subject}:${i === SLICE_ROWS + 1 ? 0 : i}`,
    }));
    const unhandled: unknown[] = [];
    const onUnhandled = (err: unknown) => unhandled.push(err);
    process.on("unhandledRejection", onUnhandled);
    try {
      const failed = await insertMany(h.db, notifications, rows, null).then(
        () => null,
        (err: unknown) => err,
      );
      expect(failed).toBeInstanceOf(Error);
      expect(String((failed as Error & { cause?: Error }).cause ?? failed)).toMatch(/duplicate key/);
      // Outside a transaction each statement commits alone: the first did, the second failed, the third was never sent.
      const [stored] = await h.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(eq(notifications.subject, subject));
      expect(stored!.n).toBe(SLICE_ROWS);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
