// Writing a tournament's row: every change bumps the version live pages follow, and
// is announced to the tournament's room once the transaction has committed.
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournaments } from "@/db/schema";
import { pendingGames, type TournamentState } from "@/engine/formats";
import { tournamentRoom } from "@/lib/contracts";
import { publishChanged } from "@/server/realtime/publish";
import { afterCommit } from "../transaction";
import { rememberSaved } from "./live-state";

/** Saves new fields and bumps the version that live pages follow; returns the version. */
export async function saveTournament(tx: Db, id: string, set: Partial<typeof tournaments.$inferInsert>, state?: SQL): Promise<number> {
  const [row] = await tx
    .update(tournaments)
    .set({ ...set, ...(state ? { state } : {}), version: sql`${tournaments.version} + 1` })
    .where(eq(tournaments.id, id))
    .returning({ version: tournaments.version });
  return row!.version;
}

/**
 * Writes a new state snapshot that includes the log up to `seq`, resets the pending
 * counter from it, and bumps the version (returned). Once the transaction has
 * committed, the saved state becomes this process's live state (live-state.ts).
 * `serialized`: the state as JSON already (a close serializes it before it takes the lock).
 */
export async function saveSnapshot(
  tx: Db,
  id: string,
  state: TournamentState,
  seq: number,
  set: Partial<typeof tournaments.$inferInsert> = {},
  serialized?: string,
): Promise<number> {
  const fields = { ...set, foldedSeq: seq, pending: pendingGames(state) };
  const version =
    serialized === undefined ? await saveTournament(tx, id, { ...fields, state }) : await saveTournament(tx, id, fields, sql`${serialized}::json`);
  afterCommit(tx, () => rememberSaved(id, state, seq));
  return version;
}

/** Tells the tournament's live pages, once the transaction has committed, that it is at `version` now. */
export function announce(tx: Db, id: string, version: number): void {
  afterCommit(tx, () => publishChanged(tournamentRoom(id), version));
}
