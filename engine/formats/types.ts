// The vocabulary shared by every tournament format: players, games, results,
// rounds, groups, phases, the serializable tournament state, standings rows, audit
// entries, and the `Format` contract each format implements. Everything here is
// plain data (no classes, no Maps, no undefined-vs-missing tricks), so a state
// survives JSON.stringify / JSON.parse unchanged and the server can store it as is.
// The lists that grow with the tournament (a round's groups and phases, their
// games) are persistent vectors (vec.ts), so a result copies a bounded amount.

import type { PrngState } from "../prng";
import type { GameResult } from "../result";
import type { ClinchTable } from "./clinch-tables";
import type { GameFamily } from "./game-types";
import type { FORMATS } from "./registry";
import type { SettingsSchema } from "./settings";
import type { Vec } from "./vec";

/** The formats, as registry.ts lists them (one line each): a name not there is not a format. */
export type FormatName = keyof typeof FORMATS;

/** A player as the engine sees them: an opaque id and the rating used for seeding. */
export interface Player {
  readonly id: string;
  readonly rating: number;
}

/** Side 1 won, side 2 won, or a draw: the one result union (engine/result.ts), re-exported for the formats' callers. */
export type { GameResult };

export type ResultReason = "normal" | "resignation" | "time" | "forfeit" | "withdrawal" | "organizer";

/** A game's result as a format records it: the outcome, why, and the margin (not to be confused with `GameResult`, the outcome alone). */
export interface FormatResult {
  readonly outcome: GameResult;
  readonly reason: ResultReason;
  /**
   * Size of the win where the game has one (pieces left, points difference),
   * always >= 0 and credited to the winner; 0 or absent for draws and for games
   * without margins. Used by the diagonal race and staged tiebreaks.
   */
  readonly margin?: number;
}

/**
 * One game as stored in a round. Its id is its position, so it is not stored:
 * `r{round}-g{group}-{n}` for group-based rounds, `r1-p{phase}-{n}` for the league
 * (1-based). A 100,000-player round holds up to 700,000 games, and leaving out one
 * string per game saves a third of the memory and of the planning time. Every API
 * that hands games out (playableGames, gamesWithIds) adds the id.
 */
export interface Game {
  readonly side1: string;
  readonly side2: string;
  readonly result?: FormatResult;
  /** Removed from every record (league and staged withdrawal rules). */
  readonly void?: true;
  /** Staged format: the higher seed, who may still pick role A or B (see chooseRole). */
  readonly chooser?: string;
  /** Staged knockouts: id of the drawn game this one replays with roles swapped. */
  readonly replayOf?: string;
}

/** A game with its deterministic id, as handed to the server. */
export interface GameWithId extends Game {
  readonly id: string;
}

export interface Group {
  readonly name: string;
  /** In seed order for the round (for the diagonal race: the circle order). */
  readonly players: readonly string[];
  readonly games: Vec<Game>;
  /** Final order of the group once the round is complete (staged format). */
  readonly ranking?: readonly string[];
}

export interface Phase {
  readonly number: number;
  readonly byes: readonly string[];
  readonly games: Vec<Game>;
}

/** How the diagonal race paired a round (kept with the round: "record what was done"). */
export interface DiagonalPattern {
  readonly opponents: number;
  /** The offsets the rule gives, d_j = round(j*n/(k+1)), duplicates collapsed. */
  readonly base: readonly number[];
  /** The offsets actually used (differ from base when rematches were avoided). */
  readonly offsets: readonly number[];
  readonly rematches: number;
  /** Losses count from this round on (a new count starts with each play-off). */
  readonly countLossesFrom: number;
  readonly playoff: boolean;
}

export interface Round {
  readonly number: number;
  readonly name: string;
  /** Everyone in the round, in seed order, and their ratings when it was planned. */
  readonly seeds: readonly string[];
  readonly ratings: readonly number[];
  readonly groups: Vec<Group>;
  /** League only: the phases, all planned up front, released one by one. */
  readonly phases?: Vec<Phase>;
  readonly releasedPhases?: number;
  /** Released games still waiting for a result (void games excluded). */
  readonly pending: number;
  readonly status: "playing" | "complete";
  /** Filled when the round completes: who goes on (in order), who is out. */
  readonly advanced?: readonly string[];
  readonly eliminated?: readonly string[];
  readonly pattern?: DiagonalPattern;
  /** Staged rounds 2 and 3: index (0-based) of the grouping drawn. */
  readonly grouping?: number;
}

export interface AuditEntry {
  readonly round: number;
  readonly what: string;
  readonly decided: string;
}

export interface Withdrawal {
  readonly player: string;
  readonly round: number;
  /**
   * forfeit: their unplayed games of the round are lost; void: their games are
   * removed from every record; removed: no longer in play (staged: left between
   * rounds and the round was planned again, or had already been eliminated).
   */
  readonly treatment: "forfeit" | "void" | "removed";
}

/** Each format's settings, as its schema (its `settings`) gives them. */
export type SettingsByFormat = { readonly [F in FormatName]: (typeof FORMATS)[F] extends Format<F, infer S> ? S : never };

export type SettingsInput<F extends FormatName> = Partial<SettingsByFormat[F]>;

/** Some format's settings, resolved: what a tournament stores beside its format name. */
export type FormatSettings = SettingsByFormat[FormatName];

export interface TournamentState<F extends FormatName = FormatName> {
  readonly version: 1;
  readonly format: F;
  readonly gameType: GameFamily;
  readonly settings: SettingsByFormat[F];
  /** Everyone entered, in the order of round 1's seeding. */
  readonly players: readonly Player[];
  readonly rounds: readonly Round[];
  readonly withdrawals: readonly Withdrawal[];
  readonly status: "playing" | "finished";
  readonly champions: readonly string[];
  /** Groups: consecutive rounds that eliminated nobody (two end the tournament). */
  readonly roundsWithoutElimination: number;
  readonly prng: PrngState;
  readonly audit: readonly AuditEntry[];
}

/** Something the server must react to after a state change. */
export type EngineEvent =
  | { readonly type: "phase-released"; readonly round: number; readonly phase: number }
  | { readonly type: "round-released"; readonly round: number }
  | { readonly type: "round-replanned"; readonly round: number }
  | { readonly type: "round-complete"; readonly round: number }
  | { readonly type: "game-added"; readonly round: number; readonly gameId: string }
  | { readonly type: "finished"; readonly champions: readonly string[] };

export interface Transition<F extends FormatName = FormatName> {
  readonly state: TournamentState<F>;
  readonly events: readonly EngineEvent[];
}

/**
 * Current ratings for planning later rounds: a record, a Map, or a lookup. A player
 * missing from it keeps the rating recorded with the previous round.
 */
export type RatingSource = Readonly<Record<string, number>> | ReadonlyMap<string, number> | ((playerId: string) => number | undefined);

export interface PlanOptions {
  /** Used only if the change completes a round and the next one is planned now. */
  readonly ratings?: RatingSource;
  /**
   * Leave a round that the results complete open (status "playing", nothing
   * pending): how readers see a round between its last result and its close, which
   * the server plans with the players' current ratings (server/services/tournament/close-round.ts).
   */
  readonly hold?: boolean;
}

export interface ResultInput {
  readonly gameId: string;
  readonly result: FormatResult;
}

export interface Problem {
  /** The setting at fault, or "players" for the player count. */
  readonly field: string;
  readonly message: string;
}

export interface StandingRow {
  readonly player: string;
  readonly rank: number;
  /** "3" or "3=" when the rank is shared. */
  readonly rankLabel: string;
  /** The values that decided the place, by tiebreak name, in the order applied. */
  readonly values: Readonly<Record<string, number>>;
  /** Why this row is above the next one (empty on the last row). */
  readonly why: string;
  readonly status: "playing" | "champion" | "eliminated" | "withdrawn";
}

/** A standings row before its "why" is written. */
export type RankedRow = Omit<StandingRow, "why">;

/**
 * Tournament standings: every row in order, and each row's "why" written on demand
 * (the sentence is the same as in StandingRow.why; a page asks for the ~70 it shows).
 */
export interface Standings {
  readonly rows: readonly RankedRow[];
  /** Why row `index` is above the next one (empty on the last row). */
  why(index: number): string;
}

export interface GroupStanding {
  readonly name: string;
  readonly rows: readonly StandingRow[];
}

export interface StartOptions {
  readonly gameType?: GameFamily;
}

/**
 * The contract every format implements (in its own folder, `engine/formats/<name>/`,
 * listed by one line in registry.ts). All functions are pure. `S` is what its
 * settings schema gives.
 */
export interface Format<F extends FormatName, S = SettingsByFormat[F]> {
  readonly name: F;
  /** The engine's name for it ("Group elimination"), as the simulator and the form's settings box say. */
  readonly title: string;
  /** The site's name for it in lists, the create form's choice and the tournament page ("League (double round-robin)"). */
  readonly label: string;
  /** The format in a sentence, lower case ("the league"): problems name it so. */
  readonly noun: string;
  /** Every setting with its label, default and limits (settings.ts); `settingsSchema({})` for none. */
  readonly settings: SettingsSchema<S>;
  readonly defaultGameType: GameFamily;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /**
   * Problems the schema cannot see, once the settings are valid: a player count the
   * settings decide (a double elimination needs 3). Absent: none.
   */
  checkSettings?(settings: S, playerCount: number): Problem[];
  /** Seeds the players and plans round 1. Throws a FormatError if the settings or players have problems. */
  start(players: readonly Player[], settings: SettingsInput<F> | undefined, seed: string | number, options?: StartOptions): TournamentState<F>;
  /**
   * Whether this result adds or releases games while other games of its round are
   * still pending (the staged knockouts replay a draw at once). Absent: only the
   * round's (phase's) last result does. The server folds its result log at once then.
   */
  reshapesRound?(round: number, result: FormatResult): boolean;
  /** Records results of released games, releasing phases / rounds as they complete. */
  recordResults(state: TournamentState<F>, results: readonly ResultInput[], options?: PlanOptions): Transition<F>;
  /** Applies the format's withdrawal rule. */
  withdraw(state: TournamentState<F>, playerId: string, options?: PlanOptions): Transition<F>;
  /** A late entry, paired from the next round planned (the Swiss). Absent: the format takes no players after its start. */
  addPlayer?(state: TournamentState<F>, player: Player): TournamentState<F>;
  /** With addPlayer: the round a player entering now would first play, or null when the settings or the stage take no more entries. */
  lateEntryRound?(state: TournamentState<F>): number | null;
  /**
   * Standings of the whole tournament so far. `previous`: the table made last for a
   * version of this tournament (registry.ts), for rankTable to rank only what changed;
   * the table is the same with or without it.
   */
  standings(state: TournamentState<F>, previous?: Standings): Standings;
  /**
   * standings(state, previous) in steps (a generator yielding between them), for a
   * caller that lets other work run between steps: a large format's per-group work
   * when every group is new to the process (a restart, a snapshot just read: half a
   * second at 100,000 players) and its whole sort (a round's close makes one for the
   * new round's standings). Absent: one step.
   */
  standingsSteps?(state: TournamentState<F>, previous?: Standings): Generator<void, Standings>;
  /**
   * Closes the current round that PlanOptions.hold left complete and open, in steps (a
   * generator yielding between them): the state and events recordResults would have
   * made without `hold` on the round's last result. For a caller that lets other work
   * run between steps: a 100,000-player round's close and the next round's plan were
   * one step of about 0.2 s in a server's heap. Absent: the caller applies the last
   * results without `hold` (one step).
   */
  closeHeldRoundSteps?(state: TournamentState<F>, options: PlanOptions): Generator<void, Transition<F>>;
  /** Standings of one round, per group. */
  roundStandings(state: TournamentState<F>, roundNumber: number): GroupStanding[];
  /**
   * The standing of one group (0-based) of a round, what roundStandings(...)[index]
   * gives, without the other groups (a page shows 13 of 25,000). Absent: taken
   * from roundStandings.
   */
  groupStanding?(state: TournamentState<F>, roundNumber: number, groupIndex: number): GroupStanding | undefined;
  /**
   * Clinch marks for the tables of `round`, the round in play (clinch-tables.ts):
   * `only` lists the 0-based groups wanted (all when absent). A format without live
   * tables to mark returns none.
   */
  clinchTables(state: TournamentState<F>, round: Round, only?: readonly number[]): ClinchTable[];
  /** Only for formats where a player picks their side before a game (staged, round 2 on): "A" is side 1. */
  chooseRole?(state: TournamentState<F>, gameId: string, playerId: string, role: "A" | "B"): TournamentState<F>;
}

/** A rejected request: the message is meant for the user. */
export class FormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FormatError";
  }
}
