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
 * syncGames without waiting for the insert: see sendGames. `starting`: the tournament
 * is starting, so it has no games yet and the read of those it has is skipped (a round
 * trip and a scan of the index before a start's first insert).
 */
export async function sendMissingGames(
  tx: Db,
  t: TournamentRow,
  state: TournamentState,
  now: Date,
  { starting = false } = {},
): Promise<ReturnType<typeof sendGames>> {
  const playable = playableGames(state);
  if (playable.length === 0) return { created: [], written: Promise.resolve() };
  let missing = playable;
  if (!starting) {
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
