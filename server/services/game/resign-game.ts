// A player gives up: the opponent wins.
import type { Db } from "@/db/client";
import { publishGame } from "@/server/realtime/publish";
import { endedBoard, finishGame } from "./finish-game";
import { loadGameView, lockGame, requireActive, requirePlayer } from "./game-view";
import type { GameView } from "@/lib/contracts";
import { resultFor } from "./make-move";

export async function resignGame(db: Db, userId: string, gameId: string, now = new Date()): Promise<GameView> {
  const ended = await db.transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    requireActive(game);
    const side = requirePlayer(game, userId);
    const winner = side === 1 ? 2 : 1;
    const { position, board } = endedBoard(game, winner, "resignation");
    return { board, after: (await finishGame(tx, game, { result: resultFor(winner), reason: "resignation", position }, now)).after };
  });
  const view = await loadGameView(db, gameId);
  publishGame(view, ended.board);
  ended.after();
  return view;
}
