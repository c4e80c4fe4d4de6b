// Publishing after commit: services call these once their transaction has committed,
// so no client ever sees a change that was rolled back. Without a Socket.IO server
// (tests calling services directly) they do nothing.
import type { ChatMessage } from "@/lib/chat";
import type { BoardChange, GameUpdate, GameView } from "@/lib/contracts";
import { gameRoom, userRoom } from "@/lib/contracts";
import { updateFromView } from "@/lib/game-update";
import { stepInSlices } from "@/lib/let-go";
import { realtime } from "./io";

/**
 * One change to a game, to everyone watching it (a move builds its update without
 * reloading the game). The players' own sockets in the game's room (on this process)
 * get it at once; the rest of the room, which may be a thousand spectators whose writes
 * take milliseconds, once the work in hand is done (setImmediate): neither the opponent
 * waits behind the crowd, whenever the sockets joined, nor the mover's answer. Every
 * game update goes this way, so each socket still receives a game's updates in order.
 * With the Redis adapter, the deferred broadcast also reaches the other processes'
 * sockets, players' included.
 */
export function publishGameUpdate(update: GameUpdate, players: readonly string[]): void {
  const io = realtime();
  if (!io) return;
  const room = gameRoom(update.gameId);
  const rooms = io.of("/").adapter.rooms;
  const watching = rooms.get(room);
  const first: string[] = [];
  if (watching) {
    for (const player of players) {
      for (const socketId of rooms.get(userRoom(player)) ?? []) if (watching.has(socketId)) first.push(socketId);
    }
  }
  if (first.length > 0) io.local.to(first).emit("gameUpdate", update);
  setImmediate(() => io.to(room).except(first).emit("gameUpdate", update));
}

/**
 * A change other than a plain move, from the game's view after it: every field but the
 * move list and the position, and what the change did to the board (`board`).
 */
export function publishGame(view: GameView, board: BoardChange | null = null): void {
  publishGameUpdate(updateFromView(view, board), [view.side1.id, view.side2.id]);
}

/** Rooms per broadcast: one emit (one Redis message across processes) reaches them all. */
const ROOMS_PER_EMIT = 1000;

/**
 * Tells the users' open pages that their inbox changed (they refetch the bell). A
 * tournament's start tells 100,000 users: one broadcast per thousand rooms, not one
 * per user (Socket.IO sends each socket in any of the rooms the event once). They go
 * out in 10 ms slices, with the event loop let go between them (stepInSlices runs
 * the first slice at once, so a few pings go out before this returns): a
 * 100,000-player round's close tells about 130,000 users, and its 130 broadcasts in
 * one go held every request of the process for about 60 ms.
 */
export function pingInbox(userIds: Iterable<string>): void {
  const io = realtime();
  if (!io) return;
  const rooms: string[] = [];
  for (const id of userIds instanceof Set ? userIds : new Set(userIds)) rooms.push(userRoom(id));
  function* broadcasts() {
    for (let i = 0; i < rooms.length; i += ROOMS_PER_EMIT) yield io!.to(rooms.slice(i, i + ROOMS_PER_EMIT)).emit("inbox");
  }
  stepInSlices(broadcasts()).catch((err: unknown) => {
    console.error("inbox pings failed", err);
  });
}

export function publishChanged(room: string, version: number): void {
  realtime()?.to(room).emit("changed", { room, version });
}

/** Sends the player whose challenge was accepted to the new game (their open pages follow it); `after`: the game a rematch repeats. */
export function publishGameStarted(userId: string, gameId: string, after?: string): void {
  realtime()
    ?.to(userRoom(userId))
    .emit("gameStarted", after ? { gameId, after } : { gameId });
}

/** A chat message, to the room it was posted in (its game's or tournament's watchers). */
export function publishChatMessage(message: ChatMessage): void {
  realtime()?.to(message.room).emit("chatMessage", message);
}

/** A chat message was hidden: the room's pages drop it. */
export function publishChatHidden(room: string, messageId: string): void {
  realtime()?.to(room).emit("chatHidden", { room, messageId });
}
