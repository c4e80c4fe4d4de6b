// Cells of a group's cross-table (players × players): for each ordered pair, the
// games between them seen from the row player's side, in the order they were
// scheduled. Pure, so the table component only draws and the tests can check
// the bookkeeping (both games of a pair, sides, void and pending games, replays).

import type { GameWithId } from "@/engine/formats";
import { outcomeFor, type PlayerOutcome } from "./model";

export interface CrossGame {
  readonly id: string;
  /** The row player's side in this game. */
  readonly side: 1 | 2;
  /** From the row player's point of view; null while unplayed or when void. */
  readonly outcome: PlayerOutcome | null;
  readonly void: boolean;
  /** A staged knockout replay of a drawn game. */
  readonly replay: boolean;
  readonly margin?: number;
  readonly reason?: string;
}

export interface CrossTable {
  readonly players: readonly string[];
  /** cells[row][column]: the games between players[row] and players[column] (empty on the diagonal). */
  readonly cells: readonly (readonly (readonly CrossGame[])[])[];
  /** Points from the games in the table, per row: win 1, draw ½ (void and unplayed games count nothing). */
  readonly points: readonly number[];
  /** Games with a result, per row. */
  readonly played: readonly number[];
}

export function crossTable(players: readonly string[], games: readonly GameWithId[]): CrossTable {
  const index = new Map(players.map((p, i) => [p, i]));
  const cells: CrossGame[][][] = players.map(() => players.map(() => []));
  const points = players.map(() => 0);
  const played = players.map(() => 0);
  for (const game of games) {
    const a = index.get(game.side1);
    const b = index.get(game.side2);
    if (a === undefined || b === undefined) continue;
    for (const [row, col, side] of [
      [a, b, 1],
      [b, a, 2],
    ] as const) {
      const player = players[row] as string;
      const outcome = outcomeFor(game, player);
      (cells[row]?.[col] as CrossGame[]).push({
        id: game.id,
        side,
        outcome,
        void: game.void === true,
        replay: game.replayOf !== undefined,
        ...(game.result?.margin !== undefined ? { margin: game.result.margin } : {}),
        ...(game.result ? { reason: game.result.reason } : {}),
      });
      if (outcome !== null) {
        played[row] = (played[row] ?? 0) + 1;
        points[row] = (points[row] ?? 0) + (outcome === "win" ? 1 : outcome === "draw" ? 0.5 : 0);
      }
    }
  }
  return { players, cells, points, played };
}

/** How many games each pair plays (the largest cell), for sizing the columns. */
export function gamesPerCell(table: CrossTable): number {
  let most = 0;
  for (const row of table.cells) for (const cell of row) most = Math.max(most, cell.length);
  return most;
}
