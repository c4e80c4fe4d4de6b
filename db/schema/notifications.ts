// Notifications: the per-user inbox, the outbox that delivers them beyond the page
// (e-mail, Web Push) exactly once per channel, the browsers' push subscriptions, and
// each user's notification settings (e-mail kinds, digest, reminders, calendar token).
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { GAME_ACTION_KINDS, type NotificationKind, type NotificationPayload } from "@/lib/notification-kinds";
import { tournaments } from "./tournaments";
import { users } from "./users";
import { timeOrderedId } from "./ids";

export const notifications = pgTable(
  "notifications",
  {
    id: timeOrderedId(),
    /**
     * The account (users.id). No foreign key, on purpose: accounts are never removed
     * (delete-account.ts empties the row), and a key would make every insert lock the
     * user's row, a write to a random page of users (a full-page image in the WAL after
     * each checkpoint), for a check that cannot fail. Two notices per result made that
     * a third of the bytes a result wrote.
     */
    userId: uuid("user_id").notNull(),
    kind: text("kind").$type<NotificationKind>().notNull(),
    payload: jsonb("payload").$type<NotificationPayload>().notNull(),
    /** Where the notification leads (a site path such as /games/<id>). */
    link: text("link").notNull(),
    /** What it is about ("game:<id>", "tournament:<id>"): resolving goes by subject. */
    subject: text("subject").notNull(),
    /** Makes "notify once" a unique-index question (reminders, repeated events). */
    dedupeKey: text("dedupe_key"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    /** Set when its cause is gone (you moved, the report was answered). */
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    // Also carries read_at and resolved_at (INCLUDE, written by migration 0010: Drizzle
    // cannot declare it), so the unread count is an index-only scan of the user's range.
    // It replaced a partial index of unread rows: every notice was inserted into both,
    // two random pages per notice, whole pages in the WAL after each checkpoint.
    index("notifications_user_idx").on(t.userId, t.createdAt),
    // Only notices that ask for action are ever resolved by subject (GAME_ACTION_KINDS),
    // so only they are indexed by it; and only notices with a dedupe key go
    // into its unique index. A result's two game-over notices (migration 0013) then add
    // no entry to either: both took keys at random places, whose page splits (records of
    // 4–8 KB) made the largest results' WAL.
    index("notifications_subject_idx")
      .on(t.subject)
      .where(sql`${t.kind} in (${sql.raw(GAME_ACTION_KINDS.map((k) => `'${k}'`).join(", "))})`),
    uniqueIndex("notifications_dedupe_idx")
      .on(t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

/** "confirm": the link that confirms the account's current address (no notification). */
export type OutboxChannel = "email" | "push" | "digest" | "confirm";

/**
 * One row per notification and channel (and push subscription): claimed with FOR
 * UPDATE SKIP LOCKED by any process, so each is sent once; retried with backoff.
 */
export const outbox = pgTable(
  "notification_outbox",
  {
    id: timeOrderedId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    channel: text("channel").$type<OutboxChannel>().notNull(),
    /** The notification to send; null for a daily digest. */
    notificationId: uuid("notification_id").references(() => notifications.id, { onDelete: "cascade" }),
    /** The push subscription (push only). */
    subscriptionId: uuid("subscription_id"),
    /** Unique: queueing the same delivery twice is a no-op. */
    dedupeKey: text("dedupe_key").notNull(),
    /** pending | sent | failed (gave up) | skipped (nothing to send any more) */
    status: text("status").$type<"pending" | "sent" | "failed" | "skipped">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("outbox_dedupe_idx").on(t.dedupeKey),
    index("outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("outbox_failed_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed'`),
  ],
);

/**
 * Destinations the outbox worker backs off from (deliver-outbox.ts): "mail" (the SMTP
 * server) or a push service's origin. A failed send pauses its destination, so its
 * other rows wait instead of each failing in turn; a success removes the row. Shared
 * by every process. Usually empty.
 */
export const outboxDestinations = pgTable("notification_outbox_destinations", {
  destination: text("destination").primaryKey(),
  failures: integer("failures").notNull(),
  pausedUntil: timestamp("paused_until", { withTimezone: true, mode: "date" }).notNull(),
  lastError: text("last_error"),
});

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("push_endpoint_idx").on(t.endpoint), index("push_user_idx").on(t.userId)],
);

export const notificationSettings = pgTable("notification_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id),
  /** Kinds sent by e-mail (when the server has SMTP and the user an address). */
  emailKinds: jsonb("email_kinds").$type<NotificationKind[]>(),
  /** One mail a day listing what is unread, instead of one mail per notification. */
  emailDigest: boolean("email_digest").notNull().default(false),
  /** Hours before a flag falls to remind the player (null = the defaults). */
  reminderHours: jsonb("reminder_hours").$type<number[]>(),
  /** The secret in the private calendar feed's URL; rotating it kills the old URL. */
  calendarToken: text("calendar_token"),
  lastDigestAt: timestamp("last_digest_at", { withTimezone: true, mode: "date" }),
});

/** Messages an organizer posts to everyone in a tournament. */
export const tournamentAnnouncements = pgTable(
  "tournament_announcements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("announcements_tournament_idx").on(t.tournamentId, t.createdAt)],
);
