// Reading and locking a tournament's row. Every change to a tournament locks its row,
// so changes to one tournament are applied one after the other. The row is small at
// any size: the state snapshot (tens of MB at 100,000 players) is a row of its own,
// which only folds and organizer actions read, through the live state (live-state.ts,
// and lockedState in close-round.ts).
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournaments, type TournamentRow } from "@/db/schema";
import { AppError } from "../errors";

/** Reads the tournament row (a few hundred bytes at any size), or NOT_FOUND. */
export async function readTournament(db: Db, id: string): Promise<TournamentRow> {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
  if (!row) throw new AppError("NOT_FOUND", "There is no such tournament.");
  return row;
}

/** Locks the tournament row and reads it (a few hundred bytes at any size). */
export async function lockTournament(tx: Db, id: string): Promise<TournamentRow> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND", "There is no such tournament.");
  return row;
}
