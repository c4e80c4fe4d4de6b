// Helpers shared by the format tests: play a tournament to the end with a chosen
// result rule, and check the invariants every state must keep. Not imported by
// production code.

import { findGame, playableGames, recordResults } from "./registry";
import { gamesWithIds } from "./core";
import type { FormatName, Game, FormatResult, Player, TournamentState } from "./types";

export const WIN1: FormatResult = { outcome: "1-0", reason: "normal" };
export const WIN2: FormatResult = { outcome: "0-1", reason: "normal" };
export const DRAW: FormatResult = { outcome: "draw", reason: "normal" };

export const players = (n: number): Player[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - i * 10 }));

/** The stronger-seeded player (lower p-number) wins. */
export const favouriteWins = (g: Game): FormatResult => (Number(g.side1.slice(1)) < Number(g.side2.slice(1)) ? WIN1 : WIN2);

/** Plays batch after batch until the tournament is finished (or `maxBatches`). */
export function playOut<F extends FormatName>(state: TournamentState<F>, decide: (g: Game) => FormatResult, maxBatches = 10_000): TournamentState<F> {
  let s = state;
  for (let i = 0; i < maxBatches && s.status === "playing"; i++) {
    const games = playableGames(s);
    if (games.length === 0) throw new Error("stalled");
    s = recordResults(
      s,
      games.map((g) => ({ gameId: g.id, result: decide(g) })),
    ).state;
  }
  return s;
}

/** Game ids are unique and lead back to their game; no game pairs a player with themself. */
export function checkGameIds(state: TournamentState): void {
  const ids = new Set<string>();
  for (const r of state.rounds) {
    for (const g of gamesWithIds(r)) {
      if (ids.has(g.id)) throw new Error(`duplicate game id ${g.id}`);
      if (g.side1 === g.side2) throw new Error(`${g.id} pairs ${g.side1} with themself`);
      if (JSON.stringify(findGame(state, g.id)) !== JSON.stringify(g)) throw new Error(`${g.id} does not lead back to its game`);
      ids.add(g.id);
    }
  }
}

export const jsonRoundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
