// Who is calling, from a session cookie, on a real database: a token decrypted once is
// remembered, but its expiry and the account behind it are checked on every request.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import type { DbHandle } from "@/db/client";
import { users } from "@/db/schema";
import { newPlayer } from "@/test/api-fixtures";
import { openTestDatabase } from "@/test/db";
import { revokeSession } from "@/server/services/account/revoke-session";
import { sessionUserFromCookies } from "./session";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
  process.env.NEXTAUTH_SECRET ??= "session test secret that is long enough";
});
afterAll(() => h.close());
afterEach(() => vi.useRealTimers());

async function cookieFor(u: { id: string; username: string }, maxAge: number, sid: string | null = randomUUID()): Promise<string> {
  const token = await encode({ token: { sub: u.id, name: u.username, sv: 1, sid: sid ?? undefined }, secret: process.env.NEXTAUTH_SECRET!, maxAge });
  return `next-auth.session-token=${token}`;
}

describe("session cookies", () => {
  it("end at once when the account's session version changes, even for a token already remembered", async () => {
    const me = await newPlayer(h);
    const cookie = await cookieFor(me, 3600);
    expect(await sessionUserFromCookies(h.db, cookie)).toMatchObject({ id: me.id, username: me.username });
    expect(await sessionUserFromCookies(h.db, cookie)).toMatchObject({ id: me.id });
    await h.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, me.id));
    expect(await sessionUserFromCookies(h.db, cookie)).toBeNull();
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
});
