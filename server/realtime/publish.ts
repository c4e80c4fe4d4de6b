// Publishing after commit: services call these once their transaction has committed,
// so no client ever sees a change that was rolled back. Without a Socket.IO server
// (tests calling services directly) they do nothing.
import type { GameView } from "@/lib/contracts";
import { realtime } from "./io";
import { gameRoom, userRoom } from "@/lib/contracts";


export function publishGame(view: GameView): void {
  realtime()?.to(gameRoom(view.id)).emit("game", view);
}

/** Tells the users' open pages that their inbox changed (they refetch the bell). */
export function pingInbox(userIds: Iterable<string>): void {
  const io = realtime();
  if (!io) return;
  for (const id of new Set(userIds)) io.to(userRoom(id)).emit("inbox");
}

export function publishChanged(room: string, version: number): void {
  realtime()?.to(room).emit("changed", { room, version });
}
