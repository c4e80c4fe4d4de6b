// A player's move in a game played on the site. The server is the authority: it
// checks the turn, the expected ply (so a stale or repeated submission is refused,
// never applied twice), the rules and the clock, stores move and state in one
// transaction, then publishes the new state.
import type { Db } from "@/db/client";
import { gameMoves } from "@/db/schema";
import { afterMove, deadline as clockDeadline, type ClockState } from "@/engine/clock";
import { deserializeState, serializeState, tryMove } from "@/engine/hnefatafl";
import { notifyUser, publishGame } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { endOnTime } from "./end-on-time";
import { finishGame } from "./finish-game";
import { loadGameView, lockGame, requireActive, requirePlayer, sideToMove, updateGame, type GameResult, type GameView } from "./game-view";

export interface MoveInput {
  gameId: string;
  /** The number of moves the player saw on the board when moving. */
  ply: number;
  /** "d1-d3" or "d1d3"; captures in the text are ignored (the engine decides). */
  move: string;
}

/** The engine's winner as a result from side 1's point of view. */
export function resultFor(winner: "attackers" | "defenders" | null): GameResult {
  return winner === null ? "draw" : winner === "attackers" ? "1-0" : "0-1";
}

export async function makeMove(db: Db, userId: string, input: MoveInput, now = new Date()): Promise<GameView> {
  const outcome = await db.transaction(async (tx) => {
    const game = await lockGame(tx, input.gameId);
    if (!game.position) throw new AppError("BAD_REQUEST", "This game is played elsewhere: report its result instead.");
    requireActive(game);
    const side = requirePlayer(game, userId);
    if (input.ply !== game.ply) {
      throw new AppError("CONFLICT", "The board has changed since you moved (the move was already made or is out of date).");
    }
    if (sideToMove(game.ply) !== side) throw new AppError("BAD_REQUEST", "It is not your turn.");

    const clock: ClockState = {
      remainingMs: [game.remaining1Ms, game.remaining2Ms],
      incrementMs: game.incrementMs,
      turnStartedAt: game.turnStartedAt?.getTime() ?? null,
      toMove: side,
    };
    const state = deserializeState(game.position);
    const timed = afterMove(clock, now.getTime());
    if (!timed.ok) {
      // The flag fell before the move arrived: the game is lost on time, whatever the
      // move (or aborted or forfeited unrated if this was the player's first move).
      const { ending, after } = await endOnTime(tx, game, now);
      return { kind: "flagged" as const, ending, after };
    }
    const moved = tryMove(state, input.move);
    if (!moved.ok) throw new AppError("BAD_REQUEST", `That move is not allowed: ${moved.reason}.`);

    const [remaining1Ms, remaining2Ms] = timed.clock.remainingMs;
    await tx.insert(gameMoves).values({ gameId: game.id, ply: game.ply + 1, notation: moved.notation, remaining1Ms, remaining2Ms, playedAt: now });
    if (moved.status.over) {
      // The row as it is after this move; the mover's time is already charged, so the
      // finish (which writes ply and clocks from it) charges nothing more.
      const afterMoveRow = { ...game, ply: game.ply + 1, remaining1Ms, remaining2Ms, turnStartedAt: now };
      const after = await finishGame(tx, afterMoveRow, { result: resultFor(moved.status.winner), reason: moved.status.reason, position: serializeState(moved.state) }, now);
      return { kind: "over" as const, after };
    }
    await updateGame(tx, game.id, {
      position: serializeState(moved.state),
      ply: game.ply + 1,
      remaining1Ms,
      remaining2Ms,
      turnStartedAt: now,
      deadline: new Date(clockDeadline(timed.clock)!),
      // Moving answers an opponent's draw offer with "no"; one's own offer stands.
      drawOfferBy: game.drawOfferBy === side ? side : null,
    });
    return { kind: "moved" as const, game, next: side === 1 ? game.side2Id : game.side1Id, deadline: clockDeadline(timed.clock) };
  });

  const view = await loadGameView(db, input.gameId);
  publishGame(view);
  if (outcome.kind !== "moved") outcome.after();
  if (outcome.kind === "flagged") {
    throw new AppError(
      "BAD_REQUEST",
      outcome.ending === "lost on time"
        ? "Your time ran out before the move arrived: the game is lost on time."
        : outcome.ending === "aborted"
          ? "Your time ran out before your first move arrived: the game is aborted, and no rating changes."
          : "Your time ran out before your first move arrived: you forfeit this tournament game (unrated).",
    );
  }
  if (outcome.kind === "moved") {
    const mover = outcome.next === view.side1.id ? view.side2 : view.side1;
    notifyUser(outcome.next, { kind: "your-turn", gameId: view.id, opponent: mover.username, deadline: outcome.deadline });
  } else {
    notifyGameOver(view);
  }
  return view;
}

export function notifyGameOver(view: GameView): void {
  const { result, endReason: reason } = view;
  notifyUser(view.side1.id, { kind: "game-over", gameId: view.id, opponent: view.side2.username, result, reason });
  notifyUser(view.side2.id, { kind: "game-over", gameId: view.id, opponent: view.side1.username, result, reason });
}
