// Starting a tournament: the engine seeds the players by their current ratings in the
// tournament's game and plans round 1; the site creates every released game with its
// clock running.
// Started by the organizer, or by the sweeper at the scheduled time.
import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentPlayers, tournaments, type TournamentRow } from "@/db/schema";
import { catalogGame } from "@/engine/game-catalog";
import { startTournament as engineStart, validateSettings } from "@/engine/formats";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { ratingsFor } from "../rating/player-ratings";
import { syncGames, type CreatedGame } from "./sync-games";
import { noticeStarted } from "../notification/tournament-notices";
import { requireOrganizer } from "./require-organizer";
import { saveTournament, announce, saveSnapshot } from "./save-tournament";
import { engineCall } from "./engine-call";
import { audit } from "./audit";
import { lockTournament } from "./lock-tournament";

export interface Started {
  tournamentId: string;
  /** The games of round 1. */
  created: CreatedGame[];
}

/** Inside a transaction with the tournament locked: start it, or explain why not. */
async function startLocked(tx: Db, t: TournamentRow, actorId: string | null, now: Date): Promise<Started> {
  if (t.status !== "registering") throw new AppError("BAD_REQUEST", "The tournament has already started or ended.");
  // In the order they joined: the engine breaks rating ties with the seeded PRNG from
  // the order it is given, so the same seed must always see the same order (an unordered
  // read follows the query plan and the table's storage).
  const joined = await tx
    .select({ id: tournamentPlayers.userId })
    .from(tournamentPlayers)
    .where(eq(tournamentPlayers.tournamentId, t.id))
    .orderBy(asc(tournamentPlayers.joinedAt), asc(tournamentPlayers.userId));
  // Seeded by the rating in the tournament's own game.
  const ratings = await ratingsFor(
    tx,
    joined.map((p) => p.id),
    t.gameType,
  );
  const players = joined.map(({ id }) => ({ id, rating: ratings.get(id)!.rating }));
  if (players.length < t.minPlayers) {
    throw new AppError("BAD_REQUEST", `The tournament needs at least ${t.minPlayers} players; ${players.length} joined.`);
  }
  const format = t.format;
  const problems = validateSettings(format, t.settings, players.length);
  if (problems.length > 0) throw new AppError("BAD_REQUEST", `Cannot start: ${problems.map((p) => p.message).join("; ")}.`);
  const gameType = catalogGame(t.gameType)!.family;
  const state = engineCall(() => engineStart(format, players, t.settings, t.seed, { gameType }), "Cannot start");
  const created = await syncGames(tx, t, state, now);
  // Nothing is logged before the start: the snapshot includes the log up to position 0.
  announce(tx, t.id, await saveSnapshot(tx, t.id, state, 0, { status: "running", startedAt: now }));
  await audit(tx, t.id, actorId, "started", `${players.length} players; round 1 has ${created.length} games.`);
  await noticeStarted(
    tx,
    t,
    joined.map((p) => p.id),
    created,
    now,
  );
  return { tournamentId: t.id, created };
}

export async function startTournamentNow(db: Db, actor: SessionUser, tournamentId: string, now = new Date()): Promise<Started> {
  return transaction(db, async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    requireOrganizer(t, actor);
    return startLocked(tx, t, actor.id, now);
  });
}

/**
 * Tournaments whose start time has come. Claimed with SKIP LOCKED so several server
 * processes never start one twice; one without enough players is cancelled, and the
 * audit log says why.
 */
export async function startScheduledTournaments(db: Db, now = new Date()): Promise<string[]> {
  const due = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(and(eq(tournaments.status, "registering"), lte(tournaments.startsAt, now)))
    .limit(10);
  const done: string[] = [];
  for (const { id } of due) {
    const claimed = await transaction(db, async (tx) => {
      const [t] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for("update", { skipLocked: true });
      if (!t || t.status !== "registering") return false;
      try {
        await startLocked(tx, t, null, now);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        announce(tx, t.id, await saveTournament(tx, t.id, { status: "cancelled", finishedAt: now }));
        await audit(tx, t.id, null, "cancelled", `Not started at the scheduled time: ${err.message}`);
      }
      return true;
    });
    if (claimed) done.push(id);
  }
  return done;
}
