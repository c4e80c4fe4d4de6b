// Who is calling, from a session cookie, on a real database: a token decrypted once is
// remembered and its expiry checked on every request; the account behind it is read once
// and remembered until a service says sessions ended (session-changes.ts), or RECHECK_MS.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import type { DbHandle } from "@/db/client";
import { users } from "@/db/schema";
import { newPlayer, sessionEnders } from "@/test/api-fixtures";
import { openOwnTestDatabase } from "@/test/db";
import { revokeSession } from "@/server/services/account/revoke-session";
import { grantAdmin } from "@/server/services/admin/grant-admin";
import { connectRedis } from "@/server/redis";
import { listenForSessionChanges, RECHECK_MS } from "./session-changes";
import { sessionUserFromCookies } from "./session";

let h: DbHandle;
beforeAll(async () => {
  // Its own: a site admin made here would show in scripts/admin.test.ts's list.
  h = await openOwnTestDatabase();
  process.env.NEXTAUTH_SECRET ??= "session test secret that is long enough";
});
afterAll(() => h.close());
afterEach(() => vi.useRealTimers());

async function cookieFor(u: { id: string; username: string }, maxAge: number, sid: string | null = randomUUID(), sv = 1): Promise<string> {
  const token = await encode({ token: { sub: u.id, name: u.username, sv, sid: sid ?? undefined }, secret: process.env.NEXTAUTH_SECRET!, maxAge });
  return `next-auth.session-token=${token}`;
}

/** A session version bump nobody announces, as a hand-made UPDATE would be. */
const bumpBehindTheSitesBack = (id: string) =>
  h.db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, id));

describe("session cookies", () => {
  it("end at once when a service ends the account's sessions, even for a token already remembered", async () => {
    const password = "session test password";
    for (const [why, end] of sessionEnders(h, password)) {
      const me = await newPlayer(h, { password });
      const cookie = await cookieFor(me, 3600);
      expect(await sessionUserFromCookies(h.db, cookie), why).toMatchObject({ id: me.id, username: me.username });
      expect(await sessionUserFromCookies(h.db, cookie), why).toMatchObject({ id: me.id });
      await end(me.id);
      expect(await sessionUserFromCookies(h.db, cookie), why).toBeNull();
    }
  });

  it("read the account once, then answer from memory; a change nobody announced is seen within RECHECK_MS", async () => {
    const me = await newPlayer(h);
    const cookie = await cookieFor(me, 3600);
    expect(await sessionUserFromCookies(h.db, cookie)).toMatchObject({ id: me.id });
    await bumpBehindTheSitesBack(me.id);
    // Not read again: the remembered account still carries the old version.
    expect(await sessionUserFromCookies(h.db, cookie)).toMatchObject({ id: me.id });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + RECHECK_MS });
    expect(await sessionUserFromCookies(h.db, cookie)).toBeNull();
  });

  it("see a change of role at once", async () => {
    const me = await newPlayer(h);
    const cookie = await cookieFor(me, 3600);
    expect(await sessionUserFromCookies(h.db, cookie)).toMatchObject({ id: me.id, isAdmin: false });
    await grantAdmin(h.db, me.username);
    expect(await sessionUserFromCookies(h.db, cookie)).toMatchObject({ id: me.id, isAdmin: true });
  });

  it("end when the token expires, even for a token already remembered", async () => {
    const me = await newPlayer(h);
    const cookie = await cookieFor(me, 60);
    expect(await sessionUserFromCookies(h.db, cookie)).toMatchObject({ id: me.id });
    // Past the expiry and next-auth's 15 s of tolerance.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 80_000 });
    expect(await sessionUserFromCookies(h.db, cookie)).toBeNull();
  });

  it("refuse a token that has already expired, and a token made with another secret", async () => {
    const me = await newPlayer(h);
    expect(await sessionUserFromCookies(h.db, await cookieFor(me, -60))).toBeNull();
    const forged = await encode({
      token: { sub: me.id, name: me.username, sv: 1, sid: randomUUID() },
      secret: "another secret entirely, not the server's",
      maxAge: 3600,
    });
    expect(await sessionUserFromCookies(h.db, `next-auth.session-token=${forged}`)).toBeNull();
  });

  it("end when their session id is revoked (sign-out), leaving the account's other sessions alone", async () => {
    const me = await newPlayer(h);
    const sid = randomUUID();
    const [signedOut, other] = [await cookieFor(me, 3600, sid), await cookieFor(me, 3600)];
    expect(await sessionUserFromCookies(h.db, signedOut)).toMatchObject({ id: me.id });
    await revokeSession(h.db, sid, new Date(Date.now() + 3600_000));
    expect(await sessionUserFromCookies(h.db, signedOut)).toBeNull();
    expect(await sessionUserFromCookies(h.db, other)).toMatchObject({ id: me.id });
  });

  it("refuse a token without a session id, which no sign-out could revoke", async () => {
    const me = await newPlayer(h);
    expect(await sessionUserFromCookies(h.db, await cookieFor(me, 3600, null))).toBeNull();
  });

  it.skipIf(!process.env.REDIS_URL)("are read from the database every time while the Redis subscription is down (announcements would be lost)", async () => {
    const redis = await connectRedis(process.env.REDIS_URL!);
    try {
      await listenForSessionChanges(redis);
      const me = await newPlayer(h);
      const cookie = await cookieFor(me, 3600);
      expect(await sessionUserFromCookies(h.db, cookie)).toMatchObject({ id: me.id });
      // Listening: remembered, so a change nobody announced is not seen yet.
      await bumpBehindTheSitesBack(me.id);
      expect(await sessionUserFromCookies(h.db, cookie)).toMatchObject({ id: me.id });
      redis.subscriber.destroy();
      expect(await sessionUserFromCookies(h.db, cookie)).toBeNull();
      // Nor is anything remembered while it is down.
      const other = await newPlayer(h);
      const otherCookie = await cookieFor(other, 3600);
      expect(await sessionUserFromCookies(h.db, otherCookie)).toMatchObject({ id: other.id });
      await bumpBehindTheSitesBack(other.id);
      expect(await sessionUserFromCookies(h.db, otherCookie)).toBeNull();
    } finally {
      await redis.close();
    }
  });
});
