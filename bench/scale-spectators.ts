// Spectator sockets for bench/scale.bench.ts, run as a child process (fork) so that
// the work of the clients (5,000 websockets, parsing every `game` event) is spread
// over processes and does not share one event loop with the move submitter.
//
// The parent sends `connect` (which rooms on which server), then `count` while it
// waits for events to arrive, then `finish`; the child answers with every delivery
// (game index, moves.length, wall-clock receipt time) and its gap/duplicate counts.
// It checks the sequence per socket: each `game` event must carry exactly one move
// more than the previous one and a higher `version`.
import { io, type Socket } from "socket.io-client";
import { wallNow } from "./stats";

export interface SpectatorAssignment {
  url: string;
  gameId: string;
  game: number;
}

export type ToSpectators =
  | { type: "connect"; sockets: SpectatorAssignment[]; batch: number }
  | { type: "count" }
  | { type: "finish" };

export type FromSpectators =
  | { type: "connected"; connected: number[]; failed: number; errors: string[]; ms: number }
  | { type: "count"; received: number }
  | {
      type: "results";
      /** Flat triples: game index, moves.length, receipt time (ms since the epoch). */
      deliveries: number[];
      /** Plies a socket skipped (it saw a later move without this one). */
      gaps: number;
      duplicates: number;
      disconnects: number;
      foreign: number;
    };

const send = (msg: FromSpectators) => process.send!(msg);

const sockets: Socket[] = [];
const deliveries: number[] = [];
let gaps = 0;
let duplicates = 0;
let disconnects = 0;
let foreign = 0;
let finishing = false;

function watch(a: SpectatorAssignment): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(a.url, { transports: ["websocket"], reconnection: false, forceNew: true, timeout: 30_000 });
    s.once("connect_error", reject);
    s.once("connect", () => {
      let lastLength = 0; // the games are new: no moves yet
      let lastVersion = -1;
      s.on("game", (v: { id: string; moves: unknown[]; version: number }) => {
        const t = wallNow();
        if (v.id !== a.gameId) {
          foreign++;
          return;
        }
        const length = v.moves.length;
        if (length <= lastLength || v.version <= lastVersion) duplicates++; // stale or repeated
        else if (length > lastLength + 1) gaps += length - lastLength - 1; // plies never seen
        if (length > lastLength) lastLength = length;
        if (v.version > lastVersion) lastVersion = v.version;
        deliveries.push(a.game, length, t);
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
