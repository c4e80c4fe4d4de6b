// The mutable core of backgammon move generation. A board is an Int8Array of 52
// slots: side 0's slots 0–25, then side 1's 26–51, each from that side's own point of
// view (slot 0: borne off, 1–24: its points, 25: its bar). A side's point p is the
// other side's point 25 - p. Generation plays hops on one scratch board and undoes
// them (no allocation per hop); whole turns are deduplicated by the board they lead
// to, as players and gnubg count them, through a 53-bit Zobrist hash of the board
// (a string key per sequence cost a third of the time; two different boards of one
// position share a hash with a chance near 2^-53 per pair).
import { Prng } from "../../prng";

export const OFF = 0;
export const BAR = 25;
export const SLOTS = 26;

export interface Hop {
  /** 25 is the bar. */
  readonly from: number;
  /** 0 is off. */
  readonly to: number;
  readonly hit: boolean;
}

export interface TurnMove {
  readonly hops: readonly Hop[];
  /** The board after the move (the same side still "to move" in it). */
  readonly after: Int8Array;
}

export function sameBoard(a: Int8Array, b: Int8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// Per slot and checker count (0–15), two random 32-bit words; fixed by a seed.
const MAX_COUNT = 16;
const ZOBRIST_HIGH = new Uint32Array(2 * SLOTS * MAX_COUNT);
const ZOBRIST_LOW = new Uint32Array(2 * SLOTS * MAX_COUNT);
{
  const prng = Prng.fromSeed("backgammon-zobrist");
  for (let i = 0; i < ZOBRIST_HIGH.length; i++) {
    ZOBRIST_HIGH[i] = prng.nextU32();
    ZOBRIST_LOW[i] = prng.nextU32();
  }
}

/** A 53-bit hash of the board. */
function boardHash(b: Int8Array): number {
  let high = 0;
  let low = 0;
  for (let i = 0; i < b.length; i++) {
    const at = i * MAX_COUNT + b[i]!;
    high ^= ZOBRIST_HIGH[at]!;
    low ^= ZOBRIST_LOW[at]!;
  }
  return (high >>> 0) * 2 ** 21 + (low & 0x1fffff);
}

/**
 * Where a checker of the side at offset `m` lands from `from` with die `d`: a point,
 * 0 (off), or -1 if it may not. `away` is how many of its checkers are outside its
 * home board (points 7–24 and the bar), kept by the caller so bearing off costs no scan.
 */
function destination(b: Int8Array, m: number, o: number, from: number, d: number, away: number): number {
  if (b[m + from]! === 0) return -1;
  if (from !== BAR && b[m + BAR]! > 0) return -1;
  const to = from - d;
  if (to >= 1) return b[o + BAR - to]! >= 2 ? -1 : to;
  if (away > 0) return -1;
  if (to === 0) return 0;
  // A die larger than needed bears off only the checker farthest from home.
  for (let p = from + 1; p <= 6; p++) if (b[m + p]! > 0) return -1;
  return 0;
}

/** Plays a hop on the board; returns whether it hit (for undoing). */
export function playHop(b: Int8Array, m: number, o: number, from: number, to: number): boolean {
  b[m + from]!--;
  if (to === OFF) {
    b[m + OFF]!++;
    return false;
  }
  b[m + to]!++;
  const theirs = o + BAR - to;
  if (b[theirs] !== 1) return false;
  b[theirs] = 0;
  b[o + BAR]!++;
  return true;
}

function undoHop(b: Int8Array, m: number, o: number, from: number, to: number, hit: boolean): void {
  b[m + from]!++;
  if (to === OFF) {
    b[m + OFF]!--;
    return;
  }
  b[m + to]!--;
  if (hit) {
    b[o + BAR - to] = 1;
    b[o + BAR]!--;
  }
}

/**
 * Every legal turn of `side` (0 or 1) with these dice, one per resulting board: as
 * many dice as can be played must be (four for doubles); if only one of two can,
 * the larger when possible. Empty when the side cannot move.
 */
export function generateMoves(board: Int8Array, side: 0 | 1, d1: number, d2: number): TurnMove[] {
  const b = Int8Array.from(board);
  const m = side * SLOTS;
  const o = (1 - side) * SLOTS;
  const doubles = d1 === d2;
  const found = new Map<number, TurnMove>();
  const hops: Hop[] = [];
  let best = 0;
  // Among one-die turns, whether the larger die was played (the rule prefers it).
  let bestUsesLarger = false;
  const large = Math.max(d1, d2);

  const record = (usesLarger: boolean): void => {
    const n = hops.length;
    if (n < best) return;
    if (n > best || (n === 1 && usesLarger && !bestUsesLarger)) {
      found.clear();
      best = n;
      bestUsesLarger = usesLarger;
    } else if (n === 1 && !usesLarger && bestUsesLarger) return;
    const key = boardHash(b);
    if (!found.has(key)) found.set(key, { hops: hops.slice(), after: Int8Array.from(b) });
  };

  let away = 0;
  for (let p = 7; p <= BAR; p++) away += b[m + p]!;

  const search = (dice: readonly number[], index: number, maxFrom: number, usesLarger: boolean): void => {
    if (index === dice.length) return record(usesLarger);
    const d = dice[index]!;
    let moved = false;
    for (let from = maxFrom; from >= 1; from--) {
      const to = destination(b, m, o, from, d, away);
      if (to < 0) continue;
      moved = true;
      const hit = playHop(b, m, o, from, to);
      const cameHome = from >= 7 && to < 7 ? 1 : 0;
      away -= cameHome;
      hops.push({ from, to, hit });
      // With doubles, hops in falling order reach every board once; a checker that
      // moves on continues from a lower point, so no board is missed.
      search(dice, index + 1, doubles ? from : BAR, usesLarger || d === large);
      away += cameHome;
      hops.pop();
      undoHop(b, m, o, from, to, hit);
    }
    if (!moved) record(usesLarger);
  };

  if (doubles) search([d1, d1, d1, d1], 0, BAR, true);
  else {
    search([d1, d2], 0, BAR, false);
    search([d2, d1], 0, BAR, false);
  }
  return best === 0 ? [] : [...found.values()];
}

/** Pips a side still has to travel: each checker's point, 25 for the bar. */
export function pipCount(board: Int8Array, side: 0 | 1): number {
  const m = side * SLOTS;
  let pips = 0;
  for (let p = 1; p <= BAR; p++) pips += p * board[m + p]!;
  return pips;
}

/**
 * The hops that may come next in a turn being made hop by hop: `made` are the hops so
 * far (each must have used one of `dice`), and a hop is offered only if some legal
 * whole turn (`legal`, from generateMoves) can still be reached after it, whatever
 * the order the player makes the hops in. Null if `made` is not a start of a legal turn.
 */
export function nextHops(
  board: Int8Array,
  side: 0 | 1,
  dice: readonly number[],
  made: readonly { from: number; to: number }[],
  legal: readonly TurnMove[],
): Hop[] | null {
  const b = Int8Array.from(board);
  const m = side * SLOTS;
  const o = (1 - side) * SLOTS;
  const left = dice[0] === dice[1] ? [dice[0]!, dice[0]!, dice[0]!, dice[0]!] : [...dice];
  const outside = (): number => {
    let n = 0;
    for (let p = 7; p <= BAR; p++) n += b[m + p]!;
    return n;
  };
  for (const { from, to } of made) {
    // The die this hop used: the one it takes exactly, else (bearing off) a larger one that may.
    const die = left.filter((d) => destination(b, m, o, from, d, outside()) === to).sort((x, y) => x - y)[0];
    if (die === undefined) return null;
    left.splice(left.indexOf(die), 1);
    playHop(b, m, o, from, to);
  }
  const targets = new Set(legal.map((move) => boardHash(move.after)));
  if (!reaches(b, m, o, left, targets, outside)) return null;
  const offered: Hop[] = [];
  for (const d of new Set(left)) {
    for (let from = BAR; from >= 1; from--) {
      const to = destination(b, m, o, from, d, outside());
      if (to < 0 || offered.some((hop) => hop.from === from && hop.to === to)) continue;
      const hit = playHop(b, m, o, from, to);
      const rest = [...left];
      rest.splice(rest.indexOf(d), 1);
      if (reaches(b, m, o, rest, targets, outside)) offered.push({ from, to, hit });
      undoHop(b, m, o, from, to, hit);
    }
  }
  return offered;
}

/** Whether some order of some of the dice left leads from board `b` to one of the target boards. */
function reaches(b: Int8Array, m: number, o: number, left: readonly number[], targets: ReadonlySet<number>, outside: () => number): boolean {
  if (targets.has(boardHash(b))) return true;
  for (const d of new Set(left)) {
    const rest = [...left];
    rest.splice(rest.indexOf(d), 1);
    for (let from = BAR; from >= 1; from--) {
      const to = destination(b, m, o, from, d, outside());
      if (to < 0) continue;
      const hit = playHop(b, m, o, from, to);
      const found = reaches(b, m, o, rest, targets, outside);
      undoHop(b, m, o, from, to, hit);
      if (found) return true;
    }
  }
  return false;
}
