// Pure geometry for drawing the 11×11 hnefatafl board: which square sits at
// which screen row/column (normal or flipped), the edge coordinates, keyboard
// cursor moves, pointer position → square, and the squares' spoken names.
// Kept free of React and the DOM so it can be unit-tested directly.

import type { Piece } from "@/engine/hnefatafl";

export const BOARD_SIZE = 11;
const FILES = "abcdefghijk";

/** Rank 11 at the top and files a→k left to right, unless flipped (rank 1 on top, files k→a). */
function fileAtColumn(col: number, flipped: boolean): number {
  return flipped ? BOARD_SIZE - 1 - col : col;
}
function rankIndexAtRow(row: number, flipped: boolean): number {
  return flipped ? row : BOARD_SIZE - 1 - row;
}

/** The square shown at screen row `row` (0 = top) and column `col` (0 = left). */
export function squareAt(row: number, col: number, flipped: boolean): string {
  return `${FILES[fileAtColumn(col, flipped)]}${rankIndexAtRow(row, flipped) + 1}`;
}

/** Where a square ("e5") is drawn; null for text that is not a square of the board. */
export function screenPosition(square: string, flipped: boolean): { row: number; col: number } | null {
  const match = /^([a-k])(1[01]|[1-9])$/.exec(square);
  if (!match) return null;
  const file = FILES.indexOf(match[1] as string);
  const rankIndex = Number(match[2]) - 1;
  // Both mappings are their own inverse, so the same functions map back.
  return { row: rankIndexAtRow(rankIndex, flipped), col: fileAtColumn(file, flipped) };
}

/** The squares row by row, top to bottom, each row left to right: the render order. */
export function screenRows(flipped: boolean): string[][] {
  return Array.from({ length: BOARD_SIZE }, (_, row) =>
    Array.from({ length: BOARD_SIZE }, (_, col) => squareAt(row, col, flipped)),
  );
}

/** File letters along the bottom edge, left to right. */
export function fileLabels(flipped: boolean): string[] {
  return Array.from({ length: BOARD_SIZE }, (_, col) => FILES[fileAtColumn(col, flipped)] as string);
}

/** Rank numbers along the left edge, top to bottom. */
export function rankLabels(flipped: boolean): string[] {
  return Array.from({ length: BOARD_SIZE }, (_, row) => String(rankIndexAtRow(row, flipped) + 1));
}

export function isThrone(square: string): boolean {
  return square === "f6";
}

export function isCorner(square: string): boolean {
  return square === "a1" || square === "k1" || square === "a11" || square === "k11";
}

/**
 * The square the keyboard cursor goes to from `square` for a key, in screen
 * terms (ArrowUp goes up on the screen whether or not the board is flipped),
 * stopping at the edges; null for keys that do not move the cursor.
 * Home/End go to the row's ends, with Ctrl to the board's first/last square.
 */
export function moveCursor(square: string, key: string, flipped: boolean, ctrlKey = false): string | null {
  const at = screenPosition(square, flipped) ?? { row: 0, col: 0 };
  const last = BOARD_SIZE - 1;
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
}

/**
 * The square under a pointer at client coordinates (x, y) on a board drawn in
 * `rect` (the 11×11 grid only, without the coordinate labels); null off the board.
 */
export function squareFromPoint(
  x: number,
  y: number,
  rect: { left: number; top: number; width: number; height: number },
  flipped: boolean,
): string | null {
  if (rect.width <= 0 || rect.height <= 0) return null;
  const col = Math.floor(((x - rect.left) / rect.width) * BOARD_SIZE);
  const row = Math.floor(((y - rect.top) / rect.height) * BOARD_SIZE);
  if (col < 0 || row < 0 || col >= BOARD_SIZE || row >= BOARD_SIZE) return null;
  return squareAt(row, col, flipped);
}

export interface SquareFacts {
  piece: Piece | null;
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
  const parts = [`${square} ${facts.piece ?? "empty"}`];
  if (isThrone(square)) parts.push("throne");
  if (isCorner(square)) parts.push("corner");
  if (facts.selected) parts.push("selected");
  if (facts.target) parts.push("legal target");
  if (facts.lastMove === "from") parts.push("last move from here");
  if (facts.lastMove === "to") parts.push("last move to here");
  if (facts.captured) parts.push("captured");
  return parts.join(", ");
}
