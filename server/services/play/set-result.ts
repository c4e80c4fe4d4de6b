// A site admin, or the organizer of the game's tournament, sets the result of a game
// or corrects one of a running tournament's current round.
import type { Db } from "@/db/client";
import type { GameUpdate } from "@/lib/contracts";
import { updateFromView } from "@/lib/game-update";
import type { SessionUser } from "@/server/auth/session";
import { publishGameUpdate } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { loadGameView } from "../game/game-view";
import { lockGameToFinish } from "../rating/lock-to-finish";
import { correctTournamentResult } from "../tournament/correct-result";
import { transaction } from "../transaction";
import { finishGame } from "./finish-game";
import { checkResultFits, type ResultInput } from "./report-result";

/**
 * A site admin, or the organizer of the game's tournament, sets the result of an
 * active game, or corrects the result of a finished game of a running tournament's
 * current round (standings are recomputed; ratings already applied stay as they are).
 * Answers with the game's update, as a move does.
 */
export async function setResult(db: Db, actor: SessionUser, input: ResultInput, now = new Date()): Promise<GameUpdate> {
  const finished = await transaction(db, async (tx) => {
    // The game, locked, with its tournament's organizer, what the notice says and, if it
    // is active and rated, its players' rating locks and ratings, in one statement
    // (never the tournament's state snapshot: it can be tens of megabytes).
    const { game, context, ratings } = await lockGameToFinish(tx, input.gameId);
    const tournament = context.tournament;
    if (!actor.isAdmin && tournament?.organizerId !== actor.id) {
      throw new AppError("FORBIDDEN", "Only a site admin or the tournament's organizer may set a result.");
    }
    checkResultFits(game, input);
    if (game.status === "active") {
      const entry = { actorId: actor.id, action: "result set" as const, detail: `${game.tournamentGameKey}: ${input.result}` };
      return finishGame(tx, game, { result: input.result, reason: "set by organizer", margin: input.margin ?? null, context, audit: entry, ratings }, now);
    }
    if (!tournament || game.status !== "finished")
      throw new AppError("BAD_REQUEST", "This game is already over; only results of tournament games can be corrected.");
    await correctTournamentResult(tx, tournament.id, game, input, actor.id);
    return null;
  });
  // The finish published its update, built from what the transaction wrote; a correction reads the game back.
  if (finished) return finished;
  const view = await loadGameView(db, input.gameId);
  const update = updateFromView(view, null);
  publishGameUpdate(update, [view.side1.id, view.side2.id]);
  return update;
}
