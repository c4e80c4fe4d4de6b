// Deletes an account after checking its password. The row is kept but emptied of
// personal data (name replaced, e-mail and password removed) so that the games and
// tournaments the player took part in keep a consistent history.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { verifyPassword } from "@/server/auth/password";
import { AppError } from "../errors";
import { requireLiveUser } from "./require-live-user";

export async function deleteAccount(db: Db, userId: string, input: { password: string }): Promise<void> {
  const user = await requireLiveUser(db, userId);
  if (!(await verifyPassword(user.passwordHash ?? "", input.password))) {
    throw new AppError("BAD_REQUEST", "That password is not correct; the account was not deleted.");
  }
  await db
    .update(users)
    .set({
      // "deleted-" + 8 hex characters: unique, within the username rules, clearly not a person.
      username: sql`'deleted-' || substr(md5(${users.id}::text), 1, 8)`,
      email: null,
      passwordHash: null,
      deletedAt: new Date(),
      sessionVersion: sql`${users.sessionVersion} + 1`,
    })
    .where(eq(users.id, user.id));
}
