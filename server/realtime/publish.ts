// Publishing after commit: services call these once their transaction has committed,
// so no client ever sees a change that was rolled back. Without a Socket.IO server
// (tests calling services directly) they do nothing.
import type { Notice } from "@/lib/realtime-events";
import type { GameView } from "@/server/services/game/game-view";
import { realtime, userRoom } from "./io";

export const gameRoom = (gameId: string) => `game:${gameId}`;

export function publishGame(view: GameView): void {
  realtime()?.to(gameRoom(view.id)).emit("game", view);
}

export function notifyUser(userId: string, notice: Notice): void {
  realtime()?.to(userRoom(userId)).emit("notice", notice);
}

export function publishChanged(room: string, version: number): void {
  realtime()?.to(room).emit("changed", { room, version });
}
