// A new invite link for an invite-only tournament; the old one stops working (audited).
import type { Db } from "@/db/client";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { newInviteToken } from "./create-tournament";
import { requireOrganizer } from "./require-organizer";
import { saveTournament } from "./save-tournament";
import { audit } from "./audit";
import { lockTournament } from "./lock-tournament";

/** A new invite link; the old one stops working. */
export async function renewInviteLink(db: Db, user: SessionUser, tournamentId: string): Promise<{ token: string }> {
  const token = newInviteToken();
  await transaction(db, async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    requireOrganizer(t, user);
    if (!t.inviteOnly) throw new AppError("BAD_REQUEST", "This tournament is open to everyone: it has no invite link.");
    await audit(tx, t.id, user.id, "invite link renewed", "The old invite link no longer works.");
    await saveTournament(tx, t.id, { inviteToken: token });
  });
  return { token };
}
