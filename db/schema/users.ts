// Accounts and sign-in throttling.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    email: text("email"),
    // Null once the account is deleted: the row stays so games and tournaments keep their history.
    passwordHash: text("password_hash"),
    // Bumped on password change and deletion; a session token carrying an older value is dead.
    sessionVersion: integer("session_version").notNull().default(1),
    // "admin" may act as organizer anywhere. Granted only by an operator
    // (`npm run admin -- grant NAME`), never by anything a visitor can choose.
    role: text("role", { enum: ["player", "admin"] }).notNull().default("player"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`), check("users_role_check", sql`${t.role} in ('player', 'admin')`)],
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
