// A Swiss round drawn as its boards: number, the player with the first side, the
// result (a link to the game's page), the player with the second side; then the
// player who has the pairing-allocated bye.

import type { TableInfo } from "@/lib/tournament-view";
import { resultText, sideNames, type GameLinks, type PlayerNames } from "@/components/tournament/model";
import { GameResultLink, PlayerLabel, TableFrame, numClass, tdClass, thClass, theadClass } from "@/components/tournament/ui";
import type { SwissRoundView } from "./boards";

export function SwissRound({
  info,
  round,
  names,
  gameLinks,
  onSite,
}: {
  info: TableInfo;
  round: SwissRoundView;
  names: PlayerNames;
  gameLinks?: GameLinks;
  onSite?: boolean;
}) {
  const [first, second] = sideNames(info);
  const shown = round.boards.length < round.total ? ` (boards ${round.boards[0]?.board ?? 0}–${round.boards.at(-1)?.board ?? 0} of ${round.total})` : "";
  return (
    <TableFrame
      label={`${round.name} boards`}
      testId="swiss-round"
      header={`${round.name}: ${round.total} boards${shown}${round.complete ? ", complete" : ""}`}
      footer={
        round.bye ? (
          <p data-testid="swiss-bye" className="px-3 pb-3 text-sm text-stone-600 dark:text-stone-300">
            Bye (1 point): <PlayerLabel id={round.bye} names={names} />
          </p>
        ) : null
      }
    >
      <table className="w-full text-sm">
        <thead className={theadClass}>
          <tr>
            <th className={thClass} scope="col">
              Board
            </th>
            <th className={thClass} scope="col">
              {first}
            </th>
            <th className={thClass} scope="col">
              Result
            </th>
            <th className={thClass} scope="col">
              {second}
            </th>
          </tr>
        </thead>
        <tbody>
          {round.boards.map(({ board, game }) => (
            <tr key={game.id} data-testid="swiss-board" className="border-b border-stone-100 last:border-0 dark:border-stone-700/60">
              <td className={numClass}>{board}</td>
              <td className={tdClass}>
                <PlayerLabel id={game.side1} names={names} />
              </td>
              <td className={tdClass}>
                <GameResultLink
                  game={game}
                  text={resultText(game)}
                  title={`Board ${board}`}
                  {...(gameLinks ? { gameLinks } : {})}
                  {...(onSite === undefined ? {} : { onSite })}
                />
                {game.result && (game.result.reason === "forfeit" || game.result.reason === "withdrawal") ? (
                  <span className="ml-1 text-xs text-stone-500">(forfeit)</span>
                ) : null}
              </td>
              <td className={tdClass}>
                <PlayerLabel id={game.side2} names={names} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
