// Tournament scale through the real services on PostgreSQL, per tournament size
// (group elimination, groups of four, hnefatafl: every game is created on the site),
// each beside the bare database work it is compared with, measured in the same run
// on the same database (a fresh one on DATABASE_URL's server, or the local one)
// through the same driver (node-postgres, a pool of 10 as db/client.ts opens), and the
// ratio. Every row is a median with min–max over its samples (n given); the result
// path's rows are p50 / p99 per run, median with min–max over BENCH_RESULT_RUNS runs
// (3), each run's ratio its own; the machine's load average is printed before and
// after each size.
//
// The process runs the site's Socket.IO server (attachRealtime on a bare HTTP server on
// 127.0.0.1) with one client connected to it, watching the tournament's room and, during
// each timed result, that game's room: the services' publishing is real work here.
//
// The start, every result and the round's last result (with its close) run as a request
// (asRequest, as the tRPC middleware runs every procedure: lib/let-go.ts), so the
// background work they start is held or not as on the server: the pages' reading ahead
// after a start waits while the start is in flight, and a close its request awaits is
// not held by it.
//
// Rows, per size N:
// - start: startTournamentNow, the whole transaction and what follows it: reads the
//   players and their ratings, the engine seeds and plans round 1, the site lists
//   the playable games and the ones it already has, inserts every game, writes the
//   snapshot, audits, inserts one notification per player (and their outbox rows),
//   commits, pings. One sample per tournament, BENCH_TOURNAMENT_STARTS tournaments
//   per size (default 6; 12 up to 2,000 players; 2 at 100,000 players). Baseline: right after each start, the
//   same games and notifications (every column as the start wrote it, new ids, the
//   games under another tournament id) inserted into the same tables by one
//   INSERT … SELECT FROM unnest(arrays) per table (a column with one value in every
//   row sent once; id columns as uuid[] in binary, as Moot sends them since 2026-12-03,
//   the rest as text arrays) between BEGIN and COMMIT; the values are read, and the
//   ids' binary made, before the clock starts, the copies deleted after it stops;
// - one result: setResult by the organizer on a random open game of round 1 with a
//   seeded random result (Elo expectation with draws, engine/formats/simulate.ts), the
//   server's whole path: one statement locks the game with the players' names and
//   tournament, takes the players' rating locks and reads their ratings (migration
//   0024), then one statement finishes the game, writes
//   both ratings and their history, resolves and writes the players' notices, appends
//   to the result log, counts the round down and audits (server/services/together.ts);
//   commits, builds the game's update from what it wrote, emits it to the players'
//   sockets in the room (none here) and queues the room's broadcast (setImmediate),
//   announces the tournament's new version to its room. Two rows: until setResult
//   returns, and until the watching client has the game's update (the room's broadcast
//   included: serialized, written to the socket, read and parsed by the client in this
//   process). Baselines, on other open games of the same round, interleaved with
//   setResult (one each per result): the same writes (the game row, both ratings, two
//   rating history rows, resolving the game's notices, two notices, the log row, the
//   round's counter, the audit row), with values computed before the clock starts, as
//   raw SQL statements, one per write, between BEGIN and COMMIT (10 round trips); the
//   same writes as one statement of data-modifying WITH queries between BEGIN and
//   COMMIT (3 round trips); and that statement alone (1 round trip). A row checks that
//   all four leave the same rows; another gives one round trip
//   (`select 1` through the same pool);
// - one result after a quiet spell (first size only, BENCH_IDLE_SAMPLES samples, 3; 0
//   skips them): after 11 s without a query (node-postgres's default pool closes a
//   connection unused for 10 s), setResult as above on another open game. Baseline,
//   right after it, the bare 10-statement transaction on a pool of its own that keeps
//   its connections as Moot's does (IDLE_CONNECTION_MS); a row under it gives the same
//   on a pool with node-postgres's default, which opens a new connection each time;
// - WAL per result, three ways: the WAL records between the positions before and after
//   each setResult (pg_current_wal_lsn) that touch this benchmark's database
//   (pg_walinspect; full-page images included, commit records of ~50 bytes not
//   attributable and left out); the same without full-page images (the first change of
//   a page after a checkpoint logs the whole 8 KB page: how often depends on the
//   checkpoint frequency, high on a busy shared server); and the position delta, which
//   also counts other clients' writes. The rows name the database's wal_compression
//   (migration 0010 sets zstd when it may);
// - standings, uncached: tournamentStandings right after each of the first results
//   (each result is a new tournament version, so the per-version cache misses): reads
//   the version and the log rows since the process's last read, applies them, ranks
//   every player (made from the previous version's table: engine/formats/standings.ts);
//   it alternates with the page's data read the same way (tournamentPage, anonymous:
//   the standings, side balance and one window of each list of the new version), so
//   each is the first read of its version;
// - tournament page data: tournamentPage for an anonymous viewer, first window of
//   each list (what the page's server component renders), and the size of its
//   superjson answer; bench/tournament-page.bench.ts measures the page over HTTP;
// - closing a round: every other result of round 1 is appended to the log in bulk by
//   SQL, each drawn as the results above (so about one player per group advances, as
//   the format's rules give for real results, not all four as when every game is 1-0),
//   and the process catches up (liveState reads the log and applies it, as a live
//   server does while results arrive; timed as its own row); then the round's last
//   result through setResult: folds the one new log row, closes the round, plans round
//   2 with the current ratings, lists and inserts its games, writes the snapshot,
//   notifies each player once (the replaced snapshot is deleted CLEAN_UP_DELAY_MS after
//   the commit, in the background: not in the close's time; settled before the floor
//   is timed). One sample per tournament started above: the first,
//   third, … tournament's close runs alone (the close's row, with its ratio), the
//   second's, fourth's, … with the requests of the next row beside it (in this
//   process: their own work slows the close, so those are timed in a row of their own).
//   Baseline: round 2's games and the close's notifications inserted as the start's baseline does.
//   A row gives the checkpoints PostgreSQL began during each close and during each
//   floor (pg_stat_bgwriter): the setup writes gigabytes of WAL in minutes at 100,000
//   players (the players, a round's results in bulk), and on a server that checkpoints
//   every max_wal_size of WAL one can begin inside one close and not another; the
//   requests' waits and the inserts then pay for its writes and for the whole pages
//   the first change of each page after it logs. (A CHECKPOINT forced before each close
//   and floor, tried, made the 2,000-player floor twice as long: the notices' indexes'
//   pages, each logged whole; a live server's round closes minutes after its last
//   checkpoint, neither right after one nor with gigabytes of WAL behind it.);
// - the WAL the server wrote during the close that runs alone (pg_current_wal_lsn before
//   and after; full-page images included). Baseline: the same around the bare inserts.
//   What the close adds to the database's writes beyond its rows (the snapshot, the
//   audit, the pointer), and how much of a checkpoint's distance it takes;
// - the longest event-loop stall during the close that runs alone: a timer due every
//   5 ms in this process, and the longest gap between its ticks while the close runs,
//   which is the longest any request this process serves waited for the close's own
//   work (and its garbage collection). Baseline: the same timer for 2 s right after,
//   with nothing running. Beside it, V8's garbage collections in the same window
//   (perf_hooks "gc" entries, each a pause of this process): their pauses added up,
//   the longest, and how many there were and how many were full (mark-compact);
// - the page's data right after the close that runs alone: tournamentPage (anonymous)
//   once the close has returned, the first read of the new state (what a start or a
//   close reads ahead, tournament-page.ts readAhead). Baseline: the same read again (the anonymous
//   answer kept for that version: one round trip);
// - the longest wait during the close: while it runs, three requests of the tournament,
//   each again after it answered, until setResult returns and the close's clean-up is
//   done (the replaced snapshot's delete, CLEAN_UP_DELAY_MS later): a transaction that
//   takes and releases the tournament's lock (as every result and organizer action
//   of the tournament begins), and the tournament page's data (tournamentPage; it takes
//   no lock, but runs in the same process as the close) for an anonymous viewer (whose
//   answer each process keeps per version: one round trip) and for a signed-in player
//   of the tournament (their own row and group: read whole each time). All run
//   as the server runs a request's work (asRequest, as every tRPC procedure does:
//   lib/let-go.ts), so the close's background work waits while they are in flight.
//   Each next request is sent 20 ms after the last answered, so that they are a trickle
//   beside the close, not load on it. The row gives the longest of each per close.
//   A third: the same lock taken and released by a second process
//   (bench/lock-prober.ts, its own connection), which waits for the database only, not
//   for this process's work: as a request served by another server process would.
//   A fourth: the tournament page's data read by a second server process
//   (bench/page-prober.ts: its own connections and remembered states, each read as a
//   request), until its first read begun after the close returned: that read is its
//   first of the state the close saved, which that process did not make. Both processes
//   share Redis (REDIS_URL, default the local one) as servers do: the close tells of its
//   fold, and the prober folds the round itself from the state it has (or, if it cannot,
//   reads the snapshot once written), ahead of the commit (snapshot-news.ts); it says on
//   stderr which it did. For each probed close, the bench says on stderr ("[waits]")
//   when the three longest waits of each request of this process began, in ms after the
//   close began, and when the close returned: a long wait near the end falls in the
//   commit's tail (the replaced snapshot's delete, the new state's first reads).
//   For the second process's lock, also the same probe during the close's bare inserts
//   (the floor below): how long the same writes alone make a request wait for the
//   database on this machine, the part no design of the close's own work can remove.
//   Baseline: the longest of the same requests, sent the same way for 2 s right before
//   the close, after one page read of this process (the first read after the bulk
//   catch-up makes the state's readings from nothing, which a live server does not).
//   A row under each gives every request's wait during the probed closes, p50 / p90,
//   beside the same for the 2 s before (the longest is one request of a hundred; these
//   say what a request usually waits).
//
// Sizes: BENCH_TOURNAMENT_SIZES (default "2000,10000"; add 100000 for the issue's
// largest size, several minutes more). BENCH_TOURNAMENT_RESULTS results per run (200)
// and BENCH_RESULT_RUNS runs (3) per size, and as many of each baseline.
import { fork } from "node:child_process";
import { PerformanceObserver, constants as perfConstants, type PerformanceEntry } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { and, asc, eq, sql } from "drizzle-orm";
import pg from "pg";
import superjson from "superjson";
import { io as connectSocket, type Socket } from "socket.io-client";
import { IDLE_CONNECTION_MS, openDatabase, type Db } from "@/db/client";
import { games, notifications, tournamentResults, tournaments } from "@/db/schema";
import { newRowId } from "@/db/schema/ids";
import { uuidArrayBytes } from "@/server/services/bulk-insert";
import { GAME_FAMILIES, playableGames, type GameFamily } from "@/engine/formats";
import { drawResult } from "@/engine/formats/simulate";
import { Prng } from "@/engine/prng";
import { gameRoom, tournamentRoom, type GameResult, type GameUpdate } from "@/lib/contracts";
import { tournamentSubject } from "@/server/services/notification/notify";
import { setResult } from "@/server/services/play/set-result";
import { liveState } from "@/server/services/tournament/live-state";
import { tournamentStandings } from "@/server/services/tournament/read-tournament";
import { tournamentPage, type Viewer } from "@/server/services/tournament/tournament-page";
import { startTournamentNow } from "@/server/services/tournament/start-tournament";
import { lockTournament } from "@/server/services/tournament/lock-tournament";
import { CLEAN_UP_DELAY_MS, settleCleanUps, transaction } from "@/server/services/transaction";
import { asRequest } from "@/lib/let-go";
import { createFreshDatabase } from "@/test/fresh-database";
import { connectRedis } from "@/server/redis";
import { listenRealtime } from "@/test/realtime-server";
import { BENCH_GAME, asOrganizer, benchPlayers, benchTournament } from "./fixtures";
import { bareTransaction, loadAverage, median, percentile, printTable, ratio, spread, type BenchRow, type Statement } from "./stats";

const SIZES = (process.env.BENCH_TOURNAMENT_SIZES ?? "2000,10000").split(",").map(Number);
const RESULTS = Number(process.env.BENCH_TOURNAMENT_RESULTS ?? 200);
const RUNS = Number(process.env.BENCH_RESULT_RUNS ?? 3);
// Six below 100,000 players: three closes alone and three probed, so that each close row is a
// median of at least three; twelve up to 2,000, where a close is a tenth of a second and
// moves by half from one to the next (three alone gave 1.5x to 2.0x its floor from one
// run to the next); two at 100,000, where each start and close takes seconds.
const STARTS = (n: number) => Number(process.env.BENCH_TOURNAMENT_STARTS ?? (n >= 100_000 ? 2 : n <= 2000 ? 12 : 6));
const STANDINGS_SAMPLES = 15;
// Results taken after the pool sat unused past node-postgres's default idle timeout
// (10 s), at the first size only: each sample waits IDLE_WAIT_MS.
const IDLE_SAMPLES = Number(process.env.BENCH_IDLE_SAMPLES ?? 3);
const IDLE_WAIT_MS = 11_000;
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(0)} ms`;
const kb = (x: number) => `${(x / 1024).toFixed(1)} KB`;
const mb = (x: number) => `${(x / 1024 / 1024).toFixed(1)} MB`;
const sorted = (xs: number[]) => xs.slice().sort((a, b) => a - b);
const count = (n: number) => n.toLocaleString("en");

// The WAL positions through the bench's bare pool (the server's position is the same on any connection).
async function walLsn(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ lsn: string }>(`select pg_current_wal_lsn()::text as lsn`);
  return rows[0]!.lsn;
}
/** WAL written between `from` and `to` (default: now), by the whole server (the position delta). */
async function walBetween(pool: pg.Pool, from: string, to?: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`select pg_wal_lsn_diff(coalesce($2::pg_lsn, pg_current_wal_lsn()), $1::pg_lsn)::float8 as n`, [
    from,
    to ?? null,
  ]);
  return Number(rows[0]!.n);
}
/** WAL between `from` and `to`: the whole server's, this database's records, and their full-page images. */
async function walBytes(pool: pg.Pool, from: string, to: string): Promise<{ all: number; ours: number; fpi: number }> {
  const all = await walBetween(pool, from, to);
  if (all <= 0) return { all, ours: 0, fpi: 0 };
  // pg_walinspect reads only flushed WAL; our commit was flushed before setResult returned.
  const { rows } = await pool.query<{ ours: number; fpi: number }>(
    `select coalesce(sum(record_length), 0)::float8 as ours, coalesce(sum(fpi_length), 0)::float8 as fpi
      from pg_get_wal_records_info($1::pg_lsn, least($2::pg_lsn, pg_current_wal_flush_lsn()))
      where block_ref ~ ('rel [0-9]+/' || (select oid from pg_database where datname = current_database()) || '/')`,
    [from, to],
  );
  return { all, ours: Number(rows[0]!.ours), fpi: Number(rows[0]!.fpi) };
}

/** The query checkpointsBegun sends on this server, asked for its version once. */
let checkpointCount: Promise<string> | undefined;
/**
 * Checkpoints the server has begun, timed or requested (pg_stat_bgwriter before
 * PostgreSQL 17, pg_stat_checkpointer since): a spread checkpoint reports itself while
 * it writes, within about 100 ms of its start.
 */
async function checkpointsBegun(pool: pg.Pool): Promise<number> {
  checkpointCount ??= pool
    .query<{ n: string }>(`select current_setting('server_version_num') as n`)
    .then(({ rows }) =>
      Number(rows[0]!.n) >= 170000
        ? `select (num_timed + num_requested)::int as n from pg_stat_checkpointer`
        : `select (checkpoints_timed + checkpoints_req)::int as n from pg_stat_bgwriter`,
    );
  const { rows } = await pool.query<{ n: number }>(await checkpointCount);
  return rows[0]!.n;
}

// --- The bare work: raw SQL through node-postgres, none of Moot's code but the encoder of ids in binary (bareInsert). ---

/** The statements as one: each a data-modifying WITH query, its parameters renumbered. */
function asOneStatement(statements: readonly Statement[]): Statement {
  const values: unknown[] = [];
  const parts = statements.map((st, i) => {
    const offset = values.length;
    values.push(...st.values);
    return `w${i} as (${st.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
  });
  return { text: `with ${parts.join(", ")} select 1`, values };
}

interface OpenGame {
  id: string;
  key: string;
  side1: string;
  side2: string;
  name1: string;
  name2: string;
  ply: number;
  sideToMove: number;
  position: string | null;
  remaining1: string;
  remaining2: string;
}

interface Rating {
  rating: number;
  rd: number;
  volatility: number;
  ratedGames: number;
}

/** The game's notices a finish resolves (server/services/notification/game-notices.ts). */
const RESOLVED_KINDS = ["your-move", "game-created", "deadline", "result-reported", "result-disputed"];

/**
 * The rows a result set by the organizer writes, as setResult writes them today, one
 * statement per write. Ratings move by a fixed step: computing them is Moot's work, not
 * the database's. "rows a result leaves" checks the two still write the same rows.
 */
function resultWrites(
  g: OpenGame,
  outcome: GameResult,
  ratings: Map<string, Rating>,
  t: { id: string; name: string; organizerId: string },
  now: Date,
): Statement[] {
  const step = outcome === "1-0" ? 8 : outcome === "0-1" ? -8 : 0;
  const r1 = ratings.get(g.side1)!;
  const r2 = ratings.get(g.side2)!;
  const notice = (userId: string, opponent: string) => [
    newRowId(),
    userId,
    JSON.stringify({ gameId: g.id, opponent, result: outcome, reason: "set by organizer", tournament: t.name, tournamentId: t.id }),
    `/games/${g.id}`,
    gameRoom(g.id),
    now,
  ];
  return [
    {
      text: `update games set status = 'finished', ply = $1, side_to_move = $2, result = $3, end_reason = 'set by organizer', margin = null, position = $4,
        remaining1_ms = $5, remaining2_ms = $6, turn_started_at = null, deadline = null, draw_offer_by = null, finished_at = $7, version = version + 1 where id = $8`,
      values: [g.ply, g.sideToMove, outcome, g.position, g.remaining1, g.remaining2, now, g.id],
    },
    {
      text: `insert into player_ratings (user_id, game_type, rating, rd, volatility, rated_games, updated_at) values ($1, $2, $3, $4, $5, $6, $7), ($8, $9, $10, $11, $12, $13, $14)
        on conflict (user_id, game_type) do update set rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, rated_games = excluded.rated_games, updated_at = excluded.updated_at`,
      values: [
        g.side1,
        BENCH_GAME,
        r1.rating + step,
        r1.rd,
        r1.volatility,
        r1.ratedGames + 1,
        now,
        g.side2,
        BENCH_GAME,
        r2.rating - step,
        r2.rd,
        r2.volatility,
        r2.ratedGames + 1,
        now,
      ],
    },
    {
      text: `insert into rating_history (id, user_id, game_id, game_type, rating, rd, at) values ($1, $2, $3, $4, $5, $6, $7), ($8, $9, $10, $11, $12, $13, $14)`,
      values: [newRowId(), g.side1, g.id, BENCH_GAME, r1.rating + step, r1.rd, now, newRowId(), g.side2, g.id, BENCH_GAME, r2.rating - step, r2.rd, now],
    },
    {
      text: `update notifications set resolved_at = $1 where subject = $2 and kind = any($3::text[]) and resolved_at is null`,
      values: [now, gameRoom(g.id), RESOLVED_KINDS],
    },
    {
      text: `insert into notifications (id, user_id, kind, payload, link, subject, dedupe_key, created_at) values ($1, $2, 'game-over', $3, $4, $5, null, $6), ($7, $8, 'game-over', $9, $10, $11, null, $12)`,
      values: [...notice(g.side1, g.name2), ...notice(g.side2, g.name1)],
    },
    {
      text: `insert into tournament_results (tournament_id, game_key, outcome, reason, margin) values ($1, $2, $3, 'organizer', null)`,
      values: [t.id, g.key, outcome],
    },
    { text: `update tournaments set pending = pending - 1, version = version + 1 where id = $1`, values: [t.id] },
    {
      text: `insert into tournament_audit (id, tournament_id, actor_id, action, detail) values ($1, $2, $3, 'result set', $4)`,
      values: [newRowId(), t.id, t.organizerId, `${g.key}: ${outcome}`],
    },
  ];
}

/** What a finished game left behind, to compare the three ways of writing it. */
async function leftBy(pool: pg.Pool, tournamentId: string, g: OpenGame): Promise<string> {
  const r = await pool.query(
    `select (select status from games where id = $1) as game,
      (select count(*) from rating_history where game_id = $1)::int as history,
      (select count(*) from notifications where subject = $2)::int as notices,
      (select count(*) from tournament_results where tournament_id = $3 and game_key = $4)::int as logged,
      (select count(*) from tournament_audit where tournament_id = $3 and detail like $4 || ':%')::int as audited`,
    [g.id, gameRoom(g.id), tournamentId, g.key],
  );
  const x = r.rows[0] as { game: string; history: number; notices: number; logged: number; audited: number };
  return `game ${x.game}, ${x.history} rating history, ${x.notices} notices, ${x.logged} log, ${x.audited} audit`;
}

/** A table's insertable columns and their types. */
async function columnsOf(pool: pg.Pool, table: string): Promise<{ name: string; type: string }[]> {
  const r = await pool.query(
    `select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [table],
  );
  return r.rows as { name: string; type: string }[];
}

interface Copy {
  table: string;
  /** Every column of the rows to copy, as text, column by column; an id column (uuid) also in binary. */
  columns: { name: string; type: string; values: (string | null)[]; binary?: Buffer }[];
  ids: string[];
}

/**
 * Reads rows (`where` over the table, parameters `values`) as text, with new ids and
 * `change` applied per column, for bareInsert. Read before the clock starts.
 */
async function rowsToCopy(
  pool: pg.Pool,
  table: string,
  where: string,
  values: unknown[],
  change: Record<string, (v: string | null) => string | null> = {},
): Promise<Copy> {
  const cols = await columnsOf(pool, table);
  const r = await pool.query({ text: `select ${cols.map((c) => `"${c.name}"::text`).join(", ")} from ${table} where ${where}`, values, rowMode: "array" });
  const rows = r.rows as (string | null)[][];
  const ids = rows.map(() => newRowId());
  return {
    table,
    ids,
    columns: await Promise.all(
      cols.map(async (c, j) => {
        const values = c.name === "id" ? ids : rows.map((row) => (change[c.name] ? change[c.name]!(row[j]!) : row[j]!));
        return { ...c, values, binary: c.type === "uuid" ? await uuidArrayBytes(values) : undefined };
      }),
    ),
  };
}

/**
 * One INSERT … SELECT FROM unnest(arrays) for the copy; a column with one value in every
 * row is sent once. Id columns go as uuid[] in PostgreSQL's binary format, made before
 * the clock starts (Moot sends its ids so, bulk-insert.ts: the database reads them three
 * times faster than their text), the others as text arrays the driver encodes.
 */
function bareInsert(copy: Copy): Statement {
  const values: unknown[] = [];
  const arrays: string[] = [];
  const select = copy.columns.map((c, j) => {
    const same = copy.ids.length > 1 && c.name !== "id" && c.values.every((v) => v === c.values[0]);
    values.push(same ? c.values[0] : (c.binary ?? c.values));
    if (same) return `$${values.length}::${c.type}`;
    arrays.push(`$${values.length}::${c.binary ? "uuid" : "text"}[]`);
    return `u.c${j}::${c.type}`;
  });
  const aliases = copy.columns.flatMap((c, j) => (select[j]!.startsWith("u.") ? [`c${j}`] : []));
  return {
    text: `insert into ${copy.table} (${copy.columns.map((c) => `"${c.name}"`).join(", ")}) select ${select.join(", ")} from unnest(${arrays.join(", ")}) as u(${aliases.join(", ")})`,
    values,
  };
}

/**
 * The bare floor of a start or a round close: the games and notifications it wrote
 * (games of `tournamentId` whose key starts with `round`, notifications made at `now`),
 * inserted again in one transaction. Returns the milliseconds of that transaction and
 * the WAL the server wrote meanwhile; the copies are deleted afterwards. With `probe`
 * (a second process's lock prober), also the waits of its requests during that
 * transaction: what the same writes alone make a request wait for the database.
 */
async function bareInsertFloor(
  pool: pg.Pool,
  tournamentId: string,
  round: string,
  now: Date,
  probe?: Prober,
): Promise<{ ms: number; wal: number; games: number; notices: number; waits: number[] }> {
  const copyOf = newRowId();
  const gameCopy = await rowsToCopy(pool, "games", "tournament_id = $1 and tournament_game_key like $2", [tournamentId, `${round}-%`], {
    tournament_id: () => copyOf,
  });
  const noticeCopy = await rowsToCopy(pool, "notifications", "created_at = $1", [now], { dedupe_key: (v) => (v === null ? null : `${v}:bare`) });
  const statements = [bareInsert(gameCopy), bareInsert(noticeCopy)];
  const before = await walLsn(pool);
  await probe?.take(); // from here on
  const t0 = performance.now();
  await bareTransaction(pool, statements);
  const elapsed = performance.now() - t0;
  const waits = (await probe?.takeAfter()) ?? [];
  const wal = await walBetween(pool, before);
  await pool.query(`delete from game_deadlines where game_id = any($1::uuid[])`, [gameCopy.ids]);
  await pool.query(`delete from games where tournament_id = $1`, [copyOf]);
  await pool.query(`delete from notifications where id = any($1::uuid[])`, [noticeCopy.ids]);
  return { ms: elapsed, wal, games: gameCopy.ids.length, notices: noticeCopy.ids.length, waits };
}

/** Seeded results as real games end (Elo expectation with draws), for the result path and the round's other results. */
function resultDrawer(seed: string, gameType: GameFamily, rating: (id: string) => number): (side1: string, side2: string) => GameResult {
  const rng = Prng.fromSeed(seed);
  const type = GAME_FAMILIES[gameType];
  // Hnefatafl results on the site carry no margin, so the drawn margin is left out.
  return (side1, side2) => drawResult(rng, rating(side1), rating(side2), type).outcome;
}

const PROBE_QUIET_MS = 2000;
const STALL_TICK_MS = 5;

/** V8's garbage collections in a window of this process: their pauses of the main thread. */
interface Collections {
  /** Every pause added up (scavenges, mark-compact, incremental marking steps, weak callbacks). */
  totalMs: number;
  longestMs: number;
  /** Full (mark-compact) collections. */
  major: number;
  count: number;
}

/**
 * The longest gap between ticks of a timer due every STALL_TICK_MS, from now until
 * `until` settles: how long this process's event loop was held at a stretch (by the
 * close's own work and its garbage collection), so how long any request it serves
 * waited for it at most. Beside it, the garbage collections of the same window
 * (perf_hooks' "gc" entries: each is a pause of the main thread).
 */
async function longestStall(until: Promise<unknown>): Promise<{ stall: number; gc: Collections }> {
  const gc: Collections = { totalMs: 0, longestMs: 0, major: 0, count: 0 };
  const add = (entries: PerformanceEntry[]) => {
    for (const e of entries) {
      gc.totalMs += e.duration;
      gc.longestMs = Math.max(gc.longestMs, e.duration);
      gc.count++;
      if ((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR) gc.major++;
    }
  };
  const observer = new PerformanceObserver((list) => add(list.getEntries()));
  observer.observe({ entryTypes: ["gc"] });
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, STALL_TICK_MS);
  try {
    await until;
  } finally {
    clearInterval(timer);
    add(observer.takeRecords());
    observer.disconnect();
  }
  return { stall: Math.max(longest, performance.now() - last), gc };
}
const PROBE_PAUSE_MS = 20;

/**
 * Two requests of the tournament, each one after another (the next 20 ms after the
 * last answered) until `until` settles: taking and releasing its lock, and reading its
 * page. Returns each request's milliseconds; started during a close, the longest is
 * how long the close kept someone of the tournament waiting (its lock, or this
 * process's event loop).
 */
/**
 * One kind of request's waits over the probed closes: the longest per close with no close
 * (`quiet`) and during it (`during`), how many were sent per close, and every wait of both.
 */
const requestWaits = () => ({ quiet: [] as number[], during: [] as number[], n: [] as number[], all: [] as number[], allQuiet: [] as number[] });

/** "p50 / p90" of the samples. */
function p50p90(xs: number[]): string {
  const s = sorted(xs);
  return `${ms(percentile(s, 50))} / ${ms(percentile(s, 90))}`;
}

/**
 * A prober (bench/lock-prober.ts, bench/page-prober.ts) running in a process of its own,
 * ready: `take` gives its waits since the last take; `takeAfter` the same once a request
 * that began after the call has ended.
 */
interface Prober {
  take(): Promise<number[]>;
  takeAfter(): Promise<number[]>;
  stop(): void;
}

async function prober(file: string, url: string, id: string): Promise<Prober> {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), [url, id, String(PROBE_PAUSE_MS)], { execArgv: ["--import", "tsx"] });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("error", reject);
  });
  const ask = (message: string) =>
    new Promise<number[]>((resolve) => {
      child.once("message", (m) => resolve(m as number[]));
      child.send(message);
    });
  return { take: () => ask("take"), takeAfter: () => ask("take after"), stop: () => void child.send("stop") };
}

async function probing(
  db: Db,
  id: string,
  until: Promise<unknown>,
  other: Prober,
  player: Viewer,
): Promise<{ lock: number[]; page: number[]; mine: number[]; other: number[]; began: { lock: number[]; page: number[]; mine: number[] } }> {
  await other.take(); // from here on
  let done = false;
  const settled = until.finally(() => {
    done = true;
  });
  const loop = async (request: () => Promise<unknown>, began: number[]) => {
    const times: number[] = [];
    do {
      const t0 = performance.now();
      await request();
      times.push(performance.now() - t0);
      began.push(t0);
      // A pause between requests, so that they are a trickle beside the close, not load on it.
      if (!done) await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS));
    } while (!done);
    return times;
  };
  // Each as the server runs a request's work (the tRPC procedures' lane, lib/let-go.ts).
  const pageRequest = () => asRequest(() => tournamentPage(db, null, id, {}));
  const mineRequest = () => asRequest(() => tournamentPage(db, player, id, {}));
  const lockRequest = () => asRequest(() => transaction(db, (tx) => lockTournament(tx, id)));
  const began = { lock: [] as number[], page: [] as number[], mine: [] as number[] };
  const [lock, page, mine] = await Promise.all([loop(lockRequest, began.lock), loop(pageRequest, began.page), loop(mineRequest, began.mine), settled]);
  // With the request in flight when the close returned.
  return { lock, page, mine, other: await other.takeAfter(), began };
}

const fresh = await createFreshDatabase(serverUrl, "moot_bench_t");
const h = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
// Shared with the page prober, which inherits the setting: the close tells it of its snapshot.
process.env.REDIS_URL ||= "redis://127.0.0.1:6379";
const redis = await connectRedis(process.env.REDIS_URL);
const bare = new pg.Pool({ connectionString: fresh.url, max: 10 });
const rows: BenchRow[] = [];
let failed = false;
let client: Socket | undefined;
try {
  await h.migrate();
  const db = h.db;
  const realtime = await listenRealtime(db);
  client = connectSocket(realtime.url, { transports: ["websocket"], reconnection: false, forceNew: true });
  const socket = client;
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  const watch = (room: string) =>
    new Promise<void>((resolve, reject) =>
      socket.emit("watch", room, (ok: boolean, reason?: string) => (ok ? resolve() : reject(new Error(reason ?? `cannot watch ${room}`)))),
    );
  await db.execute(sql`create extension if not exists pg_walinspect`);
  // Migration 0010 asks for compressed full-page images on this database when it may.
  const compression = ((await db.execute(sql`show wal_compression`)) as unknown as { rows: { wal_compression: string }[] }).rows[0]!.wal_compression;
  const most = Math.max(...SIZES);
  const people = await benchPlayers(db, most + 1, "bench");
  const organizer = asOrganizer(people[0]!);
  // A player of every tournament below (each takes people 1 to N): the signed-in page probe's viewer.
  const player: Viewer = { id: people[1]!.id, isAdmin: false };
  const names = new Map(people.map((p) => [p.id, p.username]));

  for (const N of SIZES) {
    const label = count(N);
    const loadBefore = loadAverage();
    const ids: string[] = [];
    const startMs: number[] = [];
    const startBare: number[] = [];
    let created = 0;
    let floorRows = "";
    for (let s = 0; s < STARTS(N); s++) {
      const t = await benchTournament(db, organizer, `Bench ${N} #${s + 1}`, people.slice(1, N + 1));
      // A start's own instant, so its notifications are the ones made at it.
      const now = new Date();
      const t0 = performance.now();
      const started = await asRequest(() => startTournamentNow(db, organizer, t.id, now));
      startMs.push(performance.now() - t0);
      created = started.created.length;
      ids.push(t.id);
      const floor = await bareInsertFloor(bare, t.id, "r1", now);
      startBare.push(floor.ms);
      floorRows = `${count(floor.games)} games + ${count(floor.notices)} notifications`;
    }
    const target = N >= 100_000 ? 15_000 : N <= 2000 ? 1000 : null;
    const startMedian = median(startMs);
    const [told] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.subject, tournamentSubject(ids[0]!)));
    rows.push({
      name: `start ${label} players: players + ratings, engine plan, list + insert ${count(created)} games, snapshot, ${count(told!.n)} notifications, commit`,
      measured: spread(startMs, ms),
      baseline: `${spread(startBare, ms)}: BEGIN, INSERT ${floorRows} (one statement per table, ids in binary), COMMIT`,
      ratio: ratio(startMedian, median(startBare)),
      // The issue's target at every size (a start within 1.3× its floor), and an absolute one where there is.
      target: `≤ 1.3×${target ? `, < ${target} ms` : ""}`,
      ok: startMedian <= 1.3 * median(startBare) && (!target || startMedian < target),
    });

    const id = ids[0]!;
    const tournament = { id, name: `Bench ${N} #1`, organizerId: organizer.id };
    await watch(tournamentRoom(id));
    const ratingRows = (
      await bare.query(`select user_id as id, rating, rd, volatility, rated_games as "ratedGames" from player_ratings where game_type = $1`, [BENCH_GAME])
    ).rows as (Rating & { id: string })[];
    const ratings = new Map(ratingRows.map((r) => [r.id, r]));
    const draw = resultDrawer(`tournament.bench/${N}`, (await liveState(db, id))!.gameType, (p) => ratings.get(p)?.rating ?? 1500);
    const open = (
      await bare.query(
        `select id, tournament_game_key as key, side1_id as side1, side2_id as side2, ply, side_to_move as "sideToMove", position, remaining1_ms::text as remaining1, remaining2_ms::text as remaining2
          from games where tournament_id = $1 and status = 'active' order by random() limit $2`,
        [id, RESULTS * 4 * RUNS + 3 * IDLE_SAMPLES],
      )
    ).rows.map((g: Omit<OpenGame, "name1" | "name2">) => ({ ...g, name1: names.get(g.side1)!, name2: names.get(g.side2)! })) as OpenGame[];
    const afterIdle = open.splice(RESULTS * 4 * RUNS);
    /** The bare writes of a seeded result of `g`, as setResult would make them now. */
    const writesFor = (g: OpenGame) => resultWrites(g, draw(g.side1, g.side2), ratings, tournament, new Date());
    // The results are taken in RUNS runs of RESULTS each; every row gives the median of
    // the runs' figures with their min–max, and each ratio is a run's own (Moot and its
    // baselines interleaved in the same minute).
    const run = () => ({
      times: [] as number[],
      delivered: [] as number[],
      tx: [] as number[],
      txOne: [] as number[],
      one: [] as number[],
      roundTrip: [] as number[],
    });
    const runs = Array.from({ length: RUNS }, run);
    const bytes: number[] = [];
    const ownBytes: number[] = [];
    const rowBytes: number[] = [];
    const standingsMs: number[] = [];
    const pageAfterResultMs: number[] = [];
    const leftRows: string[] = [];
    for (let i = 0; i + 3 < open.length; i += 4) {
      const r = runs[Math.min(RUNS - 1, Math.floor(i / (4 * RESULTS)))]!;
      const [g, gTx, gOne, gTxOne] = [open[i]!, open[i + 1]!, open[i + 2]!, open[i + 3]!];
      // Moot: the client watches the game's room as its page would.
      await watch(gameRoom(g.id));
      const got = new Promise<number>((resolve) => {
        const onUpdate = (u: GameUpdate) => {
          if (u.gameId !== g.id) return;
          socket.off("gameUpdate", onUpdate);
          resolve(performance.now());
        };
        socket.on("gameUpdate", onUpdate);
      });
      const before = await walLsn(bare);
      const t0 = performance.now();
      await asRequest(() => setResult(db, organizer, { gameId: g.id, result: draw(g.side1, g.side2) }));
      r.times.push(performance.now() - t0);
      r.delivered.push((await got) - t0);
      socket.emit("unwatch", gameRoom(g.id));
      const wal = await walBytes(bare, before, await walLsn(bare));
      bytes.push(wal.all);
      ownBytes.push(wal.ours);
      rowBytes.push(wal.ours - wal.fpi);
      // Alternately, each the first read of its result's version: the standings, and the page's data.
      if (standingsMs.length < STANDINGS_SAMPLES && standingsMs.length <= pageAfterResultMs.length) {
        const s0 = performance.now();
        await tournamentStandings(db, id);
        standingsMs.push(performance.now() - s0);
      } else if (pageAfterResultMs.length < STANDINGS_SAMPLES) {
        const p0 = performance.now();
        await tournamentPage(db, null, id, {});
        pageAfterResultMs.push(performance.now() - p0);
      }
      // The bare writes, values computed before the clock starts.
      const txWrites = writesFor(gTx);
      const t1 = performance.now();
      await bareTransaction(bare, txWrites);
      r.tx.push(performance.now() - t1);
      const oneWrite = asOneStatement(writesFor(gOne));
      const t2 = performance.now();
      await bare.query(oneWrite.text, oneWrite.values);
      r.one.push(performance.now() - t2);
      const txOneWrite = asOneStatement(writesFor(gTxOne));
      const t4 = performance.now();
      await bareTransaction(bare, [txOneWrite]);
      r.txOne.push(performance.now() - t4);
      const t3 = performance.now();
      await bare.query("select 1");
      r.roundTrip.push(performance.now() - t3);
      if (i === 0) for (const x of [g, gTx, gOne, gTxOne]) leftRows.push(await leftBy(bare, id, x));
    }
    type Run = ReturnType<typeof run>;
    const b = sorted(bytes);
    const big = N >= 100_000;
    const at = (xs: number[], p: number) => percentile(sorted(xs), p);
    /** p50 and p99 of each run: "p50 median (min–max) / p99 median (min–max)", and the median p50 and p99. */
    const overRuns = (of: (x: Run) => number[]) => {
      const p50s = runs.map((x) => at(of(x), 50));
      const p99s = runs.map((x) => at(of(x), 99));
      return { p50: median(p50s), p99: median(p99s), text: `${spread(p50s, ms)} / ${spread(p99s, ms)}` };
    };
    /** Each run's ratio of Moot's p50 and p99 to the baseline's, median (min–max) over the runs. */
    const ratios = (moot: (x: Run) => number[], base: (x: Run) => number[]) => {
      const each = (p: number) => runs.map((x) => at(moot(x), p) / at(base(x), p));
      const text = (xs: number[]) => spread(xs, (x) => `${x.toFixed(1)}×`);
      return { p50: median(each(50)), p99: median(each(99)), text: `${text(each(50))} / ${text(each(99))}` };
    };
    const perRun = `p50 / p99 of each of ${RUNS} runs of ${RESULTS}: median (min–max)`;
    /** A row of Moot's `moot` times against a baseline's `base` times, run by run; the first one has the issue's target. */
    const versus = (name: string, moot: (x: Run) => number[], base: (x: Run) => number[], what: string, targeted = false): BenchRow => {
      const r = ratios(moot, base);
      return {
        name,
        measured: overRuns(moot).text,
        baseline: `${overRuns(base).text}: ${what}`,
        ratio: r.text,
        target: targeted && big ? "ratio ≤ 2× p50, ≤ 3× p99" : "-",
        ok: targeted && big ? r.p50 <= 2 && r.p99 <= 3 : null,
      };
    };
    const times = (x: Run) => x.times;
    rows.push(
      versus(
        `one result at ${label} (setResult until it returns: begin, lock with rating locks and ratings, one write, commit, update emitted to players' sockets, room broadcast queued, tournament announced), ${perRun}`,
        times,
        (x) => x.tx,
        "BEGIN, the same 8 writes one statement each, COMMIT (10 round trips)",
        true,
      ),
      versus(
        `  the same, against the same writes as one statement in a transaction`,
        times,
        (x) => x.txOne,
        "BEGIN, one WITH statement, COMMIT (3 round trips)",
      ),
      versus(`  the same, against the same writes as one statement`, times, (x) => x.one, "one WITH statement, autocommit (1 round trip)"),
      versus(
        `one result at ${label}, until the client watching the game's room has its update (broadcast included), ${perRun}`,
        (x) => x.delivered,
        (x) => x.tx,
        "the bare transaction of 10 round trips above",
      ),
    );
    rows.push({
      name: `one round trip at ${label} (select 1 through the same pool), ${perRun}`,
      measured: overRuns((x) => x.roundTrip).text,
      target: "-",
      ok: null,
    });
    if (N === SIZES[0] && afterIdle.length >= 3) {
      // A result after a quiet spell, as correspondence games' results come: Moot's pool
      // keeps its connections (IDLE_CONNECTION_MS), node-postgres's default closes them
      // after 10 s. Each pool is used only here, once per wait, so each wait leaves it unused.
      const kept = new pg.Pool({ connectionString: fresh.url, max: 10, idleTimeoutMillis: IDLE_CONNECTION_MS });
      const closing = new pg.Pool({ connectionString: fresh.url, max: 10 });
      await Promise.all([kept.query("select 1"), closing.query("select 1")]);
      const idle = { moot: [] as number[], kept: [] as number[], closing: [] as number[] };
      for (let i = 0; i + 2 < afterIdle.length; i += 3) {
        const [g, gKept, gClosing] = [afterIdle[i]!, afterIdle[i + 1]!, afterIdle[i + 2]!];
        const keptWrites = writesFor(gKept);
        const closingWrites = writesFor(gClosing);
        await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));
        const t0 = performance.now();
        await asRequest(() => setResult(db, organizer, { gameId: g.id, result: draw(g.side1, g.side2) }));
        idle.moot.push(performance.now() - t0);
        const t1 = performance.now();
        await bareTransaction(kept, keptWrites);
        idle.kept.push(performance.now() - t1);
        const t2 = performance.now();
        await bareTransaction(closing, closingWrites);
        idle.closing.push(performance.now() - t2);
      }
      await Promise.all([kept.end(), closing.end()]);
      rows.push({
        name: `one result at ${label} after ${IDLE_WAIT_MS / 1000} s without a query (setResult as above; Moot's pool keeps unused connections ${IDLE_CONNECTION_MS / 60_000} min)`,
        measured: spread(idle.moot, ms),
        baseline: `${spread(idle.kept, ms)}: the bare transaction of 10 round trips above, after the same wait, on a pool that keeps its connections as Moot's`,
        ratio: ratio(median(idle.moot), median(idle.kept)),
        target: "-",
        ok: null,
      });
      rows.push({
        name: `  the same bare transaction after the same wait on node-postgres's default pool (closes a connection unused for 10 s: a new one each time)`,
        measured: spread(idle.closing, ms),
        target: "-",
        ok: null,
      });
    }
    rows.push({
      name: `rows a result leaves (setResult | bare transaction | one statement | one statement in a transaction)`,
      measured: new Set(leftRows).size === 1 ? `${leftRows[0]} (each)` : leftRows.join(" | "),
      target: "all equal",
      ok: leftRows.length === 4 && new Set(leftRows).size === 1,
    });
    const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
    const own = sorted(ownBytes);
    rows.push({
      name: `WAL per result at ${label}, this database's records (wal_compression=${compression}): p50 / p99 / mean`,
      measured: `${kb(percentile(own, 50))} / ${kb(percentile(own, 99))} / ${kb(mean(own))}`,
      target: "< 16 KB",
      ok: percentile(own, 99) < 16 * 1024,
    });
    const rowsOnly = sorted(rowBytes);
    rows.push({
      name: `WAL per result at ${label}, without full-page images: p50 / p99 / mean`,
      measured: `${kb(percentile(rowsOnly, 50))} / ${kb(percentile(rowsOnly, 99))} / ${kb(mean(rowsOnly))}`,
      target: "-",
      ok: null,
    });
    rows.push({
      name: `WAL per result at ${label}, position delta (whole server): p50 / p99 / mean`,
      measured: `${kb(percentile(b, 50))} / ${kb(percentile(b, 99))} / ${kb(mean(bytes))}`,
      target: "-",
      ok: null,
    });
    rows.push({
      name: `standings right after a result at ${label} (new version: cache miss; apply new log rows, rank ${label})`,
      measured: spread(standingsMs, ms),
      target: "-",
      ok: null,
    });
    rows.push({
      name: `tournament page data right after a result at ${label} (tournamentPage, anonymous, first window: the version's first read, its readings made from the previous version's)`,
      measured: spread(pageAfterResultMs, ms),
      target: "-",
      ok: null,
    });

    const pageMs: number[] = [];
    let pageBytes = 0;
    for (let i = 0; i < 3; i++) {
      const p0 = performance.now();
      const page = await tournamentPage(db, null, id, {});
      pageMs.push(performance.now() - p0);
      pageBytes = Buffer.byteLength(JSON.stringify(superjson.serialize(page)));
    }
    rows.push({
      name: `tournament page data (tournamentPage, anonymous, first window) at ${label}`,
      measured: `${spread(pageMs, ms)}, ${kb(pageBytes)}`,
      target: "< 200 KB",
      ok: pageBytes < 200 * 1024,
    });

    // Round 1 of every tournament started above closes: every other result goes to the
    // log in bulk, drawn as real results are; the last one closes the round.
    const catchUpMs: number[] = [];
    const closeMs: number[] = [];
    const closeBare: number[] = [];
    const probedCloseMs: number[] = [];
    const probedCloseBare: number[] = [];
    const closeWal = { moot: [] as number[], bare: [] as number[] };
    /** Checkpoints the server began during each close (its order: alone, probed, …) and during each floor. */
    const checkpoints = { close: [] as number[], floor: [] as number[] };
    const stalls = { during: [] as number[], quiet: [] as number[] };
    const collections: Collections[] = [];
    const pageAfter = { first: [] as number[], again: [] as number[] };
    const waits = { lock: requestWaits(), page: requestWaits(), mine: requestWaits(), other: requestWaits(), otherPage: requestWaits() };
    /** The second process's lock probe during the probed closes' bare inserts: the longest per close, and every wait. */
    const floorWaits = { longest: [] as number[], all: [] as number[] };
    const closed = { logged: new Set<string>(), players: new Set<string>(), games: new Set<string>(), notices: new Set<string>() };
    for (const tid of ids) {
      const round1 = playableGames((await liveState(db, tid))!);
      const last = round1.pop()!;
      const logged = round1.map((g) => ({ tournamentId: tid, gameKey: g.id, outcome: draw(g.side1, g.side2), reason: "normal" as const }));
      for (let i = 0; i < logged.length; i += 5000) await db.insert(tournamentResults).values(logged.slice(i, i + 5000));
      await db
        .update(tournaments)
        .set({ pending: 1, version: sql`${tournaments.version} + 1` })
        .where(eq(tournaments.id, tid));
      // The process reads the log, as a live server does while the results arrive.
      const c0 = performance.now();
      await liveState(db, tid);
      catchUpMs.push(performance.now() - c0);
      const [lastGame] = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.tournamentId, tid), eq(games.tournamentGameKey, last.id)))
        .orderBy(asc(games.id));
      // Every other tournament's close runs alone, timed against its floor; the others'
      // with the two requests beside it, for the waits (their work slows that close).
      const probed = ids.indexOf(tid) % 2 === 1;
      // The concurrent requests alone first, for their baseline.
      // The lock taken from another process too, started before either.
      const lockOther = probed ? await prober("./lock-prober.ts", fresh.url, tid) : null;
      // The page read by a second server process (its first read, of the round's logged results, before this).
      const pageOther = probed ? await prober("./page-prober.ts", fresh.url, tid) : null;
      await pageOther?.take();
      // The page read once before the quiet window: the round's other results were appended
      // in bulk and caught up above, so this process's first page read of that state makes
      // every reading of it from nothing (0.65 s at 10,000 players), which a live server,
      // each version's readings made from the previous one's, does not do. Left in the window,
      // that one read was the baseline's longest.
      if (lockOther) await asRequest(() => tournamentPage(db, null, tid, {}));
      const quiet = lockOther ? await probing(db, tid, new Promise((resolve) => setTimeout(resolve, PROBE_QUIET_MS)), lockOther, player) : null;
      const pageOtherQuiet = (await pageOther?.take()) ?? [];
      // The close's own instant, so its notifications are the ones made at it.
      const closeNow = new Date();
      const walBefore = probed ? null : await walLsn(bare);
      const begun = await checkpointsBegun(bare);
      const c1 = performance.now();
      let closedAfter = 0;
      const closing = asRequest(() => setResult(db, organizer, { gameId: lastGame!.id, result: draw(last.side1, last.side2) }, closeNow)).then(() => {
        closedAfter = performance.now() - c1;
        (probed ? probedCloseMs : closeMs).push(closedAfter);
      });
      if (quiet) {
        // Until the close's clean-up is done too: the replaced snapshot's delete, CLEAN_UP_DELAY_MS after its commit.
        const cleaned = closing.then(() => new Promise((resolve) => setTimeout(resolve, CLEAN_UP_DELAY_MS))).then(() => settleCleanUps());
        const during = await probing(db, tid, cleaned, lockOther!, player);
        checkpoints.close.push((await checkpointsBegun(bare)) - begun);
        // When in the close the longest waits began (ms after the close began; it returned at the first figure): for a reader of a bad run.
        const longest = (k: "lock" | "page" | "mine") =>
          during[k]
            .map((w, i) => [w, during.began[k][i]! - c1] as const)
            .sort((a, b) => b[0] - a[0])
            .slice(0, 3)
            .map(([w, at]) => `${ms(w)} from ${ms(at)}`)
            .join(", ");
        console.error(
          `[waits] ${label}: the close returned ${ms(closedAfter)} after it began; longest waits: lock ${longest("lock")}; page ${longest("page")}; signed-in page ${longest("mine")}`,
        );
        // The second process's page reads until its first read begun after the close returned: it reads the new state then.
        const pageOtherDuring = await pageOther!.takeAfter();
        pageOther!.stop();
        const all = { ...during, otherPage: pageOtherDuring };
        const before = { ...quiet, otherPage: pageOtherQuiet };
        for (const k of ["lock", "page", "mine", "other", "otherPage"] as const) {
          waits[k].quiet.push(Math.max(...before[k]));
          waits[k].during.push(Math.max(...all[k]));
          waits[k].n.push(all[k].length);
          // Every request's wait, not only the longest: what a request usually waits.
          for (const x of all[k]) waits[k].all.push(x);
          for (const x of before[k]) waits[k].allQuiet.push(x);
        }
      } else {
        const alone = await longestStall(closing);
        checkpoints.close.push((await checkpointsBegun(bare)) - begun);
        closeWal.moot.push(await walBetween(bare, walBefore!));
        stalls.during.push(alone.stall);
        collections.push(alone.gc);
        // The page's data right after that close (the first read of the new state: what the close read ahead), and read again.
        for (const into of [pageAfter.first, pageAfter.again]) {
          const p0 = performance.now();
          await tournamentPage(db, null, tid, {});
          into.push(performance.now() - p0);
        }
        // The same timer with nothing running, for the baseline.
        stalls.quiet.push((await longestStall(new Promise((resolve) => setTimeout(resolve, PROBE_QUIET_MS)))).stall);
      }
      const after = (await liveState(db, tid))!;
      const [round2] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(games)
        .where(and(eq(games.tournamentId, tid), sql`${games.tournamentGameKey} like 'r2-%'`));
      // The second process's lock probe goes on during the bare inserts too: what the same writes alone make it wait.
      const floorBegun = await checkpointsBegun(bare);
      // The replaced snapshot's delete, due CLEAN_UP_DELAY_MS after the close's commit, done before the floor is timed.
      await settleCleanUps();
      const floor = await bareInsertFloor(bare, tid, "r2", closeNow, lockOther ?? undefined);
      checkpoints.floor.push((await checkpointsBegun(bare)) - floorBegun);
      lockOther?.stop();
      if (lockOther) {
        floorWaits.longest.push(Math.max(...floor.waits));
        floorWaits.all.push(...floor.waits);
      }
      (probed ? probedCloseBare : closeBare).push(floor.ms);
      if (!probed) closeWal.bare.push(floor.wal);
      closed.logged.add(count(logged.length));
      closed.players.add(count(after.rounds[1]?.seeds.length ?? 0));
      closed.games.add(count(round2!.n));
      closed.notices.add(count(floor.notices));
    }
    // Each tournament's round ends differently: the counts of each, where they differ.
    const each = (xs: Set<string>) => [...xs].join(" / ");
    rows.push({
      name: `catching up at ${label}: liveState reads ${each(closed.logged)} new log rows and applies them`,
      measured: spread(catchUpMs, ms),
      target: "-",
      ok: null,
    });
    rows.push({
      name: `closing round 1 at ${label} (last result: fold 1 row, close, plan ${each(closed.players)} players, insert ${each(closed.games)} games, snapshot, ${each(closed.notices)} notices; nothing else running; the replaced snapshot's delete, ${CLEAN_UP_DELAY_MS / 1000} s after the commit, not in it)`,
      measured: spread(closeMs, ms),
      baseline: `${spread(closeBare, ms)}: BEGIN, INSERT the same games + notifications (ids in binary), COMMIT`,
      ratio: ratio(median(closeMs), median(closeBare)),
      target: "≤ 1.5×",
      ok: median(closeMs) <= 1.5 * median(closeBare),
    });
    rows.push({
      name: `  WAL written during that close at ${label} (pg_current_wal_lsn before and after: the whole server's, full-page images after a checkpoint included)`,
      measured: spread(closeWal.moot, mb),
      baseline: `${spread(closeWal.bare, mb)}: the same during its bare inserts`,
      ratio: ratio(median(closeWal.moot), median(closeWal.bare)),
      target: "-",
      ok: null,
    });
    rows.push({
      name: `  checkpoints PostgreSQL began during each close at ${label}, in order (alone, probed, …; pg_stat_bgwriter)`,
      measured: checkpoints.close.join(", "),
      baseline: `${checkpoints.floor.join(", ")}: the same during each close's bare inserts`,
      target: "-",
      ok: null,
    });
    rows.push({
      name: `  the same close with the two requests below running beside it in this process`,
      measured: spread(probedCloseMs, ms),
      baseline: `${spread(probedCloseBare, ms)}: its own bare inserts`,
      ratio: ratio(median(probedCloseMs), median(probedCloseBare)),
      target: "-",
      ok: null,
    });
    rows.push({
      name: `  longest event-loop stall during that close at ${label} (a timer due every ${STALL_TICK_MS} ms in this process: the longest gap between its ticks)`,
      measured: spread(stalls.during, ms),
      baseline: `${spread(stalls.quiet, ms)}: the same timer for ${PROBE_QUIET_MS} ms with nothing running`,
      ratio: ratio(median(stalls.during), median(stalls.quiet)),
      target: "≤ 250 ms",
      ok: Math.max(...stalls.during) <= 250,
    });
    rows.push({
      name: `  garbage collection during that close at ${label} (perf_hooks "gc" entries, each a pause of this process): all pauses added up; the longest; full collections`,
      measured: `${spread(
        collections.map((c) => c.totalMs),
        ms,
      )}; longest ${spread(
        collections.map((c) => c.longestMs),
        ms,
      )}; pauses / full ones per close: ${collections.map((c) => `${c.count} / ${c.major}`).join(", ")}`,
      target: "-",
      ok: null,
    });
    rows.push({
      name: `  the page's data right after that close at ${label} (tournamentPage, anonymous: the first read of the new state, which the close made ahead)`,
      measured: spread(pageAfter.first, ms),
      baseline: `${spread(pageAfter.again, ms)}: the same read again (the answer kept: one round trip)`,
      ratio: ratio(median(pageAfter.first), median(pageAfter.again)),
      target: "≤ 250 ms",
      ok: Math.max(...pageAfter.first) <= 250,
    });
    const what = {
      lock: "the tournament's lock taken and released (as every result and organizer action of it begins)",
      page: "the tournament page's data (tournamentPage, anonymous: the answer kept per version, one round trip)",
      mine: "the tournament page's data for a signed-in player of it (tournamentPage: their own row and group, read whole)",
      other: "the tournament's lock taken and released by a second process (bench/lock-prober.ts: its own connection, none of this process's work)",
      otherPage:
        "the tournament page's data read by a second server process (bench/page-prober.ts: its own connections and remembered state), until its first read begun after the close returned, which reads the new state",
    };
    for (const k of ["lock", "other", "page", "mine", "otherPage"] as const) {
      const w = waits[k];
      rows.push({
        name: `  longest wait during the close at ${label}: ${what[k]}, one after another, 20 ms apart${k === "otherPage" ? "" : `, until the close returns and its clean-up is done (the replaced snapshot deleted ${CLEAN_UP_DELAY_MS / 1000} s after the commit)`} (${spread(w.n, count)} each close)`,
        measured: spread(w.during, ms),
        baseline: `${spread(w.quiet, ms)}: the longest of the same, the same for ${PROBE_QUIET_MS} ms with no close`,
        ratio: ratio(median(w.during), median(w.quiet)),
        target: "≤ 250 ms",
        ok: Math.max(...w.during) <= 250,
      });
      rows.push({
        name: `    the same, every request during the probed closes at ${label}, p50 / p90`,
        measured: `${p50p90(w.all)} (n=${w.all.length})`,
        baseline: `${p50p90(w.allQuiet)} (n=${w.allQuiet.length}): every request of the same with no close`,
        ratio: ratio(percentile(sorted(w.all), 90), percentile(sorted(w.allQuiet), 90)),
        target: "-",
        ok: null,
      });
      if (k !== "other") continue;
      // The database's and the machine's own share: the same probe while the same rows are inserted bare.
      rows.push({
        name: `    the same during the close (longest; every request p50 / p90), against the same probe during that close's bare inserts`,
        measured: `${spread(w.during, ms)}; ${p50p90(w.all)}`,
        baseline: `${spread(floorWaits.longest, ms)}; ${p50p90(floorWaits.all)} (n=${floorWaits.all.length}): the same probe while the close's games and notifications are inserted bare (BEGIN, two INSERTs, COMMIT; nothing else running)`,
        ratio: ratio(median(w.during), median(floorWaits.longest)),
        target: "-",
        ok: null,
      });
    }
    rows.push({ name: `load average (1, 5, 15 min) before / after ${label}`, measured: `${loadBefore} / ${loadAverage()}`, target: "-", ok: null });
    // Each size's rows as soon as they are measured: the largest size takes minutes.
    if (!printTable(rows.splice(0))) failed = true;
  }
  process.exitCode = failed ? 1 : 0;
  await realtime.server.close();
} finally {
  client?.close();
  await redis.close();
  await bare.end();
  await h.close();
  await fresh.drop();
}
