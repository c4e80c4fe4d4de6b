// The tournament standings (or one group's standings): rank with "3=" for shared
// places, player, the format's tiebreak values in the order the engine applied
// them, status, and for each row the engine's sentence saying why it is above the
// next one, behind a button so keyboard and touch users can read it too (a title
// attribute alone is mouse-only). It renders on the server; only the "Why?"
// buttons are client islands (standings-why.tsx). Long standings come as a
// window of rows (the top, a page, the viewer's place) with gaps between them.

import { Fragment } from "react";
import type { ClinchTable, StandingRow } from "@/engine/formats";
import type { TableInfo } from "@/lib/tournament-view";
import { ClinchMark } from "./clinch-mark";
import { roundReachedLabel, standingColumns } from "./columns";
import { finalPlaceLabel, playerName, type PlayerNames } from "./model";
import { WhyAllButton, WhyButton, WhyRow, WhyScope } from "./standings-why";
import { numClass, PlayerLabel, StatusBadge, TableFrame, tdClass, theadClass, thClass } from "./ui";

export interface StandingsTableProps {
  /** The tournament (a whole TournamentState fits). */
  readonly info: TableInfo;
  readonly names: PlayerNames;
  /** Rows to show, in order. */
  readonly rows: readonly StandingRow[];
  /** Positions in `rows` where rows of the full table were left out before (a gap row is drawn). */
  readonly gapsBefore?: readonly number[];
  /** The player after a shown row in the full table, where the next shown row is not it (at a gap). */
  readonly nextPlayer?: Readonly<Record<string, string>>;
  /** The signed-in player's row is marked. */
  readonly me?: string;
  /** Round standings use per-round wording for the columns ("round" is not "round reached"). */
  readonly overall?: boolean;
  readonly caption?: string;
  /** Players to mark as going on (a group's `advanced`). */
  readonly advanced?: readonly string[];
  readonly testId?: string;
  /** The page already heads the table (an h2 "Standings"): the frame shows no second title. */
  readonly headed?: boolean;
  /** Clinch marks of this table while it is in play. */
  readonly clinch?: ClinchTable;
}

export function StandingsTable({
  info,
  names,
  rows,
  gapsBefore = [],
  nextPlayer = {},
  me,
  overall = false,
  caption = "Standings",
  advanced,
  testId = "standings-table",
  headed = false,
  clinch,
}: StandingsTableProps) {
  const columns = standingColumns(info.format, rows, overall, info.gameType);
  const gaps = new Set(gapsBefore);
  const span = columns.length + 4;
  // "Round reached" reads as a name ("Semi-finals"): left-aligned like text, not like numbers.
  const textColumn = (key: string) => overall && key === "round";

  return (
    <WhyScope>
      <TableFrame
        label={caption}
        testId={testId}
        header={
          <div className="flex items-center justify-between gap-4">
            {headed ? <span /> : <span>{caption}</span>}
            {rows.some((r) => r.why) ? <WhyAllButton /> : null}
          </div>
        }
      >
        <table className="w-full min-w-max border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className={theadClass}>
            <tr>
              <th scope="col" className={`${thClass} w-12 text-right`}>
                <abbr title="Rank" className="no-underline">
                  #
                </abbr>
              </th>
              <th scope="col" className={thClass}>
                Player
              </th>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={`${thClass} ${textColumn(c.key) ? "" : "text-right"}`}>
                  <abbr title={c.title} className="no-underline">
                    {c.label}
                  </abbr>
                </th>
              ))}
              <th scope="col" className={thClass}>
                Status
              </th>
              <th scope="col" className={thClass}>
                <span className="sr-only">Why this place</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const next = rows[i + 1] && !gaps.has(i + 1) ? rows[i + 1]!.player : nextPlayer[row.player];
              const champion = row.status === "champion";
              const goesOn = advanced?.includes(row.player) ?? false;
              const whyId = `why-${testId}-${row.player}`;
              return (
                <Fragment key={row.player}>
                  {gaps.has(i) ? (
                    <tr data-testid="standings-gap" className="border-t border-stone-100 dark:border-stone-700/70">
                      <td colSpan={span} className="px-3 py-1 text-center text-xs text-stone-500 dark:text-stone-400">
                        <span aria-hidden="true">⋯</span>
                        <span className="sr-only">Rows left out</span>
                      </td>
                    </tr>
                  ) : null}
                  <tr
                    data-testid="standings-row"
                    data-player={row.player}
                    data-rank={row.rankLabel}
                    data-me={row.player === me ? "" : undefined}
                    aria-current={row.player === me ? "true" : undefined}
                    className={`border-t border-stone-100 dark:border-stone-700/70 ${
                      row.player === me
                        ? "bg-sky-50 outline-2 -outline-offset-2 outline-sky-300 dark:bg-sky-500/10 dark:outline-sky-700"
                        : champion
                          ? "bg-amber-50 dark:bg-amber-500/10"
                          : goesOn
                            ? "bg-emerald-50/60 dark:bg-emerald-500/5"
                            : ""
                    } ${row.status === "withdrawn" ? "text-stone-500 dark:text-stone-400" : ""}`}
                  >
                    <td className={`${numClass} font-semibold`} data-testid="rank">
                      {row.rankLabel}
                    </td>
                    <th scope="row" className={`${tdClass} text-left font-normal`}>
                      <PlayerLabel id={row.player} names={names} />
                      {row.player === me ? <span className="ml-2 text-xs text-sky-800 dark:text-sky-300">(you)</span> : null}
                    </th>
                    {columns.map((c) => {
                      const v = row.values[c.key];
                      const text = v === undefined ? "–" : c.key === "round" && overall ? roundReachedLabel(info, row) : c.format(v);
                      return (
                        <td
                          key={c.key}
                          className={`${textColumn(c.key) ? tdClass : numClass} ${c.primary ? "font-semibold" : "text-stone-700 dark:text-stone-300"}`}
                        >
                          {text}
                        </td>
                      );
                    })}
                    <td className={tdClass}>
                      <span className="flex items-start gap-1">
                        <StatusBadge status={row.status} label={finalPlaceLabel(info, row)} />
                        {goesOn && row.status !== "champion" ? <StatusBadge status="playing" label="Advances" /> : null}
                        <ClinchMark table={clinch} player={row.player} names={names} />
                      </span>
                    </td>
                    <td className={`${tdClass} w-10 text-right`}>
                      {row.why ? (
                        <WhyButton player={row.player} controls={whyId} title={`Why above ${next ? playerName(names, next) : "the next"}: ${row.why}`} />
                      ) : null}
                    </td>
                  </tr>
                  {row.why ? (
                    <WhyRow player={row.player} id={whyId} className={champion ? "bg-amber-50 dark:bg-amber-500/10" : ""}>
                      <td />
                      <td colSpan={span - 1} className="px-3 pb-2 text-xs text-stone-600 dark:text-stone-400">
                        Above {next ? playerName(names, next) : "the next"}: {row.why}
                      </td>
                    </WhyRow>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </TableFrame>
    </WhyScope>
  );
}
