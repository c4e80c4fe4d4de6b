// Accounts and sign-in throttling.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    email: text("email"),
    // Set when the owner followed the confirmation link sent to `email`; cleared when the
    // address changes. Until then the address receives nothing but that link.
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    // Null once the account is deleted: the row stays so games and tournaments keep their history.
    passwordHash: text("password_hash"),
    // Bumped on password change and deletion; a session token carrying an older value is dead.
    sessionVersion: integer("session_version").notNull().default(1),
    // "admin" may act as organizer anywhere. Granted only by an operator
    // (`npm run admin -- grant NAME`), never by anything a visitor can choose.
    role: text("role", { enum: ["player", "admin"] })
      .notNull()
      .default("player"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    // One account per confirmed address: a second account may type it, never confirm it.
    uniqueIndex("users_confirmed_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailConfirmedAt} is not null`),
    check("users_role_check", sql`${t.role} in ('player', 'admin')`),
  ],
);

/**
 * Sessions signed out one by one (the `sid` in their token), until the token would have
 * expired anyway. Every request checks its sid here in the same statement that reads the
 * account (a primary-key probe); "sign out everywhere" and a password change bump the
 * account's sessionVersion instead.
 */
export const revokedSessions = pgTable(
  "revoked_sessions",
  {
    sid: uuid("sid").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("revoked_sessions_expires_idx").on(t.expiresAt)],
);

/** Failed sign-ins per key ("user:<lowercase name>" or "ip:<address>"). */
export const authThrottle = pgTable("auth_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/** Small site-wide values generated once (e.g. the session secret when none is configured). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Fixed-window request counters for rate limits, shared by every server process. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
  count: integer("count").notNull(),
});
