// Zobrist hashing of positions, used only for the defenders' no-repetition rule.
//
// A hash is a 53-bit integer held as two halves (hi: 21 bits, lo: 32 bits) so
// that it can be updated with 32-bit XORs and still be a plain, exactly
// representable JavaScript number for Set lookups and JSON. The keys come from
// a fixed-seed generator, so a hash stored in the database today means the same
// position after a server restart or in the browser.

import { MAX_CELLS } from "./board";

const HI_MASK = 0x1fffff; // 21 bits: hi * 2^32 + lo stays below 2^53.

/** splitmix32: tiny, well-mixed, deterministic; quality is ample for hash keys. */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

const next = splitmix32(0x7af1_2011);

/**
 * Keys per (piece code 1..3, square); index piece * KEY_STRIDE + square. Row 0
 * is unused. The stride is the largest board's, whatever the variant, so
 * 11×11 hashes stay what they always were.
 */
export const KEY_STRIDE = MAX_CELLS;
export const PIECE_KEY_HI = new Int32Array(4 * KEY_STRIDE);
export const PIECE_KEY_LO = new Int32Array(4 * KEY_STRIDE);
for (let i = KEY_STRIDE; i < 4 * KEY_STRIDE; i++) {
  PIECE_KEY_HI[i] = next() & HI_MASK;
  PIECE_KEY_LO[i] = next() | 0;
}

/** XORed in while the defenders are to move. */
export const SIDE_KEY_HI = next() & HI_MASK;
export const SIDE_KEY_LO = next() | 0;

/** Joins the two halves into one exact integer below 2^53. */
export function joinHash(hi: number, lo: number): number {
  return (hi & HI_MASK) * 4294967296 + (lo >>> 0);
}
