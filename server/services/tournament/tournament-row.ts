// Shared pieces of the tournament services: locking, the organizer check, the audit
// trail and the map from a finished site game to the engine's result.
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentAudit, tournaments } from "@/db/schema";
import { FormatError, pendingGames, type GameResult as EngineResult, type ResultReason, type TournamentState } from "@/engine/formats";
import { NO_FIRST_MOVE } from "@/lib/game-endings";
import type { SessionUser } from "@/server/auth/session";
import { publishChanged } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { liveStateAt, rememberSaved } from "./live-state";
import { tournamentRoom } from "@/lib/contracts";

/** Every column but the state snapshot, which only folds and organizer actions read (live-state.ts). */
const { state: _snapshot, ...columns } = getTableColumns(tournaments);
export const tournamentHead = columns;
export type TournamentRow = Omit<typeof tournaments.$inferSelect, "state">;

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

/** The organizer, or a site admin, may run the tournament; nobody else. */
export function requireOrganizer(t: TournamentRow, user: SessionUser): void {
  if (t.organizerId !== user.id && !user.isAdmin) {
    throw new AppError("FORBIDDEN", "Only the tournament's organizer (or a site admin) may do that.");
  }
}

/**
 * Runs an engine call, turning the engine's refusal (a FormatError, written for
 * people) into a BAD_REQUEST: "<context>: <reason>." or, without context, the reason
 * as a sentence.
 */
export function engineCall<T>(f: () => T, context?: string): T {
  try {
    return f();
  } catch (err) {
    if (!(err instanceof FormatError)) throw err;
    const reason = context ? `${context}: ${err.message}` : `${err.message[0]!.toUpperCase()}${err.message.slice(1)}`;
    throw new AppError("BAD_REQUEST", `${reason}.`);
  }
}

/** The live state inside the transaction holding the tournament lock; refuses before the start. */
export async function lockedState(tx: Db, t: TournamentRow): Promise<{ state: TournamentState; seq: number }> {
  const live = await liveStateAt(tx, t.id, true);
  if (!live) throw new AppError("BAD_REQUEST", "The tournament has not started yet.");
  return live;
}

export async function audit(tx: Db, tournamentId: string, actorId: string | null, action: string, detail = ""): Promise<void> {
  await tx.insert(tournamentAudit).values({ tournamentId, actorId, action, detail });
}

/** Saves new fields and bumps the version that live pages follow. */
export async function saveTournament(tx: Db, id: string, set: Partial<typeof tournaments.$inferInsert>): Promise<number> {
  const [row] = await tx
    .update(tournaments)
    .set({ ...set, version: sql`${tournaments.version} + 1` })
    .where(eq(tournaments.id, id))
    .returning({ version: tournaments.version });
  return row!.version;
}

/**
 * Writes a new state snapshot that includes the log up to `seq`, resets the pending
 * counter from it, and bumps the version. Returns the version and, for after the
 * commit, the call that makes the saved state this process's live state.
 */
export async function saveSnapshot(
  tx: Db,
  id: string,
  state: TournamentState,
  seq: number,
  set: Partial<typeof tournaments.$inferInsert> = {},
): Promise<{ version: number; remember: () => void }> {
  const version = await saveTournament(tx, id, { ...set, state, foldedSeq: seq, pending: pendingGames(state) });
  return { version, remember: () => rememberSaved(id, state, seq) };
}

export function announce(id: string, version: number): void {
  publishChanged(tournamentRoom(id), version);
}

/** A finished site game's result in the engine's terms. */
export function engineResult(result: "1-0" | "0-1" | "draw", endReason: string, margin: number | null): EngineResult {
  const reason: ResultReason =
    endReason === "timeout"
      ? "time"
      : endReason === "resignation"
        ? "resignation"
        : endReason === "set by organizer"
          ? "organizer"
          : endReason === "withdrawal"
            ? "withdrawal"
            : endReason === NO_FIRST_MOVE
              ? "forfeit"
              : "normal";
  return margin == null ? { outcome: result, reason } : { outcome: result, reason, margin };
}
