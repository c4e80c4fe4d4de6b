// GNU Backgammon's position ID, both ways (the format: gnubg manual, "A technical
// description of the Position ID"): 80 bits, little-endian, base64 without padding;
// per player, the player not on roll first, then per point 1–24 and the bar, as
// many 1 bits as checkers and a 0. Used to compare our move generation with gnubg's
// and to name positions as gnubg users know them.
import { BAR, OFF, SLOTS } from "./moves";

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Our board (side `onRoll` to move) from a position ID, for a variant of `checkers` a side. */
export function boardFromGnubgId(id: string, onRoll: 0 | 1, checkers: number): Int8Array {
  if (!/^[A-Za-z0-9+/]{14}$/.test(id)) throw new Error(`not a position ID: ${id}`);
  const bytes = new Uint8Array(10);
  for (let i = 0; i < 14; i++) {
    const v = BASE64.indexOf(id[i]!);
    for (let bit = 0; bit < 6; bit++) {
      const at = i * 6 + bit;
      if (at < 80 && (v >> (5 - bit)) & 1) bytes[at >> 3]! |= 1 << (7 - (at & 7));
    }
  }
  const board = new Int8Array(2 * SLOTS);
  let bit = 0;
  const next = (): number => (bytes[bit >> 3]! >> (bit++ & 7)) & 1;
  for (const side of [1 - onRoll, onRoll]) {
    const m = side * SLOTS;
    for (let slot = 0; slot < 25; slot++) while (next()) board[m + (slot === 24 ? BAR : slot + 1)]!++;
    let on = 0;
    for (let p = 1; p <= BAR; p++) on += board[m + p]!;
    board[m + OFF] = checkers - on;
  }
  return board;
}

/** The position ID of our board with side `onRoll` to move. */
export function gnubgId(board: Int8Array, onRoll: 0 | 1): string {
  const bytes = new Uint8Array(10);
  let bit = 0;
  for (const side of [1 - onRoll, onRoll]) {
    const m = side * SLOTS;
    for (let slot = 0; slot < 25; slot++) {
      const n = board[m + (slot === 24 ? BAR : slot + 1)]!;
      for (let k = 0; k < n; k++, bit++) bytes[bit >> 3]! |= 1 << (bit & 7);
      bit++;
    }
  }
  let id = "";
  for (let i = 0; i < 14; i++) {
    let v = 0;
    for (let b = 0; b < 6; b++) {
      const at = i * 6 + b;
      const set = at < 80 && (bytes[at >> 3]! >> (7 - (at & 7))) & 1;
      v = (v << 1) | (set ? 1 : 0);
    }
    id += BASE64[v];
  }
  return id;
}
