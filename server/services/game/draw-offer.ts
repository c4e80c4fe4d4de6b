// Draw by agreement: one player offers, the other accepts or declines. An offer made
// while the opponent's offer stands is an acceptance.
import type { Db } from "@/db/client";
import { publishGame } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { endedBoard, finishGame } from "./finish-game";
import { loadGameView, lockGame, requireActive, requirePlayer, updateGame } from "./game-view";
import type { GameView } from "@/lib/contracts";

export type DrawAction = "offer" | "accept" | "decline";

export async function answerDraw(db: Db, userId: string, gameId: string, action: DrawAction, now = new Date()): Promise<GameView> {
  const ended = await db.transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    requireActive(game);
    const side = requirePlayer(game, userId);
    const offeredByOpponent = game.drawOfferBy !== null && game.drawOfferBy !== side;
    if (action === "accept" || (action === "offer" && offeredByOpponent)) {
      if (!offeredByOpponent) throw new AppError("BAD_REQUEST", "There is no draw offer to accept.");
      const { position, board } = endedBoard(game, null, "agreement");
      return { board, after: (await finishGame(tx, game, { result: "draw", reason: "agreement", position }, now)).after };
    }
    if (action === "offer") {
      if (game.drawOfferBy === side) throw new AppError("BAD_REQUEST", "You have already offered a draw.");
      await updateGame(tx, game.id, { drawOfferBy: side });
    } else {
      if (!offeredByOpponent) throw new AppError("BAD_REQUEST", "There is no draw offer to decline.");
      await updateGame(tx, game.id, { drawOfferBy: null });
    }
    return null;
  });
  const view = await loadGameView(db, gameId);
  publishGame(view, ended?.board ?? null);
  ended?.after();
  return view;
}
