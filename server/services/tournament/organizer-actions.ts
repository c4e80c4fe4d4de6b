// What changes a running tournament besides results: a player withdrawing (by their
// own choice) or being withdrawn or disqualified by the organizer, the staged
// format's A/B role choice, and cancelling. Each action is audited with who and when.
import { and, asc, eq, like } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameReports, games, tournamentPlayers, type TournamentRow } from "@/db/schema";
import { chooseRole as engineChooseRole, findGame, withdraw, type TournamentState } from "@/engine/formats";
import type { SessionUser } from "@/server/auth/session";
import { publishGame } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { loadGameView, nextVersion, sideOf } from "../game/game-view";
import { lockGame } from "../game/lock-game";
import { currentRatings } from "./record-result";
import { syncGames } from "./sync-games";
import { requireOrganizer } from "./require-organizer";
import { saveTournament, announce, saveSnapshot } from "./save-tournament";
import { engineCall } from "./engine-call";
import { audit } from "./audit";
import { lockTournament, lockedState } from "./lock-tournament";

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
    announce(tx, t.id, await saveSnapshot(tx, t.id, next, seq, finished ? { status: "finished", finishedAt: now } : {}));
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
    announce(tx, t.id, await saveTournament(tx, t.id, { status: "cancelled", finishedAt: now }));
    await audit(tx, t.id, actor.id, "cancelled", "The organizer cancelled the tournament.");
    return voided.map((v) => v.id);
  });
  for (const id of voided) publishGame(await loadGameView(db, id));
}

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
    announce(tx, t.id, await saveSnapshot(tx, t.id, next, seq));
    await audit(tx, t.id, user.id, "role chosen", `${game.tournamentGameKey}: plays ${role}.`);
  });
  publishGame(await loadGameView(db, gameId));
}

/** Site game ids by engine key, for linking a tournament's tables to its games. */
export async function gameLinks(db: Db, tournamentId: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ id: games.id, key: games.tournamentGameKey })
    .from(games)
    .where(and(eq(games.tournamentId, tournamentId), like(games.tournamentGameKey, "r%")));
  const links: Record<string, string> = {};
  for (const r of rows) if (r.key && !r.key.includes("~")) links[r.key] = r.id;
  return links;
}
