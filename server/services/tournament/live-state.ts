// A tournament's engine state is stored in two parts (docs/architecture.md,
// "Tournaments"): a snapshot (a row of tournament_snapshots, the one the tournament
// points at), replaced only when a round or phase closes or an organizer changes
// something, and the result log (tournament_results), one row per result since. The
// live state is the snapshot with the logged results after `folded_seq` applied
// through the engine's batch API.
//
// Reading it is incremental: each process remembers the last live state per
// tournament with the log position it includes, and on the next read applies only
// the rows logged since. Engine states are immutable, so a remembered state is never
// changed by whoever reads it.
import { and, asc, eq, gt, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentResults, tournaments } from "@/db/schema";
import { readSnapshot, readSnapshotById } from "../snapshots";
import { setBounded } from "@/lib/bounded-map";
import { SLICE_ROWS, letGo, needed, runInSlices, stepInSlices } from "@/lib/let-go";
import {
  closeHeldRoundSteps,
  closesHeldRoundInSteps,
  findGame,
  recordResults,
  warmRoundTallies,
  type FormatResult,
  type PlanOptions,
  type ResultInput,
  type TournamentState,
  type Transition,
} from "@/engine/formats";

interface Remembered {
  /**
   * The snapshot it was read from or saved as. Not the log position the snapshot
   * includes: an organizer's change saves a new snapshot at the same position (a
   * result corrected right after a close), and another process that compared positions
   * kept its old state.
   */
  snapshotId: string;
  /**
   * The tournament's version when the snapshot was seen as its current one (read, or
   * saved): a later snapshot has a higher one, whichever process wrote it.
   */
  version: number;
  lastSeq: number;
  state: TournamentState;
  /**
   * A fold must not start from it: a round the log completed is left open in it (a
   * reader's, PlanOptions.hold), or the rows a reader applied made events a fold must
   * make again (a league phase released on its last result: the fold audits it).
   */
  held: boolean;
  /**
   * When `held`: the last state read before that, and the log position it includes. A
   * fold starts there and applies the few rows since, closing the round (releasing
   * the phase) as a fold does, instead of applying the whole log to the snapshot again
   * (at 100,000 players, a second of work with every other request waiting, whenever a
   * page was read between a round's last result and its close).
   */
  beforeHold?: { state: TournamentState; lastSeq: number };
}

const remembered = new Map<string, Remembered>();
/** Live states kept per process; a 100,000-player state is ~100 MB in memory. */
const REMEMBER_LIMIT = 8;

/** Sets `id` in a map of states kept per process, the least recently set going past REMEMBER_LIMIT. */
function keep<T>(map: Map<string, T>, id: string, entry: T): void {
  setBounded(map, id, entry, REMEMBER_LIMIT);
}

function remember(id: string, entry: Remembered): void {
  // A reader that began before a later snapshot was remembered (this process's close
  // committed meanwhile) does not put the earlier one back: the next reader would
  // find the tournament pointing at the later one, and read it from the database (at
  // 100,000 players, seconds of parsing 50 MB).
  const current = remembered.get(id);
  if (current && current.snapshotId !== entry.snapshotId && current.version > entry.version) return;
  keep(remembered, id, entry);
}

type LogRow = Pick<typeof tournamentResults.$inferSelect, "seq" | "gameKey" | "outcome" | "reason" | "margin">;

function logResult(row: LogRow): FormatResult {
  const base = { outcome: row.outcome, reason: row.reason };
  return row.margin == null ? base : { ...base, margin: row.margin };
}

/**
 * Applies logged rows to a state. A row for a game the state already settled (a
 * forfeit the engine wrote itself, or a result folded by an organizer action) is
 * skipped: the state is the authority for what it already holds.
 */
export function applyLog(state: TournamentState, rows: readonly LogRow[], options?: PlanOptions): Transition {
  const inputs: ResultInput[] = [];
  for (const row of rows) {
    const game = findGame(state, row.gameKey);
    if (!game || game.result || game.void) continue;
    inputs.push({ gameId: row.gameKey, result: logResult(row) });
  }
  return inputs.length === 0 ? { state, events: [] } : recordResults(state, inputs, options);
}

/**
 * applyLog, SLICE_ROWS rows at a time with the event loop let go between them: a
 * process catching up on a round's results (a restart, another process's results)
 * applies up to 300,000 rows at 100,000 players, over a second at once. The same
 * transition as one batch: each slice's rows are checked against the state the slices
 * before it made.
 */
export async function applyLogInSlices(state: TournamentState, rows: readonly LogRow[], options?: PlanOptions, slice = SLICE_ROWS): Promise<Transition> {
  if (rows.length <= slice) return applyLog(state, rows, options);
  let current = state;
  const events: Transition["events"][number][] = [];
  for (let i = 0; i < rows.length; i += slice) {
    if (i > 0) await letGo();
    const t = applyLog(current, rows.slice(i, i + slice), options);
    current = t.state;
    for (const e of t.events) events.push(e);
  }
  return { state: current, events };
}

/**
 * applyLogInSlices for a fold: a round the rows complete is closed and the next one
 * planned. Where the format closes a round in steps (closesHeldRoundInSteps: group
 * elimination, whose 100,000-player close and plan were one step of about 0.2 s in
 * this process's heap), the rows are applied with the round held and the close is
 * stepped in slices, so that no request of the process waits for all of it; the same
 * state and events as applying the rows without `hold` (the format's contract, tested
 * in the engine).
 */
export async function foldInSlices(state: TournamentState, rows: readonly LogRow[], options: PlanOptions = {}): Promise<Transition> {
  if (options.hold || !closesHeldRoundInSteps(state)) return applyLogInSlices(state, rows, options);
  const applied = await applyLogInSlices(state, rows, { ...options, hold: true });
  // A round held before these rows stays as the rows found it, as without `hold`.
  if (!roundHeld(applied.state) || roundHeld(state)) return applied;
  const closed = await runInSlices(closeHeldRoundSteps(applied.state, options));
  return { state: closed.state, events: [...applied.events, ...closed.events] };
}

/** The log rows after `seq`, up to `upTo` when given. */
async function logSince(db: Db, tournamentId: string, seq: number, upTo?: number): Promise<LogRow[]> {
  return db
    .select({
      seq: tournamentResults.seq,
      gameKey: tournamentResults.gameKey,
      outcome: tournamentResults.outcome,
      reason: tournamentResults.reason,
      margin: tournamentResults.margin,
    })
    .from(tournamentResults)
    .where(
      and(eq(tournamentResults.tournamentId, tournamentId), gt(tournamentResults.seq, seq), upTo === undefined ? undefined : lte(tournamentResults.seq, upTo)),
    )
    .orderBy(asc(tournamentResults.seq));
}

/** Where a fold of the log starts from a remembered state: never a held round (Remembered.held), but the state read before it. */
function foldStart(known: Remembered): { state: TournamentState; lastSeq: number } | undefined {
  return known.held ? known.beforeHold : { state: known.state, lastSeq: known.lastSeq };
}

/** Whether the state's current round has every game played but is not closed (PlanOptions.hold left it open). */
function roundHeld(state: TournamentState): boolean {
  const round = state.rounds.at(-1);
  return state.status === "playing" && round !== undefined && round.status === "playing" && round.pending === 0;
}

/** Where the tournament's state is kept: its snapshot, and the log position that includes, at the tournament's version. */
export interface StatePointer {
  readonly snapshotId: string | null;
  readonly foldedSeq: number;
  readonly version: number;
}

async function read(
  db: Db,
  tournamentId: string,
  inTransaction: boolean,
  options?: PlanOptions,
  pointer?: StatePointer,
): Promise<{ transition: Transition; seq: number } | null> {
  const head =
    pointer ??
    (
      await db
        .select({ foldedSeq: tournaments.foldedSeq, snapshotId: tournaments.snapshotId, version: tournaments.version })
        .from(tournaments)
        .where(eq(tournaments.id, tournamentId))
    )[0];
  if (!head) return null;
  keep(lately, tournamentId, true);
  let known = remembered.get(tournamentId);
  // A head read before a later snapshot was remembered here (the commit came between: the
  // caller's pointer, or the query's answer, arrived after it) reads that later state,
  // as a read begun a moment later would: reading the earlier snapshot again would be
  // seconds at 100,000 players. Inside a transaction, the state its own statements see.
  const later = known !== undefined && !inTransaction && known.snapshotId !== head.snapshotId && known.version > head.version;
  if (known && !later && (known.snapshotId !== head.snapshotId || (inTransaction && known.held && !known.beforeHold))) known = undefined;
  // The snapshot's state as this process has it or is reading it already: a save of
  // its own that has committed but not yet been remembered (its after-commit task has
  // not run), a snapshot another process wrote and this one read ahead, or one another
  // reader is reading. Else this reader reads it, for whoever comes meanwhile too. At
  // 100,000 players, reading it is seconds of parsing tens of MB and making the
  // state's readings afresh.
  const taking =
    !known && !inTransaction && head.snapshotId ? expecting(tournamentId, head.snapshotId, () => readSnapshotById(db, head.snapshotId!)) : undefined;
  if (taking) {
    // Awaited as a request's: a reading in the background goes on unheld (lib/let-go.ts).
    const state = taking.state instanceof Promise ? await needed(taking.state) : taking.state;
    if (state) known = { snapshotId: taking.snapshotId, version: head.version, lastSeq: head.foldedSeq, state, held: false };
    // The row was deleted meanwhile (the pointer moved on), or reading it failed: read as the pointer is now.
    else if (expected.get(tournamentId) === taking) expected.delete(tournamentId);
  }
  if (!known) {
    const row = await readSnapshot(db, tournamentId);
    if (!row) return null;
    // The row may be of a later snapshot than the head's, read with its own version.
    known = { snapshotId: row.snapshotId, version: row.version, lastSeq: row.foldedSeq, state: row.state, held: false };
  }
  // Where this read starts: a fold never from a held round.
  const from = inTransaction ? foldStart(known)! : { state: known.state, lastSeq: known.lastSeq };
  const rows = await logSince(db, tournamentId, from.lastSeq);
  const transition = rows.length === 0 ? { state: from.state, events: [] } : await foldInSlices(from.state, rows, options);
  const seq = rows.at(-1)?.seq ?? from.lastSeq;
  if (!inTransaction) {
    const held = known.held || roundHeld(transition.state) || transition.events.length > 0;
    remember(tournamentId, {
      snapshotId: known.snapshotId,
      version: later ? known.version : Math.max(known.version, head.version),
      lastSeq: seq,
      state: transition.state,
      held,
      beforeHold: known.held ? known.beforeHold : held ? from : undefined,
    });
    // Taken and remembered: readers who came meanwhile took it too.
    if (taking && expected.get(tournamentId) === taking) expected.delete(tournamentId);
  }
  return { transition, seq };
}

/**
 * The live engine state and the log position it includes, or null before the start.
 * Inside a transaction (inTransaction = true) it includes that transaction's own log
 * rows and is not remembered, since the transaction may still roll back.
 */
export async function liveStateAt(db: Db, tournamentId: string, inTransaction = false): Promise<{ state: TournamentState; seq: number } | null> {
  // A round the log completes stays open here: the close plans the next one with the
  // players' current ratings (close-round.ts), and readers see it once that commits.
  const r = await read(db, tournamentId, inTransaction, { hold: true });
  return r && { state: r.transition.state, seq: r.seq };
}

/**
 * The live engine state (see liveStateAt), or null before the start. `pointer`: the
 * tournament's row as the caller has just read it, whose snapshot and position this
 * read starts from instead of reading them again (one round trip fewer for a page).
 */
export async function liveState(db: Db, tournamentId: string, pointer?: StatePointer): Promise<TournamentState | null> {
  return (await read(db, tournamentId, false, { hold: true }, pointer))?.transition.state ?? null;
}

/**
 * Folds the log: the live state with the unfolded rows applied with `options`, so a
 * round they complete is closed and the next one planned. The caller writes the
 * result with saveSnapshot, holding the tournament lock, or checking under it that
 * nothing changed since it read (close-round.ts). `pointer`: the tournament's row as the
 * caller has just read it (one round trip fewer), as for liveState.
 */
export async function foldLog(
  tx: Db,
  tournamentId: string,
  options?: PlanOptions,
  pointer?: StatePointer,
): Promise<{ transition: Transition; seq: number } | null> {
  return read(tx, tournamentId, true, options, pointer);
}

/**
 * The state another process's close of the round makes, made here from this process's
 * own (snapshot-news.ts): the state it remembers of the snapshot `from.snapshotId`, with
 * the log rows up to `from.seq` applied with the ratings the close planned with, as the
 * close's fold does (foldLog). The engine is deterministic: from the same snapshot, the
 * same rows and the same ratings, the same state, whichever read the rows were applied
 * after (the batch API's rule). Null when this process does not have that snapshot's
 * state, or has applied rows past `from.seq`, or the log does not reach it.
 */
export async function foldAhead(
  db: Db,
  tournamentId: string,
  from: { snapshotId: string; seq: number },
  ratings: ReadonlyMap<string, number>,
): Promise<TournamentState | null> {
  const known = remembered.get(tournamentId);
  if (known?.snapshotId !== from.snapshotId) return null;
  const base = foldStart(known);
  if (!base || base.lastSeq >= from.seq) return null;
  const rows = await logSince(db, tournamentId, base.lastSeq, from.seq);
  if (rows.at(-1)?.seq !== from.seq) return null;
  // What the close reads of every group, done ahead in slices as the close does it
  // (close-round.ts): the groups of the state remembered are mostly those the fold starts from.
  await stepInSlices(warmRoundTallies(known.state));
  return (await foldInSlices(base.state, rows, { ratings })).state;
}

/** Drops the expected state of a snapshot that gave none (a fold ahead or a reading that gave nothing), so that it can be read. */
export function unexpect(tournamentId: string, snapshotId: string): void {
  if (expected.get(tournamentId)?.snapshotId === snapshotId) expected.delete(tournamentId);
}

/**
 * Snapshots whose state this process has or is reading, by tournament, for the first
 * reader who finds the tournament pointing at one to take: those it is saving
 * (expectSaved) until their transaction has committed and they are remembered, those
 * another process wrote and told of before its commit (expectRead), and the one a
 * reader is reading (read, for whoever comes meanwhile).
 */
const expected = new Map<string, Expected>();
type Expected = { snapshotId: string; state: TournamentState | Promise<TournamentState | null> };

/**
 * Before commit: the state a transaction is saving as the snapshot `snapshotId`; a
 * reader who finds the tournament pointing at that snapshot (the transaction has
 * committed) takes it. A save that rolls back leaves a snapshot no tournament points
 * at, so nobody takes it; the next save of the tournament replaces it.
 */
export function expectSaved(tournamentId: string, snapshotId: string, state: TournamentState): void {
  // Bounded as the remembered states are: a save that rolled back is not removed until the next.
  keep(expected, tournamentId, { snapshotId, state });
}

/** The expected entry of the snapshot, made with `reading` when there is none (replacing one of another snapshot). */
function expecting(tournamentId: string, snapshotId: string, reading: () => Promise<TournamentState | null>): Expected {
  const found = expected.get(tournamentId);
  if (found?.snapshotId === snapshotId) return found;
  // A failed reading gives nothing: its readers read the snapshot themselves.
  const state = reading().catch((err: unknown) => {
    console.error("reading a tournament snapshot failed", err);
    return null;
  });
  const entry = { snapshotId, state };
  keep(expected, tournamentId, entry);
  return entry;
}

/** Whether this process has the state of that snapshot of the tournament, or is reading it. */
export function hasSnapshot(tournamentId: string, snapshotId: string): boolean {
  return expected.get(tournamentId)?.snapshotId === snapshotId || remembered.get(tournamentId)?.snapshotId === snapshotId;
}

/**
 * Another process has written `snapshotId`, a new state of the tournament, and not yet
 * committed it (a round's close tells before its commit: snapshot-news.ts): `reading`,
 * this process reading it ahead, is what a reader who finds the tournament pointing at
 * it takes (if it read nothing, that reader reads the snapshot itself).
 */
export async function expectRead(tournamentId: string, snapshotId: string, reading: () => Promise<TournamentState | null>): Promise<TournamentState | null> {
  return expecting(tournamentId, snapshotId, reading).state;
}

/** Tournaments this process has read lately, the least recently read going past REMEMBER_LIMIT. */
const lately = new Map<string, true>();

/** Whether this process is one of those serving the tournament: it read it lately (a page, a result, a fold). */
export function readLately(tournamentId: string): boolean {
  return lately.has(tournamentId);
}

/** After commit: the state just saved (as the snapshot `snapshotId`) is this process's live state for the tournament. */
export function rememberSaved(tournamentId: string, snapshotId: string, state: TournamentState, seq: number, version: number): void {
  if (expected.get(tournamentId)?.state === state) expected.delete(tournamentId);
  remember(tournamentId, { snapshotId, version, lastSeq: seq, state, held: false });
}

/** Forgets a remembered state (after a rolled-back or failed write). */
export function forget(tournamentId: string): void {
  remembered.delete(tournamentId);
  expected.delete(tournamentId);
}
