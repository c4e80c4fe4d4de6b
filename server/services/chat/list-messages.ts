// A room's history, newest page first ("older messages" pages back from the oldest
// shown), without hidden messages and without the messages of people the viewer
// blocks; with what the viewer may do in the room, so the page draws the right form.
import { and, desc, eq, isNull, notExists, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chatBlocks, chatMessages, users } from "@/db/schema";
import { CHAT_PAGE_SIZE, type ChatMessage, type ChatRoom } from "@/lib/chat";
import type { SessionUser } from "@/server/auth/session";
import { chatMessageOf, roomAccess } from "./chat-room";

export interface ChatHistory {
  /** Oldest first. */
  messages: ChatMessage[];
  hasOlder: boolean;
  /** Null when the viewer may write; otherwise why not, as a sentence. */
  cannotWrite: string | null;
  canModerate: boolean;
  /** Ids of the people the viewer blocks: live messages from them are dropped by the page too. */
  blocked: string[];
}

export async function listMessages(db: Db, viewer: SessionUser | null, room: ChatRoom, before?: string): Promise<ChatHistory> {
  const access = await roomAccess(db, room, viewer);
  const conditions = [eq(chatMessages.roomKind, room.kind), eq(chatMessages.roomId, room.id), isNull(chatMessages.hiddenAt)];
  if (viewer) {
    conditions.push(
      notExists(
        db
          .select({ one: sql`1` })
          .from(chatBlocks)
          .where(and(eq(chatBlocks.blockerId, viewer.id), eq(chatBlocks.blockedId, chatMessages.authorId))),
      ),
    );
  }
  // Before a message of this room: by time, then id (two messages may share an instant).
  // An id that is not a message of the room gives no rows rather than another room's.
  if (before) {
    conditions.push(
      sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (select b.created_at, b.id from chat_messages b where b.id = ${before} and b.room_kind = ${room.kind} and b.room_id = ${room.id})`,
    );
  }
  const [rows, blocked] = await Promise.all([
    db
      .select({
        id: chatMessages.id,
        roomKind: chatMessages.roomKind,
        roomId: chatMessages.roomId,
        authorId: chatMessages.authorId,
        author: users.username,
        text: chatMessages.text,
        createdAt: chatMessages.createdAt,
      })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.authorId))
      .where(and(...conditions))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(CHAT_PAGE_SIZE + 1),
    viewer ? db.select({ id: chatBlocks.blockedId }).from(chatBlocks).where(eq(chatBlocks.blockerId, viewer.id)) : Promise.resolve([]),
  ]);
  return {
    messages: rows.slice(0, CHAT_PAGE_SIZE).reverse().map(chatMessageOf),
    hasOlder: rows.length > CHAT_PAGE_SIZE,
    cannotWrite: access.cannotWrite,
    canModerate: access.canModerate,
    blocked: blocked.map((b) => b.id),
  };
}
