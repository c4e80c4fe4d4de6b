// "Sign out everywhere": bumping sessionVersion makes every token issued so far (this
// browser's too) stand for no one, on every endpoint that reads a session; every process
// is told to read the account again (session-changes.ts).
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { announceSessionChange } from "@/server/auth/session-changes";
import { requireLiveUser } from "./require-live-user";

export async function signOutEverywhere(db: Db, userId: string): Promise<void> {
  const user = await requireLiveUser(db, userId);
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, user.id));
  await announceSessionChange({ userId: user.id });
}
