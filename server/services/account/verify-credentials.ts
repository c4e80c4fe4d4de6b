// Checks a username and password for sign-in, with throttling per username and per
// client address. The refusal never says whether the username exists.
import { and, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { burnVerifyTime, verifyPassword } from "@/server/auth/password";
import { clearFailures, ipKey, lockedForMs, recordFailure, userKey } from "../auth/throttle";

export type SignInResult =
  | { ok: true; user: { id: string; username: string; sessionVersion: number } }
  | { ok: false; message: string };

export const WRONG_CREDENTIALS = "Wrong username or password.";

export async function verifyCredentials(
  db: Db,
  input: { username: string; password: string; ip: string | null },
  now = new Date(),
): Promise<SignInResult> {
  const username = input.username.trim();
  // Malformed input is just a wrong sign-in: no lookup, same message.
  if (!username || username.length > 64 || !input.password || input.password.length > 200) {
    return { ok: false, message: WRONG_CREDENTIALS };
  }
  const keys = [userKey(username), ...(input.ip ? [ipKey(input.ip)] : [])];
  const wait = await lockedForMs(db, keys, now);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    return {
      ok: false,
      message: `Too many failed sign-ins. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
    };
  }

  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, isNull(users.deletedAt)));
  let valid = false;
  if (user?.passwordHash) valid = await verifyPassword(user.passwordHash, input.password);
  else await burnVerifyTime(input.password);

  if (!user || !valid) {
    await recordFailure(db, keys, now);
    return { ok: false, message: WRONG_CREDENTIALS };
  }
  await clearFailures(db, userKey(username));
  return { ok: true, user: { id: user.id, username: user.username, sessionVersion: user.sessionVersion } };
}
