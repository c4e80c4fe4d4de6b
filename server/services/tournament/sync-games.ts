// Creates the site games for every game the engine has released and the site does
// not have yet. Called in the same transaction that changed the engine state, with
// the tournament row locked, so each game is created exactly once; the unique index
// on (tournament_id, tournament_game_key) backs that up.
import { and, eq, like } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games, type TournamentRow } from "@/db/schema";
import { playableGames, type TournamentState } from "@/engine/formats";
import { sendGames, type CreatedGame } from "../game/create-game";

export type { CreatedGame };

export async function syncGames(tx: Db, t: TournamentRow, state: TournamentState, now: Date): Promise<CreatedGame[]> {
  const { created, written } = await sendMissingGames(tx, t, state, now);
  await written;
  return created;
}

/**
 * syncGames without waiting for the insert: see sendGames. `allNew`: the site has none
 * of the playable games yet, so the read of those it has is skipped (a round trip and
 * a scan of the index before the first insert, 4–8 ms of a 2,000-player close): a
 * start (the tournament, registering under its lock, has no games), or a round's
 * close outside the lock (every game the close releases is new unless another close
 * of the same round committed first, and then the unique index refuses the insert and
 * the close starts again, close-round.ts).
 */
export async function sendMissingGames(
  tx: Db,
  t: TournamentRow,
  state: TournamentState,
  now: Date,
  { allNew = false } = {},
): Promise<ReturnType<typeof sendGames>> {
  const playable = playableGames(state);
  if (playable.length === 0) return { created: [], written: Promise.resolve() };
  let missing = playable;
  if (!allNew) {
    const round = state.rounds.length;
    const existing = await tx
      .select({ key: games.tournamentGameKey })
      .from(games)
      .where(and(eq(games.tournamentId, t.id), like(games.tournamentGameKey, `r${round}-%`)));
    const have = new Set(existing.map((r) => r.key));
    missing = playable.filter((g) => !have.has(g.id));
  }
  return sendGames(
    tx,
    {
      shared: { gameType: t.gameType, settings: t.gameSettings, rated: t.rated, initialMs: t.initialMs, incrementMs: t.incrementMs, tournamentId: t.id },
      pairs: missing.map((g) => ({ side1Id: g.side1, side2Id: g.side2, tournamentGameKey: g.id })),
    },
    now,
  );
}
