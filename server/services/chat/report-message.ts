// Reporting a message: any signed-in reader flags it with a reason for the room's
// organizer and the site admins, who find it on "Your turn" (reported-messages.ts).
// Nobody is mailed; a second report by the same person changes nothing.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chatMessages, chatReports } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "../errors";

export async function reportMessage(db: Db, user: SessionUser, messageId: string, reason: string, now = new Date()): Promise<void> {
  const [m] = await db.select({ authorId: chatMessages.authorId, hiddenAt: chatMessages.hiddenAt }).from(chatMessages).where(eq(chatMessages.id, messageId));
  if (!m || m.hiddenAt) throw new AppError("NOT_FOUND", "There is no such message.");
  if (m.authorId === user.id) throw new AppError("BAD_REQUEST", "You cannot report your own message.");
  await db.insert(chatReports).values({ messageId, reporterId: user.id, reason, createdAt: now }).onConflictDoNothing();
}
