// Tournament scale through the real services on PostgreSQL, per tournament size
// (group elimination, groups of four, hnefatafl: every game is created on the site).
// Every row is a median with min–max over its samples (n given), or p50 / p99 for
// the result path; the machine's load average is printed before and after each size.
//
// Rows, per size N:
// - start: startTournamentNow, the whole transaction and what follows it: reads the
//   players and their ratings, the engine seeds and plans round 1, the site lists
//   the playable games and the ones it already has, inserts every game, writes the
//   snapshot, audits, inserts one notification per player (and their outbox rows),
//   commits, pings. One sample per tournament, BENCH_TOURNAMENT_STARTS tournaments
//   per size (default 3; 2 at 100,000 players);
// - one result: setResult by the organizer on a random open game of round 1, the
//   server's whole path: locks the game with the players' names, takes the players'
//   rating locks, reads their ratings, then one statement finishes the game, writes
//   both ratings and their history, resolves and writes the players' notices, appends
//   to the result log, counts the round down and audits (server/services/together.ts);
//   commits, then builds the game's update from what it wrote and publishes it. Wall
//   time per call. Bytes written per result, three ways: the WAL
//   records between the positions before and after each call (pg_current_wal_lsn)
//   that touch this benchmark's database (pg_walinspect; full-page images included,
//   commit records of ~50 bytes not attributable and left out); the same without
//   full-page images (the first change of a page after a checkpoint logs the whole
//   8 KB page: how often depends on the checkpoint frequency, high on a busy shared
//   server); and the position delta, which also counts other clients' writes. The
//   rows name the database's wal_compression (migration 0010 sets zstd when it may);
// - standings, uncached: tournamentStandings right after each of the first results
//   (each result is a new tournament version, so the per-version cache misses): reads
//   the version and the log rows since the process's last read, applies them, ranks
//   every player;
// - tournament page data: tournamentPage for an anonymous viewer, first window of
//   each list (what the page's server component renders), and the size of its
//   superjson answer; bench/tournament-page.bench.ts measures the page over HTTP;
// - closing a round: the round's last result through setResult, after every other
//   result of round 1 was appended to the log in bulk by SQL: folds the log, closes
//   the round, plans round 2 with the current ratings, lists and inserts its games,
//   writes the snapshot, notifies each player once. One sample.
//
// Sizes: BENCH_TOURNAMENT_SIZES (default "2000,10000"; add 100000 for the issue's
// largest size, several minutes more). BENCH_TOURNAMENT_RESULTS results per size (200).
import { and, asc, eq, sql } from "drizzle-orm";
import superjson from "superjson";
import { openDatabase, type Db } from "@/db/client";
import { games, notifications, tournamentResults, tournaments } from "@/db/schema";
import { tournamentSubject } from "@/server/services/notification/notify";
import { setResult } from "@/server/services/game/report-result";
import { tournamentStandings } from "@/server/services/tournament/read-tournament";
import { tournamentPage } from "@/server/services/tournament/tournament-page";
import { startTournamentNow } from "@/server/services/tournament/start-tournament";
import { createFreshDatabase } from "@/test/fresh-database";
import { asOrganizer, benchPlayers, benchTournament } from "./fixtures";
import { loadAverage, percentile, printTable, spread, type BenchRow } from "./stats";

const SIZES = (process.env.BENCH_TOURNAMENT_SIZES ?? "2000,10000").split(",").map(Number);
const RESULTS = Number(process.env.BENCH_TOURNAMENT_RESULTS ?? 200);
const STARTS = (n: number) => Number(process.env.BENCH_TOURNAMENT_STARTS ?? (n >= 100_000 ? 2 : 3));
const STANDINGS_SAMPLES = 15;
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(0)} ms`;
const kb = (x: number) => `${(x / 1024).toFixed(1)} KB`;
const sorted = (xs: number[]) => xs.slice().sort((a, b) => a - b);

async function walLsn(db: Db): Promise<string> {
  const r = (await db.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as unknown as { rows: { lsn: string }[] };
  return r.rows[0]!.lsn;
}
async function walBytes(db: Db, from: string, to: string): Promise<{ all: number; ours: number; fpi: number }> {
  const r = (await db.execute(sql`select pg_wal_lsn_diff(${to}::pg_lsn, ${from}::pg_lsn)::float8 as "all", pg_current_wal_flush_lsn()::text as flushed`)) as unknown as {
    rows: { all: number; flushed: string }[];
  };
  const all = Number(r.rows[0]!.all);
  if (all <= 0) return { all, ours: 0, fpi: 0 };
  // pg_walinspect reads only flushed WAL; our commit was flushed before setResult returned.
  const o = (await db.execute(sql`
    select coalesce(sum(record_length), 0)::float8 as ours, coalesce(sum(fpi_length), 0)::float8 as fpi
    from pg_get_wal_records_info(${from}::pg_lsn, least(${to}::pg_lsn, ${r.rows[0]!.flushed}::pg_lsn))
    where block_ref ~ ('rel [0-9]+/' || (select oid from pg_database where datname = current_database()) || '/')`)) as unknown as { rows: { ours: number; fpi: number }[] };
  return { all, ours: Number(o.rows[0]!.ours), fpi: Number(o.rows[0]!.fpi) };
}

const fresh = await createFreshDatabase(serverUrl, "moot_bench_t");
const h = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
const rows: BenchRow[] = [];
let failed = false;
try {
  await h.migrate();
  const db = h.db;
  await db.execute(sql`create extension if not exists pg_walinspect`);
  // Migration 0010 asks for compressed full-page images on this database when it may.
  const compression = ((await db.execute(sql`show wal_compression`)) as unknown as { rows: { wal_compression: string }[] }).rows[0]!.wal_compression;
  const most = Math.max(...SIZES);
  const people = await benchPlayers(db, most + 1, "bench");
  const organizer = asOrganizer(people[0]!);

  for (const N of SIZES) {
    const label = N.toLocaleString("en");
    const loadBefore = loadAverage();
    const ids: string[] = [];
    const startMs: number[] = [];
    let created = 0;
    for (let s = 0; s < STARTS(N); s++) {
      const t = await benchTournament(db, organizer, `Bench ${N} #${s + 1}`, people.slice(1, N + 1));
      const t0 = performance.now();
      const started = await startTournamentNow(db, organizer, t.id);
      startMs.push(performance.now() - t0);
      created = started.created.length;
      ids.push(t.id);
    }
    const target = N >= 100_000 ? 15_000 : N <= 2000 ? 1000 : null;
    const startMedian = percentile(sorted(startMs), 50);
    const [told] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(eq(notifications.subject, tournamentSubject(ids[0]!)));
    rows.push({
      name: `start ${label} players: players + ratings, engine plan, list + insert ${created.toLocaleString("en")} games, snapshot, ${told!.n.toLocaleString("en")} notifications, commit`,
      measured: spread(startMs, ms),
      target: target ? `< ${target} ms` : "-",
      ok: target ? startMedian < target : null,
    });

    const id = ids[0]!;
    const open = await db
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.tournamentId, id), eq(games.status, "active")))
      .orderBy(sql`random()`)
      .limit(RESULTS);
    const times: number[] = [];
    const bytes: number[] = [];
    const ownBytes: number[] = [];
    const rowBytes: number[] = [];
    const standingsMs: number[] = [];
    for (const [i, g] of open.entries()) {
      const before = await walLsn(db);
      const t0 = performance.now();
      await setResult(db, organizer, { gameId: g.id, result: i % 3 === 0 ? "0-1" : "1-0" });
      times.push(performance.now() - t0);
      const wal = await walBytes(db, before, await walLsn(db));
      bytes.push(wal.all);
      ownBytes.push(wal.ours);
      rowBytes.push(wal.ours - wal.fpi);
      if (i < STANDINGS_SAMPLES) {
        const s0 = performance.now();
        await tournamentStandings(db, id);
        standingsMs.push(performance.now() - s0);
      }
    }
    const t = sorted(times);
    const b = sorted(bytes);
    const p50 = percentile(t, 50);
    const p99 = percentile(t, 99);
    const big = N >= 100_000;
    rows.push({ name: `one result at ${label} (setResult: lock, ratings, one write, commit, publish): p50 / p99 (min–max, n)`, measured: `${ms(p50)} / ${ms(p99)} (${ms(t[0]!)}–${ms(t.at(-1)!)}, n=${t.length})`, target: big ? "p50 < 5 ms, p99 < 20 ms" : "-", ok: big ? p50 < 5 && p99 < 20 : null });
    const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
    const own = sorted(ownBytes);
    rows.push({ name: `WAL per result at ${label}, this database's records (wal_compression=${compression}): p50 / p99 / mean`, measured: `${kb(percentile(own, 50))} / ${kb(percentile(own, 99))} / ${kb(mean(own))}`, target: "< 16 KB", ok: percentile(own, 99) < 16 * 1024 });
    const rowsOnly = sorted(rowBytes);
    rows.push({ name: `WAL per result at ${label}, without full-page images: p50 / p99 / mean`, measured: `${kb(percentile(rowsOnly, 50))} / ${kb(percentile(rowsOnly, 99))} / ${kb(mean(rowsOnly))}`, target: "-", ok: null });
    rows.push({ name: `WAL per result at ${label}, position delta (whole server): p50 / p99 / mean`, measured: `${kb(percentile(b, 50))} / ${kb(percentile(b, 99))} / ${kb(mean(bytes))}`, target: "-", ok: null });
    rows.push({ name: `standings right after a result at ${label} (new version: cache miss; apply new log rows, rank ${label})`, measured: spread(standingsMs, ms), target: "-", ok: null });

    const pageMs: number[] = [];
    let pageBytes = 0;
    for (let i = 0; i < 3; i++) {
      const p0 = performance.now();
      const page = await tournamentPage(db, null, id, {});
      pageMs.push(performance.now() - p0);
      pageBytes = Buffer.byteLength(JSON.stringify(superjson.serialize(page)));
    }
    rows.push({ name: `tournament page data (tournamentPage, anonymous, first window) at ${label}`, measured: `${spread(pageMs, ms)}, ${kb(pageBytes)}`, target: "< 200 KB", ok: pageBytes < 200 * 1024 });

    // Every other result of round 1 goes to the log in bulk; the last one closes the round.
    const rest = await db
      .select({ id: games.id, key: games.tournamentGameKey })
      .from(games)
      .where(and(eq(games.tournamentId, id), eq(games.status, "active")))
      .orderBy(asc(games.id));
    const last = rest.pop()!;
    for (let i = 0; i < rest.length; i += 5000) {
      await db.insert(tournamentResults).values(rest.slice(i, i + 5000).map((g) => ({ tournamentId: id, gameKey: g.key!, outcome: "1-0", reason: "normal" })));
    }
    await db.update(tournaments).set({ pending: 1 }).where(eq(tournaments.id, id));
    await tournamentStandings(db, id); // the process has read the log, as a live server would have
    const c0 = performance.now();
    await setResult(db, organizer, { gameId: last.id, result: "1-0" });
    const closeMs = performance.now() - c0;
    const [round2] = await db.select({ n: sql<number>`count(*)::int` }).from(games).where(and(eq(games.tournamentId, id), sql`${games.tournamentGameKey} like 'r2-%'`));
    rows.push({ name: `closing round 1 at ${label} (last result: fold, plan, insert ${round2!.n.toLocaleString("en")} games, snapshot, notices)`, measured: `${ms(closeMs)} (n=1)`, target: "-", ok: null });
    rows.push({ name: `load average (1, 5, 15 min) before / after ${label}`, measured: `${loadBefore} / ${loadAverage()}`, target: "-", ok: null });
    // Each size's rows as soon as they are measured: the largest size takes minutes.
    if (!printTable(rows.splice(0))) failed = true;
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await h.close();
  await fresh.drop();
}
