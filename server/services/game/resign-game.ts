// A player gives up: the opponent wins.
import type { Db } from "@/db/client";
import { deserializeState, resign, serializeState } from "@/engine/hnefatafl";
import { publishGame } from "@/server/realtime/publish";
import { finishGame } from "./finish-game";
import { loadGameView, lockGame, requireActive, requirePlayer, type GameView } from "./game-view";

export async function resignGame(db: Db, userId: string, gameId: string, now = new Date()): Promise<GameView> {
  const after = await db.transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    requireActive(game);
    const side = requirePlayer(game, userId);
    const ended = game.position ? resign(deserializeState(game.position), side === 1 ? "attackers" : "defenders") : null;
    return finishGame(
      tx,
      game,
      { result: side === 1 ? "0-1" : "1-0", reason: "resignation", position: ended?.ok ? serializeState(ended.state) : game.position },
      now,
    );
  });
  const view = await loadGameView(db, gameId);
  publishGame(view);
  after();
  return view;
}
