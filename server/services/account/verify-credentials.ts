// Checks a username and password for sign-in, with throttling per username and per
// client address. The refusal never says whether the username exists.
import { and, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { ZUsername } from "@/lib/account-rules";
import { burnVerifyTime, verifyPassword } from "@/server/auth/password";
import { ipKey, throttledCheck, userKey, waitSentence } from "../auth/throttle";

export type SignInResult = { ok: true; user: { id: string; username: string; sessionVersion: number } } | { ok: false; message: string };

export const WRONG_CREDENTIALS = "Wrong username or password.";

export async function verifyCredentials(db: Db, input: { username: string; password: string; ip: string | null }, now = new Date()): Promise<SignInResult> {
  const username = input.username.trim();
  // Malformed input is just a wrong sign-in: no lookup, same message. (A name no account
  // can have, e.g. with a NUL that PostgreSQL would refuse, never reaches the query.)
  if (!ZUsername.safeParse(username).success || !input.password || input.password.length > 200) {
    return { ok: false, message: WRONG_CREDENTIALS };
  }
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, isNull(users.deletedAt)));
  // The attempt is counted before the password is checked (see throttle.ts), so a burst
  // of guesses gets no more checks than guesses sent one by one.
  const keys = [...(input.ip ? [ipKey(input.ip)] : []), userKey(username)];
  const result = await throttledCheck(
    db,
    keys,
    async () => {
      if (user?.passwordHash) return verifyPassword(user.passwordHash, input.password);
      await burnVerifyTime(input.password);
      return false;
    },
    now,
  );
  if (!result.checked) return { ok: false, message: `Too many failed sign-ins. ${waitSentence(result.waitMs)}` };
  if (!user || !result.ok) return { ok: false, message: WRONG_CREDENTIALS };
  return { ok: true, user: { id: user.id, username: user.username, sessionVersion: user.sessionVersion } };
}
