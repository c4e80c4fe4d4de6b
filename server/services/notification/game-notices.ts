// Notifications about games, written inside the transaction that changed the game.
// Each returns the users whose inbox changed; the caller pings them after commit.
import type { Db } from "@/db/client";
import type { GameRow } from "@/db/schema";
import { gameContext, type GameContext } from "../game/lock-game";
import { siteAdminIds } from "../admin/site-admins";
import { gameLink, gameSubject, noticeParts, noticesTold, notify, resolveAndNotify, type NewNotification } from "./notify";
import { runTogether } from "../together";
import { GAME_ACTION_KINDS } from "@/lib/notification-kinds";
import type { GameResult } from "@/lib/contracts";
import type { EndReason } from "@/lib/game-endings";

const other = (game: Pick<GameRow, "side1Id" | "side2Id">, userId: string) => (userId === game.side1Id ? game.side2Id : game.side1Id);

/**
 * The mover's "your move" is done; the next player's starts (`ctx` from
 * lockGameWithContext), named by `nextPly`, the ply the next player moves at. `nextSide`
 * is the side to move after the move, as the rules say:
 * when it is the mover again (the four-colour game after B's choice, or the opponent's
 * colours passing), nothing changes: the mover's own notice still stands for this turn.
 */
export function moveNoticeParts(game: GameRow, ctx: GameContext, moverId: string, nextSide: 1 | 2, nextPly: number, now: Date) {
  const next = nextSide === 1 ? game.side1Id : game.side2Id;
  if (next === moverId) return null;
  // Resolving the mover's notice and telling the opponent: parts of the move's one statement
  // (together.ts); the caller runs noticesTold after it.
  return noticeParts(
    { subject: gameSubject(game.id), kinds: ["your-move", "game-created", "deadline"], userIds: [moverId] },
    [
      {
        userId: next,
        kind: "your-move",
        payload: { gameId: game.id, opponent: ctx.name(moverId), tournament: ctx.tournament?.name, tournamentId: ctx.tournament?.id },
        link: gameLink(game.id),
        subject: gameSubject(game.id),
        dedupeKey: `move:${game.id}:${nextPly}`,
      },
    ],
    now,
  );
}

/** A move's notices (moveNoticeParts) in a statement of their own; returns whose inbox changed. */
export async function noticeMove(tx: Db, game: GameRow, ctx: GameContext, moverId: string, nextSide: 1 | 2, nextPly: number, now: Date): Promise<string[]> {
  const parts = moveNoticeParts(game, ctx, moverId, nextSide, nextPly, now);
  return parts ? noticesTold(tx, await runTogether(tx, parts), now) : [];
}

/** New games (a challenge accepted, a tournament round or phase): both players are told. */
export async function noticeGamesCreated(
  tx: Db,
  created: readonly Pick<GameRow, "id" | "side1Id" | "side2Id" | "tournamentId">[],
  now: Date,
  /** Only this player is told (the other one accepted the challenge and knows). */
  onlyFor?: string,
): Promise<string[]> {
  const items: NewNotification[] = [];
  for (const game of created) {
    const ctx = await gameContext(tx, game);
    for (const player of onlyFor ? [onlyFor] : [game.side1Id, game.side2Id]) {
      items.push({
        userId: player,
        kind: "game-created",
        payload: { gameId: game.id, opponent: ctx.name(other(game, player)), tournament: ctx.tournament?.name, tournamentId: ctx.tournament?.id },
        link: gameLink(game.id),
        subject: gameSubject(game.id),
        dedupeKey: `created:${game.id}:${player}`,
      });
    }
  }
  return notify(tx, items, now);
}

export async function noticeReported(tx: Db, game: GameRow, reporterId: string, result: string, now: Date): Promise<string[]> {
  const ctx = await gameContext(tx, game);
  return notify(
    tx,
    [
      {
        userId: other(game, reporterId),
        kind: "result-reported",
        payload: { gameId: game.id, opponent: ctx.name(reporterId), result, tournament: ctx.tournament?.name, tournamentId: ctx.tournament?.id },
        link: gameLink(game.id),
        subject: gameSubject(game.id),
        // A changed report renews this notice (RENEWED_KINDS): one per game, however often it changes.
        dedupeKey: `reported:${game.id}`,
      },
    ],
    now,
  );
}

/** A disputed report: the answerer's notice is done; the organizer and the admins must settle it. */
export async function noticeDisputed(tx: Db, game: GameRow, disputerId: string, now: Date): Promise<string[]> {
  const ctx = await gameContext(tx, game);
  const deciders = new Set(await siteAdminIds(tx));
  if (ctx.tournament) deciders.add(ctx.tournament.organizerId);
  const players = `${ctx.name(game.side1Id)} vs ${ctx.name(game.side2Id)}`;
  return resolveAndNotify(
    tx,
    { subject: gameSubject(game.id), kinds: ["result-reported"], userIds: [disputerId] },
    [...deciders].map((userId) => ({
      userId,
      kind: "result-disputed" as const,
      payload: { gameId: game.id, players, tournament: ctx.tournament?.name, tournamentId: ctx.tournament?.id },
      link: gameLink(game.id),
      subject: gameSubject(game.id),
      // Once per game and decider (a disputed result can no longer be re-reported or disputed again).
      dedupeKey: `disputed:${game.id}:${userId}`,
    })),
    now,
  );
}

/** The game is over: everything asking for action on it is resolved; both players hear the result. */
export async function noticeGameOver(tx: Db, game: GameRow, result: GameResult | null, now: Date, reason: EndReason | null = null): Promise<string[]> {
  return noticesTold(tx, await runTogether(tx, gameOverParts(game, result, now, reason, await gameContext(tx, game))), now);
}

/**
 * noticeGameOver as parts of the statement that finishes the game (finish-game.ts):
 * the caller runs them and passes what they return to noticesTold.
 */
export function gameOverParts(game: GameRow, result: GameResult | null, now: Date, reason: EndReason | null, ctx: GameContext) {
  return noticeParts(
    { subject: gameSubject(game.id), kinds: GAME_ACTION_KINDS },
    [game.side1Id, game.side2Id].map((player) => ({
      userId: player,
      kind: "game-over" as const,
      payload: { gameId: game.id, opponent: ctx.name(other(game, player)), result, reason, tournament: ctx.tournament?.name, tournamentId: ctx.tournament?.id },
      link: gameLink(game.id),
      subject: gameSubject(game.id),
      // No dedupe key: a game ends once (its row is locked and its status checked),
      // and a notice without one adds no entry to the dedupe index (migration 0013).
    })),
    now,
  );
}
