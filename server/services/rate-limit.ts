// Rate limits: a fixed-window counter per key, counted where it costs no database round
// trip (every move passes here, and a database upsert was a round trip of each).
//
// With REDIS_URL the count is in Redis, one INCR per check, shared by every process: a
// limit is a limit for the whole site, and survives a process's restart. Without it,
// the count is in this process's memory: the site is then one process (several need
// REDIS_URL, docs/deployment.md), and a restart starts every window afresh. While
// Redis cannot be reached, each process counts in its own memory, so limits hold per
// process rather than not at all.
import { createHash } from "node:crypto";
import { sharedRedis } from "@/server/redis";
import { AppError } from "./errors";

export interface Limit {
  /** What is limited, as the user reads it: "sign-ups", "moves". */
  what: string;
  max: number;
  windowMs: number;
}

interface Window {
  count: number;
  endsAt: number;
}

const slot = globalThis as unknown as { __mootLimits?: { windows: Map<string, Window>; sweptAt: number } };
const memory = () => (slot.__mootLimits ??= { windows: new Map(), sweptAt: 0 });
/** How often the memory counter drops windows that have ended. */
const SWEEP_MS = 60_000;

function countInMemory(key: string, windowStart: number, windowMs: number, now: number): number {
  const m = memory();
  if (now - m.sweptAt >= SWEEP_MS) {
    for (const [k, w] of m.windows) if (w.endsAt <= now) m.windows.delete(k);
    m.sweptAt = now;
  }
  const name = `${key}@${windowStart}`;
  const w = m.windows.get(name);
  if (w) return ++w.count;
  m.windows.set(name, { count: 1, endsAt: windowStart + windowMs });
  return 1;
}

/**
 * Keys are the site's own: several sites (or test runs) may share one Redis, so they
 * are named after a digest of the session secret, which one site's processes share.
 */
let namespace: { secret: string | undefined; prefix: string } | null = null;
function redisKey(key: string, windowStart: number): string {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!namespace || namespace.secret !== secret) {
    const digest = createHash("sha256")
      .update(`moot rate limits ${secret ?? ""}`)
      .digest("hex")
      .slice(0, 16);
    namespace = { secret, prefix: `moot:limit:${digest}:` };
  }
  return `${namespace.prefix}${key}@${windowStart}`;
}

async function count(key: string, windowStart: number, windowMs: number, now: number): Promise<number> {
  const redis = sharedRedis();
  if (redis?.client.isReady) {
    const name = redisKey(key, windowStart);
    // One round trip: count, and let Redis drop the key once its window is over
    // (relative to now: the processes' clocks and Redis's need not agree).
    const [n] = await redis.client
      .multi()
      .incr(name)
      .pExpire(name, windowStart + windowMs - now + 1_000)
      .exec();
    return Number(n);
  }
  return countInMemory(key, windowStart, windowMs, now);
}

/** Counts one more under `key`; refuses with a sentence saying how long to wait once past the limit. */
export async function enforceLimit(key: string, limit: Limit, now = new Date()): Promise<void> {
  const windowStart = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  const n = await count(key, windowStart, limit.windowMs, now.getTime());
  if (n > limit.max) {
    const wait = Math.ceil((windowStart + limit.windowMs - now.getTime()) / 1000);
    const when = wait >= 120 ? `${Math.ceil(wait / 60)} minutes` : `${wait} seconds`;
    throw new AppError("TOO_MANY_REQUESTS", `Too many ${limit.what}. Please wait ${when} and try again.`);
  }
}
