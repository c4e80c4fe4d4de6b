// Site admin rights: a role stored on the account, changed only by the operator's
// command (scripts/admin.ts), never by anything a visitor can do. Because the role
// belongs to the account id, a deleted admin's freed name gives nobody anything.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "../errors";

async function liveAccount(db: Db, username: string) {
  const [user] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`, isNull(users.deletedAt)));
  if (!user) throw new AppError("NOT_FOUND", `There is no account named “${username}”.`);
  return user;
}

/** Makes the named account a site admin; returns a sentence saying what happened. */
export async function grantAdmin(db: Db, username: string): Promise<string> {
  const user = await liveAccount(db, username);
  if (user.role === "admin") return `${user.username} (${user.id}) is already a site admin.`;
  await db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
  return `${user.username} (${user.id}) is now a site admin.`;
}

export async function revokeAdmin(db: Db, username: string): Promise<string> {
  const user = await liveAccount(db, username);
  if (user.role !== "admin") return `${user.username} (${user.id}) was not a site admin.`;
  await db.update(users).set({ role: "player" }).where(eq(users.id, user.id));
  return `${user.username} (${user.id}) is no longer a site admin.`;
}

export async function listAdmins(db: Db): Promise<{ id: string; username: string }[]> {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.deletedAt)))
    .orderBy(asc(sql`lower(${users.username})`));
}
