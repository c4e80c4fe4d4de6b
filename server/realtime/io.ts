// Socket.IO on the same HTTP server as the site. A socket is authenticated from the
// same session cookie as the pages; anonymous sockets are allowed and read-only. A
// signed-in socket stays signed in only while its session lives (socket-sessions.ts).
// With REDIS_URL, the official Redis adapter relays events between server processes.
import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import type { Db } from "@/db/client";
import type { SharedRedis } from "@/server/redis";
import { MAX_WATCHED_ROOMS, WATCHABLE_ROOM, type ClientToServerEvents, type ServerToClientEvents } from "@/lib/realtime-events";
import { sessionFromCookies } from "@/server/auth/session";
import { userRoom } from "@/lib/contracts";
import { guardSocketSessions, handshakeData, type SocketData } from "./socket-sessions";

export type MootIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const slot = globalThis as unknown as { __mootIo?: MootIo };

export async function attachRealtime(httpServer: HttpServer, db: Db, redis?: SharedRedis): Promise<MootIo> {
  const io: MootIo = new Server(httpServer, { serveClient: false });
  if (redis) {
    const { createAdapter } = await import("@socket.io/redis-adapter");
    io.adapter(createAdapter(redis.client, redis.subscriber));
  }
  const sessions = guardSocketSessions(db);
  httpServer.once("close", sessions.stop);
  io.use(async (socket, next) => {
    try {
      socket.data = await handshakeData(() => sessionFromCookies(db, socket.handshake.headers.cookie));
      next();
    } catch (err) {
      console.error("[realtime] auth failed:", err);
      next(new Error("Could not check your session. Please reload."));
    }
  });
  io.on("connection", (socket) => {
    const user = socket.data.user;
    if (user) void socket.join(userRoom(user.id));
    sessions.join(socket);
    socket.on("whoami", (ack) => {
      if (typeof ack !== "function") return;
      const now = socket.data.user;
      ack(now ? { id: now.id, username: now.username } : null);
    });
    // Watching is read-only and public; only well-formed room names are accepted.
    // A socket watches at most MAX_WATCHED_ROOMS rooms: each costs memory here.
    socket.on("watch", (room, ack) => {
      const answer = (ok: boolean, reason?: string) => {
        if (typeof ack !== "function") return;
        if (reason === undefined) ack(ok);
        else ack(ok, reason);
      };
      if (typeof room !== "string" || !WATCHABLE_ROOM.test(room)) return answer(false, "That is not a room you can watch.");
      if (socket.rooms.has(room)) return answer(true);
      const watched = [...socket.rooms].filter((r) => WATCHABLE_ROOM.test(r)).length;
      if (watched >= MAX_WATCHED_ROOMS) {
        return answer(false, `You are already watching ${MAX_WATCHED_ROOMS} rooms, the most one connection may; stop watching one first.`);
      }
      void socket.join(room);
      answer(true);
    });
    socket.on("unwatch", (room) => {
      if (typeof room === "string" && WATCHABLE_ROOM.test(room)) void socket.leave(room);
    });
  });
  slot.__mootIo = io;
  return io;
}

/** The process's Socket.IO server (for services publishing after commit). */
export function realtime(): MootIo | undefined {
  return slot.__mootIo;
}
