// Sockets of an ended session, on a real Socket.IO server with real socket.io-client
// peers and a real database: they leave the user's private events at once (and stay
// anonymous watchers of public rooms), in this process and, through Redis, in a second
// server process; other sessions' sockets keep theirs.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { encode } from "next-auth/jwt";
import { eq, sql } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { users } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { listenForSessionChanges, RECHECK_MS } from "@/server/auth/session-changes";
import { revokeSession } from "@/server/services/account/revoke-session";
import { signOutEverywhere } from "@/server/services/account/sign-out-everywhere";
import { grantAdmin } from "@/server/services/admin/grant-admin";
import { connectRedis, type SharedRedis } from "@/server/redis";
import { newPlayer, sessionEnders } from "@/test/api-fixtures";
import { openTestDatabase } from "@/test/db";
import { listenRealtime, startRealtimeServer, type RealtimeServer } from "@/test/realtime-server";
import type { MootIo } from "./io";
import { pingInbox } from "./publish";

process.env.NEXTAUTH_SECRET ??= "socket sessions test secret that is long enough";

async function cookieFor(u: { id: string; username: string }, sid = randomUUID(), maxAge?: number): Promise<string> {
  const token = await encode({ token: { sub: u.id, name: u.username, sv: 1, sid }, secret: process.env.NEXTAUTH_SECRET!, maxAge });
  return `next-auth.session-token=${token}`;
}

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

/** A socket on `url` (with a session cookie, or anonymous) that watches the lobby, as pages do. */
async function lobbySocket(url: string, cookie?: string): Promise<Socket> {
  const s = connect(url, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: cookie ? { cookie } : undefined });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once("connect", resolve);
    s.once("connect_error", reject);
  });
  await new Promise((resolve) => s.emit("watch", "lobby", resolve));
  return s;
}

const whoami = (s: Socket) => new Promise<{ id: string; username: string } | null>((resolve) => s.emit("whoami", resolve));

/**
 * How many inbox pings each socket gets when `users` are pinged: a lobby event sent after
 * the ping reaches every socket after it would have (one sender, events in order).
 */
async function inboxPings(io: MootIo, users: SessionUser[], peers: Socket[]): Promise<number[]> {
  const counts = peers.map(() => 0);
  const onInbox = peers.map((_, i) => () => counts[i]!++);
  peers.forEach((s, i) => s.on("inbox", onInbox[i]!));
  const marker = randomUUID();
  const markers = peers.map(
    (s) =>
      new Promise<void>((resolve) => {
        const onChanged = (m: { room: string; version: number }) => {
          if (m.room !== marker) return;
          s.off("changed", onChanged);
          resolve();
        };
        s.on("changed", onChanged);
      }),
  );
  pingInbox(users.map((u) => u.id));
  io.to("lobby").emit("changed", { room: marker, version: 1 });
  await Promise.all(markers);
  peers.forEach((s, i) => s.off("inbox", onInbox[i]!));
  return counts;
}

const summary = (u: SessionUser) => ({ id: u.id, username: u.username });

describe("in one process", () => {
  let realtime: RealtimeServer;
  let h: DbHandle;
  beforeAll(async () => {
    // Its own database: a site admin made here would show in scripts/admin.test.ts's list.
    realtime = await startRealtimeServer({ ownDatabase: true });
    h = realtime.h;
  });
  afterAll(() => realtime.close());

  it("sign out everywhere, a password change and deletion take every socket of the account out of its private events at once", async () => {
    const password = "socket session password";
    for (const [why, end] of sessionEnders(h, password)) {
      const [me, other] = [await newPlayer(h, { password }), await newPlayer(h)];
      const mine = [await lobbySocket(realtime.url, await cookieFor(me)), await lobbySocket(realtime.url, await cookieFor(me))];
      const theirs = await lobbySocket(realtime.url, await cookieFor(other));
      expect(await inboxPings(realtime.server, [me, other], [...mine, theirs]), why).toEqual([1, 1, 1]);
      await end(me.id);
      // Still watching the lobby (the marker arrives), no longer the account's events.
      expect(await inboxPings(realtime.server, [me, other], [...mine, theirs]), why).toEqual([0, 0, 1]);
      for (const s of mine) expect(await whoami(s), why).toBeNull();
      expect(await whoami(theirs), why).toEqual(summary(other));
    }
  });

  it("sign-out ends only its own session's sockets", async () => {
    const me = await newPlayer(h);
    const [signedOut, otherSession] = [randomUUID(), randomUUID()];
    const [gone, kept] = [await lobbySocket(realtime.url, await cookieFor(me, signedOut)), await lobbySocket(realtime.url, await cookieFor(me, otherSession))];
    await revokeSession(h.db, signedOut, new Date(Date.now() + 3600_000));
    expect(await inboxPings(realtime.server, [me], [gone, kept])).toEqual([0, 1]);
    expect(await whoami(gone)).toBeNull();
    expect(await whoami(kept)).toEqual(summary(me));
  });

  it("a change of role leaves the socket signed in once its session is read again, and tells its pages to catch up on what they missed meanwhile", async () => {
    const me = await newPlayer(h);
    const s = await lobbySocket(realtime.url, await cookieFor(me));
    let told = 0;
    s.on("inbox", () => told++);
    await grantAdmin(h.db, me.username);
    await expect.poll(() => whoami(s)).toEqual(summary(me));
    // Nobody pinged it: it was out of its room while its session was read again.
    await expect.poll(() => told).toBe(1);
    s.off("inbox");
    expect(await inboxPings(realtime.server, [me], [s])).toEqual([1]);
  });

  it("a socket whose session had already ended is anonymous from the start", async () => {
    const me = await newPlayer(h);
    const cookie = await cookieFor(me);
    await signOutEverywhere(h.db, me.id);
    const s = await lobbySocket(realtime.url, cookie);
    expect(await whoami(s)).toBeNull();
    expect(await inboxPings(realtime.server, [me], [s])).toEqual([0]);
  });
});

describe("changes nobody announced", () => {
  let realtime: RealtimeServer;
  beforeAll(async () => {
    // The clock and the periodic check's timer are the test's; Socket.IO's own timers are not.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"], now: Date.now() });
    realtime = await startRealtimeServer();
  });
  afterAll(async () => {
    await realtime.close();
    vi.useRealTimers();
  });

  /** Until the socket answers as anonymous: the check reads the database after the timer fires. */
  async function anonymousSoon(s: Socket): Promise<void> {
    for (let i = 0; i < 200 && (await whoami(s)) !== null; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await whoami(s)).toBeNull();
  }

  it("are found by the check every RECHECK_MS: a session version bumped by hand, and a token that expired", async () => {
    const [bumped, expiring, kept] = [await newPlayer(realtime.h), await newPlayer(realtime.h), await newPlayer(realtime.h)];
    const sockets = [
      await lobbySocket(realtime.url, await cookieFor(bumped)),
      await lobbySocket(realtime.url, await cookieFor(expiring, randomUUID(), RECHECK_MS / 2000)),
      await lobbySocket(realtime.url, await cookieFor(kept)),
    ];
    await realtime.h.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, bumped.id));
    expect(await whoami(sockets[0]!)).toEqual(summary(bumped));
    const now = Date.now();
    // Fires the check, which reads the clock before anything else; then the clock goes
    // back, or socket.io-client would take the jump for a connection that timed out.
    vi.advanceTimersByTime(RECHECK_MS);
    vi.setSystemTime(now);
    await anonymousSoon(sockets[0]!);
    await anonymousSoon(sockets[1]!);
    expect(await whoami(sockets[2]!)).toEqual(summary(kept));
    expect(await inboxPings(realtime.server, [bumped, expiring, kept], sockets)).toEqual([0, 0, 1]);
  });
});

const sharedDatabase = inject("testDatabaseUrl");
const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!sharedDatabase || !REDIS_URL)("across two server processes (PostgreSQL and Redis)", () => {
  let h: DbHandle;
  let redis: SharedRedis;
  let here: { server: MootIo; url: string };
  let other: ChildProcess;
  let otherUrl: string;

  beforeAll(async () => {
    // Process B: the site's realtime setup in a child process of its own.
    other = spawn(process.execPath, ["--import", "tsx", "test/realtime-process.ts"], {
      env: { ...process.env, DATABASE_URL: sharedDatabase!, REDIS_URL: REDIS_URL! },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const started = new Promise<string>((resolve, reject) => {
      other.once("exit", (code) => reject(new Error(`test/realtime-process.ts exited (${code}) before listening`)));
      createInterface({ input: other.stdout! }).once("line", (line) => resolve((JSON.parse(line) as { url: string }).url));
    });
    // Process A (this one): ends sessions and publishes, as the server process would.
    h = await openTestDatabase();
    redis = await connectRedis(REDIS_URL!);
    await listenForSessionChanges(redis);
    here = await listenRealtime(h.db, redis);
    otherUrl = await started;
  });
  afterAll(async () => {
    if (other && other.exitCode === null) {
      const exited = new Promise((resolve) => other.once("exit", resolve));
      other.kill("SIGTERM");
      await exited;
    }
    await here?.server.close();
    await redis?.close();
    await h?.close();
  });

  it("after sign out everywhere in process A, the account's socket on process B gets none of its private events; another user's is untouched", async () => {
    const [me, stranger] = [await newPlayer(h), await newPlayer(h)];
    const [mine, theirs] = [await lobbySocket(otherUrl, await cookieFor(me)), await lobbySocket(otherUrl, await cookieFor(stranger))];
    expect(await whoami(mine)).toEqual(summary(me));
    expect(await inboxPings(here.server, [me, stranger], [mine, theirs])).toEqual([1, 1]);

    await signOutEverywhere(h.db, me.id);
    expect(await inboxPings(here.server, [me, stranger], [mine, theirs])).toEqual([0, 1]);
    expect(await whoami(mine)).toBeNull();
    expect(await whoami(theirs)).toEqual(summary(stranger));
  });

  it("a sign-out in process A ends only that session's socket on process B", async () => {
    const me = await newPlayer(h);
    const signedOut = randomUUID();
    const [gone, kept] = [await lobbySocket(otherUrl, await cookieFor(me, signedOut)), await lobbySocket(otherUrl, await cookieFor(me))];
    await revokeSession(h.db, signedOut, new Date(Date.now() + 3600_000));
    expect(await inboxPings(here.server, [me], [gone, kept])).toEqual([0, 1]);
    expect(await whoami(gone)).toBeNull();
  });
});
