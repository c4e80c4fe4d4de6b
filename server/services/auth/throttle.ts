// Password-check throttling per key ("user:<lowercase name>", "ip:<address>"), with
// growing delays. Stored in the database so it holds across restarts and processes.
//
// An attempt is *reserved* before any password is checked: one atomic
// INSERT … ON CONFLICT DO UPDATE … WHERE (not locked) RETURNING either counts the attempt
// (and, once the free attempts are used, locks the key for the next delay) or returns
// nothing because the key is locked. Checks racing each other therefore queue on the
// row, and however a burst of guesses is timed, at most the free attempts are checked
// before the lock holds. A successful check clears the user key and gives the address
// its attempt back. The refusal reads the same whether or not the username exists.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { authThrottle } from "@/db/schema";

interface Policy {
  freeAttempts: number; // attempts allowed before any delay
  baseDelayMs: number; // first delay, doubled with each further attempt
  maxDelayMs: number;
}

export const USER_POLICY: Policy = { freeAttempts: 5, baseDelayMs: 2_000, maxDelayMs: 15 * 60_000 };
// One address may serve a whole club behind NAT: allow more before slowing it down.
export const IP_POLICY: Policy = { freeAttempts: 20, baseDelayMs: 2_000, maxDelayMs: 15 * 60_000 };
const FORGET_AFTER_MS = 24 * 60 * 60_000;
// 2^30 × the base delay is far beyond the maximum already; keeps power() finite.
const MAX_DOUBLINGS = 30;

export const userKey = (username: string) => `user:${username.toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

function policyFor(key: string): Policy {
  return key.startsWith("ip:") ? IP_POLICY : USER_POLICY;
}

/** The delay imposed once the given number of attempts has been counted. */
export function delayAfter(attempts: number, policy: Policy): number {
  if (attempts < policy.freeAttempts) return 0;
  return Math.min(policy.baseDelayMs * 2 ** Math.min(attempts - policy.freeAttempts, MAX_DOUBLINGS), policy.maxDelayMs);
}

/**
 * Counts one attempt for the key, or returns the milliseconds until the key may try
 * again (nothing counted). 0 = the attempt is reserved and may be checked now.
 */
async function reserve(db: Db, key: string, now: Date): Promise<number> {
  const p = policyFor(key);
  const at = sql`${now.toISOString()}::timestamptz`;
  const forgetBefore = sql`${new Date(now.getTime() - FORGET_AFTER_MS).toISOString()}::timestamptz`;
  const next = sql`(case when ${authThrottle.lastFailureAt} < ${forgetBefore} then 1 else ${authThrottle.failures} + 1 end)`;
  const firstDelay = delayAfter(1, p);
  const reserved = await db
    .insert(authThrottle)
    .values({ key, failures: 1, lastFailureAt: now, lockedUntil: firstDelay > 0 ? new Date(now.getTime() + firstDelay) : null })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: next,
        lastFailureAt: now,
        lockedUntil: sql`case when ${next} >= ${p.freeAttempts}
          then ${at} + least(${p.baseDelayMs}::float8 * power(2, least(${next} - ${p.freeAttempts}, ${MAX_DOUBLINGS})), ${p.maxDelayMs}) * interval '1 millisecond'
          else null end`,
      },
      setWhere: sql`${authThrottle.lockedUntil} is null or ${authThrottle.lockedUntil} <= ${at}`,
    })
    .returning({ key: authThrottle.key });
  if (reserved.length > 0) return 0;
  const [row] = await db.select({ lockedUntil: authThrottle.lockedUntil }).from(authThrottle).where(eq(authThrottle.key, key));
  // Unlocked in between: wait a moment rather than check without a reservation.
  return Math.max(1, (row?.lockedUntil?.getTime() ?? now.getTime()) - now.getTime());
}

export type ThrottledCheck = { checked: true; ok: boolean } | { checked: false; waitMs: number };

/**
 * Reserves an attempt on every key (most general first) and only then runs the check.
 * `userKeyName` is cleared on success, the other keys get their attempt back.
 */
export async function throttledCheck(db: Db, keys: string[], check: () => Promise<boolean>, now = new Date()): Promise<ThrottledCheck> {
  for (const key of keys) {
    const waitMs = await reserve(db, key, now);
    if (waitMs > 0) return { checked: false, waitMs };
  }
  const ok = await check();
  if (ok) {
    for (const key of keys) {
      if (key.startsWith("user:")) {
        await db.delete(authThrottle).where(eq(authThrottle.key, key));
      } else {
        const free = policyFor(key).freeAttempts;
        await db
          .update(authThrottle)
          .set({
            failures: sql`greatest(${authThrottle.failures} - 1, 0)`,
            lockedUntil: sql`case when ${authThrottle.failures} - 1 < ${free} then null else ${authThrottle.lockedUntil} end`,
          })
          .where(eq(authThrottle.key, key));
      }
    }
  }
  return { checked: true, ok };
}

/** "Please wait 3 seconds and try again." */
export function waitSentence(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  return `Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
}
