// The operator takes an account's site admin role away (scripts/admin.ts).
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { announceSessionChange } from "@/server/auth/session-changes";
import { users } from "@/db/schema";
import { liveAccount } from "./site-admins";

export async function revokeAdmin(db: Db, username: string): Promise<string> {
  const user = await liveAccount(db, username);
  if (user.role !== "admin") return `${user.username} (${user.id}) was not a site admin.`;
  await db.update(users).set({ role: "player" }).where(eq(users.id, user.id));
  await announceSessionChange({ userId: user.id });
  return `${user.username} (${user.id}) is no longer a site admin.`;
}
