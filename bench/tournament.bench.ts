// Tournament scale on PostgreSQL: starting a 2,000-player group elimination (500
// groups of four, 6,000 games) through the real service, and its standings through
// the tRPC API of a real server process.
import { openDatabase } from "@/db/client";
import { tournamentPlayers, users } from "@/db/schema";
import { startServer } from "@/e2e/server-process";
import { ensureBuild } from "@/scripts/ensure-build";
import { createTournament } from "@/server/services/tournament/create-tournament";
import { startTournamentNow } from "@/server/services/tournament/start-tournament";
import { createFreshDatabase } from "@/test/fresh-database";
import { percentile, printTable } from "./stats";

const PLAYERS = 2000;
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

ensureBuild();
const fresh = await createFreshDatabase(serverUrl, "moot_bench_t");
const h = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
try {
  await h.migrate();
  const people = await h.db
    .insert(users)
    .values(Array.from({ length: PLAYERS + 1 }, (_, i) => ({ username: `bench${i}`, passwordHash: "x", rating: 1000 + ((i * 7919) % 1500) })))
    .returning({ id: users.id, username: users.username });
  const organizer = { id: people[0]!.id, username: people[0]!.username, isAdmin: false };
  const t = await createTournament(h.db, organizer, {
    name: "Bench 2000",
    description: "",
    format: "groups",
    settings: { partition: "fixed", groupSize: 4 },
    gameType: "hnefatafl",
    timeControl: "3d+6h",
    rated: true,
    minPlayers: 4,
    maxPlayers: PLAYERS,
  });
  // Registration is set up in bulk: joining is not what is measured here.
  for (let i = 1; i <= PLAYERS; i += 500) {
    await h.db.insert(tournamentPlayers).values(people.slice(i, i + 500).map((p) => ({ tournamentId: t.id, userId: p.id })));
  }
  const t0 = performance.now();
  const started = await startTournamentNow(h.db, organizer, t.id);
  const startMs = performance.now() - t0;

  const port = 3700 + Math.floor(Math.random() * 200);
  const server = await startServer({ port, env: { DATABASE_URL: fresh.url, DATA_DIR: "/tmp/unused", SEED_DEMO: "0" } });
  const url = `${server.url}/api/trpc/tournament.standings?input=${encodeURIComponent(JSON.stringify({ json: { tournamentId: t.id } }))}`;
  let rows = 0;
  const c0 = performance.now();
  rows = ((await (await fetch(url)).json()) as { result: { data: { json: { rows: unknown[] } } } }).result.data.json.rows.length;
  const coldMs = performance.now() - c0;
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const s = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - s);
  }
  await server.stop();
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(`${PLAYERS} players, ${started.created.length} games created; standings rows: ${rows}`);
  const ok = printTable([
    { name: "start 2,000-player groups tournament", measured: `${startMs.toFixed(0)} ms`, target: "< 3000 ms", ok: startMs < 3000 },
    { name: "standings via tRPC p50", measured: `${percentile(times, 50).toFixed(1)} ms`, target: "-", ok: null },
    { name: "standings via tRPC p95", measured: `${p95.toFixed(1)} ms`, target: "< 50 ms", ok: p95 < 50 },
    { name: "standings first call (computed, not cached)", measured: `${coldMs.toFixed(1)} ms`, target: "-", ok: null },
  ]);
  process.exitCode = ok ? 0 : 1;
} finally {
  await h.close();
  await fresh.drop();
}
