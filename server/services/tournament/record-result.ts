// Feeds a finished tournament game to the engine, in the same transaction that
// records the game's result. The tournament row is locked, so when two last results
// of a round land at the same instant one waits for the other, and the next round
// or phase is created exactly once.
//
// A result is one row appended to the result log and the pending counter counted
// down: a bounded write whatever the tournament's size, and the lock is held for
// that only. The log is folded into the state snapshot (live-state.ts) when the
// counter reaches zero (the round or phase closes: the engine plans what follows)
// or when the format says this result adds games at once (staged knockout draws).
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentAudit, tournamentPlayers, tournamentResults, tournaments, type GameRow, type TournamentRow } from "@/db/schema";
import { newRowId } from "@/db/schema/ids";
import { resultReshapesRound } from "@/engine/formats";
import type { GameResult, TournamentAuditAction } from "@/lib/contracts";
import type { EndReason } from "@/lib/game-endings";
import { ratingsFor } from "../rating/player-ratings";
import { foldLog } from "./live-state";
import { syncGames } from "./sync-games";
import { noticeProgress } from "../notification/tournament-notices";
import { runTogether, type Part } from "../together";
import { engineResult } from "./engine-call";
import { announce, saveSnapshot } from "./save-tournament";
import { audit } from "./audit";
import { lockTournament } from "./lock-tournament";

/** Current ratings of the tournament's players in its game, for planning the next round. */
export async function currentRatings(tx: Db, t: Pick<TournamentRow, "id" | "gameType">): Promise<Map<string, number>> {
  const players = await tx.select({ id: tournamentPlayers.userId }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, t.id));
  const ratings = await ratingsFor(
    tx,
    players.map((p) => p.id),
    t.gameType,
  );
  return new Map([...ratings].map(([id, r]) => [id, r.rating]));
}

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

/** After the result's statement: announce the new version after commit, or close the round or phase it completed. */
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
  if (pending > 0 && !resultReshapesRound(logged.format, game.tournamentGameKey!, engineResult(result, reason, margin))) {
    announce(tx, game.tournamentId!, version);
    return;
  }
  // The round (or phase) closes: the next one is planned with the current ratings.
  const t = await lockTournament(tx, game.tournamentId!);
  await foldResults(tx, t, now, pending === 0 ? await currentRatings(tx, t) : undefined);
}

/**
 * Folds the result log into the snapshot with the tournament locked: closes the
 * round or phase the logged results complete (planning the next one with the
 * players' current ratings), creates the games it released and audits what happened.
 */
export async function foldResults(tx: Db, t: TournamentRow, now: Date, ratings?: Map<string, number>): Promise<void> {
  const folded = await foldLog(tx, t.id, { ratings });
  if (!folded) return;
  const {
    transition: { state: next, events },
    seq,
  } = folded;
  const created = await syncGames(tx, t, next, now);
  const finished = next.status === "finished";
  announce(tx, t.id, await saveSnapshot(tx, t.id, next, seq, finished ? { status: "finished", finishedAt: now } : {}));
  for (const e of events) {
    if (e.type === "round-released") await audit(tx, t.id, null, "round started", `Round ${e.round} released with ${created.length} new games.`);
    if (e.type === "phase-released") await audit(tx, t.id, null, "phase released", `Round ${e.round}, phase ${e.phase}.`);
    if (e.type === "finished") await audit(tx, t.id, null, "finished", `Champion${e.champions.length === 1 ? "" : "s"} decided.`);
  }
  await noticeProgress(tx, t, next, events, created, now);
}
