import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "../errors";

/** The account row of a signed-in caller; refuses a deleted or unknown account. */
export async function requireLiveUser(db: Db, userId: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError("UNAUTHORIZED", "Your session has ended. Please sign in again.");
  return user;
}
