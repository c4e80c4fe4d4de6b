// next-auth (v4, the stable line) configuration: username + password credentials,
// JWT sessions in an http-only cookie. The token carries the user id, the username and
// the account's sessionVersion; the server re-checks that version on every request
// (server/auth/session.ts), so a password change or deletion ends old sessions.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { sharedDatabase } from "@/db/client";
import { verifyCredentials } from "@/server/services/account/verify-credentials";
import { clientIpFromHeaders } from "./client-ip";

export const SIGN_IN_UNAVAILABLE = "Signing in is not possible right now. Please try again in a minute.";

export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

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
      jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.name = user.name;
          token.sv = (user as { sv?: number }).sv;
        }
        return token;
      },
      session({ session, token }) {
        session.user = { id: token.sub!, name: token.name ?? "" };
        return session;
      },
    },
  };
}
