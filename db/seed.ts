// Demo data for a newcomer's first start on the embedded database: a handful of
// accounts (password below, documented in the README) so one can sign in at once.
import { count } from "drizzle-orm";
import type { Db } from "./client";
import { users } from "./schema";
import { hashPassword } from "@/server/auth/password";

export const DEMO_USERNAMES = ["alice", "bob", "carol", "dave", "erin", "frank"] as const;
export const DEMO_PASSWORD = "moot-demo";

/** Seeds only an empty database, so restarts and real installs are never touched. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.insert(users).values(DEMO_USERNAMES.map((username) => ({ username, passwordHash })));
  return true;
}
