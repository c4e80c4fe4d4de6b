// A player gives up: the opponent wins.
import type { Db } from "@/db/client";
import { onSiteGame } from "@/engine/games/registry";
import { publishGame } from "@/server/realtime/publish";
import { finishGame } from "./finish-game";
import { loadGameView, lockGame, requireActive, requirePlayer } from "./game-view";
import type { GameView } from "@/lib/contracts";
import { resultFor } from "./make-move";

export async function resignGame(db: Db, userId: string, gameId: string, now = new Date()): Promise<GameView> {
  const after = await db.transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    requireActive(game);
    const side = requirePlayer(game, userId);
    const winner = side === 1 ? 2 : 1;
    const rules = onSiteGame(game.gameType);
    const position = game.position && rules ? rules.end(game.position, winner, "resignation") : game.position;
    return finishGame(tx, game, { result: resultFor(winner), reason: "resignation", position }, now);
  });
  const view = await loadGameView(db, gameId);
  publishGame(view);
  after();
  return view;
}
