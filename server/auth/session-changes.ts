// Sessions checked without a database round trip on every request, and ended at once
// everywhere. server/auth/session.ts reads a session's account once per process and
// remembers it here; whatever ends sessions (sign-out, "sign out everywhere", a password
// change, deletion, a change of role) announces it after its commit, and every process
// forgets what it remembered, so the next request reads the account again and is refused.
//
// The announcement reaches the other processes through Redis (REDIS_URL, the channel
// they already share for Socket.IO): it is published before the service answers, and
// Redis has written it to every subscribed process's connection before the publisher
// hears back, so a request sent after the answer finds it already on its way in. Without
// Redis there is one process (several need REDIS_URL for Socket.IO too,
// docs/deployment.md), which learns of its own changes directly.
//
// What is remembered is trusted only while it can be told: with Redis, only while this
// process's subscription is up (a reconnect forgets everything, since messages sent
// meanwhile are lost). And it is read again after RECHECK_MS anyway, which bounds
// changes nobody announced (an operator's `npm run admin` without REDIS_URL, a hand-made
// UPDATE).
//
// Sockets hold a session for as long as they stay connected: server/realtime/io.ts
// listens here (onSessionChange) and takes each ended session's sockets out of their
// user's room as soon as this process hears of it.
import type { SessionUser } from "./session";
import { sharedRedis, type SharedRedis } from "@/server/redis";
import { UUID_TEXT } from "@/db/schema/ids";

export type SessionChange = { sid: string } | { userId: string };
/** Told of each change this process hears of; "all" when announcements may have been lost. */
export type SessionChangeListener = (change: SessionChange | "all") => void;

const CHANNEL = "moot:session-changes";
/** A remembered account is read again after this long, announced or not. */
export const RECHECK_MS = 60_000;
/** Sessions remembered at most (the oldest forgotten first). */
const REMEMBERED_MAX = 20_000;

interface Remembered {
  user: SessionUser;
  /** The token's session version the account carried when read. */
  sv: number;
  readAt: number;
}

interface State {
  bySid: Map<string, Remembered>;
  sidsOf: Map<string, Set<string>>;
  /** Bumped by every change, so a read that raced one is not remembered. */
  generation: number;
  /** Set once this process listens on Redis: from then on, trust needs the subscription up. */
  redis: SharedRedis | null;
  listeners: Set<SessionChangeListener>;
}

const slot = globalThis as unknown as { __mootSessions?: State };
const state = (): State => (slot.__mootSessions ??= { bySid: new Map(), sidsOf: new Map(), generation: 0, redis: null, listeners: new Set() });

function trusted(s: State): boolean {
  return s.redis === null || s.redis.subscriber.isReady;
}

/** The account a session was last read with, if it may still be trusted. */
export function rememberedSession(sid: string, userId: string, sv: number, now = Date.now()): SessionUser | null {
  const s = state();
  const hit = s.bySid.get(sid);
  if (!hit || !trusted(s)) return null;
  if (hit.user.id !== userId || hit.sv !== sv || now - hit.readAt >= RECHECK_MS) return null;
  return hit.user;
}

/** Taken before reading an account; rememberSession keeps the answer only if nothing changed since. */
export function sessionGeneration(): number {
  return state().generation;
}

export function rememberSession(sid: string, user: SessionUser, sv: number, generation: number, now = Date.now()): void {
  const s = state();
  if (generation !== s.generation || !trusted(s)) return;
  if (s.bySid.size >= REMEMBERED_MAX && !s.bySid.has(sid)) {
    const [oldest, was] = s.bySid.entries().next().value!;
    drop(s, oldest, was.user.id);
  }
  s.bySid.delete(sid);
  s.bySid.set(sid, { user, sv, readAt: now });
  let sids = s.sidsOf.get(user.id);
  if (!sids) s.sidsOf.set(user.id, (sids = new Set()));
  sids.add(sid);
}

function drop(s: State, sid: string, userId: string): void {
  s.bySid.delete(sid);
  const sids = s.sidsOf.get(userId);
  sids?.delete(sid);
  if (sids?.size === 0) s.sidsOf.delete(userId);
}

/** Calls `listener` with every change this process hears of, its own and others'; returns the way to stop. */
export function onSessionChange(listener: SessionChangeListener): () => void {
  const listeners = state().listeners;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tell(s: State, change: SessionChange | "all"): void {
  for (const listener of s.listeners) {
    try {
      listener(change);
    } catch (err) {
      // One listener's failure must not keep the others (or the subscription) from hearing.
      console.error("[sessions] a session change listener failed:", err);
    }
  }
}

function forget(change: SessionChange): void {
  const s = state();
  s.generation++;
  if ("sid" in change) {
    const hit = s.bySid.get(change.sid);
    if (hit) drop(s, change.sid, hit.user.id);
  } else {
    for (const sid of s.sidsOf.get(change.userId) ?? []) s.bySid.delete(sid);
    s.sidsOf.delete(change.userId);
  }
  tell(s, change);
}

function forgetAll(): void {
  const s = state();
  s.generation++;
  s.bySid.clear();
  s.sidsOf.clear();
  tell(s, "all");
}

function parseChange(message: string): SessionChange | null {
  try {
    const m = JSON.parse(message) as Record<string, unknown>;
    if (typeof m.sid === "string" && UUID_TEXT.test(m.sid)) return { sid: m.sid };
    if (typeof m.userId === "string" && UUID_TEXT.test(m.userId)) return { userId: m.userId };
  } catch {
    // not ours
  }
  return null;
}

/**
 * Says, after its commit, that sessions ended (one by its id, or all of an account's,
 * whose version or role changed): this process forgets them at once, and the others
 * once Redis has passed it on, before this resolves.
 */
export async function announceSessionChange(change: SessionChange): Promise<void> {
  forget(change);
  const redis = sharedRedis();
  if (!redis) return;
  try {
    await redis.client.publish(CHANNEL, JSON.stringify(change));
  } catch (err) {
    // Committed already; the others re-read within RECHECK_MS.
    console.error("[sessions] could not announce a session change:", err);
  }
}

/** Listens for other processes' announcements (called once at start, with REDIS_URL). */
export async function listenForSessionChanges(redis: SharedRedis): Promise<void> {
  const s = state();
  // Messages sent while the subscription was down are lost: forget everything on its return.
  redis.subscriber.on("ready", forgetAll);
  await redis.subscriber.subscribe(CHANNEL, (message: string) => {
    const change = parseChange(message);
    if (change) forget(change);
  });
  forgetAll();
  s.redis = redis;
}
