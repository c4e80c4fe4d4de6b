// Changes a password after checking the current one. Bumping sessionVersion signs
// the account out everywhere else; the caller signs in again with the new password.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { hashPassword } from "@/server/auth/password";
import { announceSessionChange } from "@/server/auth/session-changes";
import { checkCurrentPassword } from "./check-current-password";
import { AppError } from "../errors";
import { requireLiveUser } from "./require-live-user";

export async function changePassword(db: Db, userId: string, input: { currentPassword: string; newPassword: string }, now = new Date()): Promise<void> {
  const user = await requireLiveUser(db, userId);
  await checkCurrentPassword(db, user, input.currentPassword, "Your current password is not correct.", now);
  if (input.currentPassword === input.newPassword) {
    throw new AppError("BAD_REQUEST", "The new password must differ from the current one.");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, user.id));
  await announceSessionChange({ userId: user.id });
}
