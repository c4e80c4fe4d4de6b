// Reading and locking a tournament's row. Every change to a tournament locks its row,
// so changes to one tournament are applied one after the other; the row is read
// without its state snapshot (tens of MB at 100,000 players), which only folds and
// organizer actions read, through the live state (live-state.ts, and lockedState in
// close-round.ts).
import { eq, getTableColumns } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournaments, type TournamentRow } from "@/db/schema";
import { AppError } from "../errors";

/** Every column but the state snapshot. */
const { state: _snapshot, ...columns } = getTableColumns(tournaments);
export const tournamentHead = columns;

/** Reads the tournament row without the state snapshot (a few hundred bytes at any size), or NOT_FOUND. */
export async function readTournament(db: Db, id: string): Promise<TournamentRow> {
  const [row] = await db.select(tournamentHead).from(tournaments).where(eq(tournaments.id, id));
  if (!row) throw new AppError("NOT_FOUND", "There is no such tournament.");
  return row;
}

/** Locks the tournament row and reads it without the state snapshot (a few hundred bytes at any size). */
export async function lockTournament(tx: Db, id: string): Promise<TournamentRow> {
  const [row] = await tx.select(tournamentHead).from(tournaments).where(eq(tournaments.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND", "There is no such tournament.");
  return row;
}
