// Temporary: CPU profile of setResult (not committed).
import { sql } from "drizzle-orm";
import { openDatabase } from "@/db/client";
import { setResult } from "@/server/services/play/set-result";
import { startTournamentNow } from "@/server/services/tournament/start-tournament";
import { createFreshDatabase } from "@/test/fresh-database";
import { listenRealtime } from "@/test/realtime-server";
import { asOrganizer, benchPlayers, benchTournament } from "./fixtures";

const fresh = await createFreshDatabase("postgres://postgres@127.0.0.1:5432/postgres", "moot_prof");
const h = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
try {
  await h.migrate();
  const db = h.db;
  const rt = await listenRealtime(db);
  const people = await benchPlayers(db, 2001, "prof");
  const org = asOrganizer(people[0]!);
  const t = await benchTournament(db, org, "prof", people.slice(1));
  await startTournamentNow(db, org, t.id, new Date());
  const open = ((await db.execute(sql`select id from games where tournament_id = ${t.id} and status = 'active' limit 1200`)) as unknown as { rows: { id: string }[] }).rows;
  const N = Number(process.env.N ?? 600);
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    await setResult(db, org, { gameId: open[i]!.id, result: i % 2 ? "1-0" : "0-1" });
    times.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage();
  times.sort((a, b) => a - b);
  console.log("p50", times[Math.floor(N / 2)]!.toFixed(2), "p90", times[Math.floor(N * 0.9)]!.toFixed(2), "cpu total ms", ((cpu.user + cpu.system) / 1000).toFixed(0));
  await rt.server.close();
} finally {
  await h.close();
  await fresh.drop();
}
