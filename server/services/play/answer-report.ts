// The reporter's opponent answers a reported result (report-result.ts): confirming
// ends the game with it, disputing leaves it to an organizer or a site admin.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameReports } from "@/db/schema";
import type { GameResult, GameView } from "@/lib/contracts";
import { publishGame } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { loadGameView, requireActive, requirePlayer, updateGame } from "../game/game-view";
import { lockGame } from "../game/lock-game";
import { noticeDisputed } from "../notification/game-notices";
import { audit } from "../tournament/audit";
import { saveTournament } from "../tournament/save-tournament";
import { transaction } from "../transaction";
import { finishGame } from "./finish-game";

export interface AnswerInput {
  gameId: string;
  answer: "confirm" | "dispute";
  /** The report the opponent saw (GameView.report.id): a report changed since then is not answered. */
  reportId: string;
  /** With a dispute: why, for the organizer who settles it. */
  reason?: string;
}

const resultWords = (r: { result: GameResult; margin: number | null }) => (r.margin == null ? r.result : `${r.result}, margin ${r.margin}`);

/** The reporter's opponent answers: confirm (the result stands) or dispute (an organizer decides). */
export async function answerReport(db: Db, userId: string, input: AnswerInput, now = new Date()): Promise<GameView> {
  const { gameId, answer } = input;
  const ended = await transaction(db, async (tx) => {
    const game = await lockGame(tx, gameId);
    requireActive(game);
    requirePlayer(game, userId);
    const [report] = await tx.select().from(gameReports).where(eq(gameReports.gameId, game.id)).for("update");
    if (!report) throw new AppError("BAD_REQUEST", "No result has been reported for this game yet.");
    if (report.reporterId === userId) throw new AppError("BAD_REQUEST", "Your opponent must answer your report, not you.");
    // The reporter may change the report until it is answered; an answer holds only for the report it was given to.
    if (report.id !== input.reportId) {
      throw new AppError(
        "CONFLICT",
        `Your opponent changed the report after you saw it: it now says ${resultWords(report)}. Look at it again before you answer.`,
      );
    }
    if (answer === "dispute") {
      if (report.status === "disputed") throw new AppError("CONFLICT", "You have already disputed this result: an organizer or a site admin will settle it.");
      await tx
        .update(gameReports)
        .set({ status: "disputed", disputeReason: input.reason?.trim() || null })
        .where(eq(gameReports.gameId, game.id));
      await updateGame(tx, game.id, {});
      if (game.tournamentId) {
        await audit(tx, game.tournamentId, userId, "result disputed", `${game.tournamentGameKey}: ${report.result} reported, disputed`);
        // A new version: the audit log's page is kept per version (tournament-page.ts), and live pages show the entry.
        await saveTournament(tx, game.tournamentId);
      }
      await noticeDisputed(tx, game, userId, now);
      return false;
    }
    // The finish removes the report with the game's row.
    await finishGame(tx, game, { result: report.result, reason: "reported", margin: report.margin }, now);
    return true;
  });
  const view = await loadGameView(db, gameId);
  // A confirmation's finish published the end itself.
  if (!ended) publishGame(view);
  return view;
}
