// Blocking: the blocker no longer sees the blocked person's chat messages, in any room
// (the history leaves them out, and pages drop them live). That is all it does: the
// blocked person is not told, still reads the room and still plays their games, since
// a block must not let anyone dodge a tournament pairing. Undone from Settings.
import { count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chatBlocks, users } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "../errors";

/** More than anyone needs; keeps one account from growing the table without end. */
export const MAX_BLOCKS = 500;

export async function blockUser(db: Db, user: SessionUser, blockedId: string, now = new Date()): Promise<void> {
  if (blockedId === user.id) throw new AppError("BAD_REQUEST", "You cannot block yourself.");
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
  if (!target) throw new AppError("NOT_FOUND", "There is no such player.");
  const [held] = await db.select({ n: count() }).from(chatBlocks).where(eq(chatBlocks.blockerId, user.id));
  if (held!.n >= MAX_BLOCKS)
    throw new AppError("BAD_REQUEST", `You already block ${MAX_BLOCKS} players, the most one account may; unblock someone in Settings first.`);
  // Blocking someone already blocked changes nothing.
  await db.insert(chatBlocks).values({ blockerId: user.id, blockedId, createdAt: now }).onConflictDoNothing();
}
