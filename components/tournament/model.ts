// Shared vocabulary of the tournament components: the props every view takes
// (player names, links to the site's game pages) and small pure readings of
// engine data (a game from one player's point of view, the games of one group or
// phase with their ids). Kept free of React so the unit tests can use it.

import { GAME_FAMILIES, gamesOf, groupsOf, phasesOf, roundGamesWithIds, type ClinchTable, type GameWithId, type TournamentState } from "@/engine/formats";
import { formatPoints } from "@/components/formats/pages";
import type { PlayerOutcome, TableInfo } from "@/lib/tournament-view";

export interface PlayerInfo {
  readonly username: string;
  readonly rating?: number;
}

/** Engine player id -> what the site knows about the player. */
export type PlayerNames = Readonly<Record<string, PlayerInfo>>;

/** Engine game id (`r1-g2-3`, `r1-p4-2`) -> URL of the site's game page. */
export type GameLinks = Readonly<Record<string, string>>;

/** Props shared by every view that draws a tournament. */
export interface TournamentViewProps {
  readonly state: TournamentState;
  readonly names: PlayerNames;
  readonly gameLinks?: GameLinks;
  /** Clinch marks of the live tables (server-computed, per tournament version). */
  readonly clinch?: readonly ClinchTable[];
  /** The games are played on the site (false: elsewhere, results reported); default true. */
  readonly onSite?: boolean;
}

export function playerName(names: PlayerNames, id: string): string {
  return names[id]?.username ?? id;
}

export { outcomeFor, type PlayerOutcome } from "@/lib/tournament-view";

/** "1", "½", "0" as a cross-table shows a result. */
export function outcomeSymbol(outcome: PlayerOutcome): string {
  return outcome === "win" ? "1" : outcome === "draw" ? "½" : "0";
}

/** A result as the points it scored ("2", "1", "½"), for cross-table cells. */
export function outcomePointsText(state: TableInfo, outcome: PlayerOutcome): string {
  return formatNumber(formatPoints(state)[outcome], true);
}

/** "win 2, draw 1, loss 0": how the format scores, for table headings. */
export function pointsLegend(state: TableInfo): string {
  const p = formatPoints(state);
  return `win ${formatNumber(p.win, true)}, draw ${formatNumber(p.draw, true)}, loss ${formatNumber(p.loss, true)}`;
}

/** The result as written under a game: "1–0", "½–½", "0–1". */
export function resultText(game: GameWithId): string {
  if (game.void) return "void";
  if (!game.result) return "–";
  return game.result.outcome === "1-0" ? "1–0" : game.result.outcome === "0-1" ? "0–1" : "½–½";
}

/** Names of side 1 and side 2 for the tournament's game type ("attacker", "defender"). */
export function sideNames(state: TableInfo): readonly [string, string] {
  return GAME_FAMILIES[state.gameType].sides;
}

/** One letter per side for compact cells: tafl A/D, chess W/B, roles A/B, race 1/2. */
export function sideLetters(state: TableInfo): readonly [string, string] {
  const [a, b] = sideNames(state);
  const first = (s: string) => s.charAt(0).toUpperCase();
  // Race games name their sides "first" / "second": digits read better than F / S.
  return state.gameType === "race" ? ["1", "2"] : [first(a), first(b)];
}

/** Numbers as the engine gives them (67.5, 2.333), without float noise; halves as "½". */
export function formatNumber(value: number, halves = false): string {
  if (halves && !Number.isInteger(value) && Number.isInteger(value * 2)) {
    const whole = Math.trunc(value);
    return `${whole === 0 ? "" : whole}½`;
  }
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/**
 * The games of each group (or phase) of a round, with their ids. The engine hands
 * games out in group order then phase order, so slicing by the stored counts
 * keeps this module ignorant of the id scheme.
 */
export function gamesByContainer(state: TournamentState, roundNumber: number): { groups: GameWithId[][]; phases: GameWithId[][] } {
  const round = state.rounds[roundNumber - 1];
  if (!round) return { groups: [], phases: [] };
  const all = roundGamesWithIds(state, roundNumber);
  let at = 0;
  const take = (count: number) => {
    const slice = all.slice(at, at + count);
    at += count;
    return slice;
  };
  const groups = groupsOf(round).map((g) => take(gamesOf(g).length));
  const phases = phasesOf(round).map((p) => take(gamesOf(p).length));
  return { groups, phases };
}

/**
 * Final places in words once the tournament is over: "Runner-up", "Third place"
 * (the champion has its own badge). Undefined while playing or for shared places,
 * where "Eliminated" or the shared rank says it.
 */
export function finalPlaceLabel(state: TableInfo, row: { readonly rankLabel: string; readonly status: string }): string | undefined {
  if (state.status !== "finished" || row.status === "withdrawn" || row.status === "champion") return undefined;
  if (row.rankLabel === "2") return "Runner-up";
  if (row.rankLabel === "3") return "Third place";
  // A finished league leaves everyone "playing": say the place instead of "Active".
  return row.status === "playing" ? `Place ${row.rankLabel}` : undefined;
}
