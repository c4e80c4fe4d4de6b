// Board geometry for Copenhagen hnefatafl 11×11: square indices, names, the
// restricted squares, a precomputed neighbour table and the start position.
//
// A square is an index 0..120: index = (rank - 1) * 11 + file, with file a = 0.
// So a1 = 0, k1 = 10, a2 = 11, f6 (the throne) = 60, k11 = 120. A board is a
// 121-cell Uint8Array of piece codes; that flat layout keeps move generation to
// array reads and small integer arithmetic, with no allocation.

export const SIZE = 11;
export const CELLS = SIZE * SIZE;

/** Piece codes stored in the board array. */
export const EMPTY = 0;
export const ATTACKER = 1;
export const DEFENDER = 2;
export const KING = 3;
export type PieceCode = typeof EMPTY | typeof ATTACKER | typeof DEFENDER | typeof KING;

/** Side codes: attackers (black) move first; defenders (white) own the king. */
export const ATTACKERS = 1;
export const DEFENDERS = 2;
export type SideCode = typeof ATTACKERS | typeof DEFENDERS;

export const THRONE = 60;
export const CORNERS: readonly number[] = [0, SIZE - 1, CELLS - SIZE, CELLS - 1];

/** Directions in the order up, right, down, left; opposite(d) = d ^ 2. */
export const DIRECTIONS = 4;

/**
 * NEIGHBOUR[sq * 4 + dir] is the adjacent square in that direction, or -1 off
 * the board. Precomputed so that sliding and capture checks never redo
 * file/rank arithmetic or bounds tests.
 */
export const NEIGHBOUR: Int8Array = (() => {
  const table = new Int8Array(CELLS * DIRECTIONS);
  for (let sq = 0; sq < CELLS; sq++) {
    const file = sq % SIZE;
    const rank = (sq - file) / SIZE;
    table[sq * 4 + 0] = rank < SIZE - 1 ? sq + SIZE : -1;
    table[sq * 4 + 1] = file < SIZE - 1 ? sq + 1 : -1;
    table[sq * 4 + 2] = rank > 0 ? sq - SIZE : -1;
    table[sq * 4 + 3] = file > 0 ? sq - 1 : -1;
  }
  return table;
})();

/** 1 for the throne and the corners: only the king may stop there. */
export const RESTRICTED: Uint8Array = (() => {
  const table = new Uint8Array(CELLS);
  table[THRONE] = 1;
  for (const c of CORNERS) table[c] = 1;
  return table;
})();

/** 1 for corner squares (the king wins by reaching one). */
export const IS_CORNER: Uint8Array = (() => {
  const table = new Uint8Array(CELLS);
  for (const c of CORNERS) table[c] = 1;
  return table;
})();

/** 1 for squares on the board edge (corners included). */
export const IS_EDGE: Uint8Array = (() => {
  const table = new Uint8Array(CELLS);
  for (let sq = 0; sq < CELLS; sq++) {
    const file = sq % SIZE;
    const rank = (sq - file) / SIZE;
    if (file === 0 || rank === 0 || file === SIZE - 1 || rank === SIZE - 1) table[sq] = 1;
  }
  return table;
})();

/** The edge squares, listed once, as seeds for flood fills from the outside. */
export const EDGE_SQUARES: readonly number[] = Array.from({ length: CELLS }, (_, sq) => sq).filter(
  (sq) => IS_EDGE[sq] === 1,
);

const FILES = "abcdefghijk";

/** "f6" for 60. */
export function squareName(sq: number): string {
  const file = sq % SIZE;
  return `${FILES[file]}${(sq - file) / SIZE + 1}`;
}

/** 60 for "f6"; -1 if the text is not a square of the 11×11 board. */
export function parseSquare(text: string): number {
  const match = /^([a-k])(1[01]|[1-9])$/.exec(text);
  if (!match) return -1;
  const file = FILES.indexOf(match[1] as string);
  const rank = Number(match[2]);
  return (rank - 1) * SIZE + file;
}

/** The start position, drawn rank 11 first as in the rules, so it can be checked by eye. */
const START_DIAGRAM = [
  "...AAAAA...",
  ".....A.....",
  "...........",
  "A....D....A",
  "A...DDD...A",
  "AA.DDKDD.AA",
  "A...DDD...A",
  "A....D....A",
  "...........",
  ".....A.....",
  "...AAAAA...",
];

const PIECE_FROM_CHAR: Record<string, PieceCode> = { ".": EMPTY, A: ATTACKER, D: DEFENDER, K: KING };

/**
 * Reads a board drawn as 11 rows of 11 characters, rank 11 first ('.' empty,
 * 'A' attacker, 'D' defender, 'K' king; spaces ignored), as tests and docs
 * draw positions. Throws on anything else.
 */
export function boardFromDiagram(rows: readonly string[]): Uint8Array {
  if (rows.length !== SIZE) throw new Error(`diagram needs ${SIZE} rows, got ${rows.length}`);
  const board = new Uint8Array(CELLS);
  rows.forEach((text, i) => {
    const row = text.replace(/ /g, "");
    if (row.length !== SIZE) throw new Error(`diagram row ${i + 1} needs ${SIZE} squares: "${text}"`);
    const rank = SIZE - 1 - i;
    for (let file = 0; file < SIZE; file++) {
      const piece = PIECE_FROM_CHAR[row[file] as string];
      if (piece === undefined) throw new Error(`diagram row ${i + 1}: unknown piece "${row[file]}"`);
      board[rank * SIZE + file] = piece;
    }
  });
  return board;
}

export function startBoard(): Uint8Array {
  return boardFromDiagram(START_DIAGRAM);
}

/** Which side owns a piece code (the king belongs to the defenders); 0 for empty. */
export function sideOf(piece: number): number {
  return piece === EMPTY ? 0 : piece === ATTACKER ? ATTACKERS : DEFENDERS;
}

/** Renders a board as the rules draw it (rank 11 on top), for messages and docs. */
export function drawBoard(board: Uint8Array): string {
  const lines: string[] = [];
  for (let rank = SIZE - 1; rank >= 0; rank--) {
    let line = `${String(rank + 1).padStart(2)} `;
    for (let file = 0; file < SIZE; file++) line += ` ${".ADK"[board[rank * SIZE + file] ?? 0]}`;
    lines.push(line);
  }
  lines.push(`    ${FILES.split("").join(" ")}`);
  return lines.join("\n");
}
