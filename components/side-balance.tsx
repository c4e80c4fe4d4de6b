// Side balance tables: wins, draws and losses on each side of an asymmetric game
// (tafl: attackers against defenders), with the score on that side. Used by the
// tournament page (the whole field, then each player) and the player profile.

import { scorePercent, type SideRecord } from "@/engine/formats";
import { numClass, TableFrame, tdClass, theadClass, thClass } from "./tournament/ui";

const pct = (r: SideRecord) => {
  const p = scorePercent(r);
  return p === null ? "–" : `${p}%`;
};

/** "W–D–L" for a compact cell. */
export const recordText = (r: SideRecord) => `${r.wins}–${r.draws}–${r.losses}`;

/** One row per side: games, wins, draws, losses, score on that side. */
export function SideRecordTable({
  sideNames,
  sides,
  caption,
  testId,
}: {
  sideNames: readonly [string, string];
  sides: readonly [SideRecord, SideRecord];
  caption: string;
  testId?: string;
}) {
  return (
    <TableFrame label={caption} testId={testId} fit header={caption}>
      <table className="w-full min-w-max border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={thClass}>
              Side
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Games
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Wins
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Draws
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Losses
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              <abbr title="Score on this side: win 1, draw ½" className="no-underline">
                Score
              </abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {sides.map((r, i) => (
            <tr key={i} className="border-t border-stone-100 dark:border-stone-700/70" data-testid="side-row" data-side={i + 1}>
              <th scope="row" className={`${tdClass} text-left font-medium`}>
                {sideNames[i]}
              </th>
              <td className={numClass}>{r.wins + r.draws + r.losses}</td>
              <td className={numClass}>{r.wins}</td>
              <td className={numClass}>{r.draws}</td>
              <td className={numClass}>{r.losses}</td>
              <td className={`${numClass} font-semibold`}>{pct(r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
