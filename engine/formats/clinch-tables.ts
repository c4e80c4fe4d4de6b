// Clinch marks for a tournament's live tables: each format's `clinchTables` (in its
// folder) is a thin adapter that turns the current round's groups (or the league's
// single table) into the clinch engine's input (players, results so far, remaining
// games, scoring, places that qualify); this module holds what they share.
// registry.ts's `clinchTables` asks the format for the round in play only: rounds
// already complete need no marks, they say who went on.

import type { ClinchMark, ClinchResult, ClinchGame } from "./clinch";
import { groupsOf } from "./core";
import type { Game, Group, Round } from "./types";
import { vecAt, type Vec } from "./vec";

export interface ClinchTable {
  readonly round: number;
  /** The group's name; null for the league's one table. */
  readonly group: string | null;
  /** What a qualifying place means here. */
  readonly goal: "advance" | "win" | "top";
  /** How many places qualify (for "top"). */
  readonly places: number;
  /** Games still to play in the table. */
  readonly remaining: number;
  readonly marks: readonly ClinchMark[];
  /** How the marks were decided, when the table's own rules do not say it all (the Swiss: on points alone). */
  readonly note?: string;
}

/** A table's games as the clinch engine reads them: results so far, games to play (void games left out). */
export function splitGames(games: readonly Game[], id: (n: number) => string): { played: ClinchResult[]; remaining: ClinchGame[] } {
  const played: ClinchResult[] = [];
  const remaining: ClinchGame[] = [];
  games.forEach((g, i) => {
    if (g.void) return;
    const base = { id: id(i + 1), side1: g.side1, side2: g.side2 };
    if (g.result) played.push({ ...base, outcome: g.result.outcome, margin: g.result.margin });
    else remaining.push(base);
  });
  return { played, remaining };
}

/**
 * Tables past this many in a round get statuses and rivals only, not the "what
 * if" searches behind the details of the "Why?" (a 100,000-player round has 25,000
 * groups; pages show the first 24).
 */
export const DETAILED_TABLES = 48;

/**
 * A round's groups keep their identity until one of their own games changes
 * (engine states are immutable and copy only what they touch), so marks are
 * remembered per group object: after a result only its own group is worked out again.
 */
const remembered = new WeakMap<Vec<Game>, { key: string; table: ClinchTable }>();

export function memoTable(games: Vec<Game>, key: string, make: () => ClinchTable): ClinchTable {
  const hit = remembered.get(games);
  if (hit?.key === key) return hit.table;
  const table = make();
  remembered.set(games, { key, table });
  return table;
}

/** The groups wanted, with their 0-based index; `only` skips listing a 25,000-group round. */
export function pickGroups(round: Round, only: readonly number[] | undefined): { group: Group; gi: number }[] {
  if (!only) return groupsOf(round).map((group, gi) => ({ group, gi }));
  return only.flatMap((gi) => {
    const group = vecAt(round.groups, gi);
    return group ? [{ group, gi }] : [];
  });
}
