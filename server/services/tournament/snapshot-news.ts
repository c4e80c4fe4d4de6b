// Snapshots told to the other server processes as soon as they are written. A round's
// close (and a start) writes the new state's snapshot before it commits, beside its
// transaction, and makes the pages' readings of it ahead in its own process
// (tournament-page.ts, readAhead). Another process serving the tournament read the
// snapshot only when a page asked for it after the commit: at 100,000 players its first
// read waited 2.3 s, parsing tens of MB and making every reading afresh.
//
// So the writer tells the others through Redis (REDIS_URL, the channel the processes
// share for Socket.IO) once the row is written, while its transaction still inserts the
// round's games, and each process that has read the tournament lately reads the row
// ahead in the background lane, parsed in slices, and makes the pages' first readings
// of it. Its first read after the commit takes that state (live-state.ts, expectRead).
// A close that fails leaves a row nobody points at: the state read ahead is never taken.
// Without Redis there is one process, which made the state itself.
import { randomUUID } from "node:crypto";
import type { Db } from "@/db/client";
import { UUID_TEXT } from "@/db/schema/ids";
import { inBackground } from "@/lib/let-go";
import type { SharedRedis } from "@/server/redis";
import { sharedRedis } from "@/server/redis";
import { readSnapshotById } from "../snapshots";
import { expectRead, hasSnapshot, readLately } from "./live-state";
import { readAhead } from "./tournament-page";

const CHANNEL = "moot:snapshot-written";
/** This process, so that it does not read ahead what it wrote itself. */
const origin = randomUUID();

interface Written {
  origin: string;
  tournamentId: string;
  snapshotId: string;
}

function parseWritten(message: string): Written | null {
  try {
    const m = JSON.parse(message) as Record<string, unknown>;
    if (
      typeof m.origin === "string" &&
      typeof m.tournamentId === "string" &&
      UUID_TEXT.test(m.tournamentId) &&
      typeof m.snapshotId === "string" &&
      UUID_TEXT.test(m.snapshotId)
    ) {
      return { origin: m.origin, tournamentId: m.tournamentId, snapshotId: m.snapshotId };
    }
  } catch {
    // not ours
  }
  return null;
}

/**
 * Tells the other processes, once `written` gives the row's id (snapshotBeside's
 * `beside`), that the tournament's next snapshot is written. Nothing without Redis, or
 * where the snapshot is written in the transaction (PGlite: one process). Never fails.
 */
export async function tellWritten(tournamentId: string, written: Promise<string | null> | null): Promise<void> {
  const redis = sharedRedis();
  if (!redis || !written) return;
  await written
    .then(async (snapshotId) => {
      if (snapshotId) await redis.client.publish(CHANNEL, JSON.stringify({ origin, tournamentId, snapshotId } satisfies Written));
    })
    // Only an ahead reading is lost: the others read the snapshot when asked.
    .catch((err: unknown) => console.error("[snapshots] could not tell of a written snapshot:", err));
}

/**
 * What a process does on hearing of another's snapshot: when it has read the tournament
 * lately and is not reading that snapshot already, reads it ahead in the background lane
 * and makes the pages' first readings of it. Returns the reading, or null when it reads nothing.
 */
export function heardWritten(db: Db, tournamentId: string, snapshotId: string): Promise<unknown> | null {
  if (!readLately(tournamentId) || hasSnapshot(tournamentId, snapshotId)) return null;
  const reading = expectRead(tournamentId, snapshotId, () => inBackground(() => readSnapshotById(db, snapshotId)));
  return reading.then((state) => {
    if (state) readAhead(state, Promise.resolve());
    return state;
  });
}

/** Listens for other processes' written snapshots (called once at start, with REDIS_URL). */
export async function listenForSnapshots(redis: SharedRedis, db: Db): Promise<void> {
  await redis.subscriber.subscribe(CHANNEL, (message: string) => {
    const written = parseWritten(message);
    if (written && written.origin !== origin) void heardWritten(db, written.tournamentId, written.snapshotId);
  });
}
