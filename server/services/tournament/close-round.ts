// Closing a round. The last result of a round commits on its own, as any result does
// (record-result.ts: the log row, the counter at zero), and holds the tournament's
// lock only for that. The round is closed after that commit, by closeRound:
//
// 1. outside any lock, it reads the tournament's head (its version), the live state
//    and the players' current ratings, and the engine closes the round and plans the
//    next one;
// 2. in one transaction, still without the tournament's lock, it inserts the new
//    games and the notifications (invisible to everyone until the commit);
// 3. it writes the new snapshot (a row of tournament_snapshots, tens of MB at 100,000
//    players), still without the lock;
// 4. it takes the tournament's lock, checks that the version is still the one it read
//    in 1 (every write to a tournament bumps it: a result, an organizer's action, a
//    close by someone else), points the tournament at the new snapshot, writes the
//    audit entries, and commits. The lock is held for that check and a few rows.
//
// If the version moved, the transaction rolls back and the close starts again from
// 1 (a second closer, in this process or another, fails on the games' unique key
// and starts again too, to find the round closed; so would a close whose notices met
// a key already stored, which it inserts without skipping them). After a few such
// tries the close is done with the lock held throughout, as before, and its notices
// skip any key already stored. Between the last result's commit
// and the close's, the round is "being closed": readers see it complete and not
// closed (PlanOptions.hold, live-state.ts), and an organizer action that needs the
// state under the lock closes it first (lockedState). If the process stops in
// between, the sweeper finds the round (pending 0, unfolded log rows) and closes it
// (closeDueRounds): nothing committed is lost, and the games are created once.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { newRowId } from "@/db/schema/ids";
import { awaitBackground, holdBackground, inBackground, letGoIfDue, stepInSlices } from "@/lib/let-go";
import { tournaments, type TournamentRow } from "@/db/schema";
import { warmRoundTallies, type TournamentState, type Transition } from "@/engine/formats";
import { AppError } from "../errors";
import { noticeProgress } from "../notification/tournament-notices";
import { snapshotBeside } from "../snapshots";
import { transaction } from "../transaction";
import { audit } from "./audit";
import { currentRatings, readRatings } from "./current-ratings";
import { foldLog, liveState, liveStateAt } from "./live-state";
import { lockTournament, readTournament } from "./lock-tournament";
import { saveSnapshot } from "./save-tournament";
import { sendMissingGames, syncGames, type CreatedGame } from "./sync-games";
import { readAhead } from "./tournament-page";
import { tellFolded, tellWritten } from "./snapshot-news";

interface Folded {
  transition: Transition;
  seq: number;
}

/** The new games and the notices of a fold, in the caller's transaction. */
async function createReleased(tx: Db, t: TournamentRow, folded: Folded, now: Date): Promise<CreatedGame[]> {
  const { state: next, events } = folded.transition;
  const created = await syncGames(tx, t, next, now);
  await noticeProgress(tx, t, next, events, created, now);
  return created;
}

/** The snapshot of a fold and its audit entries; the tournament is locked. `snapshotId`: the state written already (writeSnapshot). */
async function saveFold(tx: Db, t: TournamentRow, folded: Folded, created: number, now: Date, snapshotId?: string): Promise<void> {
  const { state: next, events } = folded.transition;
  const finished = next.status === "finished";
  await saveSnapshot(tx, t.id, next, folded.seq, finished ? { status: "finished", finishedAt: now } : {}, snapshotId);
  for (const e of events) {
    if (e.type === "round-released") await audit(tx, t.id, null, "round started", `Round ${e.round} released with ${created} new games.`);
    if (e.type === "phase-released") await audit(tx, t.id, null, "phase released", `Round ${e.round}, phase ${e.phase}.`);
    if (e.type === "finished") await audit(tx, t.id, null, "finished", `Champion${e.champions.length === 1 ? "" : "s"} decided.`);
  }
}

/**
 * Folds the result log into the snapshot with the tournament locked (`t`, read at the
 * lock): closes the round or phase the logged results complete (planning the next one
 * with `ratings`), creates the games it released, notifies and audits. Returns the
 * new state, or null when the log had nothing to fold.
 */
export async function foldResults(tx: Db, t: TournamentRow, now: Date, ratings?: Map<string, number>): Promise<{ state: TournamentState; seq: number } | null> {
  const folded = await foldLog(tx, t.id, { ratings }, t);
  if (!folded || folded.seq === t.foldedSeq) return null;
  const created = await createReleased(tx, t, folded, now);
  await saveFold(tx, t, folded, created.length, now);
  return { state: folded.transition.state, seq: folded.seq };
}

/** Whether a round's last result is logged and the round not closed yet (the tournament row as read). */
const beingClosed = (t: Pick<TournamentRow, "status" | "pending">) => t.status === "running" && t.pending === 0;

/**
 * The live state inside the transaction holding the tournament lock; refuses before
 * the start. A round being closed (its last result committed, closeRound not yet) is
 * closed here first, with the players' current ratings: the caller then changes the
 * state with the next round in it, and closeRound finds the round closed.
 */
export async function lockedState(tx: Db, t: TournamentRow): Promise<{ state: TournamentState; seq: number }> {
  if (beingClosed(t)) {
    const folded = await foldResults(tx, t, new Date(), await currentRatings(tx, t));
    if (folded) return folded;
  }
  const live = await liveStateAt(tx, t.id, true);
  if (!live) throw new AppError("BAD_REQUEST", "The tournament has not started yet.");
  return live;
}

/** The tournament changed between the close's reading and its lock: the close starts again. */
class Changed extends Error {}

/** PostgreSQL's code of an error, or of the error it wraps (Drizzle wraps the driver's). */
function codeOf(err: unknown): string | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/**
 * Errors another writer's concurrent work causes, after which the close starts again:
 * a second closer's games (unique key), a deadlock, the lock not had in time.
 */
const COLLISIONS = new Set(["23505", "40P01", "40001", "55P03"]);

/**
 * How long the close waits for the tournament's lock with its games inserted. Results
 * and most actions hold it for milliseconds; an action that closes the round itself
 * (lockedState) holds it while it inserts the same games, which wait for the close's:
 * the close gives way, waits for that action to end, and starts again.
 */
const LOCK_TIMEOUT = sql.raw(`set local lock_timeout = '100ms'`);

/** Tries with the lock taken only to check and write, before closing with it held throughout. */
const ATTEMPTS = 3;

/** The close under way in this process, per tournament: a second call waits for it. */
const closing = new Map<string, Promise<void>>();

/**
 * Closes the round whose last result has committed (see the top of this file). Does
 * nothing if no round is being closed. Resolves once the close has committed.
 */
export function closeRound(db: Db, tournamentId: string, now = new Date()): Promise<void> {
  // A request that awaits the close (the round's last result's, whose after-commit
  // work it is) lets its own hold on background work go while it waits
  // (awaitBackground, lib/let-go.ts): else it held each of the close's slices for
  // HOLD_MS, and a 10,000-player close that lets the event loop go 25 times took half a
  // second longer. Other requests in flight still go first (until 2026-12-03 it was
  // awaited as needed work, and the close went on beside every request for its whole length).
  let close = closing.get(tournamentId);
  if (!close) {
    // In the background lane: the requests of the tournament (and any other) go first,
    // also when the close runs after a request's result (lib/let-go.ts).
    close = inBackground(() => closeOutsideLock(db, tournamentId, now)).finally(() => closing.delete(tournamentId));
    closing.set(tournamentId, close);
  }
  return awaitBackground(close);
}

async function closeOutsideLock(db: Db, tournamentId: string, now: Date): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const head = await readTournament(db, tournamentId);
    if (!beingClosed(head)) return;
    // From the row just read (its snapshot, log position and version): no second read of it.
    const [live, { ratings, digest }] = await Promise.all([liveState(db, tournamentId, head), readRatings(db, head)]);
    // What the engine's close of the round reads of every group, done ahead in slices:
    // the groups of the state readers see are those the fold starts from.
    if (live) await stepInSlices(warmRoundTallies(live));
    const folded = await foldLog(db, tournamentId, { ratings }, head);
    if (!folded || folded.seq === head.foldedSeq) return;
    // The other processes fold the same rows with the same ratings, from the snapshot
    // the fold started from, and have the state the snapshot will hold (snapshot-news.ts).
    const snapshotRow = newRowId();
    if (head.snapshotId) void tellFolded(tournamentId, snapshotRow, { from: head.snapshotId, seq: folded.seq, ratings: digest });
    // Until the lock, the close's statements are sent without waiting for one another
    // where they can: its own work (the notices, the snapshot's JSON) is done while the
    // database inserts the games, which are sent first. The snapshot (tens of MB at 100,000 players) is
    // written before the lock, on a connection of its own where there is one; under
    // the lock only the pointer moves. Until then the row is no one's, and a failed
    // close deletes it.
    const { state: next, events } = folded.transition;
    let snapshot: ReturnType<typeof snapshotBeside> | undefined;
    let release = () => {};
    try {
      await transaction(db, async (tx) => {
        const games = await sendMissingGames(tx, head, next, now, { allNew: true });
        // The games' statement is out: what follows is this process's own work, which
        // waits its turn if making the games took a slice already.
        await letGoIfDue();
        // Its JSON is made while the database inserts the games.
        snapshot = snapshotBeside(db, tournamentId, next, snapshotRow);
        // The other processes that could not fold it read it ahead (snapshot-news.ts).
        void tellWritten(tournamentId, snapshot.beside);
        let built!: () => void;
        const noticesBuilt = new Promise<void>((resolve) => (built = resolve));
        // Fresh notices (notifySelected): the games they name were inserted just above, and
        // a second closer fails on those first.
        const written = Promise.all([games.written, noticeProgress(tx, head, next, events, games.created, now, { built, fresh: true })]);
        // What pages read of the new state, made while the database finishes the inserts
        // (tournament-page.ts): once the snapshot's JSON and the notices' statement are
        // made, so that it does not take the processor from this process's own part of
        // the close. (Begun when the snapshot's row was written instead, a 10,000-player
        // close measured the same in three runs each: docs/performance-history.md, 2026-12-02.)
        const readingsMade = readAhead(next, Promise.all([snapshot.made ?? written, noticesBuilt]));
        await written;
        // Committed, the new round is announced and every live page reads it at once: with
        // its readings made, none waits for them. They are background work, held while
        // requests are in flight, and during a 100,000-player close with pages read every
        // 20 ms they were still being made when it committed: the first reads after it
        // waited 0.3–0.5 s (2026-12-03). Once the inserts are done they mostly are.
        await readingsMade;
        // What is left is round trips: the lock, a few small rows, the commit and what
        // follows it. Other background work (the pages' reading ahead, in slices of
        // 10 ms) waits for them, as for a request: a slice begun while one statement was
        // out held the next one, and there are five of them (at 2,000 players the close
        // took 10% longer).
        release = holdBackground();
        const snapshotId = await snapshot.id(tx);
        await tx.execute(LOCK_TIMEOUT);
        const t = await lockTournament(tx, tournamentId);
        if (t.version !== head.version) throw new Changed();
        await saveFold(tx, t, folded, games.created.length, now, snapshotId);
      });
      return;
    } catch (err) {
      // Not while it cleans up and maybe waits for another's lock.
      release();
      await snapshot?.discard();
      if (err instanceof Changed) continue;
      const code = codeOf(err);
      if (!code || !COLLISIONS.has(code)) throw err;
      // Whoever holds the lock first finishes what it does.
      if (code === "55P03") await transaction(db, (tx) => lockTournament(tx, tournamentId));
    } finally {
      release();
    }
  }
  await transaction(db, async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    if (beingClosed(t)) await foldResults(tx, t, now, await currentRatings(tx, t));
  });
}

/** How long a round may wait to be closed by the process that took its last result before the sweeper closes it. */
const LEFT_FOR_MS = 30_000;

/**
 * Rounds whose last result committed at least LEFT_FOR_MS ago and that are not closed
 * (their process stopped before the close committed, or the close failed): closes
 * them. Safe in every process at once. Returns the tournaments closed.
 */
export async function closeDueRounds(db: Db, now = new Date()): Promise<string[]> {
  const due = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(
      and(
        eq(tournaments.status, "running"),
        eq(tournaments.pending, 0),
        sql`exists (select from tournament_results r where r.tournament_id = ${tournaments.id} and r.seq > ${tournaments.foldedSeq}
          and r.at < ${new Date(now.getTime() - LEFT_FOR_MS).toISOString()}::timestamptz)`,
      ),
    )
    .limit(10);
  for (const { id } of due) await closeRound(db, id, now);
  return due.map((d) => d.id);
}
