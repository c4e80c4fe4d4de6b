// The round's opponent matrix beside the diagonal race's results table: players ×
// players in circle order, an x per pairing (coloured by the row player's result
// once played), so the diagonals of the pattern are visible at a glance.

import type { DiagonalRow } from "./diagonal-rows";
import { opponentMatrix } from "./diagonal-matrix";
import { playerName, type PlayerNames } from "@/components/tournament/model";
import { TableFrame } from "@/components/tournament/ui";

/** Larger circles fold the matrix away (it grows with the square of the field). */
const OPEN_UP_TO = 40;
/** Beyond this the matrix is not drawn at all: the table says everything. */
const DRAWN_UP_TO = 160;

const TONE = {
  win: "text-emerald-700 dark:text-emerald-400",
  loss: "text-red-700 dark:text-red-400",
  draw: "text-amber-700 dark:text-amber-400",
  pending: "text-stone-700 dark:text-stone-200",
} as const;

const VERB = { win: "won", loss: "lost", draw: "drew" } as const;

export function DiagonalMatrix({ rows, names, roundName }: { rows: readonly DiagonalRow[]; names: PlayerNames; roundName: string }) {
  if (rows.length < 2) return null;
  if (rows.length > DRAWN_UP_TO) {
    return (
      <p className="text-xs text-stone-500 dark:text-stone-400">
        With {rows.length} players the opponent matrix is too large to draw; the table lists every pairing.
      </p>
    );
  }
  const cells = opponentMatrix(rows);
  const caption = `${roundName}: who plays whom`;
  const matrix = (
    <TableFrame label={caption} testId="diagonal-matrix" fit header={caption}>
      <table className="border-collapse text-[11px] leading-none tabular-nums">
        <caption className="sr-only">{caption}: rows and columns are circle positions; x marks a pairing</caption>
        <thead>
          <tr>
            <td />
            {rows.map((r) => (
              <th
                key={r.player}
                scope="col"
                className="h-5 w-5 px-0.5 text-center font-medium text-stone-500 dark:text-stone-400"
                title={playerName(names, r.player)}
              >
                {r.position}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.player} data-testid="matrix-row" data-player={r.player}>
              <th scope="row" className="h-5 pr-1 pl-2 text-right font-medium text-stone-500 dark:text-stone-400" title={playerName(names, r.player)}>
                {r.position}
              </th>
              {cells[i]!.map((c, j) => {
                const other = rows[j]!.player;
                if (i === j) return <td key={other} className="h-5 w-5 bg-stone-200 dark:bg-stone-600" aria-label="same player" />;
                if (!c) return <td key={other} className="h-5 w-5 border border-stone-100 dark:border-stone-700/60" />;
                const label = `${playerName(names, r.player)} vs ${playerName(names, other)}${c.outcome ? `: ${VERB[c.outcome]}` : ""}`;
                return (
                  <td
                    key={other}
                    data-testid="matrix-x"
                    title={label}
                    aria-label={label}
                    className={`h-5 w-5 border border-stone-100 text-center font-bold dark:border-stone-700/60 ${TONE[c.outcome ?? "pending"]}`}
                  >
                    x
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="border-t border-stone-100 px-3 py-2 text-xs text-stone-500 dark:border-stone-700/70 dark:text-stone-400">
        Positions as in the table; an x per pairing, <span className={TONE.win}>green</span> won, <span className={TONE.loss}>red</span> lost by the row player.
      </p>
    </TableFrame>
  );
  if (rows.length <= OPEN_UP_TO) return matrix;
  return (
    <details className="min-w-0">
      <summary className="cursor-pointer text-sm font-medium">
        Opponent matrix ({rows.length} × {rows.length})
      </summary>
      <div className="pt-2">{matrix}</div>
    </details>
  );
}
