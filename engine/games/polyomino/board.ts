// The fast core: a 20×20 board as one 20-bit mask per row and colour, so that a
// placement check is a handful of ANDs over the piece's (at most five) rows.
// For each colour two derived masks per row are kept up to date:
//   forbidden: squares taken by anyone, or edge-adjacent to the colour's own;
//   corners:   free squares diagonal to the colour's own (before its first
//              piece: its start corner, if free).
// A placement is legal when no square is forbidden and one is a corner.
// A Board is mutable and private to this folder's code paths: the immutable
// game states (game.ts) copy it before placing.

import { ORIENTATIONS, PIECES, type Orientation } from "./pieces";

export const SIZE = 20;
const FULL = (1 << SIZE) - 1;
export const COLOURS = ["blue", "yellow", "red", "green"] as const;
export type ColourName = (typeof COLOURS)[number];
/** 0 blue, 1 yellow, 2 red, 3 green: the order of play. */
export type Colour = 0 | 1 | 2 | 3;

/** Start corners, clockwise in the order of play: a20, t20, t1, a1 (x = file from a, y = rank − 1). */
export const START_CORNERS: readonly (readonly [number, number])[] = [
  [0, SIZE - 1],
  [SIZE - 1, SIZE - 1],
  [SIZE - 1, 0],
  [0, 0],
];

/** Why a placement is refused ("ok" when it is legal). */
export type Fit = "ok" | "off board" | "overlap" | "edge" | "no corner";

export class Board {
  /** own[c * SIZE + y]: colour c's squares on row y. */
  readonly own: Uint32Array;
  readonly taken: Uint32Array;
  readonly forbidden: Uint32Array;
  readonly corners: Uint32Array;
  /** Per colour, bit i set once piece i is on the board. */
  readonly used: Uint32Array;
  /** Per colour, the piece placed last (−1 before the first). */
  readonly last: Int8Array;

  constructor(from?: Board) {
    this.own = from ? from.own.slice() : new Uint32Array(4 * SIZE);
    this.taken = from ? from.taken.slice() : new Uint32Array(SIZE);
    this.forbidden = from ? from.forbidden.slice() : new Uint32Array(4 * SIZE);
    this.corners = from ? from.corners.slice() : new Uint32Array(4 * SIZE);
    this.used = from ? from.used.slice() : new Uint32Array(4);
    this.last = from ? from.last.slice() : new Int8Array(4).fill(-1);
    if (!from) for (let c = 0; c < 4; c++) this.refresh(c as Colour);
  }

  /** The colour on square (x, y), or −1. */
  colourAt(x: number, y: number): number {
    const bit = 1 << x;
    for (let c = 0; c < 4; c++) if ((this.own[c * SIZE + y] as number) & bit) return c;
    return -1;
  }

  /** Whether `o` at (x, y) (its bottom-left corner) is a legal placement for `c`, as fast as possible. */
  fits(c: Colour, o: Orientation, x: number, y: number): boolean {
    if (x < 0 || y < 0 || x + o.width > SIZE || y + o.height > SIZE) return false;
    const base = c * SIZE + y;
    const rows = o.rows;
    let corner = 0;
    for (let i = 0; i < rows.length; i++) {
      const m = (rows[i] as number) << x;
      if (m & (this.forbidden[base + i] as number)) return false;
      corner |= m & (this.corners[base + i] as number);
    }
    return corner !== 0;
  }

  /** Like `fits`, but says what is wrong (slower; for refusals). */
  why(c: Colour, o: Orientation, x: number, y: number): Fit {
    if (x < 0 || y < 0 || x + o.width > SIZE || y + o.height > SIZE) return "off board";
    let corner = 0;
    let edge = 0;
    for (let i = 0; i < o.rows.length; i++) {
      const m = (o.rows[i] as number) << x;
      if (m & (this.taken[y + i] as number)) return "overlap";
      edge |= m & (this.forbidden[c * SIZE + y + i] as number);
      corner |= m & (this.corners[c * SIZE + y + i] as number);
    }
    if (edge) return "edge";
    return corner ? "ok" : "no corner";
  }

  /** Puts `o` at (x, y) for `c`; the caller has checked it fits. */
  place(c: Colour, o: Orientation, x: number, y: number): void {
    for (let i = 0; i < o.rows.length; i++) {
      const m = (o.rows[i] as number) << x;
      this.own[c * SIZE + y + i] = (this.own[c * SIZE + y + i] as number) | m;
      this.taken[y + i] = (this.taken[y + i] as number) | m;
    }
    this.used[c] = (this.used[c] as number) | (1 << o.piece);
    this.last[c] = o.piece;
    // New squares are taken for every colour; only `c`'s neighbourhoods changed.
    for (let d = 0; d < 4; d++) this.refresh(d as Colour);
  }

  private refresh(c: Colour): void {
    const own = this.own;
    const at = c * SIZE;
    const started = this.used[c] !== 0;
    for (let y = 0; y < SIZE; y++) {
      const row = own[at + y] as number;
      const below = y > 0 ? (own[at + y - 1] as number) : 0;
      const above = y < SIZE - 1 ? (own[at + y + 1] as number) : 0;
      const forbidden = ((this.taken[y] as number) | (row << 1) | (row >>> 1) | below | above) & FULL;
      this.forbidden[at + y] = forbidden;
      this.corners[at + y] = started ? (((below | above) << 1) | ((below | above) >>> 1)) & ~forbidden & FULL : 0;
    }
    if (!started) {
      const [x, y] = START_CORNERS[c] as readonly [number, number];
      this.corners[at + y] = (1 << x) & ~(this.forbidden[at + y] as number);
    }
  }

  /**
   * Whether `c` can place any piece of `allowed` (bit i for piece i) anywhere:
   * tries only placements that put one of the piece's squares on one of the
   * colour's corner squares, and stops at the first that fits.
   */
  canPlace(c: Colour, allowed: number): boolean {
    return this.eachPlacement(c, allowed, () => true);
  }

  /** Every legal placement of `c` with a piece of `allowed`, each once, as `global * 400 + y * 20 + x`. */
  placements(c: Colour, allowed: number): number[] {
    const keys = new Set<number>();
    this.eachPlacement(c, allowed, (o, x, y) => {
      keys.add(o.global * SIZE * SIZE + y * SIZE + x);
      return false;
    });
    return [...keys].sort((a, b) => a - b);
  }

  /** Calls `found` for each fitting placement through a corner (repeats possible) until it returns true. */
  private eachPlacement(c: Colour, allowed: number, found: (o: Orientation, x: number, y: number) => boolean): boolean {
    const pieces = allowed & ~(this.used[c] as number);
    if (pieces === 0) return false;
    for (let cy = 0; cy < SIZE; cy++) {
      let row = this.corners[c * SIZE + cy] as number;
      while (row !== 0) {
        const bit = row & -row;
        row ^= bit;
        const cx = 31 - Math.clz32(bit);
        for (let p = 0; p < PIECES.length; p++) {
          if (!(pieces & (1 << p))) continue;
          for (const o of (PIECES[p] as (typeof PIECES)[number]).orientations) {
            for (const [dx, dy] of o.cells) {
              const x = cx - dx;
              const y = cy - dy;
              if (this.fits(c, o, x, y) && found(o, x, y)) return true;
            }
          }
        }
      }
    }
    return false;
  }
}

/** The placement a key from `Board.placements` stands for. */
export function placementOfKey(key: number): { o: Orientation; x: number; y: number } {
  const o = ORIENTATIONS[Math.floor(key / (SIZE * SIZE))] as Orientation;
  const square = key % (SIZE * SIZE);
  return { o, x: square % SIZE, y: Math.floor(square / SIZE) };
}
