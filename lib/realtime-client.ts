"use client";
// The browser's one Socket.IO connection (same origin, same session cookie as the
// pages). Rooms being watched are re-joined after every reconnect, and watchers are
// told about the reconnect so they can fetch what they missed.
import { useEffect, useRef } from "react";
import { io, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "./realtime-events";

export type MootSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: MootSocket | null = null;
const watched = new Map<string, number>(); // room → number of components watching it

export function getSocket(): MootSocket {
  if (socket) return socket;
  socket = io({ transports: ["websocket", "polling"] });
  socket.on("connect", () => {
    for (const room of watched.keys()) socket!.emit("watch", room);
  });
  // Exposed so end-to-end tests can cut the connection as a network drop would.
  (window as unknown as { __mootSocket?: MootSocket }).__mootSocket = socket;
  return socket;
}

type Handlers = {
  [E in keyof ServerToClientEvents]?: ServerToClientEvents[E];
} & {
  /**
   * Refetch to catch up: called once the room is watched (events published between
   * the page's server render and the watch would otherwise be missed) and after every
   * reconnect; without a room, at every connect after the component mounted, the
   * page's first one included.
   */
  reconnected?: () => void;
};

/** Watches a room (null = only the user's own events) while the component is mounted. */
export function useRealtime(room: string | null, handlers: Handlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const s = getSocket();
    const catchUp = () => ref.current.reconnected?.();
    if (room) {
      watched.set(room, (watched.get(room) ?? 0) + 1);
      if (s.connected) s.emit("watch", room, catchUp);
    }
    const onConnect = () => {
      // A room is re-watched with an acknowledgement, then caught up. Without a room,
      // the user's own room is joined by the server as the socket connects: whatever
      // this component fetched before (mounted while the page's socket was still
      // connecting, or during a drop) may have missed a ping, so it catches up too.
      if (room) s.emit("watch", room, catchUp);
      else catchUp();
    };
    const onGameUpdate: ServerToClientEvents["gameUpdate"] = (u) => ref.current.gameUpdate?.(u);
    const onChanged: ServerToClientEvents["changed"] = (m) => ref.current.changed?.(m);
    const onInbox: ServerToClientEvents["inbox"] = () => ref.current.inbox?.();
    const onGameStarted: ServerToClientEvents["gameStarted"] = (m) => ref.current.gameStarted?.(m);
    const onChatMessage: ServerToClientEvents["chatMessage"] = (m) => ref.current.chatMessage?.(m);
    const onChatHidden: ServerToClientEvents["chatHidden"] = (m) => ref.current.chatHidden?.(m);
    s.on("connect", onConnect);
    s.on("gameUpdate", onGameUpdate);
    s.on("changed", onChanged);
    s.on("inbox", onInbox);
    s.on("gameStarted", onGameStarted);
    s.on("chatMessage", onChatMessage);
    s.on("chatHidden", onChatHidden);
    return () => {
      s.off("connect", onConnect);
      s.off("gameUpdate", onGameUpdate);
      s.off("changed", onChanged);
      s.off("inbox", onInbox);
      s.off("gameStarted", onGameStarted);
      s.off("chatMessage", onChatMessage);
      s.off("chatHidden", onChatHidden);
      if (room) {
        const n = (watched.get(room) ?? 1) - 1;
        if (n === 0) {
          watched.delete(room);
          s.emit("unwatch", room);
        } else watched.set(room, n);
      }
    };
  }, [room]);
}
