// A player's name, for the audit log's sentences about them.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "../errors";

export async function usernameOf(tx: Db, userId: string): Promise<string> {
  const [u] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!u) throw new AppError("NOT_FOUND", "There is no such player.");
  return u.username;
}
