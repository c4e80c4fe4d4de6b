// Backgammon matches by the standard rules, over a variant (variant.ts): the
// opening roll, entering from the bar, hitting, bearing off, doubles played four
// times, using both dice when possible (else the larger), gammons and backgammons,
// the doubling cube (offer, take, drop, ownership) and matches to N points with the
// Crawford rule. docs/backgammon.md states the rules and their sources.
//
// The state is a whole match. Dice come from outside (the contract's `chance`): the
// position says when it waits for them. A record entry is either a roll ("roll 6-5",
// which also says when the side could not move or had one move only, played for it)
// or a player's action: a whole turn ("24/18 13/11"), "roll" (declining to double),
// "double", "take" or "drop".
import { isEndReason, type CommonEndReason, type GameRules, type PositionStatus, type PlayOutcome, type SideNumber } from "../contract";
import { exportMat } from "./mat";
import { BAR, OFF, SLOTS, generateMoves, nextHops, pipCount, playHop, sameBoard, type TurnMove } from "./moves";
import { formatHop, formatTurn, hopsInOrder, parseTurn } from "./notation";
import { VARIANTS, type Variant, type VariantId } from "./variant";

/**
 * opening: waits for the opening roll (one die each, side 1's first); decide: the
 * side to move may double or roll; dice: waits for the side to move's roll; move: the
 * side to move plays the dice; cube: the side to move takes or drops a double.
 */
export type Phase = "opening" | "decide" | "dice" | "move" | "cube" | "over";

/** How the last finished game of the match ended. */
export interface GameEnd {
  readonly winner: SideNumber;
  readonly points: number;
  /** single, gammon, backgammon, or drop (a double refused). */
  readonly kind: "single" | "gammon" | "backgammon" | "drop";
}

export interface BgState {
  readonly variant: VariantId;
  readonly matchLength: number;
  readonly score: readonly [number, number];
  /** 1-based number of the game being played. */
  readonly game: number;
  /** This game is the Crawford game: no doubling. */
  readonly crawford: boolean;
  /** The Crawford game has been played (or is being played). */
  readonly crawfordSeen: boolean;
  readonly board: Int8Array;
  readonly phase: Phase;
  readonly turn: SideNumber;
  readonly dice: readonly [number, number] | null;
  readonly cube: number;
  /** 0: the cube is in the middle. */
  readonly cubeOwner: 0 | SideNumber;
  readonly entries: number;
  readonly lastGame: GameEnd | null;
  readonly status: BgStatus;
}

const other = (side: SideNumber): SideNumber => (side === 1 ? 2 : 1);
const index = (side: SideNumber): 0 | 1 => (side === 1 ? 0 : 1);

function startBoard(variant: Variant): Int8Array {
  const board = new Int8Array(2 * SLOTS);
  for (const side of [0, 1]) for (const [point, n] of Object.entries(variant.start)) board[side * SLOTS + Number(point)] = n;
  return board;
}

/** A new game of the match: the opening roll decides who starts. */
function newGame(state: Omit<BgState, "board" | "phase" | "turn" | "dice" | "cube" | "cubeOwner">): BgState {
  return { ...state, board: startBoard(VARIANTS[state.variant]), phase: "opening", turn: 1, dice: null, cube: 1, cubeOwner: 0 };
}

/** The longest match the site plays (gnubg's .mat import reads longer ones, but nobody plays them online). */
export const MAX_MATCH_POINTS = 25;

export function setupMatch(variant: VariantId, matchLength: number): BgState {
  if (!Number.isInteger(matchLength) || matchLength < 1 || matchLength > 99) throw new Error("a match is 1 to 99 points");
  return newGame({ variant, matchLength, score: [0, 0], game: 1, crawford: false, crawfordSeen: false, entries: 0, lastGame: null, status: { over: false } });
}

/** The cube's largest value, as in gnubg (whose .mat import and match IDs stop there). */
const MAX_CUBE = 2 ** 12;

/** Whether `side`, about to roll, may double now. */
export function mayDouble(state: BgState, side: SideNumber): boolean {
  return !state.crawford && (state.cubeOwner === 0 || state.cubeOwner === side) && state.cube < MAX_CUBE;
}

/** Hands the turn to `side`: it may double first, or it waits for its roll. */
function turnTo(state: BgState, side: SideNumber): BgState {
  return { ...state, turn: side, dice: null, phase: mayDouble(state, side) ? "decide" : "dice" };
}

/** Scores a finished game and starts the next one, or ends the match. */
function finishGame(state: BgState, winner: SideNumber, points: number, kind: GameEnd["kind"]): BgState {
  const w = index(winner);
  const score: [number, number] = [state.score[0], state.score[1]];
  score[w] += points;
  const lastGame: GameEnd = { winner, points, kind };
  if (score[w] >= state.matchLength) {
    return { ...state, score, lastGame, phase: "over", dice: null, status: { over: true, winner, reason: "match" } };
  }
  // The Crawford game is the one game after a side first comes within one point of the match.
  const crawford = !state.crawfordSeen && score[w] === state.matchLength - 1;
  return newGame({ ...state, score, lastGame, game: state.game + 1, crawford, crawfordSeen: state.crawfordSeen || crawford });
}

/** Points the side that bore off its last checker wins: the cube times 1, 2 (gammon) or 3 (backgammon). */
function gameValue(board: Int8Array, winner: SideNumber, cube: number): { points: number; kind: GameEnd["kind"] } {
  const l = (1 - index(winner)) * SLOTS;
  if (board[l + OFF]! > 0) return { points: cube, kind: "single" };
  // Still on the bar or in the winner's home board (the loser's points 19–24).
  for (let p = 19; p <= BAR; p++) if (board[l + p]! > 0) return { points: 3 * cube, kind: "backgammon" };
  return { points: 2 * cube, kind: "gammon" };
}

export function turnMoves(state: BgState): TurnMove[] {
  if (state.phase !== "move" || !state.dice) return [];
  return generateMoves(state.board, index(state.turn), state.dice[0], state.dice[1]);
}

/** Plays a whole turn that is known to be legal. */
function applyTurn(state: BgState, move: TurnMove): BgState {
  const side = state.turn;
  const next = { ...state, board: move.after };
  if (move.after[index(side) * SLOTS + OFF] === VARIANTS[state.variant].checkers) {
    const { points, kind } = gameValue(move.after, side, state.cube);
    return finishGame(next, side, points, kind);
  }
  return turnTo(next, other(side));
}

const outcome = (state: BgState, notation: string): BgOutcome => ({ ok: true, state, notation, status: state.status });

/** After the dice are known: a side that cannot move passes, a side with one move plays it. */
function afterDice(state: BgState, notation: string): BgOutcome {
  const moves = turnMoves(state);
  if (moves.length === 0) return outcome(turnTo(state, other(state.turn)), `${notation} (no move)`);
  if (moves.length === 1) return outcome(applyTurn(state, moves[0]!), `${notation} (forced ${formatTurn(moves[0]!.hops)})`);
  return outcome(state, notation);
}

function roll(state: BgState, values: readonly number[]): BgOutcome {
  if (state.phase !== "opening" && state.phase !== "dice") return { ok: false, reason: "the position waits for no dice" };
  if (values.length !== 2 || values.some((v) => !Number.isInteger(v) || v < 1 || v > 6)) return { ok: false, reason: "a roll is two dice from 1 to 6" };
  const [a, b] = values as [number, number];
  const rolled = { ...state, entries: state.entries + 1 };
  const notation = `roll ${a}-${b}`;
  if (state.phase === "opening") {
    // One die each (side 1's first); equal dice are rolled again.
    if (a === b) return outcome(rolled, `${notation} (opening tie)`);
    return afterDice({ ...rolled, phase: "move", turn: a > b ? 1 : 2, dice: [a, b] }, notation);
  }
  return afterDice({ ...rolled, phase: "move", dice: [a, b] }, notation);
}

function readRoll(notation: string): number[] | null {
  const match = /^roll ([1-6])-([1-6])\b/.exec(notation);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

const CUBE_WORDS = new Set(["roll", "double", "take", "drop"]);

function play(state: BgState, text: string): BgOutcome {
  const move = text.trim().toLowerCase();
  const acted = { ...state, entries: state.entries + 1 };
  switch (state.phase) {
    case "over":
      return { ok: false, reason: "the match is over" };
    case "opening":
    case "dice":
      return { ok: false, reason: "the dice have not been rolled yet" };
    case "decide":
      if (move === "roll") return outcome({ ...acted, phase: "dice" }, "roll");
      if (move === "double") return outcome({ ...acted, phase: "cube", turn: other(state.turn) }, "double");
      return { ok: false, reason: 'roll or double first ("roll" or "double")' };
    case "cube":
      if (move === "take") return outcome({ ...acted, phase: "dice", turn: other(state.turn), cube: state.cube * 2, cubeOwner: state.turn }, "take");
      if (move === "drop") return outcome(finishGame(acted, other(state.turn), state.cube, "drop"), "drop");
      return { ok: false, reason: 'a double has been offered: "take" or "drop"' };
    case "move":
      break;
  }
  if (move === "double") {
    return { ok: false, reason: state.crawford ? "there is no doubling in the Crawford game" : "a double is offered before rolling, not after" };
  }
  if (CUBE_WORDS.has(move)) return { ok: false, reason: "the dice are rolled: play them" };
  const legal = resolveTurn(state, move);
  if (typeof legal === "string") return { ok: false, reason: legal };
  return outcome(applyTurn(acted, legal), formatTurn(legal.hops));
}

/** The legal turn a written move names (state in the move phase), or a sentence why none. */
export function resolveTurn(state: BgState, text: string): TurnMove | string {
  const hops = parseTurn(text);
  if (typeof hops === "string") return hops;
  const moves = turnMoves(state);
  const [d1, d2] = state.dice!;
  // The written hops are played as written; the board they reach must be one a legal turn reaches.
  const board = Int8Array.from(state.board);
  const m = index(state.turn) * SLOTS;
  const o = (1 - index(state.turn)) * SLOTS;
  for (const { from, to } of hops) {
    if (board[m + from]! === 0) return `you have no checker ${from === BAR ? "on the bar" : `on ${from}`}`;
    playHop(board, m, o, from, to);
  }
  return (
    moves.find((candidate) => sameBoard(candidate.after, board)) ??
    `the roll ${d1}-${d2} does not allow ${text.trim()}${moves.length > 0 ? ` (for example ${formatTurn(moves[0]!.hops)})` : ""}`
  );
}

function legalMoves(state: BgState): string[] {
  switch (state.phase) {
    case "decide":
      return ["roll", "double"];
    case "cube":
      return ["take", "drop"];
    case "move":
      return turnMoves(state).map((move) => formatTurn(move.hops));
    default:
      return [];
  }
}

function end(state: BgState, winner: SideNumber | null, reason: CommonEndReason): BgState {
  if (state.status.over) return state;
  return { ...state, phase: "over", dice: null, status: { over: true, winner, reason } };
}

const PHASES: readonly Phase[] = ["opening", "decide", "dice", "move", "cube", "over"];

/** The game's own end reason, in words: a match ends when a side reaches its length. */
const REASONS = { match: "winning the match" } as const;
type BgEndReason = keyof typeof REASONS;
type BgStatus = PositionStatus<BgEndReason | CommonEndReason>;
type BgOutcome = PlayOutcome<BgState, BgEndReason | CommonEndReason>;

function serialize(state: BgState): string {
  return JSON.stringify({ ...state, board: Array.from(state.board).join(",") });
}

/** A stored status: running, or over with a winner (null: a draw) and one of the game's end reasons. */
function isStatus(value: unknown): value is BgStatus {
  if (typeof value !== "object" || value === null) return false;
  const s = value as { over?: unknown; winner?: unknown; reason?: unknown };
  if (s.over === false) return true;
  return s.over === true && (s.winner === 1 || s.winner === 2 || s.winner === null) && typeof s.reason === "string" && isEndReason(REASONS, s.reason);
}

function parse(text: string): BgState {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error("not a backgammon state");
  }
  const fail = (what: string): never => {
    throw new Error(`not a backgammon state: ${what}`);
  };
  if (typeof raw !== "object" || raw === null) fail("not an object");
  const variant = VARIANTS[raw.variant as VariantId] ?? fail("unknown variant");
  const cells = typeof raw.board === "string" ? raw.board.split(",").map(Number) : [];
  if (cells.length !== 2 * SLOTS || cells.some((n) => !Number.isInteger(n) || n < 0 || n > variant.checkers)) fail("bad board");
  const board = Int8Array.from(cells);
  for (const side of [0, 1]) {
    let total = 0;
    for (let i = 0; i < SLOTS; i++) total += board[side * SLOTS + i]!;
    if (total !== variant.checkers) fail(`side ${side + 1} has ${total} checkers`);
  }
  for (let p = 1; p <= 24; p++) if (board[p]! > 0 && board[SLOTS + BAR - p]! > 0) fail(`both sides on point ${p}`);
  if (!PHASES.includes(raw.phase as Phase)) fail("bad phase");
  const state = raw as unknown as BgState;
  const count = (n: unknown, max: number): boolean => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= max;
  if (state.turn !== 1 && state.turn !== 2) fail("bad turn");
  if (!count(state.matchLength, 99) || state.matchLength < 1) fail("bad match length");
  if (!Array.isArray(state.score) || state.score.length !== 2 || !state.score.every((n) => count(n, 3 * MAX_CUBE + 99))) fail("bad score");
  if (!count(state.game, 10_000) || !count(state.entries, 1e9)) fail("bad game or entry count");
  if (!count(state.cube, MAX_CUBE) || (state.cube & (state.cube - 1)) !== 0 || state.cube === 0) fail("bad cube");
  if (state.cubeOwner !== 0 && state.cubeOwner !== 1 && state.cubeOwner !== 2) fail("bad cube owner");
  if (!isStatus(raw.status)) fail("bad status");
  if (state.phase === "move" ? !Array.isArray(state.dice) || state.dice.length !== 2 || !state.dice.every((d) => count(d, 6) && d > 0) : state.dice !== null) {
    fail("dice do not fit the phase");
  }
  return { ...state, board };
}

export interface BackgammonRules extends GameRules<BgState, BgEndReason> {
  readonly variantInfo: Variant;
  readonly matchLength: number;
  pips(state: BgState): [number, number];
}

/** The rules of a variant for matches of `matchLength` points. */
export function backgammonRules(variantId: VariantId, matchLength: number): BackgammonRules {
  const variant = VARIANTS[variantId];
  const rules: BackgammonRules = {
    id: matchLength === 1 ? variant.id : `${variant.id}-${matchLength}`,
    name: matchLength === 1 ? variant.name : `${variant.name} (${matchLength}-point match)`,
    family: "race",
    sideNames: ["First player", "Second player"],
    drawsPossible: false,
    moveExample: "24/18 13/11",
    record: { extension: "mat", mimeType: "text/plain" },
    reasons: REASONS,
    // The diagonal race's tiebreak "won with the largest number of pieces left": how
    // far the loser was from bearing off when the match's last game ended (also when
    // it ended by a dropped double). The match score is in the record.
    margin: {
      label: "checkers left",
      of: (state) =>
        state.status.over && state.status.reason === "match" && state.status.winner !== null
          ? variant.checkers - state.board[(1 - index(state.status.winner)) * SLOTS + OFF]!
          : null,
    },
    variantInfo: variant,
    matchLength,
    // The organizer's match length (1 is a single game); the position holds it, so a
    // match replays and exports from its own start (startOf).
    settings: [{ key: "matchLength", label: "Match length (points)", min: 1, max: MAX_MATCH_POINTS, default: matchLength }],
    setup: (values) => setupMatch(variantId, values?.matchLength ?? matchLength),
    startOf: (state) => setupMatch(state.variant, state.matchLength),
    serialize,
    parse,
    toMove: (state) => state.turn,
    ply: (state) => state.entries,
    status: (state) => state.status,
    legalMoves,
    play,
    end,
    exportRecord: (info, start) => exportMat(rules, info, start ?? rules.setup()),
    pips: (state) => [pipCount(state.board, 0), pipCount(state.board, 1)],
    chance: {
      pending: (state) => (state.phase === "opening" || state.phase === "dice" ? { dice: 2, faces: 6 } : null),
      roll,
      readRoll,
    },
    parts: {
      next(state, made) {
        if (state.phase !== "move") return made.length === 0 ? [] : null;
        const hops = made.length === 0 ? [] : parseTurn(made.join(" "));
        if (typeof hops === "string") return null;
        const offered = nextHops(state.board, index(state.turn), state.dice!, hops, turnMoves(state));
        return offered && offered.map(formatHop);
      },
      split(state, move) {
        const found = turnMoves(state).find((candidate) => formatTurn(candidate.hops) === move);
        return found ? hopsInOrder(found.hops) : [move];
      },
      join: (_state, made) => made.join(" "),
    },
  };
  return rules;
}

export const backgammon = backgammonRules("backgammon", 1);
export const nackgammon = backgammonRules("nackgammon", 1);
export const hypergammon = backgammonRules("hypergammon", 1);
