// A user asks for the confirmation link again (within the limits).
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "../errors";
import { assertAddressFree, countConfirmationMail, queueConfirmationMail } from "./confirmation-mail";

/** "Send the link again" from the settings page. */
export async function resendConfirmation(db: Db, userId: string, now = new Date()): Promise<void> {
  const [user] = await db
    .select({ email: users.email, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user?.email || user.emailConfirmedAt) throw new AppError("BAD_REQUEST", "There is no address waiting for confirmation.");
  await assertAddressFree(db, user.email, userId);
  await countConfirmationMail(userId, user.email, now);
  await queueConfirmationMail(db, userId, now);
}
