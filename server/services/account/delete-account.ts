// Deletes an account after checking its password. The row is kept but emptied of
// personal data (name replaced, e-mail and password removed) so that the games and
// tournaments the player took part in keep a consistent history.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { authThrottle, users } from "@/db/schema";
import { DELETED_PREFIX } from "@/lib/account-rules";
import { announceSessionChange } from "@/server/auth/session-changes";
import { userKey } from "../auth/throttle";
import { checkCurrentPassword } from "./check-current-password";
import { requireLiveUser } from "./require-live-user";

export async function deleteAccount(db: Db, userId: string, input: { password: string }, now = new Date()): Promise<void> {
  const user = await requireLiveUser(db, userId);
  await checkCurrentPassword(db, user, input.password, "That password is not correct; the account was not deleted.", now);
  await db
    .update(users)
    .set({
      // "deleted-" + the whole account id: unique because the id is, and no sign-up can
      // take it first (the prefix is reserved in lib/account-rules.ts).
      username: sql`${DELETED_PREFIX} || ${users.id}::text`,
      email: null,
      passwordHash: null,
      role: "player",
      deletedAt: now,
      sessionVersion: sql`${users.sessionVersion} + 1`,
    })
    .where(eq(users.id, user.id));
  await announceSessionChange({ userId: user.id });
  // Whoever registers the freed name later starts with a clean sign-in record.
  await db.delete(authThrottle).where(eq(authThrottle.key, userKey(user.username)));
}
