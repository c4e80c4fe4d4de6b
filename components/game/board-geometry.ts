// Pure geometry for drawing a square board of any size (tafl 11×11 or 7×7,
// chess 8×8): which square sits at which screen row/column (normal or
// flipped), the edge coordinates, keyboard cursor moves, pointer position →
// square, and the squares' spoken names. Squares are named file letter + rank
// number ("a1" bottom left). Kept free of React and the DOM so it can be
// unit-tested directly.

const FILES = "abcdefghijklmnopqrstuvwxyz";

export interface BoardGeometry {
  readonly size: number;
  /** The square shown at screen row `row` (0 = top) and column `col` (0 = left). */
  squareAt(row: number, col: number, flipped: boolean): string;
  /** Where a square ("e5") is drawn; null for text that is not a square of the board. */
  screenPosition(square: string, flipped: boolean): { row: number; col: number } | null;
  /** The squares row by row, top to bottom, each row left to right: the render order. */
  screenRows(flipped: boolean): string[][];
  /** File letters along the bottom edge, left to right. */
  fileLabels(flipped: boolean): string[];
  /** Rank numbers along the left edge, top to bottom. */
  rankLabels(flipped: boolean): string[];
  /**
   * The square the keyboard cursor goes to from `square` for a key, in screen
   * terms (ArrowUp goes up on the screen whether or not the board is flipped),
   * stopping at the edges; null for keys that do not move the cursor.
   * Home/End go to the row's ends, with Ctrl to the board's first/last square.
   */
  moveCursor(square: string, key: string, flipped: boolean, ctrlKey?: boolean): string | null;
  /** The square under a pointer at client coordinates on a board drawn in `rect` (the grid only); null off the board. */
  squareFromPoint(x: number, y: number, rect: { left: number; top: number; width: number; height: number }, flipped: boolean): string | null;
}

/** Highest rank on top and files a→ left to right, unless flipped (rank 1 on top, files reversed). */
export function boardGeometry(size: number): BoardGeometry {
  const last = size - 1;
  const fileAtColumn = (col: number, flipped: boolean) => (flipped ? last - col : col);
  const rankIndexAtRow = (row: number, flipped: boolean) => (flipped ? row : last - row);
  const squareAt = (row: number, col: number, flipped: boolean) => `${FILES[fileAtColumn(col, flipped)]}${rankIndexAtRow(row, flipped) + 1}`;

  const screenPosition = (square: string, flipped: boolean) => {
    const match = /^([a-z])(\d{1,2})$/.exec(square);
    if (!match) return null;
    const file = FILES.indexOf(match[1] as string);
    const rankIndex = Number(match[2]) - 1;
    if (file > last || rankIndex < 0 || rankIndex > last || match[2]!.startsWith("0")) return null;
    // Both mappings are their own inverse, so the same functions map back.
    return { row: rankIndexAtRow(rankIndex, flipped), col: fileAtColumn(file, flipped) };
  };

  return {
    size,
    squareAt,
    screenPosition,
    screenRows: (flipped) => Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => squareAt(row, col, flipped))),
    fileLabels: (flipped) => Array.from({ length: size }, (_, col) => FILES[fileAtColumn(col, flipped)] as string),
    rankLabels: (flipped) => Array.from({ length: size }, (_, row) => String(rankIndexAtRow(row, flipped) + 1)),
    moveCursor(square, key, flipped, ctrlKey = false) {
      const at = screenPosition(square, flipped) ?? { row: 0, col: 0 };
      const clamp = (n: number) => Math.min(last, Math.max(0, n));
      switch (key) {
        case "ArrowUp":
          return squareAt(clamp(at.row - 1), at.col, flipped);
        case "ArrowDown":
          return squareAt(clamp(at.row + 1), at.col, flipped);
        case "ArrowLeft":
          return squareAt(at.row, clamp(at.col - 1), flipped);
        case "ArrowRight":
          return squareAt(at.row, clamp(at.col + 1), flipped);
        case "Home":
          return ctrlKey ? squareAt(0, 0, flipped) : squareAt(at.row, 0, flipped);
        case "End":
          return ctrlKey ? squareAt(last, last, flipped) : squareAt(at.row, last, flipped);
        case "PageUp":
          return squareAt(0, at.col, flipped);
        case "PageDown":
          return squareAt(last, at.col, flipped);
        default:
          return null;
      }
    },
    squareFromPoint(x, y, rect, flipped) {
      if (rect.width <= 0 || rect.height <= 0) return null;
      const col = Math.floor(((x - rect.left) / rect.width) * size);
      const row = Math.floor(((y - rect.top) / rect.height) * size);
      if (col < 0 || row < 0 || col >= size || row >= size) return null;
      return squareAt(row, col, flipped);
    },
  };
}

export interface SquareFacts {
  /** The piece's spoken name ("king", "white knight"), or null when empty. */
  piece: string | null;
  /** What the square itself is, if special ("throne", "corner", "in check"). */
  notes?: readonly string[];
  selected?: boolean;
  target?: boolean;
  lastMove?: "from" | "to" | null;
  captured?: boolean;
}

/**
 * A square's accessible name, e.g. "f6 king, throne", "d1 attacker",
 * "c3 empty, legal target", "e4 empty, captured". The square comes first so
 * a screen-reader user hears where they are before what is there.
 */
export function squareLabel(square: string, facts: SquareFacts): string {
  const parts = [`${square} ${facts.piece ?? "empty"}`, ...(facts.notes ?? [])];
  if (facts.selected) parts.push("selected");
  if (facts.target) parts.push("legal target");
  if (facts.lastMove === "from") parts.push("last move from here");
  if (facts.lastMove === "to") parts.push("last move to here");
  if (facts.captured) parts.push("captured");
  return parts.join(", ");
}
