// runTogether on a real database: every part's writes happen in one statement, each
// part gets its own rows back as JSON, absent parts are skipped, and a failing part
// leaves nothing written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { notifications } from "@/db/schema";
import { openTestDatabase } from "@/test/db";
import { newPlayer } from "@/test/api-fixtures";
import { GAME_ACTION_KINDS } from "@/lib/notification-kinds";
import { notifyPart, resolvePart } from "./notification/notify";
import { runTogether, type Part } from "./together";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

const item = (userId: string, subject: string, message: string) => ({
  userId,
  kind: "announcement" as const,
  payload: { tournament: "T", from: "o", message },
  link: "/here",
  subject,
});

describe("runTogether", () => {
  it("runs every part in one statement and gives each its rows; a null part is skipped", async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    const subject = `together:${a.id}`;
    const now = new Date("2026-11-24T10:00:00.000Z");
    await runTogether(h.db, { first: notifyPart("first", [item(a.id, subject, "one"), item(b.id, subject, "two")], now) });
    // Resolving the two and adding a third in one statement: the resolve sees the table
    // as it was when the statement began, so the new notice stays open.
    const out = await runTogether(h.db, {
      resolved: resolvePart("resolved", { subject, kinds: ["announcement"] }, now),
      added: notifyPart("added", [item(a.id, subject, "three")], now),
      none: null,
      counted: { ctes: [], rows: sql`select 2 + 3 as five, 'x' as text, true as yes`, read: (rows) => rows[0] } satisfies Part<unknown>,
    });
    expect(out.resolved.sort()).toEqual([a.id, b.id].sort());
    expect(out.added).toMatchObject([{ userId: a.id, kind: "announcement", subscriptionId: null }]);
    expect(out.none).toBe(null);
    expect(out.counted).toEqual({ five: 5, text: "x", yes: true });
    const stored = await h.db.select().from(notifications).where(eq(notifications.subject, subject));
    expect(stored.map((n) => [n.payload.message, n.resolvedAt !== null]).sort()).toEqual([
      ["one", true],
      ["three", false],
      ["two", true],
    ]);
  });

  it("writes nothing when one part fails, and refuses two parts with one name", async () => {
    const a = await newPlayer(h);
    const subject = `together-fails:${a.id}`;
    const failing: Part<void> = { ctes: [["failing", sql`select 1 / 0`]], rows: sql`select * from failing`, read: () => undefined };
    await expect(runTogether(h.db, { added: notifyPart("added", [item(a.id, subject, "one")], new Date()), failing })).rejects.toThrow();
    expect(await h.db.select().from(notifications).where(eq(notifications.subject, subject))).toEqual([]);
    await expect(
      runTogether(h.db, { one: notifyPart("same", [item(a.id, subject, "x")], new Date()), two: notifyPart("same", [item(a.id, subject, "y")], new Date()) }),
    ).rejects.toThrow(/two parts use one name/);
  });

  it("resolving a game's notices reads the subject index, which holds only notices that ask for action", async () => {
    const subject = `game:${crypto.randomUUID()}`;
    const now = new Date();
    const plan = await h.db.transaction(async (tx) => {
      // Without the sequential scan the planner has to use an index whose predicate the query implies.
      await tx.execute(sql`set local enable_seqscan = off`);
      const [, update] = resolvePart("resolved", { subject, kinds: GAME_ACTION_KINDS }, now).ctes[0]!;
      return JSON.stringify(((await tx.execute(sql`explain ${update}`)) as unknown as { rows: unknown[] }).rows);
    });
    expect(plan).toContain("notifications_subject_idx");
    const predicate = await h.db.execute(sql`select pg_get_indexdef('notifications_subject_idx'::regclass) as def`);
    for (const kind of GAME_ACTION_KINDS) expect(JSON.stringify((predicate as unknown as { rows: unknown[] }).rows)).toContain(`'${kind}'`);
  });
});
