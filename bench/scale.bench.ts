// Scale: 5,000 spectator sockets over 200 live games while players make 50 moves per
// second overall, first against one server process (scenario A), then against two
// processes sharing the database and relaying Socket.IO events through Redis (B).
//
// How: a fresh PostgreSQL database per scenario, the real production server process(es)
// on 127.0.0.1, 20 players signed up over HTTP who play the 200 games between them
// (each player sits in 20 games). 25 websocket spectators watch each game; they live in
// child processes (bench/scale-spectators.ts) so the clients' own CPU work is spread
// out, and in scenario B half of them connect to each server. The moves go over HTTP
// (tRPC `game.move`) on a fixed schedule, 50 per second, each game in turn (every game
// moves every 4 s, alternating sides, a legal move from the engine that does not end the
// game); in scenario B they alternate between the processes.
//
// Measured: fan-out latency per (move × spectator) delivery, from just before the
// move's HTTP request to the spectator's receipt of the `gameUpdate` event with that move
// (wall clock, shared by all processes on this machine); delivered vs expected
// deliveries and per-socket gaps in the version sequence (dropped events);
// each server's peak RSS (VmRSS sampled every second); achieved moves per second; HTTP
// move latency; CPU used per process during the load, to show where the time goes.
//
// Environment: BENCH_SCALE_SECONDS (measured load, 60; after BENCH_SCALE_WARMUP_SECONDS, 4,
// of moves at the same rate that warm every process up and are not counted), BENCH_SCALE_SPECTATORS (5000),
// BENCH_SCALE_GAMES (200), BENCH_SCALE_RATE (moves/s, 50), BENCH_SCALE_PLAYERS (20),
// BENCH_SCALE_CLIENTS (spectator processes, 2), BENCH_SCALE_SCENARIOS ("A,B"),
// DATABASE_URL (the PostgreSQL server; default the local one), REDIS_URL (for B).
import { fork, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { legalMoves, newGame, tryMove, type GameState } from "@/engine/games/tafl";
import { startServer, type ServerProcess } from "@/e2e/server-process";
import { ensureBuild } from "@/scripts/ensure-build";
import { createFreshDatabase, type FreshDatabase } from "@/test/fresh-database";
import { HttpSession } from "@/test/http-session";
import type { FromSpectators, SpectatorAssignment, ToSpectators } from "./scale-spectators";
import { cpuMs, percentile, printTable, rssMb, wallNow, type BenchRow } from "./stats";

const env = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
};
const SECONDS = env("BENCH_SCALE_SECONDS", 60);
const SPECTATORS = Math.floor(env("BENCH_SCALE_SPECTATORS", 5000));
const GAMES = Math.floor(env("BENCH_SCALE_GAMES", 200));
const RATE = env("BENCH_SCALE_RATE", 50);
const PLAYERS = Math.max(2, Math.floor(env("BENCH_SCALE_PLAYERS", 20)));
const CLIENTS = Math.floor(env("BENCH_SCALE_CLIENTS", 2));
const SCENARIOS = (process.env.BENCH_SCALE_SCENARIOS ?? "A,B").split(",").map((s) => s.trim().toUpperCase());
const DB_SERVER = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const WARMUP_SECONDS = env("BENCH_SCALE_WARMUP_SECONDS", 4);
const CONNECT_BATCH = 100;
const DRAIN_MS = 10_000;

const TARGET_P99_MS = 250;
const TARGET_RSS_MB = 1536;
/** The load must actually have been offered: at least 98 % of the scheduled moves made. */
const TARGET_RATE_SHARE = 0.98;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Busy and total CPU time of the whole machine so far (jiffies, /proc/stat). */
function machineCpu(): { busy: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** A spectator child process with a request/answer helper over IPC. */
class Spectators {
  readonly child: ChildProcess;
  private waiting: { type: string; resolve: (m: FromSpectators) => void }[] = [];
  constructor() {
    const file = fileURLToPath(new URL("./scale-spectators.ts", import.meta.url));
    this.child = fork(file, [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    this.child.on("message", (m: FromSpectators) => {
      const i = this.waiting.findIndex((w) => w.type === m.type);
      if (i >= 0) this.waiting.splice(i, 1)[0]!.resolve(m);
    });
  }
  ask<T extends FromSpectators["type"]>(msg: ToSpectators, answer: T, timeoutMs: number): Promise<Extract<FromSpectators, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`spectator process: no "${answer}" within ${timeoutMs} ms`)), timeoutMs);
      this.waiting.push({
        type: answer,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Extract<FromSpectators, { type: T }>);
        },
      });
      this.child.send(msg);
    });
  }
  kill(): void {
    if (this.child.exitCode === null) this.child.kill("SIGKILL");
  }
}

interface LiveGame {
  id: string;
  side1: HttpSession[]; // one session per server process (same cookie)
  side2: HttpSession[];
  state: GameState;
  pending: boolean;
  stopped: boolean;
  spectators: number;
}

async function runScenario(name: string, processes: number): Promise<boolean> {
  const label = processes === 1 ? `scenario ${name}: one server process` : `scenario ${name}: ${processes} server processes + Redis`;
  // Anything else running on the machine competes for the same 2 cores: say so.
  console.log(`\n--- ${label} (load average before: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")})`);
  const started = performance.now();
  let fresh: FreshDatabase | undefined;
  const servers: ServerProcess[] = [];
  const clients: Spectators[] = [];
  let admin: pg.Client | undefined;
  try {
    fresh = await createFreshDatabase(DB_SERVER, "moot_bench_scale");
    const basePort = 3900 + Math.floor(Math.random() * 500);
    // One after another: each applies the migrations and the second reads the session secret the first stored.
    for (let p = 0; p < processes; p++) {
      servers.push(
        await startServer({
          port: basePort + p,
          env: {
            DATABASE_URL: fresh.url,
            DATA_DIR: "/tmp/unused",
            SEED_DEMO: "0",
            HOST: "127.0.0.1",
            REDIS_URL: processes > 1 ? REDIS_URL : "",
          },
        }),
      );
    }
    const urls = servers.map((_, p) => `http://127.0.0.1:${basePort + p}`);

    // Players: signed up and in once; the same cookie works on every process.
    const tag = Date.now().toString(36).slice(-5);
    const players: HttpSession[][] = await Promise.all(
      Array.from({ length: PLAYERS }, async (_, i) => {
        const s = new HttpSession(urls[0]!);
        await s.signUp(`sc${tag}_${i}`, "bench password");
        return urls.map((u) => Object.assign(new HttpSession(u), { cookie: s.cookie }));
      }),
    );

    // Games: player w opens and the next player in turn accepts, one at a time per
    // creator so nobody ever has more than one open challenge.
    const games: LiveGame[] = new Array(GAMES);
    await Promise.all(
      Array.from({ length: PLAYERS }, async (_, w) => {
        for (let g = w; g < GAMES; g += PLAYERS) {
          const a = w;
          const b = (w + 1 + (Math.floor(g / PLAYERS) % (PLAYERS - 1))) % PLAYERS;
          const ch = await players[a]![0]!.mutation<{ id: string }>("challenge.create", {
            gameType: "hnefatafl",
            timeControl: "3d+6h",
            side: "side1",
            rated: false,
          });
          const { gameId } = await players[b]![0]!.mutation<{ gameId: string }>("challenge.accept", { challengeId: ch.id });
          games[g] = { id: gameId, side1: players[a]!, side2: players[b]!, state: newGame(), pending: false, stopped: false, spectators: 0 };
        }
      }),
    );
    console.log(`${PLAYERS} players, ${GAMES} games ready after ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // Spectators: SPECTATORS / GAMES per game, spread over the client processes and
    // (scenario B) alternately over the server processes.
    const perClient: SpectatorAssignment[][] = Array.from({ length: CLIENTS }, () => []);
    for (let s = 0; s < SPECTATORS; s++) {
      const g = s % GAMES;
      const round = Math.floor(s / GAMES);
      perClient[s % CLIENTS]!.push({ url: urls[(g + round) % processes]!, gameId: games[g]!.id, game: g });
    }
    for (let c = 0; c < CLIENTS; c++) clients.push(new Spectators());
    const connectStart = performance.now();
    const connectedReplies = await Promise.all(
      clients.map((c, i) => c.ask({ type: "connect", sockets: perClient[i]!, batch: CONNECT_BATCH }, "connected", 180_000)),
    );
    let connected = 0;
    for (const r of connectedReplies) {
      for (const g of r.connected) games[g]!.spectators++;
      connected += r.connected.length;
      if (r.failed > 0) console.log(`spectator connect failures: ${r.failed}, e.g. ${r.errors.join("; ")}`);
    }
    const connectSeconds = (performance.now() - connectStart) / 1000;
    console.log(`${connected}/${SPECTATORS} spectators connected and watching in ${connectSeconds.toFixed(1)} s`);

    // Sampling: each server's RSS every second, CPU of every process of ours over the load.
    const serverPids = servers.map((s) => s.child.pid!);
    const clientPids = clients.map((c) => c.child.pid!);
    const rssConnected = await Promise.all(serverPids.map(rssMb));
    const rssPeak = [...rssConnected];
    const sampler = setInterval(() => {
      void Promise.all(serverPids.map(rssMb)).then((r) => r.forEach((mb, i) => (rssPeak[i] = Math.max(rssPeak[i]!, mb))));
    }, 1000);
    // PostgreSQL's backends serving this database (when the server runs on this machine).
    admin = new pg.Client({ connectionString: DB_SERVER });
    await admin.connect();
    const dbName = new URL(fresh.url).pathname.slice(1);
    const backendCpu = async (): Promise<Map<number, number>> => {
      const { rows } = await admin!.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1", [dbName]);
      const m = new Map<number, number>();
      for (const r of rows)
        await cpuMs(r.pid).then(
          (ms) => m.set(r.pid, ms),
          () => {},
        );
      return m;
    };
    const cpuNow = async () => ({
      postgres: await backendCpu(),
      servers: await Promise.all(serverPids.map(cpuMs)),
      clients: await Promise.all(clientPids.map(cpuMs)),
      self: await cpuMs(process.pid),
      machine: machineCpu(),
    });

    // The load: move i is due at start + i / RATE seconds, for game i mod GAMES.
    const submitted = new Map<number, number>(); // game * 100_000 + ply → submit time
    const answered = new Map<number, number>(); // same key → time the HTTP answer arrived
    const slowest: { ms: number; at: number; server: number }[] = [];
    const key = (game: number, ply: number) => game * 100_000 + ply;
    const httpMs: number[] = [];
    const errors: string[] = [];
    let viewBytes = 0; // the largest answer to a mover (a GameUpdate, like the spectators' event)
    let skippedPending = 0;
    let ended = 0;
    const inFlight = new Set<Promise<void>>();
    const total = Math.round(RATE * SECONDS);
    const warm = Math.round(RATE * WARMUP_SECONDS);
    const warmKeys = new Set<number>(); // warm-up moves: delivered and sequence-checked, not timed
    let rng = 0x9e3779b9;
    const random = () => (rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0) / 2 ** 32;

    async function submit(i: number, measured: boolean): Promise<void> {
      const gi = i % GAMES;
      const g = games[gi]!;
      if (g.stopped) return;
      if (g.pending) {
        skippedPending++;
        return;
      }
      // A legal move that does not end the game, so every game stays live to the end.
      const moves = legalMoves(g.state);
      const first = Math.floor(random() * moves.length);
      let chosen: { text: string; state: GameState } | null = null;
      for (let k = 0; k < moves.length && !chosen; k++) {
        const m = moves[(first + k) % moves.length]!;
        const next = tryMove(g.state, m);
        if (next.ok && !next.status.over) chosen = { text: `${m.from}-${m.to}`, state: next.state };
      }
      if (!chosen) {
        g.stopped = true;
        ended++;
        return;
      }
      const mover = (g.state.toMove === "attackers" ? g.side1 : g.side2)[(gi + Math.floor(i / GAMES)) % processes]!;
      g.pending = true;
      const ply = g.state.ply;
      const t0 = wallNow();
      if (measured) submitted.set(key(gi, ply + 1), t0);
      else warmKeys.add(key(gi, ply + 1));
      try {
        const answer = await mover.mutation("game.move", { gameId: g.id, ply, move: chosen.text });
        const t1 = wallNow();
        if (i >= warm + total - GAMES) viewBytes = Math.max(viewBytes, JSON.stringify(answer).length);
        if (measured) {
          answered.set(key(gi, ply + 1), t1);
          httpMs.push(t1 - t0);
          slowest.push({ ms: t1 - t0, at: (performance.now() - measureStart) / 1000, server: (gi + Math.floor(i / GAMES)) % processes });
          if (slowest.length > 20) slowest.sort((a, b) => b.ms - a.ms).pop();
        }
        g.state = chosen.state;
      } catch (err) {
        // Unknown whether it was applied: do not expect its event, and stop moving that game.
        submitted.delete(key(gi, ply + 1));
        g.stopped = true;
        if (errors.length < 1000) errors.push(err instanceof Error ? err.message : String(err));
      } finally {
        g.pending = false;
      }
    }

    // The first WARMUP_SECONDS of moves warm up every process (JIT, database pool) and
    // are left out of the figures; the measured moves follow on the same schedule.
    const loadStart = performance.now();
    let measureStart = loadStart;
    let cpu0 = await cpuNow();
    for (let i = 0; i < warm + total; i++) {
      const wait = loadStart + (i * 1000) / RATE - performance.now();
      if (wait > 1) await sleep(wait);
      if (i === warm) {
        measureStart = performance.now();
        cpu0 = await cpuNow();
      }
      const p = submit(i, i >= warm).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.race([Promise.allSettled([...inFlight]), sleep(30_000)]);
    const loadSeconds = (performance.now() - measureStart) / 1000;
    const cpu1 = await cpuNow();
    let postgresMs = 0;
    for (const [pid, ms] of cpu1.postgres) postgresMs += ms - (cpu0.postgres.get(pid) ?? 0);

    // Expected deliveries: every accepted move, once to each connected spectator of its game.
    let expected = 0;
    for (const k of submitted.keys()) expected += games[Math.floor(k / 100_000)]!.spectators;
    const drainStart = performance.now();
    while (performance.now() - drainStart < DRAIN_MS) {
      const counts = await Promise.all(clients.map((c) => c.ask({ type: "count" }, "count", 10_000)));
      if (counts.reduce((a, c) => a + c.received, 0) >= expected) break;
      await sleep(250);
    }
    clearInterval(sampler);
    const results = await Promise.all(clients.map((c) => c.ask({ type: "finish" }, "results", 60_000)));

    const fanOut: number[] = [];
    const afterAnswer: number[] = []; // receipt − HTTP answer: < 0 when the event beat the answer
    let unexpected = 0;
    let gaps = 0;
    let duplicates = 0;
    let disconnects = 0;
    for (const r of results) {
      gaps += r.gaps;
      duplicates += r.duplicates;
      disconnects += r.disconnects + r.foreign;
      const d = r.deliveries;
      for (let j = 0; j < d.length; j += 3) {
        const t0 = submitted.get(key(d[j]!, d[j + 1]!));
        if (t0 === undefined) {
          if (!warmKeys.has(key(d[j]!, d[j + 1]!))) unexpected++;
        } else {
          fanOut.push(d[j + 2]! - t0);
          afterAnswer.push(d[j + 2]! - answered.get(key(d[j]!, d[j + 1]!))!);
        }
      }
    }
    const received = fanOut.length - duplicates;
    const dropped = expected - received;
    fanOut.sort((a, b) => a - b);
    httpMs.sort((a, b) => a - b);
    afterAnswer.sort((a, b) => a - b);
    const made = submitted.size;
    const achieved = made / loadSeconds;
    const rateOk = made >= TARGET_RATE_SHARE * total;

    const cpuShare = (a: number, b: number) => `${((100 * (b - a)) / (loadSeconds * 1000)).toFixed(0)} %`;
    const machineBusy = (100 * (cpu1.machine.busy - cpu0.machine.busy)) / (cpu1.machine.total - cpu0.machine.total);
    const ours =
      postgresMs +
      servers.reduce((a, _, i) => a + cpu1.servers[i]! - cpu0.servers[i]!, 0) +
      clients.reduce((a, _, i) => a + cpu1.clients[i]! - cpu0.clients[i]!, 0) +
      (cpu1.self - cpu0.self);
    // Machine busy % is of 2 cores; the others are of one core, so convert to the same unit.
    const cores = (cpu1.machine.total - cpu0.machine.total) / 100 / loadSeconds;
    const othersPct = machineBusy * cores - (100 * ours) / (loadSeconds * 1000);

    console.log(
      `${label}: ${made} moves in ${loadSeconds.toFixed(1)} s over ${GAMES} games, ${connected} spectators on ${CLIENTS} client processes` +
        (errors.length ? `\nmove errors (${errors.length}), first: ${errors.slice(0, 3).join(" | ")}` : ""),
    );
    const rows: BenchRow[] = [
      { name: "fan-out p50 (move submit → spectator has it)", measured: `${percentile(fanOut, 50).toFixed(1)} ms`, target: "-", ok: null },
      { name: "fan-out p99", measured: `${percentile(fanOut, 99).toFixed(1)} ms`, target: `< ${TARGET_P99_MS} ms`, ok: percentile(fanOut, 99) < TARGET_P99_MS },
      { name: "fan-out max", measured: `${(fanOut.at(-1) ?? NaN).toFixed(1)} ms`, target: "-", ok: null },
      { name: "deliveries received / expected", measured: `${received} / ${expected}`, target: "-", ok: null },
      { name: "dropped events (expected − received)", measured: String(dropped), target: "0", ok: dropped === 0 },
      { name: "gaps in a socket's version sequence", measured: String(gaps), target: "0", ok: gaps === 0 },
      { name: "duplicate/stale, unexpected, disconnects", measured: `${duplicates}, ${unexpected}, ${disconnects}`, target: "-", ok: null },
      {
        name: "moves made / scheduled",
        measured: `${made} / ${total} (${achieved.toFixed(1)}/s)`,
        target: `≥ ${(TARGET_RATE_SHARE * 100).toFixed(0)} % of ${RATE}/s`,
        ok: rateOk,
      },
      {
        name: "move errors, skipped (previous pending), games ended",
        measured: `${errors.length}, ${skippedPending}, ${ended}`,
        target: "0 errors",
        ok: errors.length === 0,
      },
      {
        name: "receipt relative to the HTTP answer p50 / p99",
        measured: `${percentile(afterAnswer, 50).toFixed(1)} / ${percentile(afterAnswer, 99).toFixed(1)} ms`,
        target: "-",
        ok: null,
      },
      {
        name: "`game.move` answer size at the end (JSON, the update)",
        measured: `${(viewBytes / 1024).toFixed(1)} KB at ply ${Math.max(...games.map((g) => g.state.ply))}`,
        target: "-",
        ok: null,
      },
      { name: "HTTP move p50 / p99", measured: `${percentile(httpMs, 50).toFixed(1)} / ${percentile(httpMs, 99).toFixed(1)} ms`, target: "-", ok: null },
      ...servers.map((_, i) => ({
        name: `server ${i + 1} RSS: connected → peak`,
        measured: `${rssConnected[i]!.toFixed(0)} → ${rssPeak[i]!.toFixed(0)} MB`,
        target: `< ${TARGET_RSS_MB} MB`,
        ok: rssPeak[i]! < TARGET_RSS_MB,
      })),
      ...servers.map((_, i) => ({ name: `CPU (of one core) server ${i + 1}`, measured: cpuShare(cpu0.servers[i]!, cpu1.servers[i]!), target: "-", ok: null })),
      {
        name: "CPU spectator processes / bench process",
        measured: `${clients.map((_, i) => cpuShare(cpu0.clients[i]!, cpu1.clients[i]!)).join(" + ")} / ${cpuShare(cpu0.self, cpu1.self)}`,
        target: "-",
        ok: null,
      },
      { name: "CPU PostgreSQL backends of this database", measured: `${((100 * postgresMs) / (loadSeconds * 1000)).toFixed(0)} %`, target: "-", ok: null },
      { name: "CPU everything else (Redis, other work on the machine)", measured: `${Math.max(0, othersPct).toFixed(0)} %`, target: "-", ok: null },
      { name: `machine busy (${cores.toFixed(0)} cores)`, measured: `${machineBusy.toFixed(0)} %`, target: "-", ok: null },
    ];
    const ok = printTable(rows);
    if (othersPct > 50)
      console.log(
        `WARNING: other work on this machine used ${othersPct.toFixed(0)} % of a core during the measurement; the figures are not those of a quiet machine.`,
      );
    slowest.sort((a, b) => b.ms - a.ms);
    console.log(
      `slowest HTTP moves: ${slowest
        .slice(0, 5)
        .map((m) => `${m.ms.toFixed(0)} ms at ${m.at.toFixed(1)} s (server ${m.server + 1})`)
        .join(", ")}`,
    );
    console.log(`(${label} took ${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
    return ok;
  } finally {
    for (const c of clients) c.kill();
    await admin?.end().catch(() => {});
    await Promise.all(servers.map((s) => s.stop()));
    await fresh?.drop();
  }
}

ensureBuild();
console.log(
  `${SPECTATORS} spectators over ${GAMES} games, ${RATE} moves/s for ${SECONDS} s, ${PLAYERS} players, ${CLIENTS} spectator processes; ` +
    `targets: fan-out p99 < ${TARGET_P99_MS} ms, RSS < ${TARGET_RSS_MB} MB per process, no dropped events`,
);
let allOk = true;
for (const s of SCENARIOS) {
  if (s === "A") allOk = (await runScenario("A", 1)) && allOk;
  else if (s === "B") allOk = (await runScenario("B", 2)) && allOk;
  else throw new Error(`unknown scenario ${s} (A or B)`);
}
process.exitCode = allOk ? 0 : 1;
