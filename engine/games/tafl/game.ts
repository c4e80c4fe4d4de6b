// The game API for the server (referee) and the browser (legal-move hints):
// immutable, JSON-safe game states and functions that return new ones. A state
// names its variant (variant.ts: "copenhagen" or "brandubh"), and every
// function plays by that variant's rules.
//
//   newGame(variant?)                 → GameState at the start, attackers to move
//   legalMoves(state)                 → every legal { from, to } of the side to move
//   legalTargets(state, "f4")         → squares the piece on f4 may move to (UI highlight)
//   tryMove(state, "d1-d3" | {from,to}) → { ok: true, state, captures, status, notation }
//                                       | { ok: false, reason }
//   resign(state, side), agreeDraw(state), timeout(state, side)
//   serializeState(state) / deserializeState(text)  → a compact one-line string
//
// A GameState carries everything the rules need: the board, the side to move,
// the move count, the status and the positions the defenders may not repeat
// (as hashes; only those since the last capture, since no earlier position can
// recur). It is a plain object of strings and numbers, so it can go through
// JSON, tRPC or a database column unchanged; `serializeState` gives a shorter
// single string. Functions never mutate their input. The fast mutable core is
// position.ts; this module converts to it and back.

import { ATTACKER, ATTACKERS, boardFromDiagram, DEFENDER, DEFENDERS, KING, parseSquare, squareName, type SideCode } from "./board";
import { formatMove, parseMove } from "./notation";
import {
  applyMove,
  checkMove,
  createPosition,
  DRAW,
  generateMoves,
  generateMovesFrom,
  liveHistory,
  MAX_MOVES,
  moveFrom,
  moveTo,
  ONGOING,
  type EndReason,
  type IllegalReason,
  type Position,
} from "./position";
import { VARIANTS, type Variant, type VariantId } from "./variant";

export type { EndReason, IllegalReason } from "./position";

/** Attackers ("black", side 1) move first; defenders ("white", side 2) have the king. */
export type Side = "attackers" | "defenders";

export type TaflStatus =
  | { readonly over: false }
  /** winner null means a draw. */
  | { readonly over: true; readonly winner: Side | null; readonly reason: EndReason };

export interface GameState {
  /** The rule set (and so the board size) the game is played under. */
  readonly variant: VariantId;
  /**
   * size² characters for the squares a1, b1, …, a2, … (index = (rank − 1) ×
   * size + file; 121 on 11×11, 49 on 7×7): '.' empty, 'a' attacker, 'd'
   * defender, 'k' king.
   */
  readonly board: string;
  readonly toMove: Side;
  /** Moves played so far. */
  readonly ply: number;
  /** Base-36 hashes of the positions the defenders may not recreate. */
  readonly history: readonly string[];
  readonly status: TaflStatus;
}

/** A move as square names, e.g. { from: "d1", to: "d3" }. */
export interface Move {
  readonly from: string;
  readonly to: string;
}

export type MoveOutcome =
  | {
      readonly ok: true;
      readonly state: GameState;
      /** Squares whose pieces the move captured. */
      readonly captures: readonly string[];
      readonly status: TaflStatus;
      /** The move in record notation with its captures, e.g. "d3-d2xe2". */
      readonly notation: string;
    }
  | { readonly ok: false; readonly reason: IllegalReason | "unreadable move" };

export type EndOutcome = { readonly ok: true; readonly state: GameState } | { readonly ok: false; readonly reason: "game is over" };

export type Piece = "attacker" | "defender" | "king";

const PIECE_CHARS = ".adk";
const ONGOING_STATUS: TaflStatus = { over: false };

function sideName(side: SideCode): Side {
  return side === ATTACKERS ? "attackers" : "defenders";
}
function sideCode(side: Side): SideCode {
  return side === "attackers" ? ATTACKERS : DEFENDERS;
}
function otherSide(side: Side): Side {
  return side === "attackers" ? "defenders" : "attackers";
}

function variantOf(state: GameState): Variant {
  return VARIANTS[state.variant];
}

/** Turns the engine's state into a mutable position (the state is trusted: see deserializeState). */
function toPosition(state: GameState): Position {
  const v = variantOf(state);
  const board = new Uint8Array(v.cells);
  for (let sq = 0; sq < v.cells; sq++) board[sq] = PIECE_CHARS.indexOf(state.board[sq] ?? ".");
  const history = state.history.map((hash) => parseInt(hash, 36));
  const position = createPosition(board, sideCode(state.toMove), state.ply, history, v);
  if (state.status.over) {
    const { winner, reason } = state.status;
    position.result = winner === null ? DRAW : sideCode(winner);
    position.reason = reason;
  }
  return position;
}

function statusOf(position: Position): TaflStatus {
  if (position.result === ONGOING || position.reason === null) return ONGOING_STATUS;
  const winner = position.result === DRAW ? null : sideName(position.result as SideCode);
  return { over: true, winner, reason: position.reason };
}

function toState(position: Position): GameState {
  let board = "";
  for (let sq = 0; sq < position.v.cells; sq++) board += PIECE_CHARS[position.board[sq] ?? 0];
  return {
    variant: position.v.id,
    board,
    toMove: sideName(position.toMove),
    ply: position.ply,
    history: liveHistory(position).map((hash) => hash.toString(36)),
    status: statusOf(position),
  };
}

/** The start of a game of `variant` (Copenhagen unless given). */
export function newGame(variant: VariantId = "copenhagen"): GameState {
  return toState(createPosition(undefined, ATTACKERS, 0, [], VARIANTS[variant]));
}

/** The board's side length of a state's variant (11 or 7). */
export function boardSize(state: GameState): number {
  return variantOf(state).size;
}

/**
 * A game in progress from a drawn position (see boardFromDiagram: top rank
 * first, ". A D K"), with no earlier positions: for tests, puzzles and
 * documentation. Whether the side to move can move at all is not checked.
 */
export function stateFromDiagram(rows: readonly string[], toMove: Side = "attackers", variant: VariantId = "copenhagen"): GameState {
  const v = VARIANTS[variant];
  return toState(createPosition(boardFromDiagram(rows, v), sideCode(toMove), 0, [], v));
}

function collectMoves(count: number, moves: Uint16Array, v: Variant): Move[] {
  const result: Move[] = [];
  for (let i = 0; i < count; i++) {
    const move = moves[i] as number;
    result.push({ from: squareName(moveFrom(move), v), to: squareName(moveTo(move), v) });
  }
  return result;
}

/** Every legal move of the side to move; empty once the game is over. */
export function legalMoves(state: GameState): Move[] {
  const moves = new Uint16Array(MAX_MOVES);
  return collectMoves(generateMoves(toPosition(state), moves), moves, variantOf(state));
}

/** The squares the piece on `from` may move to; empty if it is not the mover's piece. */
export function legalTargets(state: GameState, from: string): string[] {
  const v = variantOf(state);
  const sq = parseSquare(from, v);
  if (sq < 0) return [];
  const moves = new Uint16Array(MAX_MOVES);
  return collectMoves(generateMovesFrom(toPosition(state), sq, moves), moves, v).map((move) => move.to);
}

/** The piece on a square ("f6"), or null for an empty or unknown square. */
export function pieceAt(state: GameState, square: string): Piece | null {
  const sq = parseSquare(square, variantOf(state));
  const code = sq < 0 ? 0 : PIECE_CHARS.indexOf(state.board[sq] ?? ".");
  return code === ATTACKER ? "attacker" : code === DEFENDER ? "defender" : code === KING ? "king" : null;
}

/**
 * Plays a move for the side to move: "d1-d3" (a capture suffix such as
 * "xe2" is allowed and ignored: the engine decides captures) or { from, to }.
 * Refusals say why; the input state is never changed.
 */
export function tryMove(state: GameState, move: string | Move): MoveOutcome {
  const v = variantOf(state);
  let from: number;
  let to: number;
  if (typeof move === "string") {
    const parsed = parseMove(move, v);
    if (parsed === null) return { ok: false, reason: "unreadable move" };
    ({ from, to } = parsed);
  } else {
    from = parseSquare(move.from, v);
    to = parseSquare(move.to, v);
    if (from < 0 || to < 0) return { ok: false, reason: "unreadable move" };
  }
  const position = toPosition(state);
  const illegal = checkMove(position, from, to);
  if (illegal !== null) return { ok: false, reason: illegal };
  applyMove(position, from, to);
  const captured = Array.from(position.captures.subarray(0, position.captureCount));
  const next = toState(position);
  return {
    ok: true,
    state: next,
    captures: captured.map((sq) => squareName(sq, v)),
    status: next.status,
    notation: formatMove(from, to, captured, v),
  };
}

function endGame(state: GameState, winner: Side | null, reason: EndReason): EndOutcome {
  if (state.status.over) return { ok: false, reason: "game is over" };
  return { ok: true, state: { ...state, status: { over: true, winner, reason } } };
}

/** `side` resigns; the other side wins. */
export function resign(state: GameState, side: Side): EndOutcome {
  return endGame(state, otherSide(side), "resignation");
}

/** Both players agreed to a draw (the offer/accept handshake is the server's business). */
export function agreeDraw(state: GameState): EndOutcome {
  return endGame(state, null, "agreement");
}

/** `side` ran out of time (see clock.ts for when); the other side wins. */
export function timeout(state: GameState, side: Side): EndOutcome {
  return endGame(state, otherSide(side), "timeout");
}

// Compact form: "<board>/<a|d>/<ply>/<status>/<hash,hash,…>" where status is
// "-" while the game runs, else "<a|d|=>:<reason>" ("=" a draw).
const REASONS: readonly EndReason[] = [
  "king captured",
  "encircled",
  "king escaped",
  "exit fort",
  "no attackers left",
  "no legal moves",
  "resignation",
  "timeout",
  "agreement",
];

/** One compact line holding the whole state, e.g. for a text column. */
export function serializeState(state: GameState): string {
  const status = state.status.over ? `${state.status.winner === null ? "=" : state.status.winner[0]}:${state.status.reason}` : "-";
  return [state.board, state.toMove[0], state.ply, status, state.history.join(",")].join("/");
}

/**
 * Reads `serializeState`'s output back as a game of `variant` (the text does
 * not name it: the caller knows which game it stored), checking it thoroughly
 * (it comes from storage or the wire): throws an Error naming the first problem.
 */
export function deserializeState(text: string, variant: VariantId = "copenhagen"): GameState {
  const cells = VARIANTS[variant].cells;
  const parts = text.split("/");
  if (parts.length !== 5) throw new Error("game state: expected 5 '/'-separated fields");
  const [board = "", side = "", plyText = "", statusText = "", historyText = ""] = parts;
  if (board.length !== cells || !/^[.adk]+$/.test(board)) throw new Error(`game state: board must be ${cells} of . a d k`);
  if (board.split("k").length !== 2) throw new Error("game state: board must hold exactly one king");
  if (side !== "a" && side !== "d") throw new Error("game state: side to move must be a or d");
  if (!/^\d{1,6}$/.test(plyText)) throw new Error("game state: bad move count");
  const history = historyText === "" ? [] : historyText.split(",");
  if (history.some((hash) => !/^[0-9a-z]{1,11}$/.test(hash))) throw new Error("game state: bad history hash");
  let status: TaflStatus = ONGOING_STATUS;
  if (statusText !== "-") {
    const [winnerText, reason] = statusText.split(":");
    const winner: Side | null | undefined = winnerText === "a" ? "attackers" : winnerText === "d" ? "defenders" : winnerText === "=" ? null : undefined;
    const knownReason = REASONS.find((r) => r === reason);
    if (winner === undefined || knownReason === undefined) throw new Error("game state: bad status");
    status = { over: true, winner, reason: knownReason };
  }
  return { variant, board, toMove: side === "a" ? "attackers" : "defenders", ply: Number(plyText), history, status };
}
