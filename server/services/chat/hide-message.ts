// Hiding a message: the room's organizer or a site admin takes it out of the room for
// everyone (kept in the table with who hid it and when); open reports on it are closed,
// and every page on the room drops it live.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chatMessages, chatReports } from "@/db/schema";
import { chatSocketRoom } from "@/lib/chat";
import type { SessionUser } from "@/server/auth/session";
import { publishChatHidden } from "@/server/realtime/publish";
import { afterCommit, transaction } from "../transaction";
import { moderatedMessage } from "./chat-room";

export async function hideMessage(db: Db, user: SessionUser, messageId: string, now = new Date()): Promise<void> {
  const { room, hidden } = await moderatedMessage(db, user, messageId);
  if (hidden) return;
  await transaction(db, async (tx) => {
    await tx
      .update(chatMessages)
      .set({ hiddenBy: user.id, hiddenAt: now })
      .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.hiddenAt)));
    await tx
      .update(chatReports)
      .set({ closedAt: now })
      .where(and(eq(chatReports.messageId, messageId), isNull(chatReports.closedAt)));
    afterCommit(tx, () => publishChatHidden(chatSocketRoom(room), messageId));
  });
}
