// insertMany on a real database: rows come back as given whether a column varies,
// has one value in every row (sent once), is null throughout, or is an instant.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { chatMessages, notificationSettings, notifications } from "@/db/schema";
import { openTestDatabase } from "@/test/db";
import { newPlayer } from "@/test/api-fixtures";
import { SLICE_ROWS } from "@/lib/let-go";
import fc from "fast-check";
import { ONE_STATEMENT, anyOf, arrayLiteral, arrayLiteralInSlices, insertMany, uuidArrayBytes } from "./bulk-insert";
import { sendsBytesAsIs } from "@/db/client";
import { newRowId } from "@/db/schema/ids";

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

describe("insertMany's uuid columns", () => {
  it("stores each row's id and null as given, in binary where the driver sends bytes as they are, as text elsewhere", async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    const room = newRowId();
    // Ids that vary, a column that is null in some rows (one differing id), and upper case.
    const rows = [a, b, a, b].map((p, i) => ({
      roomKind: "game" as const,
      roomId: room,
      authorId: i === 3 ? p.id.toUpperCase() : p.id,
      text: `m${i}`,
      hiddenBy: i === 1 ? a.id : null,
    }));
    await insertMany(h.db, chatMessages, rows, null);
    const stored = await h.db.select().from(chatMessages).where(eq(chatMessages.roomId, room)).orderBy(asc(chatMessages.text));
    expect(stored.map((r) => [r.text, r.authorId, r.hiddenBy])).toEqual([
      ["m0", a.id, null],
      ["m1", b.id, a.id],
      ["m2", a.id, null],
      ["m3", b.id, null],
    ]);
    // A value that is not an id changes nothing and says so.
    await expect(insertMany(h.db, chatMessages, [{ ...rows[0]!, authorId: "not-an-id" }, rows[1]!], null)).rejects.toThrow();
    expect(await h.db.select().from(chatMessages).where(eq(chatMessages.roomId, room))).toHaveLength(4);
  });
});

describe("insertMany's JSON columns", () => {
  it("stores each row's JSON value as given (quotes, backslashes, any text, nesting), and null as NULL", async () => {
    const players = [await newPlayer(h), await newPlayer(h), await newPlayer(h), await newPlayer(h)];
    const subject = `bulk-json:${players[0]!.id}`;
    const messages = ['say "hi"', 'back\\slash \\" both', "é ☃ 𝄞 \u2028", "{not, json}"];
    const payloads = players.map((_, i) => ({ tournament: "T", from: "o", message: messages[i]!, nested: [i, { deep: [null, true, -1.5] }] }));
    await insertMany(
      h.db,
      notifications,
      players.map((p, i) => ({ userId: p.id, kind: "announcement" as const, payload: payloads[i]!, link: "/x", subject, dedupeKey: null })),
      null,
      { inEveryRow: { createdAt: new Date() } },
    );
    const stored = await h.db.select().from(notifications).where(eq(notifications.subject, subject)).orderBy(asc(notifications.id));
    expect(stored.map((r) => r.payload)).toEqual(payloads);
    // A nullable JSON column: null rows are SQL NULL, the others their value.
    const kinds = [null, ["announcement", "game-created"], null, []];
    await insertMany(
      h.db,
      notificationSettings,
      players.map((p, i) => ({ userId: p.id, emailKinds: kinds[i] as never })),
      null,
    );
    const settings = await h.db
      .select({ userId: notificationSettings.userId, kinds: notificationSettings.emailKinds, isNull: sql<boolean>`${notificationSettings.emailKinds} is null` })
      .from(notificationSettings)
      .where(
        anyOf(
          notificationSettings.userId,
          players.map((p) => p.id),
        ),
      );
    const byUser = new Map(settings.map((r) => [r.userId, r]));
    expect(players.map((p) => byUser.get(p.id)!.kinds)).toEqual(kinds);
    expect(players.map((p) => byUser.get(p.id)!.isNull)).toEqual([true, false, true, false]);
  });
});

describe("arrayLiteral", () => {
  // Whatever the text: the database reads the literal back as the same elements, in order.
  const rowsOf = (r: unknown) => (r as { rows: { v: unknown }[] }).rows.map((x) => x.v);
  it("is read back by the database as the same text values, nulls and JSON values", async () => {
    const tricky = ["", " ", "NULL", "null", "Null", "a,b", "{x}", '"', "\\", '\\"', "tab\tand\nline", " lead", "trail ", "é ☃ 𝄞", "-1", "x:y.z"];
    const texts = fc.array(
      fc.oneof(
        fc.constantFrom(...tricky, null),
        fc.string({ unit: "binary" }).map((t) => t.replaceAll("\0", "")),
      ),
      { maxLength: 30 },
    );
    await fc.assert(
      fc.asyncProperty(texts, async (values) => {
        const back = rowsOf(await h.db.execute(sql`select unnest(${arrayLiteral(values)}::text[]) as v`));
        expect(back).toEqual(values);
      }),
      { numRuns: 150 },
    );
    const json = fc.array(
      fc.option(
        fc
          .jsonValue()
          .filter((v) => v !== null)
          .map((v) => ({ v })),
        { nil: null },
      ),
      { maxLength: 10 },
    );
    await fc.assert(
      fc.asyncProperty(json, async (values) => {
        const back = rowsOf(await h.db.execute(sql`select unnest(${arrayLiteral(values)}::jsonb[]) as v`));
        // jsonb's equality: what JSON.parse(JSON.stringify(v)) gives (-0 is 0).
        expect(back).toEqual(values.map((v) => (v === null ? null : JSON.parse(JSON.stringify(v)))));
      }),
      { numRuns: 100 },
    );
    expect(rowsOf(await h.db.execute(sql`select unnest(${arrayLiteral([1, 2.5, true, undefined])}::text[]) as v`))).toEqual(["1", "2.5", "true", null]);
  });

  it("made in slices (arrayLiteralInSlices), is the same literal, across slice boundaries too", async () => {
    const values = Array.from({ length: 2 * SLICE_ROWS + 7 }, (_, i) => (i % 3 === 0 ? null : i % 3 === 1 ? `a,"${i}"` : String(i)));
    for (const n of [0, 1, SLICE_ROWS, SLICE_ROWS + 1, values.length])
      expect(await arrayLiteralInSlices(values.slice(0, n))).toBe(arrayLiteral(values.slice(0, n)));
    expect(rowsOf(await h.db.execute(sql`select unnest(${await arrayLiteralInSlices(values)}::text[]) as v`))).toEqual(values);
  });

  it("a list of ids in binary (uuidArrayBytes) is the bytes PostgreSQL sends for it, across slices and with nulls, and reads back as given", async () => {
    // Mixed case and every hex digit: the text PostgreSQL reads, whatever made it.
    const ids = [...Array.from({ length: SLICE_ROWS + 3 }, () => newRowId()), "0123abcd-EF45-6789-aBcD-ef0123456789"];
    const withNulls = [null, ...ids.slice(0, SLICE_ROWS + 1), null, ids.at(-1)!];
    for (const list of [[], ids.slice(0, 1), ids, withNulls, [null]]) {
      const [sent] = rowsOf(await h.db.execute(sql`select array_send(${arrayLiteral(list)}::uuid[]) as v`));
      expect((await uuidArrayBytes(list)).equals(Buffer.from(sent as Uint8Array))).toBe(true);
      // Sent as a parameter where the driver sends bytes as they are (node-postgres).
      if (sendsBytesAsIs(h.db))
        expect(rowsOf(await h.db.execute(sql`select unnest(${await uuidArrayBytes(list)}::uuid[])::text as v`))).toEqual(
          list.map((id) => id?.toLowerCase() ?? null),
        );
    }
    await expect(uuidArrayBytes([ids[0]!, "not-a-uuid"])).rejects.toThrow("not a uuid");
    await expect(uuidArrayBytes([ids[0]!.replace(/.$/, "g")])).rejects.toThrow("not a uuid");
  });

  it("takes a uuid's text exactly when it is 8-4-4-4-12 hex digits in either case, and writes its bytes (a regular expression and Buffer's hex as the oracle)", async () => {
    const valid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    // A valid id with one character replaced, one removed, or one added, anywhere.
    const edited = fc
      .tuple(
        fc.uuid(),
        fc.nat(36),
        fc.constantFrom("replace", "remove", "add"),
        fc.oneof(fc.constantFrom(..."0189afAFgG-{ \u00e9\u0660"), fc.string({ maxLength: 1 })),
      )
      .map(([id, at, how, c]) =>
        how === "replace" ? id.slice(0, at) + c + id.slice(at + 1) : how === "remove" ? id.slice(0, at) + id.slice(at + 1) : id.slice(0, at) + c + id.slice(at),
      );
    await fc.assert(
      fc.asyncProperty(edited, async (id) => {
        if (!valid.test(id)) {
          await expect(uuidArrayBytes([id])).rejects.toThrow("not a uuid");
          return;
        }
        const bytes = await uuidArrayBytes([id]);
        expect(bytes.subarray(24).equals(Buffer.from(id.replaceAll("-", ""), "hex"))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
