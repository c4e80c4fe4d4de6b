// The /formats pages' examples: the rule book's examples are drawn on simulated
// players ordered by rating, with a fixed seed so a page never changes.

import { simulatedPlayers, startTournament, type FormatName, type TournamentState } from "@/engine/formats";
import type { PlayerNames } from "@/components/tournament/model";

const SEED = "rule-book";

/** Round 1 of `format` for `count` simulated players p1…pn (p1 strongest), named by `label(i)` with i from 0. */
export function guideExample<F extends FormatName>(format: F, count: number, label: (i: number) => string): { state: TournamentState<F>; names: PlayerNames } {
  const players = simulatedPlayers(count);
  const names: Record<string, { username: string; rating: number }> = {};
  players.forEach((p, i) => (names[p.id] = { username: label(i), rating: p.rating }));
  return { state: startTournament(format, players, undefined, SEED), names };
}
