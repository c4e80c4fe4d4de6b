// A player adds a seed of their own to a dice game's dice (docs/dice.md) before the
// first roll: the server fixed its own seed when the game was made, so neither side
// can steer the rolls. Once both seeds are in, the first roll is made at once (the
// position waits for nobody's move); until then the side to move may ask for it with
// the move "roll" (make-move.ts), which counts a missing seed as empty. The side the
// opening roll leaves to move is told it is their move, as after any move.
import type { Db } from "@/db/client";
import { gameMoves } from "@/db/schema";
import { afterMove, deadline as clockDeadline } from "@/engine/clock";
import { PLAYER_SEED } from "@/engine/verifiable-dice";
import type { GameView } from "@/lib/contracts";
import { publishGame } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { noticeMove } from "../notification/game-notices";
import { lockGameWithContext } from "../game/lock-game";
import { entriesChange, readDice, rollEntries, rollWhilePending, setPlayerSeed } from "../game/dice";
import { finishGame } from "./finish-game";
import { clockOf, loadGameView, requireActive, requirePlayer, updateGame } from "../game/game-view";
import { resultFor, rulesOf } from "./make-move";

export interface DiceSeedInput {
  gameId: string;
  /** Up to 64 letters, digits, "-" or "_"; empty is allowed. */
  seed: string;
}

export async function setDiceSeed(db: Db, userId: string, input: DiceSeedInput, now = new Date()): Promise<GameView> {
  const changed = await transaction(db, async (tx) => {
    const { game, context } = await lockGameWithContext(tx, input.gameId);
    const { rules, position } = rulesOf(game);
    if (!rules.chance) throw new AppError("BAD_REQUEST", "This game has no dice.");
    requireActive(game);
    const side = requirePlayer(game, userId);
    if (!PLAYER_SEED.test(input.seed)) throw new AppError("BAD_REQUEST", "A seed is up to 64 letters, digits, - or _.");
    const dice = await readDice(tx, game.id);
    if (!dice) throw new Error(`game ${game.id} has chance but no dice`);
    if (dice.rolls > 0) throw new AppError("BAD_REQUEST", "The dice have already been rolled: the seeds are fixed for the rest of the game.");
    await setPlayerSeed(tx, game.id, side, input.seed);

    const otherSeed = side === 1 ? dice.seed2 : dice.seed1;
    // The side to move's time so far is charged (no increment: nobody moved) and the
    // clock restarts for whoever the dice leave to move.
    const timed = afterMove({ ...clockOf(game), incrementMs: 0 }, now.getTime());
    // With both seeds in, the first roll needs nobody's move. A flag that has fallen is the sweeper's to end.
    const rolled = otherSeed !== null && timed.ok ? await rollWhilePending(tx, game.id, rules, position) : null;
    if (!rolled || !timed.ok) {
      await updateGame(tx, game.id, {});
      return { board: null, ended: false };
    }
    const [remaining1Ms, remaining2Ms] = timed.clock.remainingMs;
    const entries = rollEntries(rolled.notations, game.ply, [remaining1Ms, remaining2Ms], now);
    const board = entriesChange(entries);
    await tx.insert(gameMoves).values(entries.map((entry) => ({ ...entry, gameId: game.id, playedAt: now })));
    const { last } = rolled;
    const ply = game.ply + entries.length;
    if (last.status.over) {
      const row = { ...game, ply, sideToMove: last.toMove, remaining1Ms, remaining2Ms, turnStartedAt: now };
      await finishGame(
        tx,
        row,
        { result: resultFor(last.status.winner), reason: last.status.reason, margin: rules.margin(last.position), position: last.position, board },
        now,
      );
      return { board, ended: true };
    }
    const deadline = clockDeadline({ ...timed.clock, toMove: last.toMove })!;
    await updateGame(tx, game.id, {
      position: last.position,
      ply,
      sideToMove: last.toMove,
      remaining1Ms,
      remaining2Ms,
      turnStartedAt: now,
      deadline: new Date(deadline),
    });
    // As if the side not to move had just moved: its notices of this game are done, and the
    // side to move is told, at the ply it moves at.
    const waiting = last.toMove === 1 ? game.side2Id : game.side1Id;
    await noticeMove(tx, game, context, waiting, last.toMove, ply, now);
    return { board, ended: false };
  });
  const view = await loadGameView(db, input.gameId);
  // A finish published the end itself.
  if (!changed.ended) publishGame(view, changed.board);
  return view;
}
