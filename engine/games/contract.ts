// The game contract: what every game played on the site implements, in its own
// folder (engine/games/<game>/), and the one shape the server, the router and
// the pages use. Nothing outside a game's folder knows its rules or its state:
// positions travel and are stored as the game's own serialized text, and the
// registry (registry.ts) turns a game type id into the game.
//
// A game implements `GameRules<S>` over its own immutable state type S; the
// registry wraps it (`onSite`) into an `OnSiteGame`, which speaks serialized
// positions only, so callers never need S.
//
// Chance (dice) stays outside the engine's choice: a game that uses it implements
// `chance`, and the server supplies the values (drawn by the verifiable scheme of
// docs/dice.md), never `Math.random`. A game without chance leaves `chance` and
// `parts` out and nothing about it changes. The record of a chance game holds the
// rolls among the moves (each roll is one entry, in a notation `chance.readRoll`
// reads back), so replaying the record replays the dice; ply counts every entry.
// In a chance game the side to move is whatever `toMove` says, not the ply's parity
// (a cube offer is answered by the other side, and a roll is not a move).

import type { GameResult } from "../result";

/** How tournament formats treat the sides (engine/formats/game-types.ts). */
export type GameFamily = "tafl" | "chess" | "roles" | "race";

/** Side 1 moves first (attackers in tafl, white in chess). */
export type SideNumber = 1 | 2;

/** Ends every game shares; a game adds its own (checkmate, king escaped, …). */
export const COMMON_END_REASONS = ["resignation", "timeout", "agreement"] as const;
export type CommonEndReason = (typeof COMMON_END_REASONS)[number];

/** Whether `text` (read back from a stored position) is one of a game's end reasons (`reasons`' keys) or a common one. */
export function isEndReason<R extends string>(reasons: Readonly<Record<R, string>>, text: string): text is R | CommonEndReason {
  return Object.hasOwn(reasons, text) || (COMMON_END_REASONS as readonly string[]).includes(text);
}

/**
 * Whether the rules say a position is over, who won and why (not the stored game's
 * status, lib/contracts `GameStatus`). `R`: the reasons a game can end for (its own and the common ones).
 */
export type PositionStatus<R extends string = string> =
  | { readonly over: false }
  /** winner null means a draw. */
  | { readonly over: true; readonly winner: SideNumber | null; readonly reason: R };

export type PlayOutcome<S, R extends string = string> =
  { readonly ok: true; readonly state: S; readonly notation: string; readonly status: PositionStatus<R> } | { readonly ok: false; readonly reason: string };

/** What a record export needs besides the moves. */
export interface RecordInfo {
  readonly side1: string;
  readonly side2: string;
  /** Side 1's point of view; null while the game runs. */
  readonly result: GameResult | null;
  readonly endReason: string | null;
  /** Epoch ms the game started. */
  readonly startedAt: number;
  readonly event: string | null;
  readonly site: string;
  /** The moves in the game's notation, as the move list shows them. */
  readonly moves: readonly string[];
}

/**
 * A whole-number setting of a game that an organizer picks per tournament (a
 * backgammon match's length). The position holds what it was set to, so a game's
 * start, replay and record come from its own position (`GameRules.startOf`).
 */
export interface GameSetting {
  readonly key: string;
  /** As a form labels it: "Match length (points)". */
  readonly label: string;
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/** Values of a game's settings by key; a missing key takes the setting's default. */
export type GameSettingValues = Readonly<Record<string, number>>;

/** What a game is, apart from its rules: shared by `GameRules` and the registry's `OnSiteGame`. */
export interface GameInfo {
  /** The game type id stored with each game (also the catalog id). */
  readonly id: string;
  readonly name: string;
  /** How tournament formats treat the sides (engine/formats/game-types.ts). */
  readonly family: GameFamily;
  readonly sideNames: readonly [string, string];
  readonly drawsPossible: boolean;
  /** A move as players write it, for error messages ("d1-d3", "e4"). */
  readonly moveExample: string;
  /** The record format of exports: file extension and media type. */
  readonly record: { readonly extension: string; readonly mimeType: string };
  /** Only for games with settings (see `GameSetting`). */
  readonly settings?: readonly GameSetting[];
}

export interface GameMargin<S> {
  /** What the margin counts, in words ("points difference"). */
  readonly label: string;
  of(state: S): number | null;
}

/** The dice a position waits for: `dice` values, each from 1 to `faces`. */
export interface ChanceRequest {
  readonly dice: number;
  readonly faces: number;
}

/** What a game that depends on dice adds to the contract. */
export interface GameChance<S, R extends string = string> {
  /**
   * The dice the position waits for before anyone can act, or null when it waits
   * for a player (a move, a cube decision) or is over. While it is non-null,
   * `legalMoves` is empty and `play` refuses.
   */
  pending(state: S): ChanceRequest | null;
  /**
   * Applies the supplied values (as many as `pending` asks, each in 1..faces) and
   * returns the next state; refuses with a reason when the position waits for no
   * dice or the values do not fit. What follows from the dice alone happens inside
   * and is said in the notation: a side with no legal move passes, a forced move is
   * played. The notation is the record's entry for this roll.
   */
  roll(state: S, values: readonly number[]): PlayOutcome<S, R>;
  /** The values of a record entry `roll` produced, or null if the entry is a move. */
  readRoll(notation: string): number[] | null;
}

/**
 * A whole-turn move as the part-moves a board builds it from (one per die in
 * backgammon), so a player can make a turn part by part, in any order, and undo a
 * part (drop the last of `made`) before the turn is sent; `legalMoves` and `play`
 * still speak whole turns only.
 */
export interface TurnParts<S> {
  /**
   * The parts that may come next after the parts `made` so far in this turn: each
   * still leads to a legal whole turn. Empty when `made` is a whole legal turn (send
   * `join(made)`), null when `made` cannot start one.
   */
  next(state: S, made: readonly string[]): string[] | null;
  /** The whole-turn move `play` accepts for these parts. */
  join(state: S, parts: readonly string[]): string;
  /** The parts of `move` (one of `legalMoves(state)`), in an order they can be played in (to show a move part by part). */
  split(state: S, move: string): string[];
}

/**
 * `R`: the game's own end reasons (checkmate, king escaped, …), each in words in
 * `reasons`; its positions end for those or for a `CommonEndReason`. They are what
 * games.end_reason stores (the registry's `GameEndReason`), so a game lists them all.
 */
export interface GameRules<S, R extends string = string> extends GameInfo {
  /** Game-specific end reasons in words, completing "won by …" / "drawn by …". */
  readonly reasons: Readonly<Record<R, string>>;

  /** The start position of this game (variant), with these settings (checked by the caller: `checkGameSettings`). */
  setup(values?: GameSettingValues): S;
  /** Only for games with settings: the start of the game `state` belongs to (its settings, nothing played). */
  startOf?(state: S): S;
  serialize(state: S): string;
  /** Reads `serialize`'s output back (it comes from storage or the wire); throws an Error naming the problem. */
  parse(text: string): S;

  toMove(state: S): SideNumber;
  /** Moves played so far. */
  ply(state: S): number;
  status(state: S): PositionStatus<R | CommonEndReason>;
  /** Every legal move of the side to move, in a form `play` accepts; empty once over. */
  legalMoves(state: S): string[];
  /** Plays a move for the side to move, or refuses it with a reason in words. Never changes `state`. */
  play(state: S, move: string): PlayOutcome<S, R | CommonEndReason>;
  /** Ends a running game from outside the rules (resignation, time, agreement); a finished one is returned unchanged. */
  end(state: S, winner: SideNumber | null, reason: CommonEndReason): S;
  /** A whole game in the game's usual record format; `start` is where its moves begin (`startOf`), by default `setup()`. */
  exportRecord(info: RecordInfo, start?: S): string;
  /**
   * Only for games whose results carry a margin for tournament tiebreaks (the rule
   * book's "pieces left / points difference"): what it counts, and its value in a
   * position the rules ended. Null when the rules did not end the game (resignation,
   * time, agreement): nothing was counted then.
   */
  readonly margin?: GameMargin<S>;
  /** Only for games with dice (see the header). */
  readonly chance?: GameChance<S, R | CommonEndReason>;
  /** Only for games whose turn is made of several part-moves. */
  readonly parts?: TurnParts<S>;
  /**
   * Only for games where what a side plays is decided in the game (the four-colour
   * game's colours, B's choice): the side's name in this position, for its clock.
   * Without it, `sideNames`.
   */
  sideLabel?(state: S, side: SideNumber): string;
}
