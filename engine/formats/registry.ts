// The format engine's front door: format name -> implementation (one line per
// format; each format is a folder, engine/formats/<name>/, implementing the
// `Format` contract of types.ts), and the functions the server calls with a stored
// state, whatever its format. `FormatName` is this list's keys, so a format is
// added here and nowhere else in the engine.
//
// Lifecycle for the server:
//   validateSettings(format, settings, playerCount)  -> problems (empty = fine)
//   startTournament(format, players, settings, seed, { gameType })  -> state, round 1 planned
//   playableGames(state)                              -> games to create / show
//   recordResult(state, gameId, result, { ratings })  -> { state, events }
//   withdraw(state, playerId, { ratings })            -> { state, events }
//   chooseRole(state, gameId, playerId, "A" | "B")    -> state (staged, round 2 on)
//   standings(state) (or standingsTable(state): rows, each "why" on demand),
//   roundStandings(state, n), groupStanding(state, n, i), champions(state)
// `ratings` are the players' current ratings; they are read only when the call
// completes a round and the next one is planned (groups and diagonal re-seed each
// round by rating). Pass them on every call, or at least when
// pendingGames(state) === 1. States are plain JSON: store them as they are. Read a
// round's groups, phases and games with groupsOf / phasesOf / gamesOf (or the vec*
// functions for one item): they are persistent vectors (vec.ts).

import type { ClinchTable } from "./clinch-tables";
import { currentRound, groupTallies, groupsOf, parseGameId, findGame as find, gamesWithIds as withIds, playableGames as openGames } from "./core";
import { diagonalFormat } from "./diagonal/diagonal";
import { eliminationFormat } from "./elimination/elimination";
import { groupsFormat } from "./groups/groups";
import { leagueFormat } from "./league/league";
import { stagedFormat } from "./staged/staged";
import { swissFormat } from "./swiss/swiss";
import { GAME_FAMILIES, type GameFamily } from "./game-types";
import type {
  Format,
  FormatName,
  FormatResult,
  GameWithId,
  GroupStanding,
  PlanOptions,
  Player,
  Problem,
  ResultInput,
  SettingsByFormat,
  SettingsInput,
  StandingRow,
  Standings,
  TournamentState,
  Transition,
} from "./types";
import { runSteps, standingRows } from "./standings";
import { FormatError } from "./types";
import { formatProblems, type Validated } from "./validation";

/** Every format, in the order the site lists them: one line each. */
export const FORMATS = {
  groups: groupsFormat,
  league: leagueFormat,
  diagonal: diagonalFormat,
  staged: stagedFormat,
  swiss: swissFormat,
  elimination: eliminationFormat,
} as const;

/** Each entry is filed under its own name (a format under another's name does not compile). */
export const _filedByName: { readonly [F in FormatName]: Format<F, unknown> } = FORMATS;

export const FORMAT_NAMES = Object.keys(FORMATS) as FormatName[];

/** The site's name for a format ("League (double round-robin)"). */
export function formatLabel(name: FormatName): string {
  return getFormat(name).label;
}

export function isFormatName(value: unknown): value is FormatName {
  return typeof value === "string" && Object.hasOwn(FORMATS, value);
}

export function getFormat<F extends FormatName>(name: F): Format<F> {
  const format = FORMATS[name];
  if (!format) throw new FormatError(`unknown format ${JSON.stringify(name)} (known: ${FORMAT_NAMES.join(", ")})`);
  // FORMATS[name] is typed as the union of every entry; _filedByName checks it is Format<F>.
  return format as unknown as Format<F>;
}

/**
 * The implementation for a stored state. TypeScript cannot correlate a state's
 * `format` with the matching Format<F> through a union, hence the one cast.
 */
function formatOf(state: TournamentState): Format<FormatName> {
  return getFormat(state.format) as unknown as Format<FormatName>;
}

/** What is wrong with `settings` as a form or the API sends them (anything: this is the check) for `playerCount` players. */
export function validateSettings(format: FormatName, settings: unknown, playerCount: number): Problem[] {
  if (!isFormatName(format)) return [{ field: "format", message: `unknown format ${JSON.stringify(format)} (known: ${FORMAT_NAMES.join(", ")})` }];
  return formatProblems(getFormat(format) as Validated<unknown>, settings, playerCount);
}

/** Every setting of the format with its default. */
export function defaultSettings<F extends FormatName>(format: F): SettingsByFormat[F] {
  return getFormat(format).settings.parse({}) as SettingsByFormat[F];
}

/** The settings `input` stands for, defaults filled in; throws a FormatError naming the problems when they are not valid. */
export function resolveSettings<F extends FormatName>(format: F, input: unknown): SettingsByFormat[F] {
  const problems = validateSettings(format, input, getFormat(format).minPlayers).filter((p) => p.field !== "players");
  if (problems.length > 0) throw new FormatError(problems.map((p) => p.message).join("; "));
  return getFormat(format).settings.parse(input ?? {}) as SettingsByFormat[F];
}

export function startTournament<F extends FormatName>(
  format: F,
  players: readonly Player[],
  settings: SettingsInput<F> | undefined,
  seed: string | number,
  options?: { gameType?: GameFamily },
): TournamentState<F> {
  return getFormat(format).start(players, settings, seed, options);
}

export function recordResult<F extends FormatName>(state: TournamentState<F>, gameId: string, result: FormatResult, options?: PlanOptions): Transition<F> {
  return recordResults(state, [{ gameId, result }], options);
}

/**
 * Whether recording this result can add or release games before its round's (or
 * league phase's) last result: true only for the staged knockouts' draws, which are
 * replayed at once. A server that defers applying results until a round closes must
 * apply this one at once.
 */
export function resultReshapesRound(format: FormatName, gameId: string, result: FormatResult): boolean {
  const reshapes = getFormat(format).reshapesRound;
  const round = parseGameId(gameId)?.round;
  return reshapes !== undefined && round !== undefined && reshapes(round, result);
}

/** Several results at once (an organizer's batch, the simulator): one copy of the state. */
export function recordResults<F extends FormatName>(state: TournamentState<F>, results: readonly ResultInput[], options?: PlanOptions): Transition<F> {
  return formatOf(state).recordResults(state, results, options) as Transition<F>;
}

/** Whether the format closes a held round in steps (Format.closeHeldRoundSteps). */
export function closesHeldRoundInSteps(state: TournamentState): boolean {
  return formatOf(state).closeHeldRoundSteps !== undefined;
}

/**
 * Closes the current round that PlanOptions.hold left complete and open, in steps
 * (Format.closeHeldRoundSteps; check closesHeldRoundInSteps first): what recordResults
 * without `hold` would have made on the round's last result.
 */
export function closeHeldRoundSteps<F extends FormatName>(state: TournamentState<F>, options: PlanOptions = {}): Generator<void, Transition<F>> {
  const steps = formatOf(state).closeHeldRoundSteps;
  if (!steps) throw new FormatError(`${getFormat(state.format).noun} closes a round in one step`);
  return steps(state, options) as Generator<void, Transition<F>>;
}

/** A late entry (formats that take them: `canAddPlayers`), paired from the next round the format plans. */
export function addPlayer<F extends FormatName>(state: TournamentState<F>, player: Player): TournamentState<F> {
  const add = formatOf(state).addPlayer;
  if (!add) throw new FormatError(`${getFormat(state.format).noun} takes no late entries`);
  return add(state, player) as TournamentState<F>;
}

/** The round a player entering the running tournament now would first play; null when it takes no late entries (now). */
export function lateEntryRound(state: TournamentState): number | null {
  const round = formatOf(state).lateEntryRound;
  return round ? round(state) : null;
}

/** Whether the format takes players after its start. */
export function canAddPlayers(format: FormatName): boolean {
  return getFormat(format).addPlayer !== undefined;
}

export function withdraw<F extends FormatName>(state: TournamentState<F>, playerId: string, options?: PlanOptions): Transition<F> {
  return formatOf(state).withdraw(state, playerId, options) as Transition<F>;
}

/** The tournament standings, every row with its "why". */
export function standings(state: TournamentState): StandingRow[] {
  return standingRows(standingsTable(state));
}

/**
 * The table made last for each tournament, by its player list (which every version
 * of a tournament shares until a player is added): the next version's standings are
 * made from it (Format.standings' `previous`).
 */
const lastTables = new WeakMap<TournamentState["players"], Standings>();

/** The tournament standings with each row's "why" written on demand (pages that show a window of them). */
export function standingsTable(state: TournamentState): Standings {
  return runSteps(standingsSteps(state));
}

/**
 * standingsTable in steps, yielding between them where the format makes its table so
 * (Format.standingsSteps; one step otherwise). The caller lets other work run between
 * steps (server/services/tournament/read-tournament.ts).
 */
export function* standingsSteps(state: TournamentState): Generator<void, Standings> {
  const format = formatOf(state);
  const previous = lastTables.get(state.players);
  const table = format.standingsSteps ? yield* format.standingsSteps(state, previous) : format.standings(state, previous);
  lastTables.set(state.players, table);
  return table;
}

/**
 * Tallies every group of the current round (groupTallies, remembered per group
 * object), one group a step: what a group round's close reads of them, done ahead so
 * that the close, one synchronous step of the engine, does not also tally a
 * 100,000-player round's 25,000 groups while every request of the process waits.
 */
export function* warmRoundTallies(state: TournamentState): Generator<void> {
  const round = state.rounds.at(-1);
  if (!round) return;
  const blackSide = GAME_FAMILIES[state.gameType].blackSide;
  for (const group of groupsOf(round)) {
    groupTallies(group, blackSide);
    yield;
  }
}

export function roundStandings(state: TournamentState, roundNumber: number): GroupStanding[] {
  return formatOf(state).roundStandings(state, roundNumber);
}

/** roundStandings(state, roundNumber)[groupIndex] (0-based), computing that group only where the format can. */
export function groupStanding(state: TournamentState, roundNumber: number, groupIndex: number): GroupStanding | undefined {
  const format = formatOf(state);
  return format.groupStanding ? format.groupStanding(state, roundNumber, groupIndex) : format.roundStandings(state, roundNumber)[groupIndex];
}

export function champions(state: TournamentState): readonly string[] {
  return state.status === "finished" ? state.champions : [];
}

export function playableGames(state: TournamentState): GameWithId[] {
  return openGames(state);
}

/** Every game of a round with its id (stored games carry no id: it is their position). */
export function roundGamesWithIds(state: TournamentState, roundNumber: number): GameWithId[] {
  const round = state.rounds[roundNumber - 1];
  if (!round) throw new FormatError(`there is no round ${roundNumber}`);
  return [...withIds(round)];
}

/** The game with this id, or null. */
export function findGame(state: TournamentState, gameId: string): GameWithId | null {
  return find(state, gameId);
}

/** Released games of the current round still waiting for a result. */
export function pendingGames(state: TournamentState): number {
  return state.status === "finished" ? 0 : currentRound(state).pending;
}

export { correctResult, gamesOf, groupIndexOf, groupsOf, phasesOf, warmGroupIndex } from "./core";

/** Whether players of this format pick their side before a game (the staged format, round 2 on). */
export function choosesRoles(format: FormatName): boolean {
  return getFormat(format).chooseRole !== undefined;
}

/** Staged format, round 2 on: the higher seed picks A (side 1) or B (side 2) before the game. */
export function chooseRole<F extends FormatName>(state: TournamentState<F>, gameId: string, playerId: string, role: "A" | "B"): TournamentState<F> {
  const choose = formatOf(state).chooseRole;
  if (!choose) throw new FormatError(`only the staged format lets a player choose a role`);
  return choose(state, gameId, playerId, role) as TournamentState<F>;
}

/**
 * Marks for every table of the round in play; empty when nothing is in play.
 * `groups`: only these groups (0-based) of that round, for a page that shows a few
 * of them (the league's one table is always given).
 */
export function clinchTables(state: TournamentState, groups?: readonly number[]): ClinchTable[] {
  const round = state.rounds.at(-1);
  if (state.status !== "playing" || !round || round.status !== "playing") return [];
  return formatOf(state).clinchTables(state, round, groups);
}
