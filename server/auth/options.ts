// next-auth (v4, the stable line) configuration: username + password credentials,
// JWT sessions in an http-only cookie. The token carries the user id, the username, the
// account's sessionVersion and a session id (sid); the server re-checks both on every
// request (server/auth/session.ts), next-auth's own /api/auth/session included (the jwt
// callback below), so sign-out, "sign out everywhere", a password change or deletion
// end a session even for someone holding a copy of its cookie.
import { randomUUID } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { sharedDatabase } from "@/db/client";
import { revokeSession } from "@/server/services/account/revoke-session";
import { verifyCredentials } from "@/server/services/account/verify-credentials";
import { clientIpFromHeaders } from "./client-ip";
import { sessionIdOf, sessionUserFromToken } from "./session";

export const SIGN_IN_UNAVAILABLE = "Signing in is not possible right now. Please try again in a minute.";

export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

/** Thrown by the jwt callback for a token that stands for no one: next-auth then answers {} and clears the cookie. */
class SessionEnded extends Error {
  constructor() {
    super("session ended");
  }
}

export function authOptions(): NextAuthOptions {
  return {
    secret: process.env.NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/signin" },
    providers: [
      CredentialsProvider({
        name: "Username and password",
        credentials: { username: { type: "text" }, password: { type: "password" } },
        async authorize(credentials, req) {
          let result;
          try {
            const { db } = await sharedDatabase();
            result = await verifyCredentials(db, {
              username: String(credentials?.username ?? ""),
              password: String(credentials?.password ?? ""),
              ip: clientIpFromHeaders(req.headers ?? {}),
            });
          } catch (err) {
            // next-auth puts a thrown message into the error page's URL: a database error
            // (SQL and parameters) must never get there. Log it; the person reads a sentence.
            console.error("[auth] sign-in check failed:", err);
            throw new Error(SIGN_IN_UNAVAILABLE);
          }
          // next-auth hands a thrown message to the sign-in form as `error`.
          if (!result.ok) throw new Error(result.message);
          return { id: result.user.id, name: result.user.username, sv: result.user.sessionVersion };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.name = user.name;
          token.sv = (user as { sv?: number }).sv;
          token.sid = randomUUID();
          return token;
        }
        // Reading (or refreshing) an existing session: the same checks as every other endpoint.
        const { db } = await sharedDatabase();
        if (!(await sessionUserFromToken(db, token))) throw new SessionEnded();
        return token;
      },
      session({ session, token }) {
        session.user = { id: token.sub!, name: token.name ?? "" };
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        const sid = sessionIdOf(token);
        if (!sid || typeof token.exp !== "number") return;
        const { db } = await sharedDatabase();
        await revokeSession(db, sid, new Date(token.exp * 1000));
      },
    },
    logger: {
      // An ended session read through /api/auth/session is expected, not an error to log.
      error(code, metadata) {
        if (code === "JWT_SESSION_ERROR" && metadata instanceof SessionEnded) return;
        console.error(`[next-auth][error][${code}]`, metadata);
      },
    },
  };
}
