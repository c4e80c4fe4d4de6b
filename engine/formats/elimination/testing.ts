// Helpers for the elimination tests: play a tournament to its end with a chosen
// result rule, and read its matches. Not imported by production code.

import { gamesOf, groupsOf, playableGames } from "../core";
import type { Game, FormatResult, GameWithId, TournamentState } from "../types";
import { eliminationFormat } from "./elimination";

/** Plays batch after batch of the playable games until the tournament ends. */
export function playOut(
  state: TournamentState<"elimination">,
  decide: (g: GameWithId, s: TournamentState<"elimination">) => FormatResult,
  maxBatches = 10_000,
): TournamentState<"elimination"> {
  let s = state;
  for (let i = 0; i < maxBatches && s.status === "playing"; i++) {
    const games = playableGames(s);
    if (games.length === 0) throw new Error("stalled: nothing to play");
    s = eliminationFormat.recordResults(
      s,
      games.map((g) => ({ gameId: g.id, result: decide(g, s) })),
    ).state;
  }
  if (s.status === "playing") throw new Error(`not finished after ${maxBatches} batches`);
  return s;
}

/** A result that makes `winner` win game g. */
export const winFor = (g: Game, winner: string): FormatResult => ({ outcome: g.side1 === winner ? "1-0" : "0-1", reason: "normal" });

/** A stable pseudo-random choice between two players, the same whichever side each is on. */
export function pairPick(a: string, b: string, salt = 0): string {
  const [x, y] = a < b ? [a, b] : [b, a];
  let h = 2166136261 ^ salt;
  for (const ch of `${x}|${y}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return (h >>> 0) % 2 === 0 ? x : y;
}

/** Every match of a finished or running tournament: name, players in slot order, winner. */
export function matchesOf(
  state: TournamentState<"elimination">,
): { round: number; name: string; players: readonly string[]; games: readonly Game[]; ranking?: readonly string[] }[] {
  return state.rounds.flatMap((r) => groupsOf(r).map((g) => ({ round: r.number, name: g.name, players: g.players, games: gamesOf(g), ranking: g.ranking })));
}
