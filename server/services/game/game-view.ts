// What a game looks like to a player or spectator: players with ratings, the board
// state, the move list, clocks stamped with the server's time (GameView in
// lib/contracts.ts), as tRPC answers it; the realtime room receives only changes to it
// (GameUpdate, lib/game-update.ts).
import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameMoves, gameReports, games, playerRatings, tournaments, users, type GameRow, ratingOf, ratingColumns } from "@/db/schema";
import { firstMoveMs, firstMovePending, type ClockState } from "@/engine/clock";
import { choosesRoles, findGame } from "@/engine/formats";
import type { GameView } from "@/lib/contracts";
import { onSiteGame } from "@/engine/games/registry";
import { AppError } from "../errors";
import { readSnapshot } from "../snapshots";
import type { Part } from "../together";
import { diceView, readDice } from "./dice";

/**
 * Whether the side to move is on its first-move countdown (engine/clock.ts): live
 * challenge games only. A tournament round starts its games with nobody at the board,
 * so there a side keeps its whole main time for its first move.
 */
export function onFirstMoveCountdown(game: Pick<GameRow, "initialMs" | "ply" | "tournamentId">): boolean {
  return firstMovePending(game, game.ply, game.tournamentId === null);
}

/** The game's clock as the engine's clock arithmetic reads it. */
export function clockOf(game: GameRow): ClockState {
  return {
    remainingMs: [game.remaining1Ms, game.remaining2Ms],
    incrementMs: game.incrementMs,
    turnStartedAt: game.turnStartedAt?.getTime() ?? null,
    toMove: game.sideToMove,
    ...(onFirstMoveCountdown(game) ? { firstMoveMs: firstMoveMs(game) } : {}),
  };
}

export async function loadGameView(db: Db, gameId: string, now = new Date()): Promise<GameView> {
  // The game with its tournament's head, then the rest at once: two round trips.
  const [row] = await db
    .select({ game: games, tournament: { id: tournaments.id, name: tournaments.name, format: tournaments.format, organizerId: tournaments.organizerId } })
    .from(games)
    .leftJoin(tournaments, eq(tournaments.id, games.tournamentId))
    .where(eq(games.id, gameId));
  if (!row) throw new AppError("NOT_FOUND", "There is no such game.");
  const { game } = row;
  const [players, moves, [report], tournament, dice] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, ...ratingColumns(playerRatings) })
      .from(users)
      .leftJoin(playerRatings, ratingOf(playerRatings, users.id, game.gameType))
      .where(inArray(users.id, [game.side1Id, game.side2Id])),
    db.select().from(gameMoves).where(eq(gameMoves.gameId, gameId)).orderBy(asc(gameMoves.ply)),
    db.select().from(gameReports).where(eq(gameReports.gameId, gameId)),
    row.tournament ? tournamentOf(db, game, row.tournament) : null,
    onSiteGame(game.gameType)?.chance ? readDice(db, game.id) : null,
  ]);
  const player = (id: string) => players.find((p) => p.id === id)!;
  return {
    id: game.id,
    gameType: game.gameType,
    status: game.status,
    result: game.result,
    endReason: game.endReason,
    margin: game.margin,
    rated: game.rated,
    side1: player(game.side1Id),
    side2: player(game.side2Id),
    initialMs: game.initialMs,
    incrementMs: game.incrementMs,
    position: game.position,
    ply: game.ply,
    moves: moves.map((m) => ({ ply: m.ply, notation: m.notation, remaining1Ms: m.remaining1Ms, remaining2Ms: m.remaining2Ms, playedAt: m.playedAt.getTime() })),
    clock: {
      remaining1Ms: game.remaining1Ms,
      remaining2Ms: game.remaining2Ms,
      toMove: game.sideToMove,
      turnStartedAt: game.turnStartedAt?.getTime() ?? null,
      deadline: game.deadline?.getTime() ?? null,
    },
    drawOfferBy: game.drawOfferBy,
    // The server seed only once the game is over: while it runs it would tell the rolls.
    dice: dice ? diceView(dice, game.status !== "active") : null,
    report: report
      ? {
          id: report.id,
          reporterId: report.reporterId,
          result: report.result,
          margin: report.margin,
          status: report.status,
          confirmAt: report.confirmAt.getTime(),
          disputeReason: report.disputeReason,
        }
      : null,
    tournament,
    version: game.version,
    createdAt: game.createdAt.getTime(),
    finishedAt: game.finishedAt?.getTime() ?? null,
    serverNow: now.getTime(),
  };
}

async function tournamentOf(db: Db, game: GameRow, t: Omit<NonNullable<GameView["tournament"]>, "roleChooser">): Promise<GameView["tournament"]> {
  let roleChooser: string | null = null;
  // Only formats with role choices (the staged one, whose state is small: at most 32 players).
  if (choosesRoles(t.format) && game.status === "active" && game.ply === 0 && game.tournamentGameKey) {
    const snapshot = await readSnapshot(db, t.id);
    roleChooser = snapshot ? (findGame(snapshot.state, game.tournamentGameKey)?.chooser ?? null) : null;
  }
  return { ...t, roleChooser };
}

/** Which side the user plays in the game, or null for a spectator. */
export function sideOf(game: Pick<GameRow, "side1Id" | "side2Id">, userId: string): 1 | 2 | null {
  return game.side1Id === userId ? 1 : game.side2Id === userId ? 2 : null;
}

/** The user's side, refusing anyone who is not playing. */
export function requirePlayer(game: GameRow, userId: string): 1 | 2 {
  const side = sideOf(game, userId);
  if (side === null) throw new AppError("FORBIDDEN", "You are not playing in this game.");
  return side;
}

export function requireActive(game: GameRow): void {
  if (game.status !== "active") throw new AppError("BAD_REQUEST", "This game is already over.");
}

/**
 * The game's next version, for every update of a game row: clients apply a game's
 * realtime update only on top of the version before it, so a change that does not bump
 * it would never reach a page that is open.
 */
export function nextVersion() {
  return sql<number>`${games.version} + 1`;
}

/** Changes a game row and bumps its version, so watchers can tell they missed nothing. */
export async function updateGame(tx: Db, gameId: string, set: Partial<typeof games.$inferInsert>): Promise<void> {
  await tx
    .update(games)
    .set({ ...set, version: nextVersion() })
    .where(eq(games.id, gameId));
}

/**
 * updateGame as a part of a statement of the caller's (together.ts), with `alongside`,
 * other writes of the same statement (a move's new rows), so they cost no round trip.
 */
export function updateGamePart(
  tx: Db,
  gameId: string,
  set: Partial<typeof games.$inferInsert>,
  alongside: readonly (readonly [string, SQL])[] = [],
): Part<void> {
  const update = tx
    .update(games)
    .set({ ...set, version: nextVersion() })
    .where(eq(games.id, gameId));
  return { ctes: [...alongside, ["updated_game", update.getSQL()]], rows: null, read: () => undefined };
}
