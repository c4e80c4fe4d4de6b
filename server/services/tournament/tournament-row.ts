// Shared pieces of the tournament services: locking, the organizer check, the audit
// trail and the map from a finished site game to the engine's result.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentAudit, tournaments } from "@/db/schema";
import { FormatError, type GameResult as EngineResult, type ResultReason, type TournamentState } from "@/engine/formats";
import type { SessionUser } from "@/server/auth/session";
import { publishChanged } from "@/server/realtime/publish";
import { AppError } from "../errors";

export type TournamentRow = typeof tournaments.$inferSelect;

export const tournamentRoom = (id: string) => `tournament:${id}`;

export async function lockTournament(tx: Db, id: string): Promise<TournamentRow> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for("update");
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

export function stateOf(t: TournamentRow): TournamentState {
  if (!t.state) throw new AppError("BAD_REQUEST", "The tournament has not started yet.");
  return t.state as TournamentState;
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
            : "normal";
  return margin == null ? { outcome: result, reason } : { outcome: result, reason, margin };
}
