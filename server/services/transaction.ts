// A transaction that collects what must happen once it has committed: realtime
// publishes (a game's update, a tournament's new version), inbox pings, a live state
// remembered. Services on any floor add to it with afterCommit and pingAfterCommit
// while they write; the use case that opened the transaction does not have to know
// who added what, and nothing is handed back up as a closure. When the transaction
// rolls back, nothing runs: no page ever hears of a change that did not happen.
//
// The work runs once, after the commit, in the order it was added (a task may read,
// as the game's view for its room, before the next one runs), then the pings, merged
// into one broadcast (a round that closes with a game's end tells each player's pages
// once). The clean-up no one waits to hear of (cleanUpAfterCommit: a replaced
// snapshot's delete) runs CLEAN_UP_DELAY_MS later, in the background.
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { inBackground } from "@/lib/let-go";
import { pingInbox } from "@/server/realtime/publish";

/** Work for after the commit; it gets the database (the transaction is over), e.g. to read a game's view back. */
export type AfterCommit = (db: Db) => void | Promise<void>;

interface Pending {
  tasks: AfterCommit[];
  pings: Set<string>;
  cleanUps: AfterCommit[];
}

const pendingOf = new WeakMap<Db, Pending>();

/** Runs `work` in a transaction; what it added with afterCommit and pingAfterCommit runs after the commit. */
export async function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const pending: Pending = { tasks: [], pings: new Set(), cleanUps: [] };
  const result = await db.transaction((tx) => {
    pendingOf.set(tx, pending);
    return work(tx);
  });
  for (const task of pending.tasks) await task(db);
  if (pending.pings.size > 0) pingInbox(pending.pings);
  if (pending.cleanUps.length > 0) cleanUpLater(db, pending.cleanUps);
  return result;
}

/**
 * How long after its commit a transaction's clean-up runs. A 100,000-player round's
 * close replaces a snapshot of tens of MB, whose delete kept the database busy for a
 * quarter of a second just when every live page of the tournament reads the new round
 * (they hear of it at the commit): on 2026-12-03 the pages' longest wait after that
 * commit was 330–460 ms with the delete at once, 120 ms with it 3 s later.
 */
export const CLEAN_UP_DELAY_MS = 3_000;

/** Clean-ups not done yet: waiting for their time (`start` runs them now) or running. */
const cleanUps = new Set<{ start: () => void; done: Promise<void> }>();

function cleanUpLater(db: Db, tasks: readonly AfterCommit[]): void {
  let go!: () => void;
  const due = new Promise<void>((resolve) => (go = resolve));
  // Not kept alive for it: a process that ends first leaves a row no one points at, for the sweeper (sweepSnapshots).
  const timer = setTimeout(go, CLEAN_UP_DELAY_MS).unref();
  const entry = {
    start: () => {
      clearTimeout(timer);
      go();
    },
    done: due
      .then(() =>
        inBackground(async () => {
          for (const task of tasks) await task(db);
        }),
      )
      .catch((err: unknown) => console.error("clean-up after a commit failed", err))
      .finally(() => cleanUps.delete(entry)),
  };
  cleanUps.add(entry);
}

/**
 * Runs every clean-up still waiting now, and resolves once all are done: before a
 * shutdown closes the database, and where a count of rows must not include replaced
 * ones (tests, benches).
 */
export async function settleCleanUps(): Promise<void> {
  const all = [...cleanUps];
  for (const c of all) c.start();
  await Promise.all(all.map((c) => c.done));
}

/**
 * What to collect on: the transaction's list, or null on the database itself, whose
 * statements have committed when they return. A transaction not opened by
 * `transaction()` has nowhere to keep the work, which would be lost: that is a bug.
 */
function pendingFor(tx: Db): Pending | null {
  const pending = pendingOf.get(tx);
  if (pending) return pending;
  if (tx instanceof PgTransaction) throw new Error("after-commit work in a transaction not opened by transaction() (server/services/transaction.ts)");
  return null;
}

/**
 * Runs `task` once the caller's transaction has committed, after the tasks added
 * before it (at once outside a transaction, where `tx` is the database itself).
 */
export function afterCommit(tx: Db, task: AfterCommit): void {
  const pending = pendingFor(tx);
  if (pending) pending.tasks.push(task);
  else
    void Promise.resolve(task(tx)).catch((err: unknown) => {
      console.error("after-commit work failed", err);
    });
}

/**
 * afterCommit for clean-up nobody is told of (a row the commit left unused): it runs
 * CLEAN_UP_DELAY_MS after the transaction's other after-commit work and pings, whenever
 * it was added, in the background lane; transaction() does not wait for it
 * (settleCleanUps does). Outside a transaction, at once.
 */
export function cleanUpAfterCommit(tx: Db, task: AfterCommit): void {
  const pending = pendingFor(tx);
  if (pending) pending.cleanUps.push(task);
  else afterCommit(tx, task);
}

/** Tells these users' open pages that their inbox changed, once the transaction has committed. */
export function pingAfterCommit(tx: Db, userIds: Iterable<string>): void {
  const pending = pendingFor(tx);
  if (!pending) return pingInbox(userIds);
  for (const id of userIds) pending.pings.add(id);
}
