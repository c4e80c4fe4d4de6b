// Following the confirmation link: the address is confirmed, unless another account
// confirmed it first or the link is dead.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { isUniqueViolation } from "../errors";
import { accountForAddressToken } from "./address-token";

export type ConfirmOutcome = "confirmed" | "taken" | "invalid";

/** Follows a confirmation link: marks the account's current address confirmed. */
export async function confirmEmail(db: Db, token: string, now = new Date()): Promise<ConfirmOutcome> {
  const user = await accountForAddressToken(db, "confirm-email", token);
  if (!user) return "invalid";
  if (user.emailConfirmedAt) return "confirmed";
  try {
    // The address in the condition too: a change between reading and writing wins.
    const done = await db
      .update(users)
      .set({ emailConfirmedAt: now })
      .where(and(eq(users.id, user.id), eq(users.email, user.email), isNull(users.emailConfirmedAt)))
      .returning({ id: users.id });
    return done.length > 0 ? "confirmed" : "invalid";
  } catch (err) {
    // Another account confirmed the same address first (users_confirmed_email_idx).
    if (isUniqueViolation(err)) return "taken";
    throw err;
  }
}
