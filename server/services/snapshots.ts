// Reading and writing tournaments' engine-state snapshots (tournament_snapshots; the
// tournament row's snapshot_id names the current one). Shared below every service
// floor: the tournament services fold and write them, and the game page and the
// "your turn" list read a staged tournament's small state for its role choices.
//
// A snapshot is read in one statement with the pointer (a join), so a reader sees
// the pointer and the row it names as of the same moment, however the pointer moves
// and old rows are deleted meanwhile.
import { eq, inArray, sql } from "drizzle-orm";
import { runsBesideTransactions, sendsBytesAsIs, type Db } from "@/db/client";
import { newRowId } from "@/db/schema/ids";
import { jsonInSlices } from "@/lib/json-slices";
import { tournamentSnapshots, tournaments } from "@/db/schema";
import type { TournamentState } from "@/engine/formats";

/** The current snapshot of a tournament and the log position it includes, or null before the start. */
export async function readSnapshot(db: Db, tournamentId: string): Promise<{ state: TournamentState; foldedSeq: number } | null> {
  const [row] = await db
    .select({ state: tournamentSnapshots.state, foldedSeq: tournaments.foldedSeq })
    .from(tournaments)
    .innerJoin(tournamentSnapshots, eq(tournamentSnapshots.id, tournaments.snapshotId))
    .where(eq(tournaments.id, tournamentId));
  return row ?? null;
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
 * returns its id. The JSON is made in slices (lib/json-slices.ts) and, on PostgreSQL,
 * sent as bytes (json's binary input is its text), so a 100,000-player state, tens of
 * MB, does not hold the process for the half second that stringifying it and encoding
 * it into the driver's buffer took at once.
 */
export async function writeSnapshot(db: Db, tournamentId: string, state: TournamentState): Promise<string> {
  const id = newRowId();
  const json = sendsBytesAsIs(db) ? await jsonInSlices(state, "buffer") : await jsonInSlices(state, "string");
  await db.execute(sql`insert into ${tournamentSnapshots} (id, tournament_id, state) values (${id}, ${tournamentId}, ${json}::json)`);
  return id;
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
 * `id(tx)` gives the row's id; after the transaction failed, `discard()` deletes a row
 * written beside it.
 */
export function snapshotBeside(db: Db, tournamentId: string, state: TournamentState): { id(tx: Db): Promise<string>; discard(): Promise<void> } {
  const written = runsBesideTransactions(db) ? writeSnapshot(db, tournamentId, state) : null;
  // Awaited through id(); this only keeps a failure from counting as unhandled before then.
  written?.catch(() => undefined);
  return {
    id: (tx) => written ?? writeSnapshot(tx, tournamentId, state),
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
