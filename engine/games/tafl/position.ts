// The mutable position at the heart of the engine: the board, whose turn it
// is, the Zobrist hash and repetition history, and the game status. Move
// generation, move validation (with a reason for every refusal) and move
// application live here.
//
// This is the fast path used by the referee, the replay and the benchmark.
// Moves are plain integers (from * 128 + to) and move lists are written into
// caller-owned Uint16Arrays, so generating and applying moves allocates
// nothing. The immutable, serializable API for the server and the browser is
// game.ts, which wraps this module.

import { ATTACKER, ATTACKERS, boardFromDiagram, DEFENDER, DEFENDERS, EMPTY, KING, sideOf, type SideCode } from "./board";
import { findCaptures, isEncircled, isExitFort, isKingCaptured } from "./rules";
import { COPENHAGEN, type Variant } from "./variant";
import { KEY_STRIDE as STRIDE, PIECE_KEY_HI, PIECE_KEY_LO, SIDE_KEY_HI, SIDE_KEY_LO, joinHash } from "./zobrist";

/** Why a finished game ended. */
export type EndReason =
  "king captured" | "encircled" | "king escaped" | "exit fort" | "no attackers left" | "no legal moves" | "resignation" | "timeout" | "agreement";

/** Why a move was refused. */
export type IllegalReason =
  | "game is over"
  | "no piece there"
  | "not your piece"
  | "must move"
  | "not a straight line"
  | "blocked"
  | "only the king may stop on the throne"
  | "only the king may stop on a corner"
  | "repeats a position";

/** 0 while the game runs; otherwise the winning side code, or DRAW. */
export const ONGOING = 0;
export const DRAW = 3;

export interface Position {
  /** The rule set and board tables this position is played under. */
  readonly v: Variant;
  readonly board: Uint8Array;
  toMove: SideCode;
  /** Square of the king (-1 only on a board without one, which no real game reaches). */
  king: number;
  attackers: number;
  /** Defenders other than the king. */
  defenders: number;
  /** Moves made since the start. */
  ply: number;
  hashHi: number;
  hashLo: number;
  /**
   * Hashes of the positions with the attackers to move (the start and every
   * position after a defenders' move), oldest first. The defenders may not
   * recreate any of them. Entries before `historyStart` precede the last
   * capture and can never recur (pieces never come back), so they are kept only
   * to make undo cheap and are left out when the state is serialized.
   */
  readonly history: number[];
  readonly seen: Set<number>;
  historyStart: number;
  result: number;
  reason: EndReason | null;
  /** Squares captured by the last move, in captures[0 .. captureCount). */
  readonly captures: Int16Array;
  captureCount: number;
}

export function moveFrom(move: number): number {
  return move >> 7;
}
export function moveTo(move: number): number {
  return move & 127;
}

/** Upper bound on the number of legal moves in any position (24 pieces × 20 squares). */
export const MAX_MOVES = 512;

export function hashBoard(board: Uint8Array, toMove: SideCode): { hi: number; lo: number } {
  let hi = toMove === DEFENDERS ? SIDE_KEY_HI : 0;
  let lo = toMove === DEFENDERS ? SIDE_KEY_LO : 0;
  for (let sq = 0; sq < board.length; sq++) {
    const piece = board[sq] as number;
    if (piece !== EMPTY) {
      hi ^= PIECE_KEY_HI[piece * STRIDE + sq] as number;
      lo ^= PIECE_KEY_LO[piece * STRIDE + sq] as number;
    }
  }
  return { hi, lo };
}

/** The start position of a variant, as a fresh board. */
export function startBoard(v: Variant = COPENHAGEN): Uint8Array {
  return boardFromDiagram(v.start, v);
}

/**
 * Builds a position of variant `v` (Copenhagen unless given) from a board of
 * its size; `history` lists the earlier hashes the defenders may not recreate
 * (the current position is added when the attackers are to move). The status
 * is taken as given.
 */
export function createPosition(board?: Uint8Array, toMove: SideCode = ATTACKERS, ply = 0, history: readonly number[] = [], v: Variant = COPENHAGEN): Position {
  board ??= startBoard(v);
  if (board.length !== v.cells) throw new Error(`a ${v.name} board has ${v.cells} squares, not ${board.length}`);
  let king = -1;
  let attackers = 0;
  let defenders = 0;
  for (let sq = 0; sq < v.cells; sq++) {
    const piece = board[sq];
    if (piece === KING) king = sq;
    else if (piece === ATTACKER) attackers++;
    else if (piece === DEFENDER) defenders++;
  }
  const { hi, lo } = hashBoard(board, toMove);
  const position: Position = {
    v,
    board,
    toMove,
    king,
    attackers,
    defenders,
    ply,
    hashHi: hi,
    hashLo: lo,
    history: [...history],
    seen: new Set(history),
    historyStart: 0,
    result: ONGOING,
    reason: null,
    captures: new Int16Array(40),
    captureCount: 0,
  };
  if (toMove === ATTACKERS) rememberPosition(position);
  return position;
}

export function currentHash(position: Position): number {
  return joinHash(position.hashHi, position.hashLo);
}

function rememberPosition(position: Position): void {
  const hash = currentHash(position);
  if (!position.seen.has(hash)) {
    position.seen.add(hash);
    position.history.push(hash);
  }
}

/** The hashes a serialized state must carry: those since the last capture. */
export function liveHistory(position: Position): number[] {
  return position.history.slice(position.historyStart);
}

/**
 * Would the defenders' move from → to recreate an earlier position? A capturing
 * move never does (pieces never come back), so only quiet moves are checked,
 * and the capture test runs only on the rare hash hit.
 */
function repeatsPosition(position: Position, from: number, to: number): boolean {
  const board = position.board;
  const piece = board[from] as number;
  const key = joinHash(
    position.hashHi ^ SIDE_KEY_HI ^ (PIECE_KEY_HI[piece * STRIDE + from] as number) ^ (PIECE_KEY_HI[piece * STRIDE + to] as number),
    position.hashLo ^ SIDE_KEY_LO ^ (PIECE_KEY_LO[piece * STRIDE + from] as number) ^ (PIECE_KEY_LO[piece * STRIDE + to] as number),
  );
  if (!position.seen.has(key)) return false;
  board[from] = EMPTY;
  board[to] = piece;
  const captures = findCaptures(position.v, board, to, scratchCaptures);
  board[to] = EMPTY;
  board[from] = piece;
  return captures === 0;
}
const scratchCaptures = new Int16Array(40);

/**
 * The one move scanner behind every move query. Slides each piece of the side
 * to move (or only the piece on `only`, if ≥ 0) like a rook; restricted squares
 * are passed over when empty but only the king may stop on them; the
 * defenders' repeating moves are left out. Writes moves into `out` and returns
 * the count, or with `out` null returns 1 as soon as one legal move exists.
 */
function scanMoves(position: Position, out: Uint16Array | null, only: number): number {
  const board = position.board;
  const { neighbour, restricted } = position.v;
  const side = position.toMove;
  const checkRepetition = side === DEFENDERS && position.seen.size > 0;
  const first = only >= 0 ? only : 0;
  const last = only >= 0 ? only : position.v.cells - 1;
  let count = 0;
  for (let from = first; from <= last; from++) {
    const piece = board[from] as number;
    if (piece === EMPTY || sideOf(piece) !== side) continue;
    const isKing = piece === KING;
    for (let dir = 0; dir < 4; dir++) {
      let to = neighbour[from * 4 + dir] as number;
      while (to >= 0 && board[to] === EMPTY) {
        if ((isKing || restricted[to] === 0) && !(checkRepetition && repeatsPosition(position, from, to))) {
          if (out === null) return 1;
          out[count++] = from * 128 + to;
        }
        to = neighbour[to * 4 + dir] as number;
      }
    }
  }
  return count;
}

/** Writes every legal move of the side to move into `out` (≥ MAX_MOVES long); returns the count. */
export function generateMoves(position: Position, out: Uint16Array): number {
  return position.result === ONGOING ? scanMoves(position, out, -1) : 0;
}

/** The legal moves of the piece on `from` (none if it is not the mover's), for UI highlighting. */
export function generateMovesFrom(position: Position, from: number, out: Uint16Array): number {
  return position.result === ONGOING ? scanMoves(position, out, from) : 0;
}

export function hasLegalMove(position: Position): boolean {
  return scanMoves(position, null, -1) > 0;
}

/** null if from → to is legal for the side to move, else why not. */
export function checkMove(position: Position, from: number, to: number): IllegalReason | null {
  if (position.result !== ONGOING) return "game is over";
  const { board, v } = position;
  const size = v.size;
  const piece = board[from] as number;
  if (piece === EMPTY) return "no piece there";
  if (sideOf(piece) !== position.toMove) return "not your piece";
  if (from === to) return "must move";
  const sameFile = from % size === to % size;
  const sameRank = Math.floor(from / size) === Math.floor(to / size);
  if (!sameFile && !sameRank) return "not a straight line";
  const step = sameFile ? (to > from ? size : -size) : to > from ? 1 : -1;
  for (let sq = from + step; ; sq += step) {
    if (board[sq] !== EMPTY) return "blocked";
    if (sq === to) break;
  }
  if (piece !== KING && v.restricted[to] === 1) {
    return to === v.throne ? "only the king may stop on the throne" : "only the king may stop on a corner";
  }
  if (position.toMove === DEFENDERS && repeatsPosition(position, from, to)) return "repeats a position";
  return null;
}

function movePiece(position: Position, piece: number, from: number, to: number): void {
  const board = position.board;
  board[from] = EMPTY;
  board[to] = piece;
  position.hashHi ^= (PIECE_KEY_HI[piece * STRIDE + from] as number) ^ (PIECE_KEY_HI[piece * STRIDE + to] as number);
  position.hashLo ^= (PIECE_KEY_LO[piece * STRIDE + from] as number) ^ (PIECE_KEY_LO[piece * STRIDE + to] as number);
}

function removePiece(position: Position, sq: number): void {
  const piece = position.board[sq] as number;
  position.board[sq] = EMPTY;
  position.hashHi ^= PIECE_KEY_HI[piece * STRIDE + sq] as number;
  position.hashLo ^= PIECE_KEY_LO[piece * STRIDE + sq] as number;
  if (piece === ATTACKER) position.attackers--;
  else position.defenders--;
}

function finish(position: Position, winner: number, reason: EndReason): void {
  position.result = winner;
  position.reason = reason;
}

/**
 * Plays from → to, which the caller has checked (checkMove or a generated
 * move). Removes the captured pieces (listed in `position.captures`), passes
 * the turn, records the position for the repetition rule and decides whether
 * the game is over. Order matters: the mover's winning conditions first, and
 * only if the game goes on, whether the side now to move has any legal move.
 */
export function applyMove(position: Position, from: number, to: number): void {
  const { board, v } = position;
  const piece = board[from] as number;
  const mover = position.toMove;
  movePiece(position, piece, from, to);
  if (piece === KING) position.king = to;

  const count = findCaptures(v, board, to, position.captures);
  for (let i = 0; i < count; i++) removePiece(position, position.captures[i] as number);
  position.captureCount = count;

  position.toMove = mover === ATTACKERS ? DEFENDERS : ATTACKERS;
  position.hashHi ^= SIDE_KEY_HI;
  position.hashLo ^= SIDE_KEY_LO;
  position.ply++;
  if (count > 0) position.historyStart = position.history.length;
  if (mover === DEFENDERS) rememberPosition(position);

  if (mover === ATTACKERS) {
    const king = position.king;
    // The captured king stays on the board so that the final position shows him.
    if (isKingNextTo(v, to, king) && isKingCaptured(v, board, king, to)) return finish(position, ATTACKERS, "king captured");
    if (v.encirclement && isEncircled(v, board)) return finish(position, ATTACKERS, "encircled");
  } else {
    const king = position.king;
    if (v.isCorner[king] === 1) return finish(position, DEFENDERS, "king escaped");
    if (position.attackers === 0) return finish(position, DEFENDERS, "no attackers left");
    if (v.exitForts && v.isEdge[king] === 1 && isExitFort(v, board, king, position.attackers)) {
      return finish(position, DEFENDERS, "exit fort");
    }
  }
  if (!hasLegalMove(position)) finish(position, mover, "no legal moves");
}

function isKingNextTo(v: Variant, sq: number, king: number): boolean {
  for (let dir = 0; dir < 4; dir++) if (v.neighbour[sq * 4 + dir] === king) return true;
  return false;
}

/** The scalar fields of a position, which a snapshot saves and restores. */
type Scalars = Pick<Position, "toMove" | "king" | "attackers" | "defenders" | "ply" | "hashHi" | "hashLo" | "historyStart" | "result" | "reason">;

function copyScalars(from: Scalars, to: Scalars): void {
  to.toMove = from.toMove;
  to.king = from.king;
  to.attackers = from.attackers;
  to.defenders = from.defenders;
  to.ply = from.ply;
  to.hashHi = from.hashHi;
  to.hashLo = from.hashLo;
  to.historyStart = from.historyStart;
  to.result = from.result;
  to.reason = from.reason;
}

/** Everything `restoreSnapshot` needs to take back the moves made since it was saved. */
export interface Snapshot extends Scalars {
  readonly board: Uint8Array;
  historyLength: number;
}

export function createSnapshot(v: Variant = COPENHAGEN): Snapshot {
  const snapshot = { board: new Uint8Array(v.cells), historyLength: 0 } as Snapshot;
  copyScalars(createPosition(undefined, ATTACKERS, 0, [], v), snapshot);
  return snapshot;
}

/** Saves a position into a reusable snapshot (no allocation), e.g. before trying moves. */
export function saveSnapshot(position: Position, snapshot: Snapshot): void {
  snapshot.board.set(position.board);
  copyScalars(position, snapshot);
  snapshot.historyLength = position.history.length;
}

/**
 * Takes a position back to a snapshot of itself. History only ever grows
 * (applyMove never drops entries), so trimming it back is exact.
 */
export function restoreSnapshot(position: Position, snapshot: Snapshot): void {
  position.board.set(snapshot.board);
  copyScalars(snapshot, position);
  while (position.history.length > snapshot.historyLength) {
    position.seen.delete(position.history.pop() as number);
  }
  position.captureCount = 0;
}
