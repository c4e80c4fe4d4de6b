// A player gives up: the opponent wins.
import type { Db } from "@/db/client";
import { transaction } from "../transaction";
import { endedBoard, finishGame } from "./finish-game";
import { loadGameView, requireActive, requirePlayer } from "../game/game-view";
import { lockGameToFinish } from "../rating/lock-to-finish";
import type { GameView } from "@/lib/contracts";
import { resultFor } from "./make-move";

export async function resignGame(db: Db, userId: string, gameId: string, now = new Date()): Promise<GameView> {
  await transaction(db, async (tx) => {
    // A resignation always ends the game: its lock takes the players' rating locks and ratings with it.
    const { game, context, ratings } = await lockGameToFinish(tx, gameId);
    requireActive(game);
    const side = requirePlayer(game, userId);
    const winner = side === 1 ? 2 : 1;
    const { position, board } = endedBoard(game, winner, "resignation");
    await finishGame(tx, game, { result: resultFor(winner), reason: "resignation", position, board, context, ratings }, now);
  });
  return loadGameView(db, gameId);
}
