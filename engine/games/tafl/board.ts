// Board geometry for square tafl boards (7×7 Brandubh, 11×11 Copenhagen):
// square indices, names, the restricted squares, a precomputed neighbour table.
//
// A square is an index 0..size²−1: index = (rank − 1) × size + file, with file
// a = 0. On 11×11, a1 = 0, k1 = 10, a2 = 11, f6 (the throne) = 60, k11 = 120;
// on 7×7, d4 (the throne) = 24. A board is a Uint8Array of piece codes; that
// flat layout keeps move generation to array reads and small integer
// arithmetic, with no allocation. The tables are built once per board size.

/** The largest board supported (11×11): sizes scratch arrays and hash keys. */
export const MAX_CELLS = 121;

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

/** Directions in the order up, right, down, left; opposite(d) = d ^ 2. */
export const DIRECTIONS = 4;

export interface Geometry {
  readonly size: number;
  readonly cells: number;
  /** The centre square. */
  readonly throne: number;
  readonly corners: readonly number[];
  /**
   * neighbour[sq * 4 + dir] is the adjacent square in that direction, or -1 off
   * the board. Precomputed so that sliding and capture checks never redo
   * file/rank arithmetic or bounds tests.
   */
  readonly neighbour: Int8Array;
  /** 1 for the throne and the corners: only the king may stop there. */
  readonly restricted: Uint8Array;
  /** 1 for corner squares (the king wins by reaching one). */
  readonly isCorner: Uint8Array;
  /** 1 for squares on the board edge (corners included). */
  readonly isEdge: Uint8Array;
  /** The edge squares, listed once, as seeds for flood fills from the outside. */
  readonly edgeSquares: readonly number[];
  /**
   * Direction pointing from an edge square towards the centre (up, right,
   * down, left = 0..3), or -1 for squares not on an edge and for corners.
   */
  readonly inward: Int8Array;
}

const FILES = "abcdefghijk";

const geometries = new Map<number, Geometry>();

/** The tables of a size × size board (odd, 5..11), built once and shared. */
export function geometry(size: number): Geometry {
  const known = geometries.get(size);
  if (known) return known;
  if (!Number.isInteger(size) || size < 5 || size > 11 || size % 2 === 0) throw new Error(`unsupported board size ${size}`);
  const cells = size * size;
  const throne = (cells - 1) / 2;
  const corners = [0, size - 1, cells - size, cells - 1];
  const neighbour = new Int8Array(cells * DIRECTIONS);
  const restricted = new Uint8Array(cells);
  const isCorner = new Uint8Array(cells);
  const isEdge = new Uint8Array(cells);
  const inward = new Int8Array(cells).fill(-1);
  for (let sq = 0; sq < cells; sq++) {
    const file = sq % size;
    const rank = (sq - file) / size;
    neighbour[sq * 4 + 0] = rank < size - 1 ? sq + size : -1;
    neighbour[sq * 4 + 1] = file < size - 1 ? sq + 1 : -1;
    neighbour[sq * 4 + 2] = rank > 0 ? sq - size : -1;
    neighbour[sq * 4 + 3] = file > 0 ? sq - 1 : -1;
    if (file === 0 || rank === 0 || file === size - 1 || rank === size - 1) isEdge[sq] = 1;
  }
  restricted[throne] = 1;
  for (const c of corners) {
    restricted[c] = 1;
    isCorner[c] = 1;
  }
  for (let sq = 0; sq < cells; sq++) {
    if (isEdge[sq] !== 1 || isCorner[sq] === 1) continue;
    for (let dir = 0; dir < 4; dir++) if (neighbour[sq * 4 + (dir ^ 2)] === -1) inward[sq] = dir;
  }
  const edgeSquares = Array.from({ length: cells }, (_, sq) => sq).filter((sq) => isEdge[sq] === 1);
  const made: Geometry = { size, cells, throne, corners, neighbour, restricted, isCorner, isEdge, edgeSquares, inward };
  geometries.set(size, made);
  return made;
}

/** "f6" for 60 on 11×11. */
export function squareName(sq: number, g: Geometry): string {
  const file = sq % g.size;
  return `${FILES[file]}${(sq - file) / g.size + 1}`;
}

/** 60 for "f6" on 11×11; -1 if the text is not a square of the board. */
export function parseSquare(text: string, g: Geometry): number {
  const match = /^([a-k])(1[01]|[1-9])$/.exec(text);
  if (!match) return -1;
  const file = FILES.indexOf(match[1] as string);
  const rank = Number(match[2]);
  if (file >= g.size || rank > g.size) return -1;
  return (rank - 1) * g.size + file;
}

const PIECE_FROM_CHAR: Record<string, PieceCode> = { ".": EMPTY, A: ATTACKER, D: DEFENDER, K: KING };

/**
 * Reads a board drawn as `size` rows of `size` characters, top rank first
 * ('.' empty, 'A' attacker, 'D' defender, 'K' king; spaces ignored), as tests
 * and docs draw positions. Throws on anything else.
 */
export function boardFromDiagram(rows: readonly string[], g: Geometry): Uint8Array {
  const size = g.size;
  if (rows.length !== size) throw new Error(`diagram needs ${size} rows, got ${rows.length}`);
  const board = new Uint8Array(g.cells);
  rows.forEach((text, i) => {
    const row = text.replace(/ /g, "");
    if (row.length !== size) throw new Error(`diagram row ${i + 1} needs ${size} squares: "${text}"`);
    const rank = size - 1 - i;
    for (let file = 0; file < size; file++) {
      const piece = PIECE_FROM_CHAR[row[file] as string];
      if (piece === undefined) throw new Error(`diagram row ${i + 1}: unknown piece "${row[file]}"`);
      board[rank * size + file] = piece;
    }
  });
  return board;
}

/** Which side owns a piece code (the king belongs to the defenders); 0 for empty. */
export function sideOf(piece: number): number {
  return piece === EMPTY ? 0 : piece === ATTACKER ? ATTACKERS : DEFENDERS;
}

/** Renders a board as the rules draw it (top rank first), for messages and docs. */
export function drawBoard(board: Uint8Array, g: Geometry): string {
  const lines: string[] = [];
  for (let rank = g.size - 1; rank >= 0; rank--) {
    let line = `${String(rank + 1).padStart(2)} `;
    for (let file = 0; file < g.size; file++) line += ` ${".ADK"[board[rank * g.size + file] ?? 0]}`;
    lines.push(line);
  }
  lines.push(`    ${FILES.slice(0, g.size).split("").join(" ")}`);
  return lines.join("\n");
}
