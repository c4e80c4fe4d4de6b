// Writing a tournament's row: every change bumps the version live pages follow, and
// is announced to the tournament's room once the transaction has committed.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournaments } from "@/db/schema";
import { pendingGames, type TournamentState } from "@/engine/formats";
import { tournamentRoom } from "@/lib/contracts";
import { publishChanged } from "@/server/realtime/publish";
import { dropSnapshot, writeSnapshot } from "../snapshots";
import { afterCommit, cleanUpAfterCommit } from "../transaction";
import { expectSaved, rememberSaved } from "./live-state";

/**
 * Saves new fields (none: a new version alone, as for a new audit entry) and bumps the
 * version that live pages follow; they are told once the transaction has committed.
 */
export async function saveTournament(tx: Db, id: string, set: Partial<typeof tournaments.$inferInsert> = {}): Promise<void> {
  const [row] = await tx
    .update(tournaments)
    .set({ ...set, version: sql`${tournaments.version} + 1` })
    .where(eq(tournaments.id, id))
    .returning({ version: tournaments.version });
  announce(tx, id, row!.version);
}

/**
 * Makes a new state snapshot, one that includes the log up to `seq`, the tournament's
 * current one, resets the pending counter from it, and bumps the version. Once the
 * transaction has committed, the saved state becomes this process's live state
 * (live-state.ts), then live pages are told, and a few seconds later the snapshot it
 * replaced is deleted (cleanUpAfterCommit). `snapshotId`: the
 * state written already (writeSnapshot; a close writes it before it takes the lock),
 * else it is written here.
 */
export async function saveSnapshot(
  tx: Db,
  id: string,
  state: TournamentState,
  seq: number,
  set: Partial<typeof tournaments.$inferInsert> = {},
  snapshotId?: string,
): Promise<void> {
  const snapshot = snapshotId ?? (await writeSnapshot(tx, id, state));
  const [row] = await tx
    .update(tournaments)
    .set({ ...set, snapshotId: snapshot, foldedSeq: seq, pending: pendingGames(state), version: sql`${tournaments.version} + 1` })
    .where(eq(tournaments.id, id))
    // The subquery sees the row as the statement found it (its snapshot): the pointer being replaced.
    .returning({
      version: tournaments.version,
      replaced: sql<string | null>`(select ${tournaments.snapshotId} from ${tournaments} where ${tournaments.id} = ${id})`,
    });
  const { version, replaced } = row!;
  expectSaved(id, snapshot, state);
  // Remembered before the announcement: a page the announcement brings reads the saved state.
  afterCommit(tx, () => rememberSaved(id, snapshot, state, seq, version));
  announce(tx, id, version);
  // A failure leaves a row no one points at, for the sweeper (sweepSnapshots).
  if (replaced)
    cleanUpAfterCommit(tx, (db) =>
      dropSnapshot(db, id, replaced).catch((err: unknown) => console.error("deleting a replaced tournament snapshot failed", err)),
    );
}

/** Tells the tournament's live pages, once the transaction has committed, that it is at `version` now. */
export function announce(tx: Db, id: string, version: number): void {
  afterCommit(tx, () => publishChanged(tournamentRoom(id), version));
}
