// Socket.IO against a real HTTP server and real socket.io-client peers (no Next):
// what an anonymous or signed-in socket may do, and the cap on watched rooms.
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import type { DbHandle } from "@/db/client";
import { MAX_WATCHED_ROOMS } from "@/lib/realtime-events";
import { openTestDatabase } from "@/test/db";
import { attachRealtime, type MootIo } from "./io";

let h: DbHandle;
let http: HttpServer;
let server: MootIo;
let url: string;
beforeAll(async () => {
  h = await openTestDatabase();
  http = createServer((_req, res) => res.writeHead(404).end());
  server = await attachRealtime(http, h.db);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  await h.close();
});

async function socket(): Promise<Socket> {
  const s = connect(url, { transports: ["websocket"], forceNew: true });
  await new Promise<void>((resolve, reject) => {
    s.once("connect", resolve);
    s.once("connect_error", reject);
  });
  return s;
}

function watch(s: Socket, room: unknown): Promise<[boolean, string?]> {
  return new Promise((resolve, reject) => {
    s.timeout(10_000).emit("watch", room, (err: Error | null, ok: boolean, reason?: string) => (err ? reject(err) : resolve([ok, reason])));
  });
}
const room = (i: number) => `game:${i.toString(16).padStart(8, "0")}-0000-4000-8000-000000000000`;

describe("watching rooms", () => {
  it(`lets one socket watch at most ${MAX_WATCHED_ROOMS} rooms, refusing more with a sentence`, async () => {
    const s = await socket();
    try {
      for (let i = 0; i < MAX_WATCHED_ROOMS; i++) expect(await watch(s, room(i))).toEqual([true, undefined]);
      expect(await watch(s, room(MAX_WATCHED_ROOMS))).toEqual([
        false,
        `You are already watching ${MAX_WATCHED_ROOMS} rooms, the most one connection may; stop watching one first.`,
      ]);
      // Watching a room again costs nothing; unwatching makes space.
      expect(await watch(s, room(0))).toEqual([true, undefined]);
      s.emit("unwatch", room(0));
      expect(await watch(s, room(MAX_WATCHED_ROOMS))).toEqual([true, undefined]);
      const sockets = await server.in(room(MAX_WATCHED_ROOMS + 1)).fetchSockets();
      expect(sockets).toHaveLength(0);
      const [serverSide] = await server.fetchSockets();
      expect([...serverSide!.rooms].filter((r) => r.startsWith("game:"))).toHaveLength(MAX_WATCHED_ROOMS);
    } finally {
      s.disconnect();
    }
  });

  it("refuses room names that are not watchable, with a sentence", async () => {
    const s = await socket();
    try {
      for (const bad of ["user:00000000-0000-4000-8000-000000000000", "game:x", "", "lobby2"]) {
        expect(await watch(s, bad)).toEqual([false, "That is not a room you can watch."]);
      }
      expect(await watch(s, "lobby")).toEqual([true, undefined]);
    } finally {
      s.disconnect();
    }
  });
});
