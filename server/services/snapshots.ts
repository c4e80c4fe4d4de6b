// Reading and writing tournaments' engine-state snapshots (tournament_snapshots; the
// tournament row's snapshot_id names the current one). Shared below every service
// floor: the tournament services fold and write them, and the game page and the
// "your turn" list read a staged tournament's small state for its role choices.
//
// A snapshot is read in one statement with the pointer (a join), so a reader sees
// the pointer and the row it names as of the same moment, however the pointer moves
// and old rows are deleted meanwhile.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { eq, getTableName, inArray, sql } from "drizzle-orm";
import type { Pool } from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { poolOf, runsBesideTransactions, sendsBytesAsIs, type Db } from "@/db/client";
import { newRowId } from "@/db/schema/ids";
import { jsonInSlices, jsonSlices, parseInSlices } from "@/lib/json-slices";
import { tournamentSnapshots, tournaments } from "@/db/schema";
import type { TournamentState } from "@/engine/formats";

/**
 * A snapshot's JSON as its text (the column is text, migration 0027), parsed by
 * parseInSlices, not by the column's own mapping: at 100,000 players it is tens of MB,
 * which JSON.parse read at once, holding the process for over half a second.
 */
const stateText = sql<string>`${tournamentSnapshots.state}::text`;
const stateOf = async (text: string) => (await parseInSlices(text)) as TournamentState;

/** The current snapshot of a tournament, its id and the log position it includes, or null before the start. */
export async function readSnapshot(
  db: Db,
  tournamentId: string,
): Promise<{ state: TournamentState; foldedSeq: number; snapshotId: string; version: number } | null> {
  const [row] = await db
    .select({ state: stateText, foldedSeq: tournaments.foldedSeq, snapshotId: tournamentSnapshots.id, version: tournaments.version })
    .from(tournaments)
    .innerJoin(tournamentSnapshots, eq(tournamentSnapshots.id, tournaments.snapshotId))
    .where(eq(tournaments.id, tournamentId));
  return row ? { state: await stateOf(row.state), foldedSeq: row.foldedSeq, snapshotId: row.snapshotId, version: row.version } : null;
}

/** A snapshot by its id, current or not yet (a close's, written before its commit), or null when there is no such row. */
export async function readSnapshotById(db: Db, id: string): Promise<TournamentState | null> {
  const [row] = await db.select({ state: stateText }).from(tournamentSnapshots).where(eq(tournamentSnapshots.id, id));
  return row ? stateOf(row.state) : null;
}

/** The current snapshots of some tournaments, by tournament (those not started are missing). */
export async function readSnapshots(db: Db, tournamentIds: readonly string[]): Promise<Map<string, TournamentState>> {
  if (tournamentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: tournaments.id, state: tournamentSnapshots.state })
    .from(tournaments)
    .innerJoin(tournamentSnapshots, eq(tournamentSnapshots.id, tournaments.snapshotId))
    .where(inArray(tournaments.id, [...tournamentIds]));
  return new Map(rows.map((r) => [r.id, r.state]));
}

/**
 * Writes a new snapshot row (not current until the tournament row points at it) and
 * returns its id (`id`, when the caller chose it). The JSON is made in slices
 * (lib/json-slices.ts) so that a 100,000-player state, tens of MB, does not hold the
 * process for the half second that stringifying it at once took. On PostgreSQL's pool
 * the slices go to the database as they are, by COPY (copySnapshot); in a transaction
 * (node-postgres) as one parameter of bytes (text's binary input is its bytes), on
 * PGlite as a string. The database stores the text as it comes: the JSON is this
 * serializer's own, and checking it cost PostgreSQL a parse (db/schema/tournaments.ts).
 * `made` is called once the JSON is made, before the database has all of it.
 */
export async function writeSnapshot(db: Db, tournamentId: string, state: TournamentState, id = newRowId(), made?: () => void): Promise<string> {
  const pool = poolOf(db);
  if (pool) {
    await copySnapshot(pool, id, tournamentId, state, made);
    return id;
  }
  const json = sendsBytesAsIs(db) ? await jsonInSlices(state, "buffer") : await jsonInSlices(state, "string");
  await db.execute(sql`insert into ${tournamentSnapshots} (id, tournament_id, state) values (${id}, ${tournamentId}, ${json}::text)`);
  return id;
}

/** COPY's text format: a backslash, and the characters that end a field or a row, written as its escapes. */
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };
const copyText = (text: string) => text.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]!);

/**
 * Inserts one snapshot row by a COPY in text format on a connection of the pool, the
 * state's JSON sent slice by slice as it is made (jsonSlices), each made once the
 * connection has taken the one before. Made whole first, the 100,000-player state's
 * 50 MB stayed in this process's memory until the database had it (a full garbage
 * collection of the close's); sent as one parameter, it was first copied into one
 * buffer, and twice more by the driver. Text, not binary, because binary's field
 * starts with its length, which is known only at the end.
 */
async function copySnapshot(pool: Pool, id: string, tournamentId: string, state: TournamentState, made?: () => void): Promise<void> {
  async function* row() {
    yield Buffer.from(`${id}\t${tournamentId}\t`, "utf8");
    for await (const slice of jsonSlices(state)) yield Buffer.from(copyText(slice), "utf8");
    made?.();
    yield Buffer.from("\n", "utf8");
  }
  const client = await pool.connect();
  try {
    await pipeline(Readable.from(row()), client.query(copyFrom(`copy ${getTableName(tournamentSnapshots)} (id, tournament_id, state) from stdin`)));
    client.release();
  } catch (err) {
    // A connection whose COPY failed midway is not given back to the pool.
    client.release(err as Error);
    throw err;
  }
}

/**
 * Deletes a snapshot row the tournament does not point at (any more): the one a save
 * replaced, once the save has committed, or one a failed close wrote.
 */
export async function dropSnapshot(db: Db, tournamentId: string, id: string): Promise<void> {
  await db.execute(sql`delete from ${tournamentSnapshots} where ${tournamentSnapshots.id} = ${id}
    and not exists (select from ${tournaments} where ${tournaments.id} = ${tournamentId} and ${tournaments.snapshotId} = ${id})`);
}

/**
 * A snapshot written beside a transaction on `db`: where the database has a connection
 * to spare (PostgreSQL's pool) it is written there at once, while the transaction goes
 * on, and committed as no one's row until the tournament points at it; on PGlite,
 * whose one connection the transaction holds, `id(tx)` writes it in the transaction.
 * `id(tx)` gives the row's id (`rowId`, chosen by the caller who tells it ahead); after
 * the transaction failed, `discard()` deletes a row written beside it. `beside`:
 * settles (never fails) when the write beside the transaction has, with the row's id
 * (null when the write failed); null where it is written in the transaction. `made`:
 * settles (never fails) once this process's part of that write is done (its JSON made,
 * or the write ended): at 100,000 players the database takes seconds more for the row
 * while it inserts the close's notices, and the process is free to read ahead meanwhile.
 * `after`: the write beside begins once it settles (fulfilled; rejected, the write is
 * not made and `id` rejects with it).
 */
export function snapshotBeside(
  db: Db,
  tournamentId: string,
  state: TournamentState,
  rowId = newRowId(),
  after?: Promise<unknown>,
): { id(tx: Db): Promise<string>; discard(): Promise<void>; beside: Promise<string | null> | null; made: Promise<unknown> | null } {
  let jsonMade!: () => void;
  const made = new Promise<void>((resolve) => (jsonMade = resolve));
  const write = () => writeSnapshot(db, tournamentId, state, rowId, jsonMade);
  const written = runsBesideTransactions(db) ? (after ? after.then(write) : write()) : null;
  // Awaited through id(); this only keeps a failure from counting as unhandled before then.
  const beside = written?.catch(() => null) ?? null;
  return {
    beside,
    made: beside && Promise.race([made, beside]),
    id: (tx) => written ?? writeSnapshot(tx, tournamentId, state, rowId),
    async discard() {
      const id = await written?.catch(() => null);
      if (id) await dropSnapshot(db, tournamentId, id).catch((err: unknown) => console.error("discarding a tournament snapshot failed", err));
    },
  };
}

/** How old a snapshot no tournament points at must be before the sweeper deletes it. */
const ORPHAN_AFTER_MS = 3_600_000;
let lastSwept = 0;

/**
 * Deletes snapshots that no tournament points at and were written over an hour ago:
 * rows whose writer stopped (a process ended between writing a close's snapshot and
 * committing the close, or between a commit and dropping the replaced row). Rows ids
 * are time-ordered (db/schema/ids.ts), so a row still being written, which is newer,
 * is never one of them. Runs at most once an hour per process (the sweeper calls it).
 */
export async function sweepSnapshots(db: Db, now = new Date()): Promise<number> {
  if (now.getTime() - lastSwept < ORPHAN_AFTER_MS) return 0;
  lastSwept = now.getTime();
  const before = (now.getTime() - ORPHAN_AFTER_MS).toString(16).padStart(12, "0");
  // The smallest version-7 id of that millisecond.
  const boundary = `${before.slice(0, 8)}-${before.slice(8, 12)}-7000-8000-000000000000`;
  const rows = await db.execute(sql`delete from ${tournamentSnapshots} s where s.id < ${boundary}::uuid
    and not exists (select from ${tournaments} t where t.snapshot_id = s.id) returning s.id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}
