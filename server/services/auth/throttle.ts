// Sign-in throttling per username and per client address, with growing delays.
// Stored in the database so it holds across restarts and across server processes.
// A locked key is refused before any password is checked, and the refusal reads the
// same whether or not the username exists.
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { authThrottle } from "@/db/schema";

interface Policy {
  freeFailures: number; // failures allowed before any delay
  baseDelayMs: number; // first delay, doubled with each further failure
  maxDelayMs: number;
}

const USER_POLICY: Policy = { freeFailures: 5, baseDelayMs: 2_000, maxDelayMs: 15 * 60_000 };
// One address may serve a whole club behind NAT: allow more before slowing it down.
const IP_POLICY: Policy = { freeFailures: 20, baseDelayMs: 2_000, maxDelayMs: 15 * 60_000 };
const FORGET_AFTER_MS = 24 * 60 * 60_000;

export const userKey = (username: string) => `user:${username.toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

function policyFor(key: string): Policy {
  return key.startsWith("ip:") ? IP_POLICY : USER_POLICY;
}

/** The delay imposed after the given number of consecutive failures. */
export function delayAfter(failures: number, policy: Policy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.baseDelayMs * 2 ** (failures - policy.freeFailures), policy.maxDelayMs);
}

/** Milliseconds until the most restrictive of the keys may try again (0 = allowed now). */
export async function lockedForMs(db: Db, keys: string[], now: Date): Promise<number> {
  const rows = await db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
  let wait = 0;
  for (const row of rows) {
    if (row.lockedUntil) wait = Math.max(wait, row.lockedUntil.getTime() - now.getTime());
  }
  return wait;
}

export async function recordFailure(db: Db, keys: string[], now: Date): Promise<void> {
  for (const key of keys) {
    const policy = policyFor(key);
    const [existing] = await db.select().from(authThrottle).where(eq(authThrottle.key, key));
    const stale = !existing || now.getTime() - existing.lastFailureAt.getTime() > FORGET_AFTER_MS;
    const failures = (stale ? 0 : existing.failures) + 1;
    const delay = delayAfter(failures, policy);
    const lockedUntil = delay > 0 ? new Date(now.getTime() + delay) : null;
    await db
      .insert(authThrottle)
      .values({ key, failures, lastFailureAt: now, lockedUntil })
      .onConflictDoUpdate({
        target: authThrottle.key,
        // Two failures racing each other both count: increment in SQL unless stale.
        set: stale
          ? { failures, lastFailureAt: now, lockedUntil }
          : { failures: sql`${authThrottle.failures} + 1`, lastFailureAt: now, lockedUntil },
      });
  }
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
