// Feeds a finished tournament game to the engine, in the same transaction that
// records the game's result. The tournament row is locked, so when two last results
// of a round land at the same instant one waits for the other, and the next round
// or phase is created exactly once.
import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { findGame, pendingGames, recordResult, type TournamentState } from "@/engine/formats";
import type { GameRow } from "../game/game-view";
import { syncGames } from "./sync-games";
import { pingInbox } from "@/server/realtime/publish";
import { noticeProgress } from "../notification/tournament-notices";
import { announce, audit, engineResult, lockTournament, saveTournament, stateOf } from "./tournament-row";

/** Current ratings of the tournament's players, for planning the next round. */
export async function currentRatings(tx: Db, state: TournamentState): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: users.id, rating: users.rating })
    .from(users)
    .where(inArray(users.id, state.players.map((p) => p.id)));
  return new Map(rows.map((r) => [r.id, r.rating]));
}

/** Returns what to publish once the transaction has committed. */
export async function recordTournamentResult(
  tx: Db,
  game: GameRow,
  result: "1-0" | "0-1" | "draw",
  reason: string,
  margin: number | null,
  now: Date,
): Promise<() => void> {
  const t = await lockTournament(tx, game.tournamentId!);
  if (t.status !== "running" || !game.tournamentGameKey) return () => {};
  const state = stateOf(t);
  const engineGame = findGame(state, game.tournamentGameKey);
  // Already settled by the engine itself (a forfeit or void after a withdrawal).
  if (!engineGame || engineGame.result || engineGame.void) return () => {};
  // Ratings only matter when this result completes the round and the next is planned.
  const ratings = pendingGames(state) === 1 ? await currentRatings(tx, state) : undefined;
  const { state: next, events } = recordResult(state, game.tournamentGameKey, engineResult(result, reason, margin), { ratings });
  const created = await syncGames(tx, t, next, now);
  const finished = next.status === "finished";
  const version = await saveTournament(tx, t.id, { state: next, ...(finished ? { status: "finished", finishedAt: now } : {}) });
  for (const e of events) {
    if (e.type === "round-released") await audit(tx, t.id, null, "round started", `Round ${e.round} released with ${created.length} new games.`);
    if (e.type === "phase-released") await audit(tx, t.id, null, "phase released", `Round ${e.round}, phase ${e.phase}.`);
    if (e.type === "finished") await audit(tx, t.id, null, "finished", `Champion${e.champions.length === 1 ? "" : "s"} decided.`);
  }
  const told = await noticeProgress(tx, t, next, events, created, now);
  return () => {
    announce(t.id, version);
    pingInbox(told);
  };
}
