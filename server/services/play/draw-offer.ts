// Draw by agreement: one player offers, the other accepts or declines. An offer made
// while the opponent's offer stands is an acceptance.
import type { Db } from "@/db/client";
import { publishGame } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { endedBoard, finishGame } from "./finish-game";
import { loadGameView, requireActive, requirePlayer, updateGame } from "../game/game-view";
import { lockGame } from "../game/lock-game";
import type { GameView } from "@/lib/contracts";

export type DrawAction = "offer" | "accept" | "decline";

export async function answerDraw(db: Db, userId: string, gameId: string, action: DrawAction, now = new Date()): Promise<GameView> {
  const ended = await transaction(db, async (tx) => {
    const game = await lockGame(tx, gameId);
    requireActive(game);
    const side = requirePlayer(game, userId);
    const offeredByOpponent = game.drawOfferBy !== null && game.drawOfferBy !== side;
    if (action === "accept" || (action === "offer" && offeredByOpponent)) {
      if (!offeredByOpponent) throw new AppError("BAD_REQUEST", "There is no draw offer to accept.");
      const { position, board } = endedBoard(game, null, "agreement");
      await finishGame(tx, game, { result: "draw", reason: "agreement", position, board }, now);
      return true;
    }
    if (action === "offer") {
      if (game.drawOfferBy === side) throw new AppError("BAD_REQUEST", "You have already offered a draw.");
      await updateGame(tx, game.id, { drawOfferBy: side });
    } else {
      if (!offeredByOpponent) throw new AppError("BAD_REQUEST", "There is no draw offer to decline.");
      await updateGame(tx, game.id, { drawOfferBy: null });
    }
    return false;
  });
  const view = await loadGameView(db, gameId);
  // The finish published the end; an offer or a decline changed the view only.
  if (!ended) publishGame(view);
  return view;
}
