// Spectator sockets for the realtime benchmarks (bench/scale.bench.ts,
// bench/realtime-move.bench.ts), run as a child process (fork) so that the work of
// the clients (thousands of websockets, parsing every game event) runs in its own
// process (pinned to its own CPU by the parent where it says so), never on the event
// loop that submits the moves and times them.
//
// The parent sends `connect` (which rooms on which server), then `count` while it
// waits for events to arrive, then `finish`; the child answers with every delivery
// (game index, ply, wall-clock receipt time) and its gap/duplicate counts. It checks
// the sequence per socket: each `gameUpdate` must carry the game's next version and
// the next ply. With `complete` set, the child also reports each ply once every one of
// its sockets of that game has received it (with the first and last receipt times and
// the event's size), so a parent can wait for the whole fan-out before the next move.
import { io, type Socket } from "socket.io-client";
import type { GameUpdate } from "@/lib/contracts";
import { wallNow } from "./stats";

export interface SpectatorAssignment {
  url: string;
  gameId: string;
  game: number;
}

export type ToSpectators = { type: "connect"; sockets: SpectatorAssignment[]; batch: number; complete?: boolean } | { type: "count" } | { type: "finish" };

export type FromSpectators =
  | { type: "connected"; connected: number[]; failed: number; errors: string[]; ms: number }
  | { type: "count"; received: number }
  /** Every socket of `game` in this process has the move `ply` (only with `complete`). */
  | { type: "complete"; game: number; ply: number; first: number; last: number; bytes: number }
  | {
      type: "results";
      /** Flat triples: game index, ply, receipt time (ms since the epoch). */
      deliveries: number[];
      /** Versions a socket skipped (it saw a later change without this one). */
      gaps: number;
      duplicates: number;
      disconnects: number;
      foreign: number;
    };

const send = (msg: FromSpectators) => process.send!(msg);

const sockets: Socket[] = [];
const deliveries: number[] = [];
const perGame = new Map<number, number>(); // game index → sockets of it in this process
/** game * 100_000 + ply → receipts so far, first and last receipt time, event size. */
const arrivals = new Map<number, { n: number; first: number; last: number; bytes: number }>();
let reportComplete = false;
let gaps = 0;
let duplicates = 0;
let disconnects = 0;
let foreign = 0;
let finishing = false;

function received(game: number, ply: number, t: number, update: GameUpdate): void {
  deliveries.push(game, ply, t);
  if (!reportComplete) return;
  const key = game * 100_000 + ply;
  const a = arrivals.get(key) ?? { n: 0, first: t, last: t, bytes: Buffer.byteLength(JSON.stringify(update)) };
  a.n++;
  a.last = t;
  arrivals.set(key, a);
  if (a.n === perGame.get(game)) {
    arrivals.delete(key);
    send({ type: "complete", game, ply, first: a.first, last: a.last, bytes: a.bytes });
  }
}

function watch(a: SpectatorAssignment): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(a.url, { transports: ["websocket"], reconnection: false, forceNew: true, timeout: 30_000 });
    s.once("connect_error", reject);
    s.once("connect", () => {
      let lastVersion: number | null = null; // the first update seen sets it
      s.on("gameUpdate", (u: GameUpdate) => {
        const t = wallNow();
        if (u.gameId !== a.gameId) {
          foreign++;
          return;
        }
        if (lastVersion !== null && u.version <= lastVersion)
          duplicates++; // stale or repeated
        else if (lastVersion !== null && u.version > lastVersion + 1) gaps += u.version - lastVersion - 1; // changes never seen
        if (lastVersion === null || u.version > lastVersion) lastVersion = u.version;
        if (u.board?.kind === "move") received(a.game, u.board.move.ply, t, u);
      });
      s.on("disconnect", () => {
        if (!finishing) disconnects++;
      });
      s.emit("watch", `game:${a.gameId}`, (ok: boolean) => (ok ? resolve(s) : reject(new Error("watch refused"))));
    });
  });
}

process.on("message", (msg: ToSpectators) => {
  if (msg.type === "connect") {
    void (async () => {
      reportComplete = msg.complete ?? false;
      const t0 = performance.now();
      const connected: number[] = [];
      const errors: string[] = [];
      let failed = 0;
      for (let i = 0; i < msg.sockets.length; i += msg.batch) {
        const batch = msg.sockets.slice(i, i + msg.batch);
        const settled = await Promise.allSettled(batch.map(watch));
        settled.forEach((r, j) => {
          if (r.status === "fulfilled") {
            sockets.push(r.value);
            connected.push(batch[j]!.game);
            perGame.set(batch[j]!.game, (perGame.get(batch[j]!.game) ?? 0) + 1);
          } else {
            failed++;
            if (errors.length < 5) errors.push(String(r.reason));
          }
        });
      }
      send({ type: "connected", connected, failed, errors, ms: performance.now() - t0 });
    })();
  } else if (msg.type === "count") {
    send({ type: "count", received: deliveries.length / 3 });
  } else if (msg.type === "finish") {
    finishing = true;
    // Large (3 numbers per delivery): close and leave only once it has been written.
    process.send!({ type: "results", deliveries, gaps, duplicates, disconnects, foreign } satisfies FromSpectators, undefined, {}, () => {
      for (const s of sockets) s.close();
      process.disconnect();
    });
  }
});
// The parent went away (finished or crashed): never linger.
process.on("disconnect", () => process.exit(0));
