// Clinch marks for a tournament's live tables: one thin adapter per format turns
// the current round's groups (or the league's single table) into the clinch
// engine's input (players, results so far, remaining games, scoring, places that
// qualify). Rounds already complete need no marks: they say who went on.

import { clinchMarks, type ClinchInput, type ClinchMark, type ClinchResult, type ClinchGame } from "./clinch";
import { gamesOf, groupGameId, groupsOf, phaseGameId, phasesOf, withdrawnSet } from "./core";
import { GAME_TYPES } from "./game-types";
import { ADVANCING, rankOf } from "./staged";
import type { FormatName, Game, Group, Round, TournamentState } from "./types";
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
}

function split(games: readonly Game[], id: (n: number) => string): { played: ClinchResult[]; remaining: ClinchGame[] } {
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

function memo(games: Vec<Game>, key: string, make: () => ClinchTable): ClinchTable {
  const hit = remembered.get(games);
  if (hit?.key === key) return hit.table;
  const table = make();
  remembered.set(games, { key, table });
  return table;
}

/** `only`: the 0-based indexes of the groups wanted (all when absent). */
type Adapter = (state: TournamentState, round: Round, only?: readonly number[]) => ClinchTable[];

/** The groups wanted, with their 0-based index; `only` skips listing a 25,000-group round. */
function pick(round: Round, only: readonly number[] | undefined): { group: Group; gi: number }[] {
  if (!only) return groupsOf(round).map((group, gi) => ({ group, gi }));
  return only.flatMap((gi) => {
    const group = vecAt(round.groups, gi);
    return group ? [{ group, gi }] : [];
  });
}

const ADAPTERS: { readonly [F in FormatName]: Adapter | null } = {
  groups(state, round, only) {
    const withdrawn = withdrawnSet(state);
    return pick(round, only).map(({ group, gi }) => {
      const players = group.players.filter((p) => !withdrawn.has(p));
      const details = gi < DETAILED_TABLES;
      return memo(group.games, `${round.number}/${gi}/${details}/${players.join(",")}`, () => {
        const input: ClinchInput = {
          players,
          ...split(gamesOf(group), (n) => groupGameId(round.number, gi + 1, n)),
          drawsPossible: GAME_TYPES[state.gameType].drawsPossible,
          rule: { kind: "points", points: { win: 2, draw: 1, loss: 0 }, tiebreaks: [], blackSide: GAME_TYPES[state.gameType].blackSide, places: 1 },
          details,
        };
        return { round: round.number, group: group.name, goal: "advance", places: 1, remaining: input.remaining.length, marks: clinchMarks(input) };
      });
    });
  },
  league(state, round) {
    const s = state as TournamentState<"league">;
    const voided = new Set(s.withdrawals.filter((w) => w.treatment === "void").map((w) => w.player));
    const games = phasesOf(round).flatMap((phase) => split(gamesOf(phase), (n) => phaseGameId(round.number, phase.number, n)));
    const input: ClinchInput = {
      players: round.seeds.filter((p) => !voided.has(p)),
      cannotQualify: [...withdrawnSet(state)],
      played: games.flatMap((x) => x.played),
      remaining: games.flatMap((x) => x.remaining),
      drawsPossible: GAME_TYPES[state.gameType].drawsPossible,
      rule: { kind: "points", points: s.settings.points, tiebreaks: ["wins", "winsAsBlack"], blackSide: GAME_TYPES[state.gameType].blackSide, places: 1 },
    };
    return [{ round: round.number, group: null, goal: "win", places: 1, remaining: input.remaining.length, marks: clinchMarks(input) }];
  },
  staged(state, round, only) {
    const places = ADVANCING[round.number];
    if (round.number > 3 || places === undefined) return [];
    const withdrawn = withdrawnSet(state);
    const previous = state.rounds[round.number - 2];
    const ratingAt = new Map(round.seeds.map((id, i) => [id, round.ratings[i] ?? 0]));
    return pick(round, only).map(({ group, gi }) => {
      const players = group.players.filter((p) => !withdrawn.has(p));
      return memo(group.games, `${round.number}/${gi}/${players.join(",")}`, () => {
        const step4 = Object.fromEntries(players.map((p) => [p, round.number === 1 ? (ratingAt.get(p) ?? 0) : -rankOf(previous, p)]));
        const input: ClinchInput = {
          players,
          ...split(gamesOf(group), (n) => groupGameId(round.number, gi + 1, n)),
          drawsPossible: GAME_TYPES[state.gameType].drawsPossible,
          rule: { kind: "ladder", places, step4 },
        };
        return { round: round.number, group: group.name, goal: "top", places, remaining: input.remaining.length, marks: clinchMarks(input) };
      });
    });
  },
  diagonal: null,
};

/**
 * Marks for every table of the round in play; empty when nothing is in play.
 * `groups`: only these groups (0-based) of that round, for a page that shows a few
 * of them (the league's one table is always given).
 */
export function clinchTables(state: TournamentState, groups?: readonly number[]): ClinchTable[] {
  const round = state.rounds.at(-1);
  const adapter = ADAPTERS[state.format];
  if (state.status !== "playing" || !round || round.status !== "playing" || !adapter) return [];
  return adapter(state, round, groups);
}
