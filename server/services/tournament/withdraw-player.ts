// A player withdraws from a running tournament (by their own choice), or the organizer
// withdraws or disqualifies them: the engine decides what happens to their games and
// the site's games follow it. Audited with who and when.
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games, tournamentPlayers, type TournamentRow } from "@/db/schema";
import { findGame, withdraw, type TournamentState } from "@/engine/formats";
import type { SessionUser } from "@/server/auth/session";
import { publishGame } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { loadGameView, nextVersion } from "../game/game-view";
import { syncGames } from "./sync-games";
import { requireOrganizer } from "./require-organizer";
import { saveSnapshot } from "./save-tournament";
import { engineCall } from "./engine-call";
import { audit } from "./audit";
import { lockTournament } from "./lock-tournament";
import { lockedState } from "./close-round";
import { currentRatings } from "./current-ratings";

/**
 * Brings the site games of the tournament in line with the engine after a withdrawal:
 * games the engine voided are voided, games it forfeited get that result, a round
 * the engine planned again has its old games voided, and new games are created.
 */
async function settleGames(tx: Db, t: TournamentRow, next: TournamentState, replanned: boolean, now: Date): Promise<string[]> {
  const touched: string[] = [];
  const active = await tx
    .select()
    .from(games)
    .where(and(eq(games.tournamentId, t.id), eq(games.status, "active")))
    .orderBy(asc(games.id))
    .for("update");
  const round = next.rounds.length;
  for (const g of active) {
    const engineGame = g.tournamentGameKey ? findGame(next, g.tournamentGameKey) : null;
    const stale = replanned && g.tournamentGameKey?.startsWith(`r${round}-`);
    if (stale || !engineGame || engineGame.void || engineGame.side1 !== g.side1Id || engineGame.side2 !== g.side2Id) {
      // The key is freed (renamed) so the engine's new game for that slot can take it.
      await tx
        .update(games)
        .set({
          status: "void",
          endReason: "voided by a withdrawal",
          finishedAt: now,
          deadline: null,
          turnStartedAt: null,
          tournamentGameKey: `${g.tournamentGameKey}~void~${g.id}`,
          version: nextVersion(),
        })
        .where(eq(games.id, g.id));
      touched.push(g.id);
    } else if (engineGame.result) {
      await tx
        .update(games)
        .set({
          status: "finished",
          result: engineGame.result.outcome,
          endReason: "withdrawal",
          finishedAt: now,
          deadline: null,
          turnStartedAt: null,
          version: nextVersion(),
        })
        .where(eq(games.id, g.id));
      touched.push(g.id);
    }
  }
  const created = await syncGames(tx, t, next, now);
  return [...touched, ...created.map((c) => c.id)];
}

export async function withdrawPlayer(
  db: Db,
  actor: SessionUser,
  input: { tournamentId: string; playerId: string; disqualify?: boolean },
  now = new Date(),
): Promise<void> {
  const touched = await transaction(db, async (tx) => {
    const t = await lockTournament(tx, input.tournamentId);
    const self = actor.id === input.playerId && !input.disqualify;
    if (!self) requireOrganizer(t, actor);
    if (t.status !== "running") throw new AppError("BAD_REQUEST", "Withdrawals apply to a running tournament; before the start, leave instead.");
    const [entry] = await tx
      .select()
      .from(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, input.playerId)));
    if (!entry) throw new AppError("BAD_REQUEST", "That player is not in this tournament.");
    const { state, seq } = await lockedState(tx, t);
    const ratings = await currentRatings(tx, t);
    const { state: next, events } = engineCall(() => withdraw(state, input.playerId, { ratings }));
    const replanned = events.some((e) => e.type === "round-replanned");
    const touched = await settleGames(tx, t, next, replanned, now);
    const finished = next.status === "finished";
    await saveSnapshot(tx, t.id, next, seq, finished ? { status: "finished", finishedAt: now } : {});
    await audit(
      tx,
      t.id,
      actor.id,
      input.disqualify ? "disqualified" : "withdrew",
      `Player ${input.playerId} ${self ? "withdrew" : input.disqualify ? "was disqualified" : "was withdrawn by the organizer"}.`,
    );
    return touched;
  });
  for (const id of touched) publishGame(await loadGameView(db, id));
}
