// The server's memory with the demo data: the default `npm start` itself (embedded PGlite
// in a new data folder, demo data seeded at the first start, the server in the child
// process scripts/start.ts starts), BENCH_MEMORY_RUNS times (default 3): the server
// process's resident set (RSS, /proc) once it answers, after loading the site's main
// pages (each BENCH_MEMORY_LOADS times, default 3: home, lobby, tournaments, players,
// rules, a tournament and a game of the demo), and again after a restart on the same
// folder (no initdb, no seeding); beside each, what all of `npm start`'s processes take
// together (npm, tsx, the launcher, the server: proportional set size, so the Node binary
// they share counts once). Beside it, measured in the same run: the same on PostgreSQL
// with the same demo data (SEED_DEMO=1 on a fresh database), where the database's memory
// is another process's, so the difference is what the embedded database costs.
// The launcher's memory settings (scripts/server-launch.ts) give way to the environment's,
// so `MOOT_NODE_FLAGS= MALLOC_ARENA_MAX=16` (glibc's default on 2 cores) measures without them.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startServer, type ServerProcess } from "@/e2e/server-process";
import { ensureBuild } from "@/scripts/ensure-build";
import { createFreshDatabase } from "@/test/fresh-database";
import { loadAverage, printTable, processTree, pssMb, rssMb, spread, type BenchRow } from "./stats";

const LOADS = Number(process.env.BENCH_MEMORY_LOADS ?? 3);
const RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 3);
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TARGET_MB = 300;

const mb = (x: number) => `${x.toFixed(0)} MB`;

/** The demo's main pages: fixed ones, and a tournament and a game linked from them. */
async function pagesOf(base: string): Promise<string[]> {
  const home = await (await fetch(`${base}/`)).text();
  const list = await (await fetch(`${base}/tournaments`)).text();
  const game = /\/games\/[0-9a-f-]{36}/.exec(home)?.[0];
  const tournament = /\/tournaments\/[0-9a-f-]{36}/.exec(list)?.[0];
  if (!game || !tournament) throw new Error("the demo's home page links no game, or its tournament list no tournament");
  return ["/", "/play", "/tournaments", "/players", "/rules", tournament, game];
}

/** The server process's RSS, and the proportional set of everything `npm start` runs. */
interface Sample {
  server: number;
  all: number;
}

interface Measured {
  started: Sample;
  loaded: Sample;
  restarted?: Sample;
}

async function sample(started: ServerProcess): Promise<Sample> {
  const pids = await processTree(started.child.pid!);
  const server = pids.find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes("server/index.ts"));
  if (server === undefined) throw new Error("npm start runs no server/index.ts");
  return { server: await rssMb(server), all: await pssMb(pids) };
}

async function measure(start: () => Promise<ServerProcess>, restart: boolean): Promise<Measured> {
  let server = await start();
  try {
    const started = await sample(server);
    const pages = await pagesOf(server.url);
    for (let i = 0; i < LOADS; i++) {
      for (const p of pages) {
        const res = await fetch(`${server.url}${p}`);
        if (res.status !== 200) throw new Error(`GET ${p}: ${res.status}`);
        await res.arrayBuffer();
      }
    }
    const loaded = await sample(server);
    if (!restart) return { started, loaded };
    await server.stop();
    server = await start();
    for (const p of pages) await (await fetch(`${server.url}${p}`)).arrayBuffer();
    return { started, loaded, restarted: await sample(server) };
  } finally {
    await server.stop();
  }
}

const npmStart = (env: Record<string, string>) => async () => startServer({ port: await freePort(), env, command: ["npm", "start"] });

ensureBuild();
const loadBefore = loadAverage();
const pglite: Measured[] = [];
const postgres: Measured[] = [];
for (let run = 0; run < RUNS; run++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "moot-bench-memory-"));
  const fresh = await createFreshDatabase(serverUrl, "moot_bench_memory");
  try {
    // The default start: no DATABASE_URL, no REDIS_URL, demo data on the first start.
    pglite.push(await measure(npmStart({ DATABASE_URL: "", REDIS_URL: "", DATA_DIR: dataDir, SEED_DEMO: "auto" }), true));
    postgres.push(await measure(npmStart({ DATABASE_URL: fresh.url, REDIS_URL: "", DATA_DIR: "/tmp/unused", SEED_DEMO: "1" }), false));
  } finally {
    await fresh.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const server = (samples: Sample[]) =>
  spread(
    samples.map((s) => s.server),
    mb,
  );
const all = (samples: Sample[]) =>
  spread(
    samples.map((s) => s.all),
    mb,
  );
const worst = (samples: Sample[]) => Math.max(...samples.map((s) => s.server));
const started = pglite.map((m) => m.started);
const loaded = pglite.map((m) => m.loaded);
const restarted = pglite.map((m) => m.restarted!);
const rows: BenchRow[] = [
  {
    name: "PGlite (npm start's default), first start: initdb, migrations, demo data seeded; server RSS",
    measured: server(started),
    baseline: `${server(postgres.map((m) => m.started))}: the same on PostgreSQL (the database outside the process)`,
    target: "-",
    ok: null,
  },
  { name: "  all of npm start's processes (PSS)", measured: all(started), baseline: all(postgres.map((m) => m.started)), target: "-", ok: null },
  {
    name: `PGlite, after ${LOADS} loads of the demo's main pages; server RSS`,
    measured: server(loaded),
    baseline: `${server(postgres.map((m) => m.loaded))}: the same on PostgreSQL`,
    target: `< ${TARGET_MB} MB`,
    ok: worst(loaded) < TARGET_MB,
  },
  { name: "  all of npm start's processes (PSS)", measured: all(loaded), baseline: all(postgres.map((m) => m.loaded)), target: "-", ok: null },
  {
    name: "PGlite, restarted on the same folder, each page loaded once; server RSS",
    measured: server(restarted),
    target: `< ${TARGET_MB} MB`,
    ok: worst(restarted) < TARGET_MB,
  },
  { name: "  all of npm start's processes (PSS)", measured: all(restarted), target: "-", ok: null },
  { name: "load average before / after", measured: `${loadBefore} / ${loadAverage()}`, target: "-", ok: null },
];
process.exit(printTable(rows) ? 0 : 1);
