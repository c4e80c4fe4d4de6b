// Organizer announcements: a message to everyone in a tournament, kept on the
// tournament page and sent to each player's inbox (and on by their channels).
import type { Db } from "@/db/client";
import { tournamentAnnouncements } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { requireOrganizer } from "./require-organizer";
import { audit } from "./audit";
import { lockTournament } from "./lock-tournament";
import { saveTournament } from "./save-tournament";
import { notify, tournamentLink, tournamentSubject } from "../notification/notify";
import { playersOf } from "../notification/tournament-notices";

export async function postAnnouncement(db: Db, actor: SessionUser, tournamentId: string, message: string, now = new Date()): Promise<void> {
  await transaction(db, async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    requireOrganizer(t, actor);
    if (t.status !== "registering" && t.status !== "running")
      throw new AppError("BAD_REQUEST", "Announcements can only be posted while the tournament takes registrations or runs.");
    await tx.insert(tournamentAnnouncements).values({ tournamentId, authorId: actor.id, message, createdAt: now });
    await audit(tx, tournamentId, actor.id, "announcement", message.slice(0, 200));
    // A new version: the audit log's page is kept per version (tournament-page.ts), and live pages show the entry.
    await saveTournament(tx, tournamentId);
    const players = (await playersOf(tx, tournamentId)).filter((p) => p !== actor.id);
    await notify(
      tx,
      players.map((userId) => ({
        userId,
        kind: "announcement" as const,
        payload: { tournamentId, tournament: t.name, message, from: actor.username },
        link: tournamentLink(tournamentId),
        subject: tournamentSubject(tournamentId),
        // One notice per player and tournament, renewed by each announcement (RENEWED_KINDS).
        dedupeKey: `announcement:${tournamentId}:${userId}`,
      })),
      now,
    );
  });
}
