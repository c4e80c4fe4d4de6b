// The tafl board rules that look at a board after a piece has landed: which
// pieces the move captures (custodial, multiple, shield wall), whether the king
// is captured, whether the attackers have encircled every defender, and whether
// the king sits in an unbreakable exit fort. Each takes the variant (variant.ts)
// whose parameters say which of these rules apply and how.
//
// These are pure functions of a board (a Uint8Array, see board.ts).
// They reuse module-level scratch arrays instead of allocating, because they
// run on every move the referee applies and every move the benchmark tries;
// JavaScript is single-threaded and none of them re-enters another, so the
// sharing is safe. docs/hnefatafl.md explains the rule interpretations.

import { ATTACKER, DEFENDER, EMPTY, KING, MAX_CELLS } from "./board";
import type { Variant } from "./variant";

/** True if `piece` belongs to the side that just moved `mover` (a piece code). */
function isFriend(piece: number, mover: number): boolean {
  return mover === ATTACKER ? piece === ATTACKER : piece === DEFENDER || piece === KING;
}

/** True if `piece` fights for the side that just moved: a friend, but not an unarmed king. */
function isArmedFriend(v: Variant, piece: number, mover: number): boolean {
  return piece === KING ? mover !== ATTACKER && v.kingArmed : isFriend(piece, mover);
}

/**
 * Whether square `sq` works as the far jaw of a capture made by `mover`: a
 * piece of the moving side (the king only if he is armed), or an empty
 * restricted square. Corners are always hostile; the throne is hostile to
 * attackers always and to defenders only when empty, and when it is not empty
 * the king is on it, who is hostile to attackers if armed.
 */
function isAnvil(v: Variant, board: Uint8Array, sq: number, mover: number): boolean {
  const piece = board[sq] as number;
  if (piece === EMPTY) return v.restricted[sq] === 1;
  return isArmedFriend(v, piece, mover);
}

function pushUnique(out: Int16Array, count: number, sq: number): number {
  for (let i = 0; i < count; i++) if (out[i] === sq) return count;
  out[count] = sq;
  return count + 1;
}

/**
 * Writes into `out` the squares captured by the piece that has just landed on
 * `to` (the board already shows it there) and returns how many. The king is
 * never listed: his capture ends the game and is checked by `isKingCaptured`.
 * `out` must hold at least 40 entries.
 */
export function findCaptures(v: Variant, board: Uint8Array, to: number, out: Int16Array): number {
  if (board[to] === KING && !v.kingArmed) return 0;
  const mover = board[to] === ATTACKER ? ATTACKER : DEFENDER;
  const neighbour = v.neighbour;
  let count = 0;

  // Custodial captures: an enemy next to us with an anvil right behind it.
  for (let dir = 0; dir < 4; dir++) {
    const victim = neighbour[to * 4 + dir] as number;
    if (victim < 0) continue;
    const piece = board[victim] as number;
    if (piece === EMPTY || piece === KING || isFriend(piece, mover)) continue;
    const far = neighbour[victim * 4 + dir] as number;
    if (far >= 0 && isAnvil(v, board, far, mover)) out[count++] = victim;
  }

  // Shield wall: only a piece landing on the edge can bracket a row there.
  const inward = v.inward[to] as number;
  if (v.shieldWalls && inward >= 0) {
    count = findShieldWallCaptures(v, board, to, mover, inward, (inward + 1) & 3, out, count);
    count = findShieldWallCaptures(v, board, to, mover, inward, (inward + 3) & 3, out, count);
  }
  return count;
}

/**
 * Walks along the edge from `to` in direction `along` over a row of enemy
 * pieces, each of which must have one of our pieces in front of it (towards
 * the centre); the row must be at least two long and end at one of our pieces
 * or a corner. Then every member but the king is captured. A capture that is
 * also custodial (the first member) is listed once.
 */
function findShieldWallCaptures(
  v: Variant,
  board: Uint8Array,
  to: number,
  mover: number,
  inward: number,
  along: number,
  out: Int16Array,
  count: number,
): number {
  const neighbour = v.neighbour;
  let length = 0;
  let sq = neighbour[to * 4 + along] as number;
  while (sq >= 0) {
    const piece = board[sq] as number;
    if (piece === EMPTY || isFriend(piece, mover)) break;
    const front = neighbour[sq * 4 + inward] as number;
    if (!isArmedFriend(v, board[front] as number, mover)) return count;
    length++;
    sq = neighbour[sq * 4 + along] as number;
  }
  if (length < 2 || sq < 0) return count;
  const end = board[sq] as number;
  const bracketed = end === EMPTY ? v.isCorner[sq] === 1 : isArmedFriend(v, end, mover);
  if (!bracketed) return count;
  sq = neighbour[to * 4 + along] as number;
  for (let i = 0; i < length; i++) {
    if (board[sq] !== KING) count = pushUnique(out, count, sq);
    sq = neighbour[sq * 4 + along] as number;
  }
  return count;
}

/**
 * Is the king on `king` captured by the attacker that just landed on `by`
 * (a neighbour of his)? Callers check only that case, so a king capture is
 * always made by a move, like every other capture.
 *
 * Captured by four (and always on the throne): every orthogonal neighbour is
 * an attacker or the (then necessarily empty) throne: four attackers in the
 * open or round the throne, three beside it; never on the edge. Captured by
 * two: like any other piece, the square beyond him seen from `by` holds an
 * attacker or is an empty corner (the throne is never hostile to the king).
 */
export function isKingCaptured(v: Variant, board: Uint8Array, king: number, by: number): boolean {
  const neighbour = v.neighbour;
  if (v.kingCapturedBy === 2 && king !== v.throne) {
    for (let dir = 0; dir < 4; dir++) {
      if (neighbour[by * 4 + dir] !== king) continue;
      const far = neighbour[king * 4 + dir] as number;
      if (far < 0) return false;
      const piece = board[far] as number;
      return piece === ATTACKER || (piece === EMPTY && v.isCorner[far] === 1);
    }
    return false;
  }
  if (v.isEdge[king] === 1) return false;
  for (let dir = 0; dir < 4; dir++) {
    const sq = neighbour[king * 4 + dir] as number;
    if (board[sq] !== ATTACKER && sq !== v.throne) return false;
  }
  return true;
}

// Scratch for the flood fills: a visit stamp per square (bumped instead of
// cleared) and a stack of squares to expand.
const visited = new Uint32Array(MAX_CELLS);
let stamp = 0;
const stack = new Int16Array(MAX_CELLS);

function nextStamp(): number {
  stamp++;
  if (stamp === 0xffffffff) {
    visited.fill(0);
    stamp = 1;
  }
  return stamp;
}

/**
 * Encirclement: the attackers win when no defender and not the king can be
 * reached from the board edge by orthogonal steps over squares that hold no
 * attacker, i.e. an unbroken attacker ring holds every remaining defender
 * (several rings are fine; a "ring" that leans on the board edge is not one,
 * since the edge squares inside it are reachable). Only an attacker's move can
 * complete a ring, so callers check it after attacker moves only.
 */
export function isEncircled(v: Variant, board: Uint8Array): boolean {
  const neighbour = v.neighbour;
  const mark = nextStamp();
  let top = 0;
  for (const sq of v.edgeSquares) {
    if (board[sq] !== ATTACKER) {
      visited[sq] = mark;
      stack[top++] = sq;
    }
  }
  while (top > 0) {
    const sq = stack[--top] as number;
    if (board[sq] !== EMPTY) return false; // a defender or the king is outside every ring
    for (let dir = 0; dir < 4; dir++) {
      const next = neighbour[sq * 4 + dir] as number;
      if (next >= 0 && visited[next] !== mark && board[next] !== ATTACKER) {
        visited[next] = mark;
        stack[top++] = next;
      }
    }
  }
  return true;
}

// Exit-fort scratch: which squares are inside the fort, and which defenders are
// proven safe.
const inFort = new Uint32Array(MAX_CELLS);
let fortStamp = 0;
const safe = new Uint8Array(MAX_CELLS);
const wall = new Int16Array(MAX_CELLS);

/**
 * Exit fort: the king is on an edge, can move, and the attackers can never
 * break the fort around him. The fort is the region flooded from the king over
 * non-defender squares; it must contain no attacker (else they are already
 * inside). Then it is unbreakable if every defender bordering it is "safe":
 * the safe set is the largest set of defenders none of which can be captured
 * on either axis, given the attackers left. An axis is closed when one of its
 * two neighbours can never turn hostile: off the board, a non-restricted
 * square of the fort (attackers can never get in), or another safe defender.
 * An axis with both neighbours open is still safe when the attackers are too
 * few to fill it: each neighbour that is not a restricted (hostile) square
 * needs an attacker of its own, so a single attacker left can capture only
 * against a corner or the throne, and a fort with open sides stands. No
 * member of such a set can ever be captured first, so none ever is, so the
 * fort stands as long as the defenders keep it. Shield walls cannot break it
 * either: any edge row holding a wall defender touches the fort at a front or
 * an end, where no attacker can stand (and a shield wall needs three
 * attackers at least).
 */
export function isExitFort(v: Variant, board: Uint8Array, king: number, attackers: number): boolean {
  const neighbour = v.neighbour;
  const restricted = v.restricted;
  if (v.isEdge[king] !== 1) return false;
  let canMove = false;
  for (let dir = 0; dir < 4; dir++) {
    const sq = neighbour[king * 4 + dir] as number;
    if (sq >= 0 && board[sq] === EMPTY) canMove = true;
  }
  if (!canMove) return false;

  // Flood the fort; collect the defenders on its border.
  fortStamp++;
  if (fortStamp === 0xffffffff) {
    inFort.fill(0);
    fortStamp = 1;
  }
  const mark = fortStamp;
  safe.fill(0);
  let top = 0;
  let walls = 0;
  inFort[king] = mark;
  stack[top++] = king;
  while (top > 0) {
    const sq = stack[--top] as number;
    for (let dir = 0; dir < 4; dir++) {
      const next = neighbour[sq * 4 + dir] as number;
      if (next < 0 || inFort[next] === mark) continue;
      const piece = board[next] as number;
      if (piece === ATTACKER) return false;
      if (piece === DEFENDER) {
        if (safe[next] === 0) wall[walls++] = next;
        safe[next] = 1; // provisional; also dedupes the wall list
        continue;
      }
      inFort[next] = mark;
      stack[top++] = next;
    }
  }

  // Every other defender starts as a candidate too: an outer layer may protect
  // the inner one. Then strike out defenders with a breakable axis until
  // nothing changes (the greatest safe set).
  const cells = v.cells;
  for (let sq = 0; sq < cells; sq++) if (board[sq] === DEFENDER) safe[sq] = 1;
  const closes = (sq: number): boolean => sq < 0 || (inFort[sq] === mark && restricted[sq] === 0) || safe[sq] === 1;
  const breakable = (a: number, b: number): boolean => !closes(a) && !closes(b) && 2 - (restricted[a] as number) - (restricted[b] as number) <= attackers;
  let changed = true;
  while (changed) {
    changed = false;
    for (let sq = 0; sq < cells; sq++) {
      if (safe[sq] !== 1) continue;
      const base = sq * 4;
      if (breakable(neighbour[base + 0] as number, neighbour[base + 2] as number) || breakable(neighbour[base + 1] as number, neighbour[base + 3] as number)) {
        safe[sq] = 0;
        changed = true;
      }
    }
  }
  for (let i = 0; i < walls; i++) if (safe[wall[i] as number] !== 1) return false;
  return true;
}
