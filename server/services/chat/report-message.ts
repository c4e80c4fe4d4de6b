// Reporting a message: any signed-in reader flags it with a reason for the room's
// organizer and the site admins, who find it on "Your turn" (reported-messages.ts; the
// organizer's open pages refetch their "Your turn" count at once). Nobody is mailed; a
// second report by the same person changes nothing.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chatMessages, chatReports } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { pingInbox } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { roomOrganizer } from "./chat-room";

export async function reportMessage(db: Db, user: SessionUser, messageId: string, reason: string, now = new Date()): Promise<void> {
  const [m] = await db
    .select({ authorId: chatMessages.authorId, hiddenAt: chatMessages.hiddenAt, roomKind: chatMessages.roomKind, roomId: chatMessages.roomId })
    .from(chatMessages)
    .where(eq(chatMessages.id, messageId));
  if (!m || m.hiddenAt) throw new AppError("NOT_FOUND", "There is no such message.");
  if (m.authorId === user.id) throw new AppError("BAD_REQUEST", "You cannot report your own message.");
  const added = await db
    .insert(chatReports)
    .values({ messageId, reporterId: user.id, reason, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: chatReports.id });
  // A bare ping (the same the inbox uses), no notice: the header's count refetches.
  const organizer = added.length > 0 ? await roomOrganizer(db, { kind: m.roomKind, id: m.roomId }) : null;
  if (organizer) pingInbox([organizer]);
}
