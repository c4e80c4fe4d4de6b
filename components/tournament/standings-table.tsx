"use client";
// The tournament standings (or one group's standings): rank with "3=" for shared
// places, player, the format's tiebreak values in the order the engine applied
// them, status, and for each row the engine's sentence saying why it is above the
// next one, behind a button so keyboard and touch users can read it too (a title
// attribute alone is mouse-only).

import { Fragment, useState } from "react";
import { standings as engineStandings, type ClinchTable, type StandingRow, type TournamentState } from "@/engine/formats";
import { ClinchMark } from "./clinch-mark";
import { roundReachedLabel, standingColumns } from "./columns";
import { finalPlaceLabel, playerName, type PlayerNames } from "./model";
import { numClass, PlayerLabel, StatusBadge, TableFrame, tdClass, theadClass, thClass } from "./ui";

export interface StandingsTableProps {
  readonly state: TournamentState;
  readonly names: PlayerNames;
  /** Rows to show; the tournament standings (`standings(state)`) when omitted. */
  readonly rows?: readonly StandingRow[];
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

export function StandingsTable({ state, names, rows: given, overall = given === undefined, caption = "Standings", advanced, testId = "standings-table", headed = false, clinch }: StandingsTableProps) {
  const rows = given ?? engineStandings(state);
  const columns = standingColumns(state.format, rows, overall, state.gameType);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [allOpen, setAllOpen] = useState(false);
  const toggle = (player: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(player)) next.delete(player);
      else next.add(player);
      return next;
    });
  const span = columns.length + 4;
  // "Round reached" reads as a name ("Semi-finals"): left-aligned like text, not like numbers.
  const textColumn = (key: string) => overall && key === "round";

  return (
    <TableFrame
      label={caption}
      testId={testId}
      header={
        <div className="flex items-center justify-between gap-4">
          {headed ? <span /> : <span>{caption}</span>}
          {rows.some((r) => r.why) ? (
            <button
              type="button"
              className="rounded px-2 py-1 text-xs font-medium text-amber-800 hover:bg-amber-50 dark:text-amber-400 dark:hover:bg-stone-700"
              aria-pressed={allOpen}
              onClick={() => setAllOpen((v) => !v)}
            >
              {allOpen ? "Hide reasons" : "Show why each place"}
            </button>
          ) : null}
        </div>
      }
    >
      <table className="w-full min-w-max border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={`${thClass} w-12 text-right`}>
              <abbr title="Rank" className="no-underline">#</abbr>
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
            const next = rows[i + 1];
            const expanded = allOpen || open.has(row.player);
            const champion = row.status === "champion";
            const goesOn = advanced?.includes(row.player) ?? false;
            const whyId = `why-${testId}-${row.player}`;
            return (
              <Fragment key={row.player}>
                <tr
                  data-testid="standings-row"
                  data-player={row.player}
                  data-rank={row.rankLabel}
                  className={`border-t border-stone-100 dark:border-stone-700/70 ${
                    champion ? "bg-amber-50 dark:bg-amber-500/10" : goesOn ? "bg-emerald-50/60 dark:bg-emerald-500/5" : ""
                  } ${row.status === "withdrawn" ? "text-stone-500 dark:text-stone-400" : ""}`}
                >
                  <td className={`${numClass} font-semibold`} data-testid="rank">
                    {row.rankLabel}
                  </td>
                  <th scope="row" className={`${tdClass} text-left font-normal`}>
                    <PlayerLabel id={row.player} names={names} />
                  </th>
                  {columns.map((c) => {
                    const v = row.values[c.key];
                    const text = v === undefined ? "–" : c.key === "round" && overall ? roundReachedLabel(state, row) : c.format(v);
                    return (
                      <td key={c.key} className={`${textColumn(c.key) ? tdClass : numClass} ${c.primary ? "font-semibold" : "text-stone-700 dark:text-stone-300"}`}>
                        {text}
                      </td>
                    );
                  })}
                  <td className={tdClass}>
                    <span className="flex items-start gap-1">
                      <StatusBadge status={row.status} label={finalPlaceLabel(state, row)} />
                      {goesOn && row.status !== "champion" ? <StatusBadge status="playing" label="Advances" /> : null}
                      <ClinchMark table={clinch} player={row.player} names={names} />
                    </span>
                  </td>
                  <td className={`${tdClass} w-10 text-right`}>
                    {row.why ? (
                      <button
                        type="button"
                        className="rounded-full px-2 py-0.5 text-xs text-stone-500 hover:bg-stone-100 hover:text-stone-800 dark:text-stone-400 dark:hover:bg-stone-700 dark:hover:text-stone-100"
                        aria-expanded={expanded}
                        aria-controls={whyId}
                        title={`Why above ${next ? playerName(names, next.player) : "the next"}: ${row.why}`}
                        onClick={() => toggle(row.player)}
                      >
                        Why?
                      </button>
                    ) : null}
                  </td>
                </tr>
                {row.why ? (
                  // Always rendered (hidden when closed) so the button's aria-controls points at it.
                  <tr id={whyId} hidden={!expanded} data-testid="standings-why" className={champion ? "bg-amber-50 dark:bg-amber-500/10" : ""}>
                    <td />
                    <td colSpan={span - 1} className="px-3 pb-2 text-xs text-stone-600 dark:text-stone-400">
                      Above {next ? playerName(names, next.player) : "the next"}: {row.why}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
