// The organizer cancels a tournament that has not ended: its games in play are voided
// (audited).
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { publishGame } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { loadGameView, nextVersion } from "../game/game-view";
import { requireOrganizer } from "./require-organizer";
import { saveTournament } from "./save-tournament";
import { audit } from "./audit";
import { lockTournament } from "./lock-tournament";

export async function cancelTournament(db: Db, actor: SessionUser, tournamentId: string, now = new Date()): Promise<void> {
  const voided = await transaction(db, async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    requireOrganizer(t, actor);
    if (t.status === "finished" || t.status === "cancelled") throw new AppError("BAD_REQUEST", "The tournament has already ended.");
    const voided = await tx
      .update(games)
      .set({ status: "void", endReason: "tournament cancelled", finishedAt: now, deadline: null, turnStartedAt: null, version: nextVersion() })
      .where(and(eq(games.tournamentId, t.id), eq(games.status, "active")))
      .returning({ id: games.id });
    await saveTournament(tx, t.id, { status: "cancelled", finishedAt: now });
    await audit(tx, t.id, actor.id, "cancelled", "The organizer cancelled the tournament.");
    return voided.map((v) => v.id);
  });
  for (const id of voided) publishGame(await loadGameView(db, id));
}
