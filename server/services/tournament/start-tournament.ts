// Starting a tournament: the engine seeds the players by their current ratings in the
// tournament's game and plans round 1; the site creates every released game with its
// clock running.
// Started by the organizer, or by the sweeper at the scheduled time.
import { and, eq, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournaments, type TournamentRow } from "@/db/schema";
import { catalogGame } from "@/engine/game-catalog";
import { startTournament as engineStart, validateSettings } from "@/engine/formats";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { sendMissingGames, type CreatedGame } from "./sync-games";
import { snapshotBeside } from "../snapshots";
import { noticeStarted } from "../notification/tournament-notices";
import { requireOrganizer } from "./require-organizer";
import { saveTournament, saveSnapshot } from "./save-tournament";
import { engineCall } from "./engine-call";
import { audit } from "./audit";
import { lockTournament } from "./lock-tournament";
import { currentRatings } from "./current-ratings";
import { readAhead } from "./tournament-page";
import { tellWritten } from "./snapshot-news";

export interface Started {
  tournamentId: string;
  /** The games of round 1. */
  created: CreatedGame[];
}

/**
 * Inside a transaction with the tournament locked: start it, or explain why not. `db`:
 * the database the transaction is on, to write the snapshot beside it (as a round's
 * close does, close-round.ts) while the games are inserted.
 */
async function startLocked(db: Db, tx: Db, t: TournamentRow, actorId: string | null, now: Date): Promise<Started> {
  if (t.status !== "registering") throw new AppError("BAD_REQUEST", "The tournament has already started or ended.");
  // Seeded by the rating in the tournament's own game, in the order they joined: the
  // engine breaks rating ties with the seeded PRNG from the order it is given, so the
  // same seed must always see the same order (currentRatings reads them so).
  const players = [...(await currentRatings(tx, t))].map(([id, rating]) => ({ id, rating }));
  if (players.length < t.minPlayers) {
    throw new AppError("BAD_REQUEST", `The tournament needs at least ${t.minPlayers} players; ${players.length} joined.`);
  }
  const format = t.format;
  const problems = validateSettings(format, t.settings, players.length);
  if (problems.length > 0) throw new AppError("BAD_REQUEST", `Cannot start: ${problems.map((p) => p.message).join("; ")}.`);
  const gameType = catalogGame(t.gameType)!.family;
  const state = engineCall(() => engineStart(format, players, t.settings, t.seed, { gameType }), "Cannot start");
  // The games' insert is sent, and while the database runs it this process builds the
  // notices, whose insert queues behind the games'; once the games are in, the snapshot is
  // written (on a connection of its own where there is one) beside the notices. Written
  // beside the games, its COPY took the second core from their insert (the database's two
  // backends and this process on two cores): twelve 2,000-player starts a run measured 1.6×
  // their floor in three runs, 1.2–1.5× in five after; at 100,000 players 0.8–1.1× either way.
  // Still registering (checked above, with the row locked): no game of it exists yet.
  const { created, written } = await sendMissingGames(tx, t, state, now, { allNew: true });
  const snapshot = snapshotBeside(db, t.id, state, undefined, written);
  // The other processes read it ahead (snapshot-news.ts).
  void tellWritten(t.id, snapshot.beside);
  try {
    const ids = players.map((p) => p.id);
    const inserted = Promise.all([written, noticeStarted(tx, t, ids, created, now)]);
    // What pages read of round 1, made while the database finishes the inserts (tournament-page.ts).
    readAhead(state, snapshot.made ?? inserted);
    await inserted;
    // Nothing is logged before the start: the snapshot includes the log up to position 0.
    await saveSnapshot(tx, t.id, state, 0, { status: "running", startedAt: now }, await snapshot.id(tx));
    await audit(tx, t.id, actorId, "started", `${players.length} players; round 1 has ${created.length} games.`);
  } catch (err) {
    // The transaction rolls back: a row written beside it is no one's.
    void snapshot.discard();
    throw err;
  }
  return { tournamentId: t.id, created };
}

export async function startTournamentNow(db: Db, actor: SessionUser, tournamentId: string, now = new Date()): Promise<Started> {
  return transaction(db, async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    requireOrganizer(t, actor);
    return startLocked(db, tx, t, actor.id, now);
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
        await startLocked(db, tx, t, null, now);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        await saveTournament(tx, t.id, { status: "cancelled", finishedAt: now });
        await audit(tx, t.id, null, "cancelled", `Not started at the scheduled time: ${err.message}`);
      }
      return true;
    });
    if (claimed) done.push(id);
  }
  return done;
}
