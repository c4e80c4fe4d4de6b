// The organizer approves a waiting request to join (the player is entered with the
// usual checks, and the audit log says so) or declines it (kept for the cooldown, not
// logged: the log is public).
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentRequests } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { admitPlayer } from "./admit-player";
import { completeEntry, openForEntries } from "./late-entry";
import { requireOrganizer } from "./require-organizer";
import { saveTournament } from "./save-tournament";
import { audit } from "./audit";
import { lockTournament } from "./lock-tournament";
import { usernameOf } from "./username-of";

/** The organizer approves (enters the player, in the audit log) or declines (kept for the cooldown, not logged) a waiting request. */
export async function answerRequest(
  db: Db,
  user: SessionUser,
  input: { tournamentId: string; userId: string; approve: boolean },
  now = new Date(),
): Promise<void> {
  await transaction(db, async (tx) => {
    const t = await lockTournament(tx, input.tournamentId);
    requireOrganizer(t, user);
    const late = input.approve ? await openForEntries(tx, t, now) : null;
    const waiting = and(eq(tournamentRequests.tournamentId, t.id), eq(tournamentRequests.userId, input.userId), isNull(tournamentRequests.declinedAt));
    const answered = input.approve
      ? await tx.delete(tournamentRequests).where(waiting).returning()
      : await tx.update(tournamentRequests).set({ declinedAt: now }).where(waiting).returning();
    if (answered.length === 0) throw new AppError("NOT_FOUND", "That player has not asked to join (or was already answered).");
    if (input.approve) {
      const name = await usernameOf(tx, input.userId);
      await admitPlayer(tx, t, input.userId, now, name);
      await audit(tx, t.id, user.id, "approved", `${name} was approved and entered.`);
      await completeEntry(tx, t, late, input.userId, user.id);
    } else await saveTournament(tx, t.id);
  });
}
