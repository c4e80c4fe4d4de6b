// The server's memory with the demo data: the default `npm start` (embedded PGlite in
// a new data folder, demo data seeded at the first start), its resident set (RSS,
// /proc) once it answers, after loading the site's main pages (each BENCH_MEMORY_LOADS
// times, default 3: home, lobby, tournaments, players, rules, a tournament and a game of
// the demo), and again after a restart on the same folder (no initdb, no seeding).
// Beside it, measured in the same run: the same server on PostgreSQL with the same demo
// data (SEED_DEMO=1 on a fresh database), where the database's memory is another
// process's, so the difference is what the embedded database costs the process.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startServer, type ServerProcess } from "@/e2e/server-process";
import { ensureBuild } from "@/scripts/ensure-build";
import { createFreshDatabase } from "@/test/fresh-database";
import { loadAverage, printTable, rssMb, type BenchRow } from "./stats";

const LOADS = Number(process.env.BENCH_MEMORY_LOADS ?? 3);
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

interface Measured {
  started: number;
  loaded: number;
  restarted?: number;
}

async function measure(start: () => Promise<ServerProcess>, restart: boolean): Promise<Measured> {
  let server = await start();
  try {
    const pid = server.child.pid!;
    const started = await rssMb(pid);
    const pages = await pagesOf(server.url);
    for (let i = 0; i < LOADS; i++) {
      for (const p of pages) {
        const res = await fetch(`${server.url}${p}`);
        if (res.status !== 200) throw new Error(`GET ${p}: ${res.status}`);
        await res.arrayBuffer();
      }
    }
    const loaded = await rssMb(pid);
    if (!restart) return { started, loaded };
    await server.stop();
    server = await start();
    for (const p of pages) await (await fetch(`${server.url}${p}`)).arrayBuffer();
    return { started, loaded, restarted: await rssMb(server.child.pid!) };
  } finally {
    await server.stop();
  }
}

ensureBuild();
const loadBefore = loadAverage();
const dataDir = mkdtempSync(path.join(tmpdir(), "moot-bench-memory-"));
const fresh = await createFreshDatabase(serverUrl, "moot_bench_memory");
const rows: BenchRow[] = [];
try {
  // The default start: no DATABASE_URL, no REDIS_URL, demo data on the first start.
  const pglite = await measure(
    async () => startServer({ port: await freePort(), env: { DATABASE_URL: "", REDIS_URL: "", DATA_DIR: dataDir, SEED_DEMO: "auto" } }),
    true,
  );
  const postgres = await measure(
    async () => startServer({ port: await freePort(), env: { DATABASE_URL: fresh.url, REDIS_URL: "", DATA_DIR: "/tmp/unused", SEED_DEMO: "1" } }),
    false,
  );
  rows.push(
    {
      name: "PGlite (npm start's default), first start: initdb, migrations, demo data seeded",
      measured: mb(pglite.started),
      baseline: `${mb(postgres.started)}: the same on PostgreSQL (the database outside the process)`,
      ratio: `+${mb(pglite.started - postgres.started)}`,
      target: "-",
      ok: null,
    },
    {
      name: `PGlite, after ${LOADS} loads of the demo's main pages`,
      measured: mb(pglite.loaded),
      baseline: `${mb(postgres.loaded)}: the same on PostgreSQL`,
      ratio: `+${mb(pglite.loaded - postgres.loaded)}`,
      target: `< ${TARGET_MB} MB`,
      ok: pglite.loaded < TARGET_MB,
    },
    {
      name: "PGlite, restarted on the same folder, each page loaded once",
      measured: mb(pglite.restarted!),
      target: `< ${TARGET_MB} MB`,
      ok: pglite.restarted! < TARGET_MB,
    },
    { name: "load average before / after", measured: `${loadBefore} / ${loadAverage()}`, target: "-", ok: null },
  );
} finally {
  await fresh.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(printTable(rows) ? 0 : 1);
