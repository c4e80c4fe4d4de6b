// Move notation as used by the game records and shown to players: `from-to`
// with the captured squares appended, e.g. `d1-d3` or `d3-d2xe2` (several
// captures: `k4-k2xk3xj2`). Parsing accepts upper case and surrounding spaces,
// because people type moves; printing always gives the canonical form.

import { parseSquare, squareName, type Geometry } from "./board";
import { COPENHAGEN } from "./variant";

export interface MoveText {
  readonly from: number;
  readonly to: number;
  /** Captured squares as written (records may list a square twice; see replay.ts). */
  readonly captures: readonly number[];
}

const MOVE_PATTERN = /^([a-k](?:1[01]|[1-9]))-([a-k](?:1[01]|[1-9]))((?:x[a-k](?:1[01]|[1-9]))*)$/;

/** Parses `d3-d2xe2` on board `g` (11×11 unless given); null if the text is not a move on it. */
export function parseMove(text: string, g: Geometry = COPENHAGEN): MoveText | null {
  const match = MOVE_PATTERN.exec(text.trim().toLowerCase());
  if (!match) return null;
  const squares = [match[1] as string, match[2] as string, ...(match[3] ?? "").split("x").filter((part) => part !== "")];
  const [from = -1, to = -1, ...captures] = squares.map((name) => parseSquare(name, g));
  if (from < 0 || to < 0 || captures.some((sq) => sq < 0)) return null;
  return { from, to, captures };
}

/** Prints a move, e.g. formatMove(3, 25) = "d1-d3", with captures appended as `x<square>`. */
export function formatMove(from: number, to: number, captures: readonly number[] = [], g: Geometry = COPENHAGEN): string {
  return `${squareName(from, g)}-${squareName(to, g)}${captures.map((sq) => `x${squareName(sq, g)}`).join("")}`;
}
