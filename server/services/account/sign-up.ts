// Creates an account. Usernames are unique ignoring case (enforced by a unique index
// on lower(username), so two sign-ups racing for one name cannot both win). An address
// given at sign-up starts unconfirmed and gets only the confirmation link.
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { SignUpInput } from "@/lib/account-rules";
import { hashPassword } from "@/server/auth/password";
import { AppError, isUniqueViolation } from "../errors";
import { assertAddressFree, countConfirmationMail, queueConfirmationMail } from "../notification/confirmation-mail";

export interface PublicUser {
  id: string;
  username: string;
}

const TAKEN = "That username is already taken. Please choose another.";

export async function signUp(db: Db, input: SignUpInput, now = new Date()): Promise<PublicUser> {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`);
  if (taken.length > 0) throw new AppError("CONFLICT", TAKEN);

  if (input.email) {
    await assertAddressFree(db, input.email, null);
    // A new account has no mails to count yet; sign-ups themselves are limited per client address.
    await countConfirmationMail(null, input.email, now);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ username: input.username, email: input.email ?? null, passwordHash })
        .returning({ id: users.id, username: users.username });
      if (input.email) await queueConfirmationMail(tx, row!.id, now);
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", TAKEN);
    throw err;
  }
}
