// E-mail addresses are confirmed before Moot mails them anything but the confirmation
// link, and one address belongs to at most one account (a unique index on confirmed
// addresses; another account may type it but never confirm it). The link is bound to
// the account and its current address (address-token.ts), so changing the address
// kills it. Confirmation mails go through the outbox ("confirm" rows) and are limited
// per account and per address, so Moot cannot be used to flood someone's mailbox.
import { and, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { outbox, users } from "@/db/schema";
import { AppError } from "../errors";
import { enforceLimit, type Limit } from "../rate-limit";
import { addressLink } from "./address-token";

const DAY_MS = 24 * 3_600_000;
const PER_ACCOUNT: Limit = { what: "confirmation e-mails for this account", max: 5, windowMs: DAY_MS };
const PER_ADDRESS: Limit = { what: "confirmation e-mails to this address", max: 3, windowMs: DAY_MS };

export const ADDRESS_TAKEN = "That e-mail address belongs to another account. Please use another.";

export function confirmEmailUrl(userId: string, email: string): string {
  return addressLink("/api/confirm-email", "confirm-email", userId, email);
}

/** Refuses an address another live account has confirmed (case does not matter). */
export async function assertAddressFree(db: Db, email: string, userId: string | null): Promise<void> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        isNotNull(users.emailConfirmedAt),
        isNull(users.deletedAt),
        ...(userId ? [ne(users.id, userId)] : []),
      ),
    );
  if (other) throw new AppError("CONFLICT", ADDRESS_TAKEN);
}

/**
 * Counts one confirmation mail against the account's and the address's limits; throws
 * TOO_MANY_REQUESTS before anything changes.
 */
export async function countConfirmationMail(userId: string | null, email: string, now: Date): Promise<void> {
  if (userId) await enforceLimit(`confirm-mail:user:${userId}`, PER_ACCOUNT, now);
  await enforceLimit(`confirm-mail:to:${email.toLowerCase()}`, PER_ADDRESS, now);
}

/** Queues the confirmation mail for the account's current address (inside the caller's transaction). */
export async function queueConfirmationMail(tx: Db, userId: string, now: Date): Promise<void> {
  await tx.insert(outbox).values({ userId, channel: "confirm", dedupeKey: `confirm:${userId}:${now.getTime()}`, nextAttemptAt: now });
}
