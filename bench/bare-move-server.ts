// The floor a move's round trip is compared with (bench/realtime-move.bench.ts), run as
// a child process (fork) so it can be pinned to the CPU the Moot server gets: a bare
// node:http server and a bare Socket.IO server on one port, none of Moot's code.
//
// POST /move (JSON { gameId, ply, move }): with BARE_DATABASE_URL, a transaction of
// four round trips through node-postgres (BEGIN; lock the game row; one statement
// that updates the row and inserts the move; COMMIT) on a games row of Moot's schema;
// without it, no database. Then, as Moot's publishGameUpdate does, the update goes to
// the players' sockets in the game's room at once and to the rest of the room after
// the work in hand (setImmediate); then the answer. The update is the parent's
// template (an update Moot sent for a move, so the same bytes) with this move's ply,
// version and server time. Sockets watch a room with `watch` (acknowledged); a socket
// connected with the query `player=1` is a player's.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { Server } from "socket.io";
import type { GameUpdate } from "@/lib/contracts";
import { bareTransaction } from "./stats";

export type ToBareServer = { type: "template"; update: GameUpdate };
export type FromBareServer = { type: "listening"; port: number };

const databaseUrl = process.env.BARE_DATABASE_URL;
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : null;
let template: GameUpdate | null = null;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

/** BEGIN, lock, update + insert, COMMIT: four round trips. */
function writeMove(gameId: string, ply: number, move: string): Promise<void> {
  const now = new Date();
  return bareTransaction(pool!, [
    { text: "select version from games where id = $1 for update", values: [gameId] },
    {
      text: `with moved as (update games set ply = $2, side_to_move = 3 - side_to_move, remaining1_ms = remaining1_ms - 1, turn_started_at = $3,
          deadline = $3::timestamptz + interval '3 days', version = version + 1 where id = $1)
        insert into game_moves (game_id, ply, notation, remaining1_ms, remaining2_ms, played_at) values ($1, $2, $4, 259200000, 259200000, $3)`,
      values: [gameId, ply, now, move],
    },
  ]);
}

const http = createServer((req, res) => {
  if (req.method !== "POST" || req.url !== "/move") return void res.writeHead(404).end();
  void (async () => {
    const { gameId, ply, move } = JSON.parse(await readBody(req)) as { gameId: string; ply: number; move: string };
    const made = ply + 1;
    if (pool) await writeMove(gameId, made, move);
    const update: GameUpdate = {
      ...template!,
      gameId,
      version: made + 1,
      serverNow: Date.now(),
      board: template!.board?.kind === "move" ? { ...template!.board, move: { ...template!.board.move, ply: made } } : template!.board,
      set: { ...template!.set, ply: made },
    };
    const room = `game:${gameId}`;
    const watching = io.of("/").adapter.rooms.get(room);
    const first = [...(watching ?? [])].filter((id) => io.of("/").sockets.get(id)?.handshake.query.player === "1");
    if (first.length > 0) io.to(first).emit("gameUpdate", update);
    setImmediate(() => io.to(room).except(first).emit("gameUpdate", update));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, ply: made }));
  })().catch((err: unknown) => {
    console.error("[bare] move failed:", err);
    res.writeHead(500).end();
  });
});
const io = new Server(http, { serveClient: false });
io.on("connection", (socket) => {
  socket.on("watch", (room: unknown, ack: unknown) => {
    if (typeof room === "string") void socket.join(room);
    if (typeof ack === "function") (ack as (ok: boolean) => void)(true);
  });
});

process.on("message", (m: ToBareServer) => {
  if (m.type === "template") template = m.update;
});
// The parent went away (finished or crashed): never linger.
process.on("disconnect", () => {
  void io.close();
  void pool?.end();
  process.exit(0);
});
http.listen(0, "127.0.0.1", () => process.send!({ type: "listening", port: (http.address() as AddressInfo).port } satisfies FromBareServer));
