// The 21 pieces each colour owns, and every way each can lie on the board.
// A piece is drawn below as it lies in orientation 0 (rows top first, "#" a
// square). Orientation k (0–7) mirrors the drawing left to right when k ≥ 4,
// then turns it k mod 4 quarter-turns clockwise. Several k give the same shape
// for symmetric pieces; each distinct shape is kept once (91 per colour) under
// the smallest k that gives it, which is the k the notation writes.

export interface Orientation {
  /** Index into PIECES. */
  readonly piece: number;
  /** The smallest k (0–7) that gives this shape. */
  readonly k: number;
  /** Index over every orientation of every piece (0–90), for compact keys. */
  readonly global: number;
  /** Row masks from the bottom row up: bit x is the square x columns right of the shape's left edge. */
  readonly rows: readonly number[];
  readonly width: number;
  readonly height: number;
  /** The squares as [dx, dy] from the shape's bottom-left corner (y upwards). */
  readonly cells: readonly (readonly [number, number])[];
  /** Column of the notation's anchor: the leftmost square of the bottom row. */
  readonly anchorDx: number;
}

export interface Piece {
  readonly index: number;
  /** Letter and size: "I1", "V3", "F5", … */
  readonly name: string;
  readonly size: number;
  readonly orientations: readonly Orientation[];
  /** For each k 0–7, the index into `orientations` of the shape it gives. */
  readonly byK: readonly number[];
  /** Whether it can cover a board corner, as a first piece must (every piece but X5). */
  readonly canStart: boolean;
}

// Letters follow the usual polyomino names (Golomb's for the pentominoes); the
// digit is the size, so every name is unique within a colour.
const DRAWINGS: readonly (readonly [string, readonly string[]])[] = [
  ["I1", ["#"]],
  ["I2", ["##"]],
  ["I3", ["###"]],
  ["V3", ["#.", "##"]],
  ["I4", ["####"]],
  ["L4", ["#..", "###"]],
  ["O4", ["##", "##"]],
  ["T4", [".#.", "###"]],
  ["Z4", ["##.", ".##"]],
  ["F5", [".##", "##.", ".#."]],
  ["I5", ["#####"]],
  ["L5", ["#...", "####"]],
  ["N5", ["##..", ".###"]],
  ["P5", ["##", "##", "#."]],
  ["T5", ["###", ".#.", ".#."]],
  ["U5", ["#.#", "###"]],
  ["V5", ["#..", "#..", "###"]],
  ["W5", ["#..", "##.", ".##"]],
  ["X5", [".#.", "###", ".#."]],
  ["Y5", [".#..", "####"]],
  ["Z5", ["##.", ".#.", ".##"]],
];

type Cell = readonly [number, number];

function cellsOf(drawing: readonly string[]): Cell[] {
  const cells: Cell[] = [];
  drawing.forEach((row, i) => {
    for (let x = 0; x < row.length; x++) if (row[x] === "#") cells.push([x, drawing.length - 1 - i]);
  });
  return cells;
}

/** Moves the shape so its lowest column and row are 0, in a fixed order. */
function normalize(cells: readonly Cell[]): Cell[] {
  const minX = Math.min(...cells.map((c) => c[0]));
  const minY = Math.min(...cells.map((c) => c[1]));
  return cells.map(([x, y]) => [x - minX, y - minY] as const).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

function transform(cells: readonly Cell[], k: number): Cell[] {
  let out: Cell[] = k >= 4 ? cells.map(([x, y]) => [-x, y] as const) : cells.slice();
  // A quarter-turn clockwise with y upwards: (x, y) → (y, −x).
  for (let t = 0; t < k % 4; t++) out = out.map(([x, y]) => [y, -x] as const);
  return normalize(out);
}

let globalIndex = 0;
export const PIECES: readonly Piece[] = DRAWINGS.map(([name, drawing], index) => {
  const base = cellsOf(drawing);
  const orientations: Orientation[] = [];
  const byK: number[] = [];
  const seen = new Map<string, number>();
  for (let k = 0; k < 8; k++) {
    const cells = transform(base, k);
    const key = cells.map((c) => c.join(",")).join(" ");
    let at = seen.get(key);
    if (at === undefined) {
      const width = Math.max(...cells.map((c) => c[0])) + 1;
      const height = Math.max(...cells.map((c) => c[1])) + 1;
      const rows = new Array<number>(height).fill(0);
      for (const [x, y] of cells) rows[y] = (rows[y] as number) | (1 << x);
      at = orientations.length;
      seen.set(key, at);
      orientations.push({
        piece: index,
        k,
        global: globalIndex++,
        rows,
        width,
        height,
        cells,
        anchorDx: 31 - Math.clz32((rows[0] as number) & -(rows[0] as number)),
      });
    }
    byK.push(at);
  }
  // A shape covers a board's corner square only with a square at its own bounding box's corner.
  const canStart = orientations.some((o) => ((o.rows[0] as number) & 1) !== 0);
  return { index, name, size: base.length, orientations, byK, canStart };
});

/** Every orientation of every piece, indexed by `Orientation.global`. */
export const ORIENTATIONS: readonly Orientation[] = PIECES.flatMap((p) => p.orientations);

export const PIECE_COUNT = PIECES.length;
/** Bit i set for piece i: all 21 pieces. */
export const ALL_PIECES = (1 << PIECE_COUNT) - 1;
/** Squares of one colour's whole set (89). */
export const SQUARES_PER_COLOUR = PIECES.reduce((n, p) => n + p.size, 0);
/** The monomino, whose placing last earns the extra bonus. */
export const MONOMINO = 0;

export function pieceByName(name: string): Piece | undefined {
  const upper = name.toUpperCase();
  return PIECES.find((p) => p.name === upper);
}
