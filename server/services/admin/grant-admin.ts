// The operator makes an account a site admin (scripts/admin.ts).
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { announceSessionChange } from "@/server/auth/session-changes";
import { users } from "@/db/schema";
import { liveAccount } from "./site-admins";

/** Makes the named account a site admin; returns a sentence saying what happened. */
export async function grantAdmin(db: Db, username: string): Promise<string> {
  const user = await liveAccount(db, username);
  if (user.role === "admin") return `${user.username} (${user.id}) is already a site admin.`;
  await db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
  await announceSessionChange({ userId: user.id });
  return `${user.username} (${user.id}) is now a site admin.`;
}
