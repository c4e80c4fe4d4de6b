// Organizer announcements: a message to everyone in a tournament, kept on the
// tournament page and sent to each player's inbox (and on by their channels).
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentAnnouncements, users } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { pingInbox } from "@/server/realtime/publish";
import { audit, lockTournament, requireOrganizer } from "../tournament/tournament-row";
import { notify, tournamentLink, tournamentSubject } from "./notify";
import { playersOf } from "./tournament-notices";

export async function postAnnouncement(db: Db, actor: SessionUser, tournamentId: string, message: string, now = new Date()): Promise<void> {
  const told = await db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    requireOrganizer(t, actor);
    const [row] = await tx.insert(tournamentAnnouncements).values({ tournamentId, authorId: actor.id, message, createdAt: now }).returning({ id: tournamentAnnouncements.id });
    await audit(tx, tournamentId, actor.id, "announcement", message.slice(0, 200));
    const players = (await playersOf(tx, tournamentId)).filter((p) => p !== actor.id);
    return notify(
      tx,
      players.map((userId) => ({
        userId,
        kind: "announcement" as const,
        payload: { tournamentId, tournament: t.name, message, from: actor.username },
        link: tournamentLink(tournamentId),
        subject: tournamentSubject(tournamentId),
        dedupeKey: `announcement:${row!.id}:${userId}`,
      })),
      now,
    );
  });
  pingInbox(told);
}

export async function listAnnouncements(db: Db, tournamentId: string) {
  return db
    .select({ id: tournamentAnnouncements.id, message: tournamentAnnouncements.message, createdAt: tournamentAnnouncements.createdAt, author: users.username })
    .from(tournamentAnnouncements)
    .innerJoin(users, eq(users.id, tournamentAnnouncements.authorId))
    .where(eq(tournamentAnnouncements.tournamentId, tournamentId))
    .orderBy(desc(tournamentAnnouncements.createdAt))
    .limit(50);
}
