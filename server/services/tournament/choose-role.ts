// Staged format: the higher seed of a game picks A or B before it begins (audited).
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameReports, games } from "@/db/schema";
import { chooseRole as engineChooseRole, findGame } from "@/engine/formats";
import type { SessionUser } from "@/server/auth/session";
import { publishGame } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { loadGameView, nextVersion, sideOf } from "../game/game-view";
import { lockGame } from "../game/lock-game";
import { saveSnapshot } from "./save-tournament";
import { engineCall } from "./engine-call";
import { audit } from "./audit";
import { lockTournament } from "./lock-tournament";
import { lockedState } from "./close-round";

/**
 * Staged format: the higher seed picks A (side 1) or B (side 2), once, before the game
 * begins: before the first move, or for a game played elsewhere before anyone reports a
 * result (a swap under a pending report would flip who it names as the winner). The
 * engine forgets the chooser once the choice is made, so a second call is refused. The
 * clock is not touched: it started when the game was created, and swapping sides
 * (both still hold the full initial time) can neither add time nor stall the game.
 */
export async function chooseRole(db: Db, user: SessionUser, gameId: string, role: "A" | "B"): Promise<void> {
  await transaction(db, async (tx) => {
    const game = await lockGame(tx, gameId);
    if (!game.tournamentId || !game.tournamentGameKey) throw new AppError("BAD_REQUEST", "Roles are chosen only in staged tournament games.");
    if (sideOf(game, user.id) === null) throw new AppError("FORBIDDEN", "You are not playing in this game.");
    if (game.status !== "active" || game.ply > 0) throw new AppError("BAD_REQUEST", "Roles can only be chosen before the game starts.");
    const [report] = await tx.select({ gameId: gameReports.gameId }).from(gameReports).where(eq(gameReports.gameId, game.id)).limit(1);
    if (report) throw new AppError("BAD_REQUEST", "Roles can only be chosen before the game starts; a result has already been reported.");
    const t = await lockTournament(tx, game.tournamentId);
    const { state, seq } = await lockedState(tx, t);
    if (!findGame(state, game.tournamentGameKey)?.chooser) {
      throw new AppError("BAD_REQUEST", "The roles of this game are settled: they have been chosen already, or the rules fix them.");
    }
    const next = engineCall(() => engineChooseRole(state, game.tournamentGameKey!, user.id, role));
    const updated = findGame(next, game.tournamentGameKey)!;
    await tx.update(games).set({ side1Id: updated.side1, side2Id: updated.side2, version: nextVersion() }).where(eq(games.id, game.id));
    await saveSnapshot(tx, t.id, next, seq);
    await audit(tx, t.id, user.id, "role chosen", `${game.tournamentGameKey}: plays ${role}.`);
  });
  publishGame(await loadGameView(db, gameId));
}
