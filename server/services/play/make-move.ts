// A player's move in a game played on the site. The server is the authority: it
// checks the turn, the expected ply (so a stale or repeated submission is refused,
// never applied twice), the rules and the clock, stores move and state in one
// transaction, then publishes the change (the move and the clocks, built from what the
// transaction wrote, so nothing is read back) and answers the mover with the same
// update: neither grows with the game's length.
import type { Db } from "@/db/client";
import { gameMoves, type GameRow } from "@/db/schema";
import { afterMove, deadline as clockDeadline } from "@/engine/clock";
import { onSiteGame, type GameEndReason, type OnSiteGame, type SideNumber } from "@/engine/games/registry";
import { moveNoticeParts } from "../notification/game-notices";
import { noticesTold } from "../notification/notify";
import { runTogether } from "../together";
import { lockGameWithContext } from "../game/lock-game";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { publishUpdateAfterCommit } from "../game/publish-update";
import { endOnTime, LATE_MOVE } from "./end-on-time";
import { finishGame } from "./finish-game";
import { clockOf, requireActive, requirePlayer, updateGamePart } from "../game/game-view";
import type { GameResult, GameUpdate } from "@/lib/contracts";
import { entriesChange, rollEntries, rollWhilePending, type Rolled } from "../game/dice";

export interface MoveInput {
  gameId: string;
  /** The number of moves the player saw on the board when moving. */
  ply: number;
  /** In the game's notation ("d1-d3", "e4", "e7e8q"); the engine decides what the move does. */
  move: string;
}

/** The engine's winner as a result from side 1's point of view. */
export function resultFor(winner: SideNumber | null): GameResult {
  return winner === null ? "draw" : winner === 1 ? "1-0" : "0-1";
}

/** The rules of an on-site game row (position set); refuses a game played elsewhere. */
export function rulesOf(game: GameRow): { rules: NonNullable<ReturnType<typeof onSiteGame>>; position: string } {
  const rules = onSiteGame(game.gameType);
  if (!game.position || !rules) throw new AppError("BAD_REQUEST", "This game is played elsewhere: report its result instead.");
  return { rules, position: game.position };
}

export async function makeMove(db: Db, userId: string, input: MoveInput, now = new Date()): Promise<GameUpdate> {
  const outcome = await transaction(db, async (tx) => {
    const { game, context } = await lockGameWithContext(tx, input.gameId);
    const { rules, position } = rulesOf(game);
    requireActive(game);
    const side = requirePlayer(game, userId);
    if (input.ply !== game.ply) {
      throw new AppError("CONFLICT", "The board has changed since you moved (the move was already made or is out of date).");
    }
    if (game.sideToMove !== side) throw new AppError("BAD_REQUEST", "It is not your turn.");

    const timed = afterMove(clockOf(game), now.getTime());
    if (!timed.ok) {
      // The flag fell before the move arrived: the game is lost on time, whatever the
      // move (or aborted or forfeited unrated if this was the player's first move).
      return { kind: "flagged" as const, ending: await endOnTime(tx, game, now) };
    }
    const played = await playWithDice(tx, game.id, rules, position, input.move);
    const moved = played.last;

    const [remaining1Ms, remaining2Ms] = timed.clock.remainingMs;
    // The player's move (if any), then the server's rolls, each a record entry of its own.
    const entries = rollEntries(played.notations, game.ply, [remaining1Ms, remaining2Ms], now);
    const lastPly = game.ply + entries.length;
    const boardChange = entriesChange(entries);
    const insertMove = tx.insert(gameMoves).values(entries.map((entry) => ({ ...entry, gameId: game.id, playedAt: now })));
    if (moved.status.over) {
      await insertMove;
      // The row as it is after this move; the mover's time is already charged, so the
      // finish (which writes ply and clocks from it) charges nothing more.
      const afterMoveRow = { ...game, ply: lastPly, sideToMove: moved.toMove, remaining1Ms, remaining2Ms, turnStartedAt: now };
      const update = await finishGame(
        tx,
        afterMoveRow,
        {
          result: resultFor(moved.status.winner),
          reason: moved.status.reason,
          margin: rules.margin(moved.position),
          position: moved.position,
          context,
          board: boardChange,
        },
        now,
      );
      return { kind: "over" as const, update };
    }
    // The next turn is the side the rules name (afterMove assumes the other side): in the
    // four-colour game a side may move twice running.
    const deadline = clockDeadline({ ...timed.clock, toMove: moved.toMove })!;
    // Moving answers an opponent's draw offer with "no"; one's own offer stands.
    const drawOfferBy = game.drawOfferBy === side ? side : null;
    // The move's rows, the game's new state and the players' notices in one statement
    // (together.ts): a move is four round trips (begin, lock, this, commit), five when the
    // opponent takes mail or push (noticesTold queues the deliveries).
    const notices = moveNoticeParts(game, context, userId, moved.toMove, game.ply + 1, now);
    const written = await runTogether(
      tx,
      {
        game: updateGamePart(
          tx,
          game.id,
          {
            position: moved.position,
            ply: lastPly,
            sideToMove: moved.toMove,
            remaining1Ms,
            remaining2Ms,
            turnStartedAt: now,
            deadline: new Date(deadline),
            drawOfferBy,
          },
          [["inserted_move", insertMove.getSQL()]],
        ),
        resolved: notices?.resolved ?? null,
        notified: notices?.notified ?? null,
      },
      // Few shapes (with or without notices, one entry or a dice game's few), run at every move.
      { prepared: true },
    );
    // The statement bumped the version of the row this transaction holds locked.
    const update: Omit<GameUpdate, "serverNow"> = {
      gameId: game.id,
      version: game.version + 1,
      board: boardChange,
      set: {
        ply: lastPly,
        clock: { remaining1Ms, remaining2Ms, toMove: moved.toMove, turnStartedAt: now.getTime(), deadline },
        drawOfferBy,
        ...(played.dice && { dice: played.dice }),
      },
    };
    // Published before the notices' pings (transaction.ts runs pings last).
    const published = publishUpdateAfterCommit(tx, update, [game.side1Id, game.side2Id]);
    if (notices) await noticesTold(tx, { resolved: written.resolved ?? [], notified: written.notified }, now);
    return { kind: "moved" as const, update: published };
  });
  // A flag that fell before the move arrived has ended the game (and published it).
  if (outcome.kind === "flagged") throw new AppError("BAD_REQUEST", LATE_MOVE[outcome.ending]);
  // The mover's answer is the update the game's room received: a move's, or the finish's, built from what the transaction wrote.
  return outcome.update;
}

/**
 * Plays the player's move and then, in a dice game, the rolls the position waits for
 * (dice.ts): the record entries made and where they leave the game. Before a dice
 * game's first roll the position waits for the dice and nobody can move; the side to
 * move then sends "roll", which fixes both players' seeds (docs/dice.md) and is not an
 * entry itself.
 */
async function playWithDice(tx: Db, gameId: string, rules: OnSiteGame<GameEndReason>, position: string, move: string): Promise<Rolled> {
  if (rules.chance?.pending(position)) {
    if (move.trim().toLowerCase() !== "roll") throw new AppError("BAD_REQUEST", "The dice have not been rolled yet: send “roll” for the first roll.");
    return (await rollWhilePending(tx, gameId, rules, position))!;
  }
  const moved = rules.play(position, move);
  if (!moved.ok) throw new AppError("BAD_REQUEST", `That move is not allowed: ${moved.reason}.`);
  const rolled = moved.status.over ? null : await rollWhilePending(tx, gameId, rules, moved.position);
  return rolled ? { ...rolled, notations: [moved.notation, ...rolled.notations] } : { notations: [moved.notation], last: moved };
}
