// The organizer takes a registered player off the list before the start (audited).
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentPlayers } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { requireOrganizer } from "./require-organizer";
import { saveTournament } from "./save-tournament";
import { audit } from "./audit";
import { lockTournament } from "./lock-tournament";
import { usernameOf } from "./username-of";

/** The organizer takes a registered player off the list before the start. */
export async function removeRegistrant(db: Db, user: SessionUser, input: { tournamentId: string; userId: string }): Promise<void> {
  await transaction(db, async (tx) => {
    const t = await lockTournament(tx, input.tournamentId);
    requireOrganizer(t, user);
    if (t.status !== "registering") throw new AppError("BAD_REQUEST", "Registrants can only be removed before the start; withdraw the player instead.");
    const removed = await tx
      .delete(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, input.userId)))
      .returning();
    if (removed.length === 0) throw new AppError("NOT_FOUND", "That player is not registered in this tournament.");
    const name = await usernameOf(tx, input.userId);
    await audit(tx, t.id, user.id, "removed", `${name} was removed from the registrations.`);
    await saveTournament(tx, t.id);
  });
}
