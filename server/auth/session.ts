// Who is calling: the one place that turns a request's cookies into a signed-in user,
// used by tRPC, server-rendered pages and Socket.IO alike. The token alone is not
// trusted: the account must still exist and carry the token's sessionVersion.
import { and, eq, isNull } from "drizzle-orm";
import { getToken } from "next-auth/jwt";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { isSiteAdmin } from "@/server/services/admin/site-admins";

export interface SessionUser {
  id: string;
  username: string;
  isAdmin: boolean;
}

export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw); // a malformed escape is not our problem to fix
    }
  }
  return cookies;
}

export async function sessionUserFromCookies(db: Db, cookieHeader: string | null | undefined): Promise<SessionUser | null> {
  const cookies = parseCookieHeader(cookieHeader);
  if (cookies.size === 0) return null;
  const token = await getToken({
    req: { cookies, headers: {} } as unknown as Parameters<typeof getToken>[0]["req"],
    secret: process.env.NEXTAUTH_SECRET,
    logger: { error: () => {}, warn: () => {}, debug: () => {} } as never,
  }).catch(() => null);
  if (!token?.sub || typeof token.sv !== "number") return null;
  const [user] = await db
    .select({ id: users.id, username: users.username, sessionVersion: users.sessionVersion, role: users.role })
    .from(users)
    .where(and(eq(users.id, token.sub), isNull(users.deletedAt)));
  if (!user || user.sessionVersion !== token.sv) return null;
  return {
    id: user.id,
    username: user.username,
    // A role stored on the account (or its id named by the operator), never its name.
    isAdmin: isSiteAdmin(user),
  };
}
