// Side balance: how often each side wins, for games where the two sides differ
// (tafl: attackers against defenders), so organizers and players can see whether
// the sides are balanced: a tournament's totals and each player's record per side.

import { roundGames } from "./core";
import type { Game, Outcome, TournamentState } from "./types";

/** Wins, draws and losses of one side (or of one player on one side). */
export interface SideRecord {
  wins: number;
  draws: number;
  losses: number;
}

export interface SideBalance {
  /** Games with a result (void games left out). */
  readonly games: number;
  /** Index 0: side 1, index 1: side 2 (wins of a side are the other side's losses). */
  readonly sides: readonly [SideRecord, SideRecord];
  /** Each player's record on side 1 and on side 2. */
  readonly players: ReadonlyMap<string, readonly [SideRecord, SideRecord]>;
}

const empty = (): SideRecord => ({ wins: 0, draws: 0, losses: 0 });

function add(record: SideRecord, outcome: Outcome, side: 1 | 2): void {
  if (outcome === "draw") record.draws++;
  else if ((outcome === "1-0") === (side === 1)) record.wins++;
  else record.losses++;
}

/** Counts decided games by side. */
export function sideBalance(games: Iterable<Pick<Game, "side1" | "side2" | "result" | "void">>): SideBalance {
  const sides: [SideRecord, SideRecord] = [empty(), empty()];
  const players = new Map<string, [SideRecord, SideRecord]>();
  const of = (id: string) => {
    let r = players.get(id);
    if (!r) players.set(id, (r = [empty(), empty()]));
    return r;
  };
  let count = 0;
  for (const g of games) {
    if (!g.result || g.void) continue;
    count++;
    add(sides[0], g.result.outcome, 1);
    add(sides[1], g.result.outcome, 2);
    add(of(g.side1)[0], g.result.outcome, 1);
    add(of(g.side2)[1], g.result.outcome, 2);
  }
  return { games: count, sides, players };
}

/** Every played game of the tournament, all rounds. */
export function tournamentSideBalance(state: TournamentState): SideBalance {
  return sideBalance(state.rounds.flatMap((r) => [...roundGames(r)]));
}

/** Score of a record (win 1, draw ½) as a percentage of its games; null without games. */
export function scorePercent(r: SideRecord): number | null {
  const n = r.wins + r.draws + r.losses;
  return n === 0 ? null : Math.round(((r.wins + r.draws / 2) / n) * 1000) / 10;
}
