// The diagonal race's opponent matrix, as the rule book draws it: the round's
// players × players in circle (rating) order, an x where two players are paired.
// The pattern's offsets show as diagonals (player i meets i ± d), so a glance says
// how the field was spread; each cell also carries the row player's result.

import type { DiagonalOpponent, DiagonalRow } from "./diagonal-rows";

/** cells[i][j]: the pairing of the circle's i-th and j-th players (from 0) from i's side, or null. */
export function opponentMatrix(rows: readonly DiagonalRow[]): (DiagonalOpponent | null)[][] {
  const position = new Map(rows.map((r) => [r.player, r.position - 1]));
  const cells = rows.map(() => rows.map((): DiagonalOpponent | null => null));
  for (const row of rows) {
    for (const o of row.opponents) {
      const j = position.get(o.opponent);
      // Two games against one opponent (one on each side) share one cell: keep the first.
      const i = row.position - 1;
      if (j !== undefined && !cells[i]![j]) cells[i]![j] = o;
    }
  }
  return cells;
}
