// Site admin rights: a role stored on the account, changed only by the operator's
// command (scripts/admin.ts), never by anything a visitor can do. Running servers hear of
// a change through Redis when the command has REDIS_URL, else within RECHECK_MS
// (server/auth/session-changes.ts). Because the role
// belongs to the account id, a deleted admin's freed name gives nobody anything.
// This file says who is an admin; granting, revoking and listing have their own.
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { config } from "@/server/config";
import { AppError } from "../errors";

export async function liveAccount(db: Db, username: string) {
  const [user] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`, isNull(users.deletedAt)));
  if (!user) throw new AppError("NOT_FOUND", `There is no account named “${username}”.`);
  return user;
}

/** Whether an account is a site admin: its stored role, or its id named in ADMIN_ACCOUNT_IDS. */
export function isSiteAdmin(account: { id: string; role: string | null }): boolean {
  return account.role === "admin" || config().ADMIN_ACCOUNT_IDS.includes(account.id);
}

/** Every site admin's account id (for notices that admins must act on). */
export async function siteAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(or(eq(users.role, "admin"), inArray(users.id, [...config().ADMIN_ACCOUNT_IDS, NO_ID])), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

// inArray needs at least one value; this id is never an account.
const NO_ID = "00000000-0000-0000-0000-000000000000";
