// A tournament's side balance: how the two sides fared over every game played so
// far (a sentence and a table), and each player's record on either side, so an
// organizer sees whether the sides are balanced and who does better with which.
// The totals count every game; the per-player table gets one page of players (in
// seed order) and the page links from the caller.

import type { ReactNode } from "react";
import type { SideRecord } from "@/engine/formats";
import { recordText, SideRecordTable } from "../side-balance";
import { playerName, type PlayerNames } from "./model";
import { numClass, PlayerLabel, TableFrame, tdClass, theadClass, thClass } from "./ui";

/** Above this many players the per-player table is folded away behind a disclosure. */
const PLAYERS_OPEN_BELOW = 40;

export interface SideBalanceViewProps {
  /** Games with a result (void games left out). */
  readonly games: number;
  readonly sides: readonly [SideRecord, SideRecord];
  /** Players with a result on either side. */
  readonly playerCount: number;
  /** The players shown, with their record as side 1 and as side 2. */
  readonly players: readonly { readonly id: string; readonly record: readonly [SideRecord, SideRecord] }[];
  readonly names: PlayerNames;
  readonly sideNames: readonly [string, string];
  /** Page links under the per-player table. */
  readonly pages?: ReactNode;
  /** The per-player table starts open (the viewer is paging through it). */
  readonly open?: boolean;
}

export function SideBalanceView({ games, sides, playerCount, players, names, sideNames, pages, open = false }: SideBalanceViewProps) {
  if (games === 0) return <p className="text-sm text-stone-600 dark:text-stone-400">No game has a result yet.</p>;
  const [s1, s2] = sides;
  const lower = sideNames.map((s) => s.toLowerCase()) as [string, string];
  const drawText = s1.draws === 0 ? "" : `, ${s1.draws} drawn`;
  const rows = (
    <TableFrame label="Each player's record on either side" testId="side-balance-players" fit>
      <table className="w-full min-w-max border-collapse text-sm">
        <caption className="sr-only">Each player&rsquo;s wins, draws and losses on either side</caption>
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={thClass}>
              Player
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              <abbr title={`Wins, draws, losses as ${lower[0]}`} className="no-underline">
                As {lower[0]}
              </abbr>
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              <abbr title={`Wins, draws, losses as ${lower[1]}`} className="no-underline">
                As {lower[1]}
              </abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {players.map((p) => {
            const [a, b] = p.record;
            return (
              <tr key={p.id} className="border-t border-stone-100 dark:border-stone-700/70" data-testid="side-balance-player" data-player={p.id}>
                <th scope="row" className={`${tdClass} text-left font-normal`}>
                  <PlayerLabel id={p.id} names={names} />
                </th>
                <td className={numClass} title={`${playerName(names, p.id)} as ${lower[0]}: ${a.wins} won, ${a.draws} drawn, ${a.losses} lost`}>
                  {recordText(a)}
                </td>
                <td className={numClass} title={`${playerName(names, p.id)} as ${lower[1]}: ${b.wins} won, ${b.draws} drawn, ${b.losses} lost`}>
                  {recordText(b)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {pages ? <div className="border-t border-stone-100 px-3 py-2 dark:border-stone-700/70">{pages}</div> : null}
    </TableFrame>
  );
  return (
    <div className="space-y-3" data-testid="side-balance">
      <p className="text-sm text-stone-700 dark:text-stone-300" data-testid="side-balance-summary">
        {sideNames[0]} won {s1.wins}, {lower[1]} won {s2.wins}
        {drawText} of {games} game{games === 1 ? "" : "s"}.
      </p>
      <div className="flex flex-wrap items-start gap-4">
        <SideRecordTable sideNames={sideNames} sides={sides} caption="By side" testId="side-balance-sides" />
        {playerCount < PLAYERS_OPEN_BELOW ? (
          rows
        ) : (
          <details className="min-w-0" open={open}>
            <summary className="cursor-pointer text-sm font-medium">Each player on either side ({playerCount})</summary>
            <div className="pt-2">{rows}</div>
          </details>
        )}
      </div>
      <p className="text-xs text-stone-500 dark:text-stone-400">Records read wins–draws–losses; the score counts a win 1 and a draw ½.</p>
    </div>
  );
}
