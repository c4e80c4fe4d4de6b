// Reading and writing tournaments' engine-state snapshots (tournament_snapshots; the
// tournament row's snapshot_id names the current one). Shared below every service
// floor: the tournament services fold and write them, and the game page and the
// "your turn" list read a staged tournament's small state for its role choices.
//
// A snapshot is read in one statement with the pointer (a join), so a reader sees
// the pointer and the row it names as of the same moment, however the pointer moves
// and old rows are deleted meanwhile.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
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

/** Writes a new snapshot row (not current until the tournament row points at it) and returns its id. */
export async function writeSnapshot(tx: Db, tournamentId: string, state: TournamentState): Promise<string> {
  const [row] = await tx.insert(tournamentSnapshots).values({ tournamentId, state }).returning({ id: tournamentSnapshots.id });
  return row!.id;
}

/**
 * Deletes the tournament's snapshots but the current one. Run after the commit that
 * moved the pointer: the current one is read in the same statement, so a newer
 * pointer committed meanwhile is respected, and rows of writers not committed yet
 * are not seen.
 */
export async function pruneSnapshots(db: Db, tournamentId: string): Promise<void> {
  await db
    .delete(tournamentSnapshots)
    .where(
      and(
        eq(tournamentSnapshots.tournamentId, tournamentId),
        ne(tournamentSnapshots.id, sql`(select ${tournaments.snapshotId} from ${tournaments} where ${tournaments.id} = ${tournamentId})`),
      ),
    );
}
