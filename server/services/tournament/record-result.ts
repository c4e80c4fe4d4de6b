// Feeds a finished tournament game to the engine, in the same transaction that
// records the game's result. The tournament row is locked, so when two last results
// of a round land at the same instant one waits for the other, and the next round
// or phase is created exactly once.
//
// A result is one row appended to the result log and the pending counter counted
// down: a bounded write whatever the tournament's size, and the lock is held for
// that only. The log is folded into the state snapshot (live-state.ts) when the
// counter reaches zero (the round or phase closes: the engine plans what follows),
// after this transaction has committed and mostly without the lock (close-round.ts),
// or at once when the format says this result adds games (staged knockout draws).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentAudit, tournamentResults, tournaments, type GameRow, type TournamentRow } from "@/db/schema";
import { newRowId } from "@/db/schema/ids";
import { resultReshapesRound } from "@/engine/formats";
import type { GameResult, TournamentAuditAction } from "@/lib/contracts";
import type { EndReason } from "@/lib/game-endings";
import { runTogether, type Part } from "../together";
import { afterCommit } from "../transaction";
import { closeRound, foldResults } from "./close-round";
import { engineResult } from "./engine-call";
import { announce } from "./save-tournament";
import { lockTournament } from "./lock-tournament";

/** An audit entry to write with the result (an organizer setting it). */
export interface ResultAudit {
  actorId: string;
  action: TournamentAuditAction;
  detail: string;
}

/** What the result's statement says of the tournament (null pending and version: nothing was counted). */
export interface Logged {
  format: TournamentRow["format"];
  pending: number | null;
  version: number | null;
}

/** Records the result on its own (what it publishes runs after the transaction commits). */
export async function recordTournamentResult(
  tx: Db,
  game: GameRow,
  result: GameResult,
  reason: EndReason,
  margin: number | null,
  now: Date,
  entry?: ResultAudit,
): Promise<void> {
  const { logged } = await runTogether(tx, { logged: tournamentResultPart(game, result, reason, margin, entry) });
  await afterTournamentResult(tx, game, logged, result, reason, margin, now);
}

/**
 * The result as a part of the game's finishing statement (together.ts): the tournament
 * row is locked (held to the end of the transaction), and if it is running the log row
 * is appended and the round counted down; for a game the log already holds (a repeated
 * finish) nothing changes and nothing is counted. The audit entry, if any, goes with it.
 */
export function tournamentResultPart(
  game: GameRow,
  result: GameResult,
  reason: EndReason,
  margin: number | null,
  entry?: ResultAudit,
): Part<Logged | null> | null {
  // The audit entry's row, given the tournament's id (`id`) from `source`.
  const audited = (source: SQL) =>
    [
      "audited",
      sql`insert into ${tournamentAudit} (id, tournament_id, actor_id, action, detail) select ${newRowId()}, id, ${entry!.actorId}, ${entry!.action}, ${entry!.detail} from ${source}`,
    ] as const;
  if (!game.tournamentGameKey) {
    // A tournament game without a key should not exist; its audit entry is still written.
    return entry ? { ctes: [audited(sql`(select ${game.tournamentId}::uuid as id) k`)], rows: null, read: () => null } : null;
  }
  const engine = engineResult(result, reason, margin);
  return {
    ctes: [
      ["tournament_locked", sql`select id, status, format from ${tournaments} where id = ${game.tournamentId} for update`],
      [
        "logged",
        sql`insert into ${tournamentResults} (tournament_id, game_key, outcome, reason, margin)
          select t.id, ${game.tournamentGameKey}, ${engine.outcome}, ${engine.reason}, ${engine.margin ?? null} from tournament_locked t where t.status = 'running'
          on conflict do nothing returning seq`,
      ],
      [
        "counted",
        sql`update ${tournaments} set pending = pending - 1, version = version + 1 where id = ${game.tournamentId} and exists (select from logged) returning pending, version`,
      ],
      ...(entry ? [audited(sql`tournament_locked`)] : []),
    ],
    rows: sql`select t.format, counted.pending, counted.version from tournament_locked t left join counted on true`,
    read: (rows) => (rows[0] as Logged | undefined) ?? null,
  };
}

/**
 * After the result's statement: announce the new version after commit; fold at once a
 * result that reshapes its round (small formats: staged knockout draws, replayed
 * elimination matches); or, for the round's last result, close the round once this
 * transaction has committed (close-round.ts), so the lock is not held for it.
 */
export async function afterTournamentResult(
  tx: Db,
  game: GameRow,
  logged: Logged | null,
  result: GameResult,
  reason: EndReason,
  margin: number | null,
  now: Date,
): Promise<void> {
  if (!logged || logged.pending === null || logged.version === null) return;
  const { pending, version } = logged;
  const tournamentId = game.tournamentId!;
  if (pending === 0) {
    announce(tx, tournamentId, version);
    // Not awaited by the caller's failure: the result has committed; a close that
    // fails is done again by the sweeper (closeDueRounds).
    afterCommit(tx, (db) =>
      closeRound(db, tournamentId, now).catch((err: unknown) => {
        console.error(`closing the round of tournament ${tournamentId} failed; the sweeper tries again`, err);
      }),
    );
    return;
  }
  if (!resultReshapesRound(logged.format, game.tournamentGameKey!, engineResult(result, reason, margin))) {
    announce(tx, tournamentId, version);
    return;
  }
  await foldResults(tx, await lockTournament(tx, tournamentId), now);
}
