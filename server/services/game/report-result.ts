// Results of games played elsewhere: either player reports, the opponent confirms or
// disputes; an undisputed report is confirmed after 48 hours (sweep-overdue.ts). A site
// admin, or the organizer of the game's tournament, sets or corrects a result.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameReports } from "@/db/schema";
import { catalogGame } from "@/engine/game-catalog";
import { newRowId } from "@/db/schema/ids";
import type { SessionUser } from "@/server/auth/session";
import { pingInbox, publishGame, publishGameUpdate } from "@/server/realtime/publish";
import { updateFromView } from "@/lib/game-update";
import { lockGameWithContext, noticeDisputed, noticeReported } from "../notification/game-notices";
import { audit } from "../tournament/tournament-row";
import { correctTournamentResult } from "../tournament/correct-result";
import { AppError } from "../errors";
import { finishGame } from "./finish-game";
import { loadGameView, lockGame, requireActive, requirePlayer, updateGame, type GameRow } from "./game-view";
import type { GameResult, GameUpdate, GameView } from "@/lib/contracts";

export const AUTO_CONFIRM_MS = 48 * 60 * 60 * 1000;

export interface ResultInput {
  gameId: string;
  result: GameResult;
  margin?: number | null;
}

function checkResultFits(game: GameRow, input: ResultInput): void {
  const type = catalogGame(game.gameType)!;
  if (input.result === "draw" && !type.drawsPossible) throw new AppError("BAD_REQUEST", `${type.name} cannot end in a draw.`);
  if (input.margin != null && !type.marginLabel) throw new AppError("BAD_REQUEST", `${type.name} results have no margin.`);
}

async function publishAfter(db: Db, gameId: string, notify: (view: GameView) => void): Promise<GameView> {
  const view = await loadGameView(db, gameId);
  publishGame(view);
  notify(view);
  return view;
}

export async function reportResult(db: Db, userId: string, input: ResultInput, now = new Date()): Promise<GameView> {
  const told = await db.transaction(async (tx) => {
    const game = await lockGame(tx, input.gameId);
    if (game.position) throw new AppError("BAD_REQUEST", "This game is played on the site: its result comes from the board.");
    requireActive(game);
    requirePlayer(game, userId);
    checkResultFits(game, input);
    const [existing] = await tx.select().from(gameReports).where(eq(gameReports.gameId, game.id)).for("update");
    if (existing && existing.reporterId !== userId) {
      throw new AppError("CONFLICT", "Your opponent has already reported a result: confirm or dispute it.");
    }
    // A re-report would turn the dispute back into a pending report, restart its
    // 48-hour clock and take the game out of the organizer's queue.
    if (existing?.status === "disputed") throw new AppError("CONFLICT", "This result is disputed: only an organizer or a site admin can change it now.");
    // The same report again (a second click) changes nothing: same clock, no new notice.
    if (existing && existing.result === input.result && existing.margin === (input.margin ?? null)) return [];
    const values = {
      // A new id per report: a confirmation names the report it confirms (answerReport).
      id: newRowId(),
      gameId: game.id,
      reporterId: userId,
      result: input.result,
      margin: input.margin ?? null,
      status: "pending" as const,
      reportedAt: now,
      confirmAt: new Date(now.getTime() + AUTO_CONFIRM_MS),
    };
    await tx.insert(gameReports).values(values).onConflictDoUpdate({ target: gameReports.gameId, set: values });
    await updateGame(tx, game.id, {});
    return noticeReported(tx, game, userId, input.result, now);
  });
  return publishAfter(db, input.gameId, () => pingInbox(told));
}

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
  const ended = await db.transaction(async (tx) => {
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
      if (game.tournamentId) await audit(tx, game.tournamentId, userId, "result disputed", `${game.tournamentGameKey}: ${report.result} reported, disputed`);
      const told = await noticeDisputed(tx, game, userId, now);
      return () => pingInbox(told);
    }
    await tx.delete(gameReports).where(eq(gameReports.gameId, game.id));
    return (await finishGame(tx, game, { result: report.result, reason: "reported", margin: report.margin }, now)).after;
  });
  return publishAfter(db, gameId, () => ended());
}

/**
 * A site admin, or the organizer of the game's tournament, sets the result of an
 * active game, or corrects the result of a finished game of a running tournament's
 * current round (standings are recomputed; ratings already applied stay as they are).
 * Answers with the game's update, as a move does.
 */
export async function setResult(db: Db, actor: SessionUser, input: ResultInput, now = new Date()): Promise<GameUpdate> {
  const done = await db.transaction(async (tx) => {
    // The game, locked, with its tournament's organizer and what the notice says, in
    // one statement (never the tournament's state snapshot: it can be tens of megabytes).
    const { game, context } = await lockGameWithContext(tx, input.gameId);
    const tournament = context.tournament;
    if (!actor.isAdmin && tournament?.organizerId !== actor.id) {
      throw new AppError("FORBIDDEN", "Only a site admin or the tournament's organizer may set a result.");
    }
    checkResultFits(game, input);
    // Only games played elsewhere have reports (reportResult refuses games on the site).
    if (!game.position) await tx.delete(gameReports).where(eq(gameReports.gameId, game.id));
    if (game.status === "active") {
      const entry = { actorId: actor.id, action: "result set", detail: `${game.tournamentGameKey}: ${input.result}` };
      const finished = await finishGame(
        tx,
        game,
        { result: input.result, reason: "set by organizer", margin: input.margin ?? null, context, audit: entry },
        now,
      );
      return { ...finished, players: [game.side1Id, game.side2Id] };
    }
    if (!tournament || game.status !== "finished")
      throw new AppError("BAD_REQUEST", "This game is already over; only results of tournament games can be corrected.");
    return { after: await correctTournamentResult(tx, tournament.id, game, input, actor.id), update: null, players: [game.side1Id, game.side2Id] };
  });
  // A finished game's update is built from what the transaction wrote; a correction reads the game back.
  const update = done.update ? { ...done.update, serverNow: Date.now() } : updateFromView(await loadGameView(db, input.gameId), null);
  publishGameUpdate(update, done.players);
  done.after();
  return update;
}
