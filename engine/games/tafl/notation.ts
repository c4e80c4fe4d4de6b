// Move notation as used by the game records and shown to players: `from-to`
// with the captured squares appended, e.g. `d1-d3` or `d3-d2xe2` (several
// captures: `k4-k2xk3xj2`). Parsing accepts upper case and surrounding spaces,
// because people type moves; printing always gives the canonical form.

import { parseSquare, squareName } from "./board";

export interface MoveText {
  readonly from: number;
  readonly to: number;
  /** Captured squares as written (records may list a square twice; see replay.ts). */
  readonly captures: readonly number[];
}

const MOVE_PATTERN = /^([a-k](?:1[01]|[1-9]))-([a-k](?:1[01]|[1-9]))((?:x[a-k](?:1[01]|[1-9]))*)$/;

/** Parses `d3-d2xe2`; null if the text is not a move in this notation. */
export function parseMove(text: string): MoveText | null {
  const match = MOVE_PATTERN.exec(text.trim().toLowerCase());
  if (!match) return null;
  const captures = (match[3] ?? "")
    .split("x")
    .filter((part) => part !== "")
    .map(parseSquare);
  return { from: parseSquare(match[1] as string), to: parseSquare(match[2] as string), captures };
}

/** Prints a move, e.g. formatMove(3, 25) = "d1-d3", with captures appended as `x<square>`. */
export function formatMove(from: number, to: number, captures: readonly number[] = []): string {
  return `${squareName(from)}-${squareName(to)}${captures.map((sq) => `x${squareName(sq)}`).join("")}`;
}
