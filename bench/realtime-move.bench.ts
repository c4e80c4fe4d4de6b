// Move round trip with 1,000 spectators watching the game: a player submits a move
// over HTTP (tRPC `game.move`) and we time until the opponent's socket receives the
// game's update with that move, and until the first and the last of the 1,000
// spectator sockets has it.
//
// Each run is independent: a fresh PostgreSQL database (on DATABASE_URL's server, or
// the local one), the real production server process (e2e/server-process.ts) pinned to
// CPU 0, the 1,000 spectator sockets in their own child process (bench/scale-spectators.ts)
// pinned to CPU 1, and this process (the two players over HTTP and their sockets, the
// timing) also on CPU 1, so no client work runs on the server's core. PostgreSQL's
// backends are not pinned. Times are wall-clock (performance.timeOrigin + now), which
// all processes on the machine share.
//
// The players' sockets join the game's room after the spectators' (see run()).
//
// Per run: BENCH_WARMUP (20) moves warm every process up and are not counted, then
// BENCH_MOVES (200) measured moves of one hnefatafl game (legal moves from the engine
// that do not end it), one at a time: the next move is submitted once every spectator
// has the previous one. Reported: p50/p99 per run, and over BENCH_RUNS (3) runs the
// median with min–max; the event's size (JSON of its payload, as the spectators
// received it) at the game's 2nd and 200th move.
import { fork, spawnSync, type ChildProcess } from "node:child_process";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { io, type Socket } from "socket.io-client";
import { legalMoves, newGame, tryMove, type GameState } from "@/engine/games/tafl";
import { startServer } from "@/e2e/server-process";
import type { GameUpdate } from "@/lib/contracts";
import { ensureBuild } from "@/scripts/ensure-build";
import { createFreshDatabase } from "@/test/fresh-database";
import { HttpSession } from "@/test/http-session";
import type { FromSpectators, ToSpectators } from "./scale-spectators";
import { loadAverage, percentile, printTable, rssMb, wallNow, type BenchRow } from "./stats";

const SPECTATORS = Number(process.env.BENCH_SPECTATORS ?? 1000);
const MOVES = Number(process.env.BENCH_MOVES ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The plies whose event size is reported. */
const SIZE_AT = [2, 200];

/** The machine's CPUs (not this process's: it pins itself to one). */
const CPUS = cpus().length;

/** Pins a process (all its threads) to one CPU; says so, or why not. */
function pin(pid: number, cpu: number, who: string): string {
  if (CPUS < 2) return `${who}: not pinned (one CPU)`;
  const r = spawnSync("taskset", ["-a", "-p", "-c", String(cpu), String(pid)], { encoding: "utf8" });
  return r.status === 0 ? `${who} on CPU ${cpu}` : `${who}: not pinned (${r.error?.message ?? r.stderr.trim()})`;
}

/** The next legal move that does not end the game, searched from a fixed offset (deterministic). */
function nextMove(state: GameState, i: number): { text: string; state: GameState } | null {
  const moves = legalMoves(state);
  for (let k = 0; k < moves.length; k++) {
    const m = moves[(i * 13 + k) % moves.length]!;
    const next = tryMove(state, m);
    if (next.ok && !next.state.status.over) return { text: `${m.from}-${m.to}`, state: next.state };
  }
  return null;
}

interface RunResult {
  roundTrip: number[];
  firstSpectator: number[];
  lastSpectator: number[];
  http: number[];
  sizes: Map<number, number>;
  pinning: string;
  rss: string;
  load: string;
  plies: number;
}

async function run(): Promise<RunResult> {
  const fresh = await createFreshDatabase(serverUrl, "moot_bench");
  const port = 3600 + Math.floor(Math.random() * 300);
  const server = await startServer({ port, env: { DATABASE_URL: fresh.url, DATA_DIR: "/tmp/unused", SEED_DEMO: "0" } });
  const child: ChildProcess = fork(fileURLToPath(new URL("./scale-spectators.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const sockets: Socket[] = [];
  try {
    const pinning = [pin(server.child.pid!, 0, "server"), pin(child.pid!, 1, "spectator process"), pin(process.pid, 1, "players and timing")].join(", ");
    const waiters = new Map<string, (m: FromSpectators) => void>();
    child.on("message", (m: FromSpectators) => {
      const key = m.type === "complete" ? `complete:${m.ply}` : m.type;
      waiters.get(key)?.(m);
      waiters.delete(key);
    });
    const expect = <T extends FromSpectators>(key: string, timeoutMs: number) =>
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${key} from the spectator process within ${timeoutMs} ms`)), timeoutMs);
        waiters.set(key, (m) => {
          clearTimeout(timer);
          resolve(m as T);
        });
      });

    const a = new HttpSession(server.url);
    const d = new HttpSession(server.url);
    await a.signUp("bench_att", "bench password");
    await d.signUp("bench_def", "bench password");
    const ch = await a.mutation<{ id: string }>("challenge.create", { gameType: "hnefatafl", timeControl: "3d+6h", side: "side1", rated: false });
    const gameId = (await d.mutation<{ gameId: string }>("challenge.accept", { challengeId: ch.id })).gameId;

    const connect = (cookie: string) =>
      new Promise<Socket>((resolve, reject) => {
        const s = io(server.url, { transports: ["websocket"], extraHeaders: { cookie }, reconnection: false, forceNew: true });
        s.once("connect", () => s.emit("watch", `game:${gameId}`, () => resolve(s)));
        s.once("connect_error", reject);
      });
    const connected = expect<Extract<FromSpectators, { type: "connected" }>>("connected", 180_000);
    child.send({ type: "connect", sockets: Array.from({ length: SPECTATORS }, () => ({ url: server.url, gameId, game: 0 })), batch: 50, complete: true } satisfies ToSpectators);
    const c = await connected;
    if (c.failed > 0) throw new Error(`${c.failed} spectators could not connect: ${c.errors.join("; ")}`);
    // The players' sockets join the room after the spectators' (as when a player reloads
    // the page during a watched game): a broadcast that writes to the room's sockets in
    // the order they joined would reach the opponent last. Joining first, as this bench
    // did until 2026-11-24, measured only the most favourable order.
    const attackerSocket = await connect(a.cookie);
    const defenderSocket = await connect(d.cookie);
    sockets.push(attackerSocket, defenderSocket);
    const rssBefore = await rssMb(server.child.pid!);

    const result: RunResult = { roundTrip: [], firstSpectator: [], lastSpectator: [], http: [], sizes: new Map(), pinning, rss: "", load: "", plies: 0 };
    let state: GameState = newGame();
    for (let i = 0; i < WARMUP + MOVES; i++) {
      const chosen = nextMove(state, i);
      if (!chosen) throw new Error(`no move that keeps the game going at ply ${state.ply}`);
      const ply = state.ply + 1;
      const opponentSocket = state.toMove === "attackers" ? defenderSocket : attackerSocket;
      const mover = state.toMove === "attackers" ? a : d;
      const opponentGot = new Promise<number>((resolve) => {
        const onUpdate = (u: GameUpdate) => {
          if (u.gameId === gameId && u.board?.kind === "move" && u.board.move.ply === ply) {
            opponentSocket.off("gameUpdate", onUpdate);
            resolve(wallNow());
          }
        };
        opponentSocket.on("gameUpdate", onUpdate);
      });
      const spectatorsGot = expect<Extract<FromSpectators, { type: "complete" }>>(`complete:${ply}`, 60_000);
      const t0 = wallNow();
      await mover.mutation("game.move", { gameId, ply: state.ply, move: chosen.text });
      const answered = wallNow();
      const [opponentAt, all] = await Promise.all([opponentGot, spectatorsGot]);
      if (SIZE_AT.includes(ply)) result.sizes.set(ply, all.bytes);
      if (i >= WARMUP) {
        result.roundTrip.push(opponentAt - t0);
        result.firstSpectator.push(all.first - t0);
        result.lastSpectator.push(all.last - t0);
        result.http.push(answered - t0);
      }
      state = chosen.state;
    }
    result.plies = state.ply;
    result.rss = `${rssBefore.toFixed(0)} → ${(await rssMb(server.child.pid!)).toFixed(0)} MB`;
    result.load = loadAverage();
    return result;
  } finally {
    for (const s of sockets) s.close();
    child.kill();
    await server.stop();
    await fresh.drop();
  }
}

ensureBuild();
const started = loadAverage();
const runs: RunResult[] = [];
for (let r = 0; r < RUNS; r++) {
  const res = await run();
  runs.push(res);
  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
  const rt = sorted(res.roundTrip);
  console.log(
    `run ${r + 1}: round trip p50 ${percentile(rt, 50).toFixed(1)} ms, p99 ${percentile(rt, 99).toFixed(1)} ms; ` +
      `last spectator p50 ${percentile(sorted(res.lastSpectator), 50).toFixed(1)} ms, p99 ${percentile(sorted(res.lastSpectator), 99).toFixed(1)} ms; ` +
      `server RSS ${res.rss}; load average ${res.load}; ${res.pinning}`,
  );
}

/** "p50 of each run, their median (min–max)". */
function across(pick: (r: RunResult) => number[], p: number): { median: number; text: string } {
  const perRun = runs.map((r) => percentile([...pick(r)].sort((x, y) => x - y), p)).sort((x, y) => x - y);
  const median = percentile(perRun, 50);
  return { median, text: `${median.toFixed(1)} ms (${perRun[0]!.toFixed(1)}–${perRun.at(-1)!.toFixed(1)})` };
}
const rtP50 = across((r) => r.roundTrip, 50);
const rtP99 = across((r) => r.roundTrip, 99);
const size = (ply: number) => {
  const all = runs.map((r) => r.sizes.get(ply)).filter((b) => b !== undefined);
  return all.length ? `${Math.min(...all)}–${Math.max(...all)} B` : "not reached";
};
console.log(
  `\n${RUNS} runs × ${MOVES} measured moves (after ${WARMUP} warm-up moves) of one hnefatafl game each, ${SPECTATORS} spectator sockets + 2 players, ` +
    `one server process on PostgreSQL; median of the runs' percentiles (min–max over runs). Load average at start ${started}, at end ${loadAverage()}.`,
);
const rows: BenchRow[] = [
  { name: "move round trip p50 (HTTP submit → opponent's socket has the update)", measured: rtP50.text, target: "< 15 ms", ok: rtP50.median < 15 },
  { name: "move round trip p99", measured: rtP99.text, target: "< 50 ms", ok: rtP99.median < 50 },
  { name: "submit → first of the spectators has it, p50", measured: across((r) => r.firstSpectator, 50).text, target: "-", ok: null },
  { name: "submit → last of the spectators has it (whole fan-out), p50", measured: across((r) => r.lastSpectator, 50).text, target: "-", ok: null },
  { name: "submit → last of the spectators has it, p99", measured: across((r) => r.lastSpectator, 99).text, target: "-", ok: null },
  { name: "HTTP move answered (submit → response), p50", measured: across((r) => r.http, 50).text, target: "-", ok: null },
  { name: "event size at move 2 (JSON payload)", measured: size(2), target: "-", ok: null },
  { name: `event size at move 200 (JSON payload)`, measured: size(200), target: "same as move 2", ok: null },
];
const ok = printTable(rows);
process.exitCode = ok ? 0 : 1;
