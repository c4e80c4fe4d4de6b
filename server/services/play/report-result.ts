// Results of games played elsewhere: either player reports, and may change the report
// until it is answered; the opponent confirms or disputes (answer-report.ts); an
// undisputed report is confirmed after 48 hours (sweep-overdue.ts). A site admin, or
// the organizer of the game's tournament, sets or corrects a result (set-result.ts).
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameReports, type GameRow } from "@/db/schema";
import { newRowId } from "@/db/schema/ids";
import { catalogGame } from "@/engine/game-catalog";
import type { GameResult, GameView } from "@/lib/contracts";
import { publishGame } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { loadGameView, requireActive, requirePlayer, updateGame } from "../game/game-view";
import { lockGame } from "../game/lock-game";
import { noticeReported } from "../notification/game-notices";
import { transaction } from "../transaction";

export const AUTO_CONFIRM_MS = 48 * 60 * 60 * 1000;

export interface ResultInput {
  gameId: string;
  result: GameResult;
  margin?: number | null;
}

export function checkResultFits(game: GameRow, input: ResultInput): void {
  const type = catalogGame(game.gameType)!;
  if (input.result === "draw" && !type.drawsPossible) throw new AppError("BAD_REQUEST", `${type.name} cannot end in a draw.`);
  if (input.margin != null && !type.marginLabel) throw new AppError("BAD_REQUEST", `${type.name} results have no margin.`);
}

export async function reportResult(db: Db, userId: string, input: ResultInput, now = new Date()): Promise<GameView> {
  await transaction(db, async (tx) => {
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
    if (existing && existing.result === input.result && existing.margin === (input.margin ?? null)) return;
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
    await noticeReported(tx, game, userId, input.result, now);
  });
  const view = await loadGameView(db, input.gameId);
  publishGame(view);
  return view;
}
