// Posting a chat message: the room decides who may write (chat-room.ts), the message
// is stored, and after commit it goes live to the room's watchers. Nothing is mailed or
// pushed: chat reaches only the pages open on the room (docs/security.md).
import type { Db } from "@/db/client";
import { chatMessages } from "@/db/schema";
import type { ChatMessage, ChatRoom } from "@/lib/chat";
import type { SessionUser } from "@/server/auth/session";
import { publishChatMessage } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { chatMessageOf, roomAccess } from "./chat-room";

/** Stores and publishes a message (text already checked by the API's rules); refuses a caller who may not write there. */
export async function postMessage(db: Db, user: SessionUser, room: ChatRoom, text: string, now = new Date()): Promise<ChatMessage> {
  const { cannotWrite } = await roomAccess(db, room, user);
  if (cannotWrite) throw new AppError("FORBIDDEN", cannotWrite);
  const [row] = await db
    .insert(chatMessages)
    .values({ roomKind: room.kind, roomId: room.id, authorId: user.id, text, createdAt: now })
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  const message = chatMessageOf({
    id: row!.id,
    roomKind: room.kind,
    roomId: room.id,
    authorId: user.id,
    author: user.username,
    text,
    createdAt: row!.createdAt,
  });
  publishChatMessage(message);
  return message;
}
