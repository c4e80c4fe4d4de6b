// What a board shows besides the squares' colours, computed by the rules so the
// board knows none: the ghost of a piece under the pointer (where it would lie and
// whether it may), the squares where the colour to move may touch its own, the
// latest placement, and each colour's tray of remaining pieces.

import { COLOURS, SIZE, type Colour } from "./board";
import { examinePlacement, squareName, type PolyState } from "./game";
import { PIECES, pieceByName, type Orientation } from "./pieces";

const onBoard = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < SIZE && y < SIZE;

function squaresOf(o: Orientation, x: number, y: number): string[] {
  return o.cells.filter(([dx, dy]) => onBoard(x + dx, y + dy)).map(([dx, dy]) => squareName(x + dx, y + dy));
}

/** A placement in notation as a ghost: the squares it would cover on the board, and why it may not go there (null: it may). */
export function ghost(state: PolyState, move: string): { squares: string[]; reason: string | null } {
  const { placement, reason } = examinePlacement(state, move);
  return { squares: placement ? squaresOf(placement.o, placement.x, placement.y) : [], reason };
}

/** Free squares diagonal to the colour to move (before its first piece: its start corner), where its next piece may touch. */
export function touchSquares(state: PolyState): string[] {
  if (state.status.over || state.moves.length < 2) return [];
  const squares: string[] = [];
  for (let y = 0; y < SIZE; y++) {
    const row = state.board.corners[state.toColour * SIZE + y] as number;
    for (let x = 0; x < SIZE; x++) if (row & (1 << x)) squares.push(squareName(x, y));
  }
  return squares;
}

/** The latest placement's colour and squares, or null before the first. */
export function lastPlacement(state: PolyState): { colour: (typeof COLOURS)[number]; squares: string[] } | null {
  if (!state.last) return null;
  const { c, o, x, y } = state.last;
  return { colour: COLOURS[c], squares: squaresOf(o, x, y) };
}

/** The names of the pieces colour `c` has not placed, in the tray's order (smallest first). */
export function remainingPieces(state: PolyState, c: Colour): string[] {
  const used = state.board.used[c] as number;
  return PIECES.filter((p) => !(used & (1 << p.index))).map((p) => p.name);
}

/** The squares of a piece in orientation k as [file, rank] steps from the notation's square, for drawing it in a tray or under the pointer. */
export function pieceShape(name: string, k: number): [number, number][] | null {
  const piece = pieceByName(name);
  if (!piece || !(k >= 0 && k <= 7)) return null;
  const o = piece.orientations[piece.byK[k] as number] as Orientation;
  return o.cells.map(([dx, dy]) => [dx - o.anchorDx, dy]);
}
