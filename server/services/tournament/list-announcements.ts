// A tournament's announcements, newest first, as its page shows them.
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentAnnouncements, users } from "@/db/schema";

export async function listAnnouncements(db: Db, tournamentId: string) {
  return db
    .select({ id: tournamentAnnouncements.id, message: tournamentAnnouncements.message, createdAt: tournamentAnnouncements.createdAt, author: users.username })
    .from(tournamentAnnouncements)
    .innerJoin(users, eq(users.id, tournamentAnnouncements.authorId))
    .where(eq(tournamentAnnouncements.tournamentId, tournamentId))
    .orderBy(desc(tournamentAnnouncements.createdAt))
    .limit(50);
}
