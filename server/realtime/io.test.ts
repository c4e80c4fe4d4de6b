// Socket.IO against a real HTTP server and real socket.io-client peers (no Next):
// what an anonymous or signed-in socket may do, the cap on watched rooms, inbox pings.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import fc from "fast-check";
import { encode } from "next-auth/jwt";
import { sql } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { MAX_WATCHED_ROOMS } from "@/lib/realtime-events";
import { userRoom } from "@/lib/contracts";
import { newPlayer } from "@/test/api-fixtures";
import { startRealtimeServer, type RealtimeServer } from "@/test/realtime-server";
import type { MootIo } from "./io";
import { pingInbox } from "./publish";

let h: DbHandle;
let server: MootIo;
let url: string;
let realtime: RealtimeServer;
beforeAll(async () => {
  // A database of its own: "changes nothing" fingerprints the whole users table, which
  // other test files add to meanwhile in the shared one.
  realtime = await startRealtimeServer({ ownDatabase: true });
  ({ h, server, url } = realtime);
});
afterAll(() => realtime.close());

const SECRET = "a test secret that is long enough for next-auth";
process.env.NEXTAUTH_SECRET ??= SECRET;

async function socket(cookie?: string): Promise<Socket> {
  const s = connect(url, { transports: ["websocket"], forceNew: true, extraHeaders: cookie ? { cookie } : undefined });
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

describe("inbox pings", () => {
  it("reach each named user once, however many users one ping names, and nobody else", async () => {
    const [a, b, c] = [await newPlayer(h), await newPlayer(h), await newPlayer(h)];
    const cookie = async (u: { id: string; username: string }) =>
      `next-auth.session-token=${await encode({ token: { sub: u.id, name: u.username, sv: 1, sid: randomUUID() }, secret: process.env.NEXTAUTH_SECRET! })}`;
    const sockets = [await socket(await cookie(a)), await socket(await cookie(b)), await socket(await cookie(c))];
    const counts = [0, 0, 0];
    sockets.forEach((s, i) => s.on("inbox", () => counts[i]!++));
    try {
      // 2,500 users (three broadcasts of at most a thousand rooms), a and b among them, a twice; c not.
      const others = Array.from({ length: 2500 }, (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}`);
      pingInbox([a.id, ...others.slice(0, 1200), b.id, ...others.slice(1200), a.id]);
      // Events reach one socket in order: when its marker arrives, every ping before it has.
      const markers = sockets.map((s) => new Promise((resolve) => s.once("changed", resolve)));
      for (const u of [a, b, c]) server.to(userRoom(u.id)).emit("changed", { room: "lobby", version: 1 });
      await Promise.all(markers);
      expect(counts).toEqual([1, 1, 0]);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });
});

// Every event name a client could send, the real ones and others, with hostile payloads
// and with or without an acknowledgement callback, from an anonymous and a signed-in
// socket: the server must stay up and answer, change no data, keep the rooms capped
// and its memory bounded.
describe("hostile Socket.IO events", () => {
  const EVENTS = ["whoami", "watch", "unwatch", "join", "leave", "__proto__", "constructor", "toString", "hasOwnProperty", "emit", "x".repeat(300)];
  const hostile = fc.oneof(
    fc.anything({ maxDepth: 3 }),
    fc.string({ maxLength: 200 }),
    fc.constantFrom(
      "",
      "lobby",
      "game:*",
      "user:00000000-0000-4000-8000-000000000000",
      "tournament:../../etc/passwd",
      "\u0000",
      "x".repeat(100_000),
      { toString: "lobby" },
      ["lobby", "lobby"],
      { __proto__: { polluted: true } },
      Number.NaN,
      -1,
      null,
    ),
    fc.integer({ min: 0, max: 10_000 }).map((i) => room(i)),
  );

  async function fingerprint(): Promise<string> {
    const r = await h.db.execute(sql.raw("select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as f from users t"));
    return String((r as unknown as { rows: { f: string }[] }).rows[0]!.f);
  }

  for (const who of ["anonymous", "signed in"] as const) {
    it(`${who}: the server answers, changes nothing and stays bounded`, async () => {
      let cookie: string | undefined;
      if (who === "signed in") {
        const me = await newPlayer(h);
        const token = await encode({ token: { sub: me.id, name: me.username, sv: 1, sid: randomUUID() }, secret: process.env.NEXTAUTH_SECRET! });
        cookie = `next-auth.session-token=${token}`;
      }
      const s = await socket(cookie);
      const before = await fingerprint();
      const heapBefore = process.memoryUsage().heapUsed;
      try {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...EVENTS), fc.array(hostile, { maxLength: 3 }), fc.boolean(), async (event, args, withAck) => {
            // An acknowledgement may or may not come (unknown events have no handler).
            if (withAck) s.emit(event, ...args, () => {});
            else s.emit(event, ...args);
          }),
          { numRuns: 400, seed: 20261123 },
        );
        // Still connected and answering, with the same identity (events are handled in
        // order, so this answer comes after every hostile event was dealt with).
        const me = await s.timeout(10_000).emitWithAck("whoami");
        expect(me === null).toBe(who === "anonymous");
        expect(s.connected).toBe(true);
        const [serverSide] = (await server.fetchSockets()).filter((x) => x.id === s.id);
        expect([...serverSide!.rooms].filter((r) => r.startsWith("game:") || r.startsWith("tournament:") || r === "lobby").length).toBeLessThanOrEqual(
          MAX_WATCHED_ROOMS,
        );
        expect(await fingerprint()).toBe(before);
        // Generous: the point is "bounded", not a number (600,000 rooms cost 222 MB before the cap).
        expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(150 * 1024 * 1024);
      } finally {
        s.disconnect();
      }
    }, 120_000);
  }
});
