// The current password, asked again before a sensitive change (new password, account
// deletion), is a password guess like a sign-in: it shares the account's sign-in
// throttle, so a stolen session cannot test passwords faster than the sign-in form.
import type { Db } from "@/db/client";
import { verifyPassword } from "@/server/auth/password";
import { throttledCheck, userKey, waitSentence } from "../auth/throttle";
import { AppError } from "../errors";

export async function checkCurrentPassword(
  db: Db,
  user: { username: string; passwordHash: string | null },
  password: string,
  wrongMessage: string,
  now = new Date(),
): Promise<void> {
  const result = await throttledCheck(db, [userKey(user.username)], () => verifyPassword(user.passwordHash ?? "", password), now);
  if (!result.checked) throw new AppError("TOO_MANY_REQUESTS", `Too many wrong passwords. ${waitSentence(result.waitMs)}`);
  if (!result.ok) throw new AppError("BAD_REQUEST", wrongMessage);
}
