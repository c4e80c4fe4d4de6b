// The games played on the site, by game type id: one line per game. Everything
// outside the games' own folders reaches a game through `onSiteGame(id)`, which
// speaks serialized positions (strings), so callers never see a game's state type.

import { backgammonRules } from "./backgammon/game";
import type { VariantId } from "./backgammon/variant";
import { chess } from "./chess/chess";
import { polyomino } from "./polyomino/game";
import type {
  ChanceRequest,
  CommonEndReason,
  GameInfo,
  GameRules,
  GameSetting,
  GameSettingValues,
  PlayOutcome,
  PositionStatus,
  RecordInfo,
  SideNumber,
} from "./contract";
import { brandubh, copenhagen } from "./tafl/tafl-games";

export type { ChanceRequest, CommonEndReason, GameSetting, GameSettingValues, PositionStatus, RecordInfo, SideNumber } from "./contract";

/** `toMove`: the side to move in the new position, which the server stores beside it (not the ply's parity). */
export type PlayResult<R extends string = string> =
  { ok: true; position: string; notation: string; status: PositionStatus<R>; toMove: SideNumber } | { ok: false; reason: string };

/** A game as callers outside its folder use it: positions are the game's serialized text. `R`: the reasons its positions end for. */
export interface OnSiteGame<R extends string = string> extends GameInfo {
  /** The game's settings; empty for a game without any. */
  readonly settings: readonly GameSetting[];
  /** The start position, with these settings (`checkGameSettings` first: values are not checked here). */
  setup(values?: GameSettingValues): string;
  /** The start of the game `position` belongs to: `setup()` with the settings the position holds. */
  startOf(position: string): string;
  /** Throws an Error naming the problem if `position` is not a position of this game. */
  check(position: string): void;
  toMove(position: string): SideNumber;
  ply(position: string): number;
  status(position: string): PositionStatus<R>;
  legalMoves(position: string): string[];
  play(position: string, move: string): PlayResult<R>;
  end(position: string, winner: SideNumber | null, reason: CommonEndReason): string;
  /**
   * The start and the position after each record entry (moves, and rolls in a dice
   * game): positions[k] is the board after k entries. From `start` (`startOf` the
   * game's position), else from `setup()`.
   */
  replay(moves: readonly string[], start?: string): string[];
  /** Applies one record entry (a move, or a roll in a dice game), as `replay` does. */
  step(position: string, entry: string): PlayResult<R>;
  /** The record of the game whose moves are `info.moves` and whose position (at any point) is `position`. */
  exportRecord(info: RecordInfo, position?: string): string;
  /** An end reason in words, completing "won by …" or "drawn by …". */
  describeReason(reason: string): string;
  /** What a result's margin counts (the contract's `margin`), or null for a game without one. */
  readonly marginLabel: string | null;
  /** The margin of a position the rules ended; null otherwise and for games without one. */
  margin(position: string): number | null;
  /** The side's name in this position (the contract's `sideLabel`, else `sideNames`). */
  sideLabel(position: string, side: SideNumber): string;
  /** Only for games with dice: the contract's `GameChance` over serialized positions. */
  chance?: {
    pending(position: string): ChanceRequest | null;
    roll(position: string, values: readonly number[]): PlayResult<R>;
    /** The values of a record entry that is a roll, or null for a move. */
    readRoll(entry: string): number[] | null;
  };
  /** Only for games whose turns are made of part-moves: the contract's `TurnParts`. */
  parts?: {
    next(position: string, made: readonly string[]): string[] | null;
    join(position: string, made: readonly string[]): string;
    split(position: string, move: string): string[];
  };
}

const COMMON_REASONS: Readonly<Record<CommonEndReason, string>> = {
  resignation: "resignation",
  timeout: "time ran out",
  agreement: "agreement",
};

/** Exported for tests of the wrapping itself; games are reached through `onSiteGame`. */
export function onSite<S, R extends string>(rules: GameRules<S, R>): OnSiteGame<R | CommonEndReason> {
  // Pages and services often ask several questions about one position in a row.
  let lastText: string | null = null;
  let lastState: S | null = null;
  const read = (text: string): S => {
    if (text !== lastText || lastState === null) {
      lastState = rules.parse(text);
      lastText = text;
    }
    return lastState;
  };
  const served = (outcome: PlayOutcome<S, R | CommonEndReason>): PlayResult<R | CommonEndReason> =>
    outcome.ok
      ? { ok: true, position: rules.serialize(outcome.state), notation: outcome.notation, status: outcome.status, toMove: rules.toMove(outcome.state) }
      : outcome;
  const { chance, parts } = rules;
  const words: Readonly<Record<string, string>> = { ...COMMON_REASONS, ...rules.reasons };
  const startOf = (state: S): S => rules.startOf?.(state) ?? rules.setup();
  const step = (state: S, entry: string): PlayOutcome<S, R | CommonEndReason> => {
    const values = chance?.readRoll(entry);
    return values ? chance!.roll(state, values) : rules.play(state, entry);
  };
  return {
    id: rules.id,
    name: rules.name,
    family: rules.family,
    sideNames: rules.sideNames,
    drawsPossible: rules.drawsPossible,
    moveExample: rules.moveExample,
    record: rules.record,
    settings: rules.settings ?? [],
    setup: (values) => rules.serialize(rules.setup(values)),
    startOf: (position) => rules.serialize(startOf(read(position))),
    check: (position) => void read(position),
    toMove: (position) => rules.toMove(read(position)),
    ply: (position) => rules.ply(read(position)),
    status: (position) => rules.status(read(position)),
    legalMoves: (position) => rules.legalMoves(read(position)),
    play: (position, move) => served(rules.play(read(position), move)),
    end: (position, winner, reason) => rules.serialize(rules.end(read(position), winner, reason)),
    replay(moves, start) {
      let state = start === undefined ? rules.setup() : rules.parse(start);
      const positions = [rules.serialize(state)];
      for (const move of moves) {
        const outcome = step(state, move);
        if (!outcome.ok) break;
        state = outcome.state;
        positions.push(rules.serialize(state));
      }
      return positions;
    },
    step: (position, entry) => served(step(read(position), entry)),
    exportRecord: (info, position) => rules.exportRecord(info, position === undefined ? undefined : startOf(read(position))),
    marginLabel: rules.margin?.label ?? null,
    margin: (position) => rules.margin?.of(read(position)) ?? null,
    sideLabel: (position, side) => rules.sideLabel?.(read(position), side) ?? rules.sideNames[side - 1]!,
    describeReason: (reason) => words[reason] ?? reason,
    ...(chance && {
      chance: {
        pending: (position: string) => chance.pending(read(position)),
        roll: (position: string, values: readonly number[]) => served(chance.roll(read(position), values)),
        readRoll: (entry: string) => chance.readRoll(entry),
      },
    }),
    ...(parts && {
      parts: {
        next: (position: string, made: readonly string[]) => parts.next(read(position), made),
        join: (position: string, made: readonly string[]) => parts.join(read(position), made),
        split: (position: string, move: string) => parts.split(read(position), move),
      },
    }),
  };
}

/** The backgammon family's games as the site plays them: matches, 3 points long unless a tournament sets another length. */
export const MATCH_POINTS = 3;
const match = (variant: VariantId) => {
  const rules = backgammonRules(variant, MATCH_POINTS);
  return onSite({ ...rules, id: variant, name: rules.variantInfo.name });
};

/**
 * Every game played on the site, by its id, in the order forms list them. Keyed, so
 * the ids are a type (`OnSiteGameId`) the stored game_type columns are typed with; a
 * key is the game's own `id` (registry.test.ts checks it).
 */
const BY_ID = {
  hnefatafl: onSite(copenhagen),
  brandubh: onSite(brandubh),
  chess: onSite(chess),
  "four-colour-onsite": onSite(polyomino),
  backgammon: match("backgammon"),
  nackgammon: match("nackgammon"),
  hypergammon: match("hypergammon"),
} as const satisfies Readonly<Record<string, OnSiteGame>>;

export type OnSiteGameId = keyof typeof BY_ID;
type EndReasonOf<G> = G extends OnSiteGame<infer R> ? R : never;
/** Every reason a game played on the site can end for by its rules (or resignation, time, agreement). */
export type GameEndReason = EndReasonOf<(typeof BY_ID)[OnSiteGameId]>;
export const ON_SITE_GAME_IDS = Object.keys(BY_ID) as OnSiteGameId[];
export const ON_SITE_GAMES: readonly OnSiteGame<GameEndReason>[] = Object.values(BY_ID);

export function onSiteGame(id: string): OnSiteGame<GameEndReason> | undefined {
  return Object.hasOwn(BY_ID, id) ? BY_ID[id as OnSiteGameId] : undefined;
}

/**
 * Values for `game`'s settings as a tournament stores them: every key known, every
 * value a whole number in range; missing keys take their defaults. Throws an Error
 * whose message is a sentence for the organizer.
 */
export function checkGameSettings(game: Pick<OnSiteGame, "name" | "settings"> | undefined, values: GameSettingValues): Record<string, number> {
  const settings = game?.settings ?? [];
  for (const key of Object.keys(values)) {
    if (!settings.some((s) => s.key === key)) throw new Error(`${game?.name ?? "This game"} has no setting “${key}”.`);
  }
  const checked: Record<string, number> = {};
  for (const s of settings) {
    const value = values[s.key] ?? s.default;
    if (!Number.isInteger(value) || value < s.min || value > s.max) throw new Error(`${s.label} must be a whole number from ${s.min} to ${s.max}.`);
    checked[s.key] = value;
  }
  return checked;
}
