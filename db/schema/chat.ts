// Chat: one table of messages for every room (a game's players' room, a tournament's
// room), who blocks whom, and reports on messages. Rooms are named by kind and id,
// not by a foreign key, so one table serves both kinds; the services check that the
// game or tournament exists before anything is written.
import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CHAT_ROOM_KINDS, type ChatRoomKind } from "@/lib/chat";
import { timeOrderedId } from "./ids";
import { users } from "./users";

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: timeOrderedId(),
    roomKind: text("room_kind", { enum: CHAT_ROOM_KINDS }).$type<ChatRoomKind>().notNull(),
    roomId: uuid("room_id").notNull(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Hidden by the room's organizer or a site admin: gone for everyone, kept for the record. */
    hiddenBy: uuid("hidden_by").references(() => users.id),
    hiddenAt: timestamp("hidden_at", { withTimezone: true, mode: "date" }),
  },
  // A page of history is the newest messages of one room before a point: one range of this index.
  (t) => [index("chat_messages_room_idx").on(t.roomKind, t.roomId, t.createdAt, t.id)],
);

/** `blockerId` no longer sees `blockedId`'s messages. */
export const chatBlocks = pgTable(
  "chat_blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

/** A report on a message, open until a moderator hides the message or keeps it (`closedAt`). */
export const chatReports = pgTable(
  "chat_reports",
  {
    id: timeOrderedId(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => chatMessages.id),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    // One report per person and message: reporting again changes nothing.
    uniqueIndex("chat_reports_once_idx").on(t.messageId, t.reporterId),
    // The moderation queue reads open reports only.
    index("chat_reports_open_idx")
      .on(t.createdAt)
      .where(sql`${t.closedAt} is null`),
  ],
);
