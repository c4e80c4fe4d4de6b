// Move round trip with 1,000 spectators watching the game: a player submits a move
// over HTTP (tRPC `game.move`) and we time until the opponent's socket receives the
// game's update with that move, and until the first and the last of the 1,000
// spectator sockets has it.
//
// Each run is independent: a fresh PostgreSQL database (on DATABASE_URL's server, or
// the local one), the real production server process (e2e/server-process.ts; one
// process, so without REDIS_URL even when it is set, as the floor has no Redis) pinned to
// CPU 0, the 1,000 spectator sockets in their own child process (bench/scale-spectators.ts)
// pinned to CPU 1, and this process (the two players over HTTP and their sockets, the
// timing) also on CPU 1, so no client work runs on the server's core. PostgreSQL's
// backends are not pinned. Times are wall-clock (performance.timeOrigin + now), which
// all processes on the machine share.
//
// The players' sockets join the game's room after the spectators' (see run()).
//
// Beside each figure, the floor it is compared with, measured in the same run: the same
// moves, sockets and timing against bench/bare-move-server.ts, a bare node:http +
// Socket.IO server pinned to the server's CPU that answers each move after a
// 4-round-trip transaction on a games row in a fresh database of the same PostgreSQL
// server (BEGIN, lock the row, update it and insert the move in one statement, COMMIT)
// and broadcasts Moot's own update (players' sockets first, then the room, as
// publishGameUpdate does) with the move's ply; and the same server without the
// database. Each round of runs measures Moot, then the floor with the database, then
// without, so the three share the minute's load; the ratio is Moot's median over the
// floor's.
//
// Per run: BENCH_WARMUP (20) moves warm every process up and are not counted, then
// BENCH_MOVES (200) measured moves of one hnefatafl game (legal moves from the engine
// that do not end it), one at a time: the next move is submitted once every spectator
// has the previous one. Reported: p50/p99 per run, and over BENCH_RUNS (3) runs the
// median with min–max; the event's size (JSON of its payload, as the spectators
// received it) at the game's 2nd and 200th move; and the server process's CPU time per
// measured move (user + system, /proc), which other work on a shared machine moves less
// than it moves the times.
import { fork, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { io, type Socket } from "socket.io-client";
import { legalMoves, newGame, tryMove, type GameState } from "@/engine/games/tafl";
import { openDatabase } from "@/db/client";
import { games } from "@/db/schema";
import { freePort, startServer } from "@/e2e/server-process";
import type { GameUpdate } from "@/lib/contracts";
import { ensureBuild } from "@/scripts/ensure-build";
import { createFreshDatabase } from "@/test/fresh-database";
import { HttpSession } from "@/test/http-session";
import type { FromBareServer, ToBareServer } from "./bare-move-server";
import type { FromSpectators, ToSpectators } from "./scale-spectators";
import { cpuMs, loadAverage, percentile, printTable, ratio, rssMb, wallNow, type BenchRow } from "./stats";

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
  /** The server process's CPU time (user + system) over the measured moves, per move. */
  cpuPerMove: number[];
  sizes: Map<number, number>;
  pinning: string;
  rss: string;
  load: string;
  plies: number;
  /** The last update the opponent received: the bare server's template. */
  lastUpdate: GameUpdate | null;
}

/** What a run measures: Moot's server, or the bare floor with or without its database transaction. */
type Kind = "moot" | "bare+db" | "bare";

/** The server a run talks to, with how its players connect and move. */
interface Target {
  url: string;
  pid: number;
  gameId: string;
  /** Extra Socket.IO options for a player's socket (cookie or player mark). */
  playerSocket: [Record<string, string>, Record<string, string>];
  move(player: 0 | 1, ply: number, move: string): Promise<void>;
  stop(): Promise<void>;
}

async function mootTarget(databaseUrl: string): Promise<Target> {
  // One process without Redis, like the floor: with REDIS_URL every broadcast would also go through Redis.
  const server = await startServer({ port: await freePort(), env: { DATABASE_URL: databaseUrl, DATA_DIR: "/tmp/unused", SEED_DEMO: "0", REDIS_URL: "" } });
  try {
    const a = new HttpSession(server.url);
    const d = new HttpSession(server.url);
    await a.signUp("bench_att", "bench password");
    await d.signUp("bench_def", "bench password");
    const ch = await a.mutation<{ id: string }>("challenge.create", { gameType: "hnefatafl", timeControl: "3d+6h", side: "side1", rated: false });
    const gameId = (await d.mutation<{ gameId: string }>("challenge.accept", { challengeId: ch.id })).gameId;
    const players = [a, d] as const;
    return {
      url: server.url,
      pid: server.child.pid!,
      gameId,
      playerSocket: [{ cookie: a.cookie }, { cookie: d.cookie }],
      move: async (player, ply, move) => void (await players[player].mutation("game.move", { gameId, ply, move })),
      stop: () => server.stop(),
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/** The bare server (bench/bare-move-server.ts); with a database, on a games row of Moot's schema there. */
async function bareTarget(databaseUrl: string | null, template: GameUpdate): Promise<Target> {
  let gameId: string = randomUUID();
  if (databaseUrl) {
    const h = await openDatabase({ databaseUrl, dataDir: "unused" });
    try {
      await h.migrate();
      const [g] = await h.db
        .insert(games)
        .values({
          gameType: "hnefatafl",
          side1Id: randomUUID(),
          side2Id: randomUUID(),
          rated: false,
          initialMs: 259_200_000,
          incrementMs: 21_600_000,
          position: BARE_POSITION,
          remaining1Ms: 259_200_000,
          remaining2Ms: 259_200_000,
          turnStartedAt: new Date(),
          deadline: new Date(Date.now() + 259_200_000),
        })
        .returning({ id: games.id });
      gameId = g!.id;
    } finally {
      await h.close();
    }
  }
  const child = fork(fileURLToPath(new URL("./bare-move-server.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, ...(databaseUrl ? { BARE_DATABASE_URL: databaseUrl } : {}) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m: FromBareServer) => resolve(m.port));
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  child.send({ type: "template", update: template } satisfies ToBareServer);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    pid: child.pid!,
    gameId,
    playerSocket: [{ player: "1" }, { player: "1" }],
    async move(_player, ply, move) {
      const res = await fetch(`${url}/move`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ gameId, ply, move }) });
      if (!res.ok) throw new Error(`bare move: ${res.status}`);
      await res.arrayBuffer();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.disconnect();
      }),
  };
}

/** A position of the same length as hnefatafl's start, for the bare server's games row. */
const BARE_POSITION =
  "...aaaaa........a................a....d....aa...ddd...aaa.ddkdd.aaa...ddd...aa....d....a................a........aaaaa.../a/0/-/1qxn7sy1lpg";

async function run(kind: Kind, template: GameUpdate | null): Promise<RunResult> {
  const fresh = kind === "bare" ? null : await createFreshDatabase(serverUrl, "moot_bench");
  let target: Target | null = null;
  const child: ChildProcess = fork(fileURLToPath(new URL("./scale-spectators.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const sockets: Socket[] = [];
  try {
    target = kind === "moot" ? await mootTarget(fresh!.url) : await bareTarget(fresh?.url ?? null, template!);
    const { gameId, url } = target;
    const pinning = [
      pin(target.pid, 0, kind === "moot" ? "server" : "bare server"),
      pin(child.pid!, 1, "spectator process"),
      pin(process.pid, 1, "players and timing"),
    ].join(", ");
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

    const connect = (mark: Record<string, string>) =>
      new Promise<Socket>((resolve, reject) => {
        const s = io(url, {
          transports: ["websocket"],
          ...(mark.cookie ? { extraHeaders: { cookie: mark.cookie } } : { query: mark }),
          reconnection: false,
          forceNew: true,
        });
        s.once("connect", () => s.emit("watch", `game:${gameId}`, () => resolve(s)));
        s.once("connect_error", reject);
      });
    const connected = expect<Extract<FromSpectators, { type: "connected" }>>("connected", 180_000);
    child.send({
      type: "connect",
      sockets: Array.from({ length: SPECTATORS }, () => ({ url, gameId, game: 0 })),
      batch: 50,
      complete: true,
    } satisfies ToSpectators);
    const c = await connected;
    if (c.failed > 0) throw new Error(`${c.failed} spectators could not connect: ${c.errors.join("; ")}`);
    // The players' sockets join the room after the spectators' (as when a player reloads
    // the page during a watched game): a broadcast that writes to the room's sockets in
    // the order they joined would reach the opponent last. Joining first, as this bench
    // did until 2026-11-24, measured only the most favourable order.
    const attackerSocket = await connect(target.playerSocket[0]);
    const defenderSocket = await connect(target.playerSocket[1]);
    sockets.push(attackerSocket, defenderSocket);
    const rssBefore = await rssMb(target.pid);

    const result: RunResult = {
      roundTrip: [],
      firstSpectator: [],
      lastSpectator: [],
      http: [],
      cpuPerMove: [],
      sizes: new Map(),
      pinning,
      rss: "",
      load: "",
      plies: 0,
      lastUpdate: null,
    };
    let state: GameState = newGame();
    let cpuAtStart = 0;
    for (let i = 0; i < WARMUP + MOVES; i++) {
      if (i === WARMUP) cpuAtStart = await cpuMs(target.pid);
      const chosen = nextMove(state, i);
      if (!chosen) throw new Error(`no move that keeps the game going at ply ${state.ply}`);
      const ply = state.ply + 1;
      const opponentSocket = state.toMove === "attackers" ? defenderSocket : attackerSocket;
      const mover = state.toMove === "attackers" ? 0 : 1;
      const opponentGot = new Promise<number>((resolve) => {
        const onUpdate = (u: GameUpdate) => {
          if (u.gameId === gameId && u.board?.kind === "move" && u.board.move.ply === ply) {
            opponentSocket.off("gameUpdate", onUpdate);
            result.lastUpdate = u;
            resolve(wallNow());
          }
        };
        opponentSocket.on("gameUpdate", onUpdate);
      });
      const spectatorsGot = expect<Extract<FromSpectators, { type: "complete" }>>(`complete:${ply}`, 60_000);
      const t0 = wallNow();
      await target.move(mover, state.ply, chosen.text);
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
    result.cpuPerMove.push(((await cpuMs(target.pid)) - cpuAtStart) / MOVES);
    result.plies = state.ply;
    result.rss = `${rssBefore.toFixed(0)} → ${(await rssMb(target.pid)).toFixed(0)} MB`;
    result.load = loadAverage();
    return result;
  } finally {
    for (const s of sockets) s.close();
    child.kill();
    await target?.stop();
    await fresh?.drop();
  }
}

ensureBuild();
const started = loadAverage();
const KINDS: readonly Kind[] = ["moot", "bare+db", "bare"];
const runs = new Map<Kind, RunResult[]>(KINDS.map((k) => [k, []]));
const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
// Each round runs Moot, then the two floors, so all three share the minute's load.
for (let r = 0; r < RUNS; r++) {
  for (const kind of KINDS) {
    const res = await run(kind, runs.get("moot")!.at(-1)?.lastUpdate ?? null);
    runs.get(kind)!.push(res);
    const rt = sorted(res.roundTrip);
    console.log(
      `run ${r + 1} ${kind}: round trip p50 ${percentile(rt, 50).toFixed(1)} ms, p99 ${percentile(rt, 99).toFixed(1)} ms; ` +
        `last spectator p50 ${percentile(sorted(res.lastSpectator), 50).toFixed(1)} ms, p99 ${percentile(sorted(res.lastSpectator), 99).toFixed(1)} ms; ` +
        `server CPU ${res.cpuPerMove[0]!.toFixed(2)} ms/move; server RSS ${res.rss}; load average ${res.load}; ${res.pinning}`,
    );
  }
}

/** "p50 of each run, their median (min–max)". */
function across(kind: Kind, pick: (r: RunResult) => number[], p: number): { median: number; text: string } {
  const perRun = runs
    .get(kind)!
    .map((r) => percentile(sorted(pick(r)), p))
    .sort((x, y) => x - y);
  const median = percentile(perRun, 50);
  return { median, text: `${median.toFixed(1)} ms (${perRun[0]!.toFixed(1)}–${perRun.at(-1)!.toFixed(1)})` };
}
const size = (ply: number, kind: Kind = "moot") => {
  const all = runs
    .get(kind)!
    .map((r) => r.sizes.get(ply))
    .filter((b) => b !== undefined);
  return all.length ? `${Math.min(...all)}–${Math.max(...all)} B` : "not reached";
};
console.log(
  `\n${RUNS} runs of each kind × ${MOVES} measured moves (after ${WARMUP} warm-up moves) of one hnefatafl game each, ${SPECTATORS} spectator sockets + 2 players; ` +
    `Moot: one server process on PostgreSQL; bare+db: a bare node:http + Socket.IO server (bench/bare-move-server.ts) with a 4-round-trip transaction on a ` +
    `fresh database of the same server; bare: the same without the database. Median of the runs' percentiles (min–max over runs). ` +
    `Load average at start ${started}, at end ${loadAverage()}.`,
);
/** Moot's row beside both floors: one row against bare+db, one against bare. */
function compared(name: string, pick: (r: RunResult) => number[], p: number, target?: { text: string; below: number }): BenchRow[] {
  const moot = across("moot", pick, p);
  const withDb = across("bare+db", pick, p);
  const without = across("bare", pick, p);
  return [
    {
      name,
      measured: moot.text,
      baseline: `${withDb.text}: bare HTTP + 4-round-trip transaction + broadcast`,
      ratio: ratio(moot.median, withDb.median),
      target: target?.text ?? "-",
      ok: target ? moot.median < target.below : null,
    },
    {
      name: "  the same, against the floor without the database",
      measured: moot.text,
      baseline: `${without.text}: bare HTTP + broadcast`,
      ratio: ratio(moot.median, without.median),
      target: "-",
      ok: null,
    },
  ];
}
const rows: BenchRow[] = [
  ...compared("move round trip p50 (HTTP submit → opponent's socket has the update)", (r) => r.roundTrip, 50, { text: "< 15 ms", below: 15 }),
  ...compared("move round trip p99", (r) => r.roundTrip, 99, { text: "< 50 ms", below: 50 }),
  { name: "submit → first of the spectators has it, p50", measured: across("moot", (r) => r.firstSpectator, 50).text, target: "-", ok: null },
  ...compared("submit → last of the spectators has it (whole fan-out), p50", (r) => r.lastSpectator, 50),
  { name: "submit → last of the spectators has it, p99", measured: across("moot", (r) => r.lastSpectator, 99).text, target: "-", ok: null },
  ...compared("HTTP move answered (submit → response), p50", (r) => r.http, 50),
  // Less moved by other work on the machine than the times above: what the server process itself spent.
  ...compared("server CPU per move (user + system, the 1,000 sockets' writes included)", (r) => r.cpuPerMove, 50),
  {
    name: "event size at move 2 (JSON payload)",
    measured: size(2),
    baseline: `${size(2, "bare+db")} (bare+db), ${size(2, "bare")} (bare): Moot's update as template`,
    target: "-",
    ok: null,
  },
  { name: `event size at move 200 (JSON payload)`, measured: size(200), target: "same as move 2", ok: null },
];
const ok = printTable(rows);
process.exitCode = ok ? 0 : 1;
