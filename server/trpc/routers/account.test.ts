// Accounts through the real tRPC procedures on a real database: sign-up rules,
// bad input refused with a clear message and nothing stored, who may call what.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, sql } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { users } from "@/db/schema";
import { openOwnTestDatabase, uniqueName } from "@/test/db";
import type { SessionUser } from "@/server/auth/session";
import { verifyCredentials } from "@/server/services/account/verify-credentials";
import { createCaller } from "../root";

let h: DbHandle;
beforeAll(async () => {
  // A database of its own: "stores nothing" counts the whole users table, which other
  // test files add to meanwhile in the shared one.
  h = await openOwnTestDatabase();
});
afterAll(() => h.close());

const caller = (user: SessionUser | null = null) => createCaller({ db: h.db, dbKind: h.kind, user, clientIp: null });
const userCount = async () => (await h.db.select({ n: count() }).from(users))[0]!.n;

describe("account.signUp", () => {
  it("creates an account that can sign in", async () => {
    const username = uniqueName("Ann");
    const created = await caller().account.signUp({ username, password: "correct horse" });
    expect(created.username).toBe(username);
    const result = await verifyCredentials(h.db, { username: username.toLowerCase(), password: "correct horse", ip: null });
    expect(result.ok).toBe(true);
  });

  it("refuses a username taken in another case", async () => {
    const username = uniqueName("Case");
    await caller().account.signUp({ username, password: "password-1" });
    await expect(caller().account.signUp({ username: username.toUpperCase(), password: "password-2" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "That username is already taken. Please choose another.",
    });
  });

  it("lets exactly one of two racing sign-ups for one name win", async () => {
    const username = uniqueName("Race");
    const results = await Promise.allSettled([
      caller().account.signUp({ username, password: "password-1" }),
      caller().account.signUp({ username: username.toLowerCase(), password: "password-2" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  const bad: [string, unknown, RegExp][] = [
    ["empty username", { username: "", password: "password-1" }, /at least 3 characters/],
    ["too long username", { username: "x".repeat(25), password: "password-1" }, /at most 24 characters/],
    ["HTML in username", { username: "<b>hi</b>", password: "password-1" }, /only letters, digits/],
    ["SQL in username", { username: "a'; DROP TABLE users;--", password: "password-1" }, /only letters, digits/],
    ["short password", { username: "validname", password: "short" }, /at least 8 characters/],
    ["huge password", { username: "validname", password: "p".repeat(10_000) }, /at most 200 characters/],
    ["wrong type", { username: 42, password: "password-1" }, /username/i],
    ["missing fields", {}, /required|username/i],
    ["bad e-mail", { username: "validname", password: "password-1", email: "not-an-email" }, /e-mail/],
    ["not an object", "hello", /object|expected/i],
  ];
  for (const [what, input, message] of bad) {
    it(`refuses ${what} with a clear message and stores nothing`, async () => {
      const before = await userCount();
      await expect(caller().account.signUp(input as never)).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(message) });
      expect(await userCount()).toBe(before);
    });
  }
});

describe("sign-in checks", () => {
  it("answers a username no account can have (NUL, bidi, zero-width) as a wrong sign-in, without asking the database", async () => {
    for (const username of ["a\u0000b", "abc\u202Edef", "\u200B\u200B\u200B"]) {
      expect(await verifyCredentials(h.db, { username, password: "whatever1", ip: null })).toEqual({ ok: false, message: "Wrong username or password." });
    }
  });

  it("gives the same answer for an unknown user and a wrong password", async () => {
    const username = uniqueName("Pw");
    await caller().account.signUp({ username, password: "right-password" });
    const wrong = await verifyCredentials(h.db, { username, password: "wrong-password", ip: null });
    const unknown = await verifyCredentials(h.db, { username: uniqueName("Nobody"), password: "whatever1", ip: null });
    expect(wrong).toEqual({ ok: false, message: "Wrong username or password." });
    expect(unknown).toEqual(wrong);
  });

  it("throttles a username after repeated failures, with growing delays", async () => {
    const username = uniqueName("Thr");
    await caller().account.signUp({ username, password: "right-password" });
    const now = new Date("2030-01-01T00:00:00Z");
    for (let i = 0; i < 5; i++) {
      const r = await verifyCredentials(h.db, { username, password: "nope-nope", ip: null }, now);
      expect(r).toEqual({ ok: false, message: "Wrong username or password." });
    }
    // Even the right password is refused while locked, and the wait is stated.
    const locked = await verifyCredentials(h.db, { username, password: "right-password", ip: null }, now);
    expect(locked).toEqual({ ok: false, message: "Too many failed sign-ins. Please wait 2 seconds and try again." });
    const later = new Date(now.getTime() + 2_500);
    await verifyCredentials(h.db, { username, password: "nope-nope", ip: null }, later);
    const longer = await verifyCredentials(h.db, { username, password: "right-password", ip: null }, later);
    expect(longer).toEqual({ ok: false, message: "Too many failed sign-ins. Please wait 4 seconds and try again." });
    const afterWait = await verifyCredentials(h.db, { username, password: "right-password", ip: null }, new Date(later.getTime() + 5_000));
    expect(afterWait.ok).toBe(true);
  });

  it("throttles unknown usernames the same way (no hint that a name exists)", async () => {
    const username = uniqueName("Ghost");
    const now = new Date("2030-01-02T00:00:00Z");
    for (let i = 0; i < 5; i++) await verifyCredentials(h.db, { username, password: "nope-nope", ip: null }, now);
    const r = await verifyCredentials(h.db, { username, password: "nope-nope", ip: null }, now);
    expect(r.ok === false && r.message).toMatch(/Too many failed sign-ins/);
  });

  it("throttles one address across many usernames", async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const now = new Date("2030-01-03T00:00:00Z");
    for (let i = 0; i < 20; i++) await verifyCredentials(h.db, { username: uniqueName("Spray"), password: "nope-nope", ip }, now);
    const r = await verifyCredentials(h.db, { username: uniqueName("Spray"), password: "nope-nope", ip }, now);
    expect(r.ok === false && r.message).toMatch(/Too many failed sign-ins/);
  });
});

describe("signed-in account changes", () => {
  async function signedUp(password = "first-password") {
    const username = uniqueName("Me");
    const { id } = await caller().account.signUp({ username, password });
    return { username, user: { id, username, isAdmin: false } };
  }

  it("refuses every account mutation from a signed-out caller", async () => {
    await expect(caller().account.changePassword({ currentPassword: "a", newPassword: "bbbbbbbb" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(caller().account.delete({ password: "a" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("changes the password only with the right current one", async () => {
    const { username, user } = await signedUp();
    await expect(caller(user).account.changePassword({ currentPassword: "wrong-one", newPassword: "second-password" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Your current password is not correct.",
    });
    expect((await verifyCredentials(h.db, { username, password: "first-password", ip: null })).ok).toBe(true);
    await caller(user).account.changePassword({ currentPassword: "first-password", newPassword: "second-password" });
    expect((await verifyCredentials(h.db, { username, password: "first-password", ip: null })).ok).toBe(false);
    expect((await verifyCredentials(h.db, { username, password: "second-password", ip: null })).ok).toBe(true);
  });

  it("deletes an account: the name is freed, the row anonymised, sign-in refused", async () => {
    const { username, user } = await signedUp();
    await expect(caller(user).account.delete({ password: "wrong" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await caller(user).account.delete({ password: "first-password" });
    const [row] = await h.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${user.id}`);
    expect(row).toMatchObject({ email: null, passwordHash: null });
    expect(row!.username).toBe(`deleted-${user.id}`);
    expect((await verifyCredentials(h.db, { username, password: "first-password", ip: null })).ok).toBe(false);
    await expect(caller().player.byUsername({ username })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // A second delete through the stale session is refused.
    await expect(caller(user).account.delete({ password: "first-password" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("player directory", () => {
  it("finds players by part of the name, treating LIKE wildcards literally", async () => {
    const stem = uniqueName("Dir").slice(0, 18);
    await caller().account.signUp({ username: `${stem}_x`, password: "password-1" });
    await caller().account.signUp({ username: `${stem}yx`, password: "password-1" });
    const found = await caller().player.list({ search: `${stem}_`, page: 1 });
    expect(found.players.map((p) => p.username)).toEqual([`${stem}_x`]);
    expect((await caller().player.list({ search: stem, page: 1 })).total).toBe(2);
  });

  it("paginates", async () => {
    const stem = uniqueName("Pg").slice(0, 16);
    for (let i = 0; i < 27; i++) await h.db.insert(users).values({ username: `${stem}-${String(i).padStart(2, "0")}`, passwordHash: "x" });
    const page2 = await caller().player.list({ search: stem, page: 2 });
    expect(page2).toMatchObject({ page: 2, pageCount: 2, total: 27 });
    expect(page2.players.map((p) => p.username)).toEqual([`${stem}-25`, `${stem}-26`]);
  });

  it("refuses silly pages and overlong searches", async () => {
    await expect(caller().player.list({ page: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller().player.list({ search: "x".repeat(51), page: 1 })).rejects.toMatchObject({
      message: "Search text must be at most 50 characters.",
    });
  });
});
