// Creates an account. Usernames are unique ignoring case (enforced by a unique index
// on lower(username), so two sign-ups racing for one name cannot both win).
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { SignUpInput } from "@/lib/account-rules";
import { hashPassword } from "@/server/auth/password";
import { AppError, isUniqueViolation } from "../errors";

export interface PublicUser {
  id: string;
  username: string;
}

const TAKEN = "That username is already taken. Please choose another.";

export async function signUp(db: Db, input: SignUpInput): Promise<PublicUser> {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`);
  if (taken.length > 0) throw new AppError("CONFLICT", TAKEN);

  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({ username: input.username, email: input.email ?? null, passwordHash })
      .returning({ id: users.id, username: users.username });
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", TAKEN);
    throw err;
  }
}
