// Move round trip with 1,000 spectators watching the game: a player submits a move
// over HTTP (tRPC) and we time until the opponent's socket receives the new state;
// we also time until every spectator socket has it. Real server process (production
// build), real PostgreSQL (a fresh database on DATABASE_URL's server, or the local one).
// The server process is pinned to CPU 0 and this process (the 1,000 spectator sockets
// and the two players) to CPU 1 with taskset, so the clients' own work does not run
// on the server's core (on a machine with fewer than two CPUs nothing is pinned).
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { io, type Socket } from "socket.io-client";
import { legalMoves, newGame, tryMove, type GameState } from "@/engine/games/tafl";
import { startServer } from "@/e2e/server-process";
import { ensureBuild } from "@/scripts/ensure-build";
import { createFreshDatabase } from "@/test/fresh-database";
import { HttpSession } from "@/test/http-session";
import { percentile, printTable, rssMb } from "./stats";

const SPECTATORS = Number(process.env.BENCH_SPECTATORS ?? 1000);
const MOVES = Number(process.env.BENCH_MOVES ?? 200);
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

ensureBuild();
const fresh = await createFreshDatabase(serverUrl, "moot_bench");
const port = 3600 + Math.floor(Math.random() * 300);
const server = await startServer({ port, env: { DATABASE_URL: fresh.url, DATA_DIR: "/tmp/unused", SEED_DEMO: "0" } });

/** Pins a process (all its threads) to one CPU; says so, or why not. */
function pin(pid: number, cpu: number, who: string): string {
  if (availableParallelism() < 2) return `${who}: not pinned (one CPU)`;
  const r = spawnSync("taskset", ["-a", "-p", "-c", String(cpu), String(pid)], { encoding: "utf8" });
  return r.status === 0 ? `${who} on CPU ${cpu}` : `${who}: not pinned (${r.error?.message ?? r.stderr.trim()})`;
}
const pinning = [pin(server.child.pid!, 0, "server"), pin(process.pid, 1, "spectators and players")].join(", ");

function connect(cookie?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(server.url, { transports: ["websocket"], extraHeaders: cookie ? { cookie } : {}, reconnection: false });
    s.once("connect", () => resolve(s));
    s.once("connect_error", reject);
  });
}

try {
  const a = new HttpSession(server.url);
  const d = new HttpSession(server.url);
  await a.signUp("bench_att", "bench password");
  await d.signUp("bench_def", "bench password");

  async function newTable() {
    const ch = await a.mutation<{ id: string }>("challenge.create", { gameType: "hnefatafl", timeControl: "3d+6h", side: "side1", rated: false });
    return (await d.mutation<{ gameId: string }>("challenge.accept", { challengeId: ch.id })).gameId;
  }
  let gameId = await newTable();
  const room = () => `game:${gameId}`;

  const attackerSocket = await connect(a.cookie);
  const defenderSocket = await connect(d.cookie);
  const spectators: Socket[] = [];
  for (let i = 0; i < SPECTATORS; i += 50) {
    spectators.push(...(await Promise.all(Array.from({ length: Math.min(50, SPECTATORS - i) }, () => connect()))));
  }
  const watchAll = async () => {
    await Promise.all([attackerSocket, defenderSocket, ...spectators].map((s) => new Promise((r) => s.emit("watch", room(), r))));
  };
  await watchAll();
  const memBefore = await rssMb(server.child.pid!);

  const roundTrips: number[] = [];
  const fanOuts: number[] = [];
  let state: GameState = newGame();
  for (let i = 0; i < MOVES; i++) {
    const moves = legalMoves(state);
    const move = moves[(i * 13) % moves.length]!;
    const next = tryMove(state, move);
    if (!next.ok) throw new Error("engine refused its own legal move");
    const mover = state.toMove === "attackers" ? a : d;
    const opponentSocket = state.toMove === "attackers" ? defenderSocket : attackerSocket;
    const ply = state.ply + 1;
    const arrived = (s: Socket) =>
      new Promise<number>((resolve) => {
        const onGame = (v: { id: string; moves: unknown[] }) => {
          if (v.id === gameId && v.moves.length === ply) {
            s.off("game", onGame);
            resolve(performance.now());
          }
        };
        s.on("game", onGame);
      });
    const opponentGot = arrived(opponentSocket);
    const allGot = Promise.all(spectators.map(arrived));
    const t0 = performance.now();
    await mover.mutation("game.move", { gameId, ply: state.ply, move: `${move.from}-${move.to}` });
    roundTrips.push((await opponentGot) - t0);
    fanOuts.push(Math.max(...(await allGot)) - t0);
    state = next.state;
    if (state.status.over) {
      gameId = await newTable();
      state = newGame();
      await watchAll();
    }
  }
  const memAfter = await rssMb(server.child.pid!);
  roundTrips.sort((x, y) => x - y);
  fanOuts.sort((x, y) => x - y);
  const p50 = percentile(roundTrips, 50);
  const p99 = percentile(roundTrips, 99);
  console.log(`${MOVES} moves, ${SPECTATORS} spectators + 2 players on one server process, PostgreSQL; ${pinning}`);
  const ok = printTable([
    { name: "move round trip p50 (submit → opponent socket)", measured: `${p50.toFixed(1)} ms (min ${roundTrips[0]!.toFixed(1)} ms)`, target: "< 15 ms", ok: p50 < 15 },
    { name: "move round trip p99", measured: `${p99.toFixed(1)} ms (max ${roundTrips.at(-1)!.toFixed(1)} ms)`, target: "< 50 ms", ok: p99 < 50 },
    { name: "fan-out to all spectators p50", measured: `${percentile(fanOuts, 50).toFixed(1)} ms`, target: "-", ok: null },
    { name: "fan-out to all spectators p99", measured: `${percentile(fanOuts, 99).toFixed(1)} ms`, target: "-", ok: null },
    { name: "server RSS with sockets connected", measured: `${memBefore.toFixed(0)} MB → ${memAfter.toFixed(0)} MB`, target: "-", ok: null },
  ]);
  for (const s of [attackerSocket, defenderSocket, ...spectators]) s.close();
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
  await fresh.drop();
}
