// Background work that time alone triggers: games whose side to move ran out of time
// are lost on time (or aborted or forfeited unrated if that side never moved: see
// end-on-time.ts), and reported results nobody disputed are confirmed after 48 hours.
// Deadlines are absolute instants, so time the server was down is charged as real
// time. Rows are claimed with FOR UPDATE SKIP LOCKED: several server processes can
// sweep at once and each game is still flagged exactly once.
import { and, eq, isNotNull, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameDeadlines, gameReports, games } from "@/db/schema";
import { transaction } from "../transaction";
import { endOnTime } from "./end-on-time";
import { finishGame } from "./finish-game";

const BATCH = 100;

export async function sweepOverdue(db: Db, now = new Date()): Promise<string[]> {
  // Each end publishes itself once the transaction has committed (finish-game.ts).
  return transaction(db, async (tx) => {
    const changed: string[] = [];
    // Due games come from game_deadlines by its deadline index (games has none).
    const overdue = await tx
      .select({ game: games })
      .from(gameDeadlines)
      .innerJoin(games, eq(games.id, gameDeadlines.gameId))
      .where(and(lte(gameDeadlines.deadline, now), eq(games.status, "active"), isNotNull(games.position)))
      .limit(BATCH)
      .for("update", { of: games, skipLocked: true });
    for (const { game } of overdue) {
      await endOnTime(tx, game, now);
      changed.push(game.id);
    }
    const due = await tx
      .select()
      .from(gameReports)
      .where(and(eq(gameReports.status, "pending"), lte(gameReports.confirmAt, now)))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    for (const report of due) {
      const [game] = await tx.select().from(games).where(eq(games.id, report.gameId)).for("update", { skipLocked: true });
      if (!game || game.status !== "active") continue;
      // The finish removes the report with the game's row.
      await finishGame(tx, game, { result: report.result, reason: "reported (confirmed after 48 hours)", margin: report.margin }, now);
      changed.push(game.id);
    }
    return changed;
  });
}
