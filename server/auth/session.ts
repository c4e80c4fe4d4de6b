// Who is calling: the one place that turns a request's cookies into a signed-in user,
// used by tRPC, server-rendered pages, Socket.IO and next-auth's own /api/auth/session
// alike. The token alone is not trusted: the account must still exist and carry the
// token's sessionVersion (bumped by a password change and "sign out everywhere"), and the
// token's session id must not have been signed out (revoked_sessions). That is read from
// the database once per session and process, then remembered until something ends
// sessions and says so (session-changes.ts): a move's request costs no query here.
import { and, eq, isNull, notExists } from "drizzle-orm";
import { decode, getToken, type JWT, type JWTDecodeParams } from "next-auth/jwt";
import type { Db } from "@/db/client";
import { revokedSessions, users } from "@/db/schema";
import { UUID_TEXT } from "@/db/schema/ids";
import { isSiteAdmin } from "@/server/services/admin/site-admins";
import { rememberedSession, rememberSession, sessionGeneration } from "./session-changes";

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

/**
 * Session tokens decrypted lately, by token. Decrypting one derives the key (HKDF) and
 * decrypts it again on every request, a millisecond of each move's round trip; the
 * answer depends only on the token and the secret, so it is remembered. The expiry is
 * checked again on each use (next-auth's 15 s tolerance); the account behind it is
 * remembered apart (session-changes.ts), and forgotten whenever sessions end.
 */
const decrypted = new Map<string, { secret: string; payload: JWT }>();
/** Tokens remembered at most (oldest forgotten first): about a kilobyte each. */
const DECRYPTED_MAX = 5_000;
const EXP_TOLERANCE_S = 15;

async function decodeRemembered(params: JWTDecodeParams): Promise<JWT | null> {
  const { token, secret } = params;
  if (!token || typeof secret !== "string") return decode(params);
  const hit = decrypted.get(token);
  if (hit && hit.secret === secret) {
    const exp = hit.payload.exp;
    if (typeof exp === "number" && exp + EXP_TOLERANCE_S > Date.now() / 1000) return hit.payload;
    decrypted.delete(token);
    return null;
  }
  const payload = await decode(params);
  if (payload && typeof payload.exp === "number") {
    if (decrypted.size >= DECRYPTED_MAX) decrypted.delete(decrypted.keys().next().value!);
    decrypted.set(token, { secret, payload });
  }
  return payload;
}

/** The session id of a token; tokens without one (issued before sign-out could revoke one) are not accepted. */
export function sessionIdOf(token: Pick<JWT, "sid"> | null | undefined): string | null {
  return typeof token?.sid === "string" && UUID_TEXT.test(token.sid) ? token.sid : null;
}

/** The signed-in user a decoded token stands for, or null when it no longer stands for anyone. */
export async function sessionUserFromToken(db: Db, token: JWT | null): Promise<SessionUser | null> {
  const sid = sessionIdOf(token);
  if (!token?.sub || typeof token.sv !== "number" || !sid || !UUID_TEXT.test(token.sub)) return null;
  const remembered = rememberedSession(sid, token.sub, token.sv);
  if (remembered) return remembered;
  const generation = sessionGeneration();
  // One statement: the account and the revocation check (a primary-key probe) together.
  const [user] = await db
    .select({ id: users.id, username: users.username, sessionVersion: users.sessionVersion, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.id, token.sub),
        isNull(users.deletedAt),
        notExists(db.select({ sid: revokedSessions.sid }).from(revokedSessions).where(eq(revokedSessions.sid, sid))),
      ),
    );
  if (!user || user.sessionVersion !== token.sv) return null;
  const sessionUser: SessionUser = Object.freeze({
    id: user.id,
    username: user.username,
    // A role stored on the account (or its id named by the operator), never its name.
    isAdmin: isSiteAdmin(user),
  });
  rememberSession(sid, sessionUser, token.sv, generation);
  return sessionUser;
}

/** A live session: who, and the token that says so (to check it again later, as a socket does). */
export interface Session {
  user: SessionUser;
  sid: string;
  token: JWT;
}

export async function sessionFromCookies(db: Db, cookieHeader: string | null | undefined): Promise<Session | null> {
  const cookies = parseCookieHeader(cookieHeader);
  if (cookies.size === 0) return null;
  const token = await getToken({
    req: { cookies, headers: {} } as unknown as Parameters<typeof getToken>[0]["req"],
    secret: process.env.NEXTAUTH_SECRET,
    decode: decodeRemembered,
    logger: { error: () => {}, warn: () => {}, debug: () => {} } as never,
  }).catch(() => null);
  const user = await sessionUserFromToken(db, token);
  // A user means the token carried a valid session id.
  return user && token ? { user, sid: sessionIdOf(token)!, token } : null;
}

export async function sessionUserFromCookies(db: Db, cookieHeader: string | null | undefined): Promise<SessionUser | null> {
  return (await sessionFromCookies(db, cookieHeader))?.user ?? null;
}
