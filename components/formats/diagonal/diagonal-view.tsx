// One round of the diagonal race: the pairing pattern the engine used (offsets
// across the circle, whether rematches forced a shift, play-off marker), then the
// circle in order with each player's opponents and results, the losses that count
// towards elimination, and who went out; beside it, the opponent matrix.

import { Fragment } from "react";
import type { TableInfo } from "@/lib/tournament-view";
import type { DiagonalRoundView, DiagonalRow } from "./diagonal-rows";
import { DiagonalMatrix } from "./diagonal-matrix-view";
import { outcomeSymbol, playerName, sideNames, type GameLinks, type PlayerNames } from "@/components/tournament/model";
import { Badge, GameResultLink, numClass, PlayerLabel, StatusBadge, TableFrame, tdClass, theadClass, thClass } from "@/components/tournament/ui";

export interface DiagonalViewProps {
  readonly info: TableInfo;
  readonly round: DiagonalRoundView;
  readonly names: PlayerNames;
  readonly gameLinks?: GameLinks;
  readonly onSite?: boolean;
}

/** "2 and 5 places away": a pattern's offsets in words. */
function placesApart(offsets: readonly number[]): string {
  const list = offsets.length === 1 ? `${offsets[0]}` : `${offsets.slice(0, -1).join(", ")} and ${offsets.at(-1)}`;
  return `${list} place${offsets.length === 1 && offsets[0] === 1 ? "" : "s"} away`;
}

/** Out players named in the round's closing line; the rest are counted. */
const OUT_NAMED = 50;

const FATE: Record<DiagonalRow["fate"], { status: "playing" | "eliminated" | "champion" | "withdrawn"; label: string } | null> = {
  playing: null,
  through: { status: "playing", label: "Through" },
  out: { status: "eliminated", label: "Out" },
  champion: { status: "champion", label: "Champion" },
  withdrawn: { status: "withdrawn", label: "Withdrawn" },
};

const OUTCOME_CLASS = {
  win: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/15 dark:text-emerald-300 dark:ring-emerald-500/30",
  loss: "bg-red-50 text-red-700 ring-red-200 dark:bg-red-500/15 dark:text-red-300 dark:ring-red-500/30",
  draw: "bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-500/30",
  pending: "bg-stone-50 text-stone-600 ring-stone-200 dark:bg-stone-700/50 dark:text-stone-300 dark:ring-stone-600",
} as const;

export function DiagonalView({ info, names, gameLinks, onSite, round }: DiagonalViewProps) {
  const { rows, settings, pattern, out } = round;
  const gaps = new Set(round.gapsBefore ?? []);
  const roundNumber = round.number;
  const sides = sideNames(info);
  const shifted = pattern ? pattern.offsets.join(",") !== pattern.base.join(",") : false;

  return (
    <div className="space-y-4" data-testid="diagonal-view" data-round={roundNumber}>
      {pattern ? (
        <div
          className="space-y-3 rounded-lg border border-stone-200 bg-white p-4 text-sm shadow-sm dark:border-stone-700 dark:bg-stone-800"
          data-testid="diagonal-pattern"
        >
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <div>
              <dt className="text-xs text-stone-500 dark:text-stone-400">Players in the circle</dt>
              <dd className="font-semibold tabular-nums">{round.total}</dd>
            </div>
            <div>
              <dt className="text-xs text-stone-500 dark:text-stone-400">Opponents each</dt>
              <dd className="font-semibold tabular-nums">{pattern.opponents}</dd>
            </div>
            <div>
              {/* In words, not "Offsets used ±2": how far round the circle each player's opponents sit. */}
              <dt className="text-xs text-stone-500 dark:text-stone-400">Opponents sit</dt>
              <dd className="font-semibold tabular-nums" data-testid="diagonal-offsets">
                {placesApart(pattern.offsets)}
                {shifted ? (
                  <span className="block text-xs font-normal text-stone-500 dark:text-stone-400">
                    shifted from {placesApart(pattern.base)} to avoid rematches
                  </span>
                ) : null}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-stone-500 dark:text-stone-400">Rematches</dt>
              <dd className="flex flex-wrap items-center gap-1.5 font-semibold tabular-nums">
                {pattern.rematches}
                {pattern.playoff ? (
                  <Badge tone="sky">
                    <span data-testid="playoff-marker">Play-off</span>
                  </Badge>
                ) : null}
              </dd>
            </div>
          </dl>
          {/* Beside the list, not in it: a <dl> may hold only name–value groups (axe-core's definition-list rule). */}
          <p className="text-xs text-stone-500 dark:text-stone-400">
            Out at {settings.eliminationLosses} losses
            {settings.lossesCarryOver ? `, counted from round ${pattern.countLossesFrom}` : ", counted per round"}. Each player plays {sides[0]} against the
            players that many places further round the circle, and {sides[1]} against those as many places back.
          </p>
        </div>
      ) : null}

      <div className="flex flex-col gap-4 xl:flex-row xl:items-start">
        <div className="min-w-0 flex-1">
          <TableFrame label={`${round.name} circle`} testId="diagonal-table" header={`${round.name}: the circle in rating order`}>
            <table className="w-full min-w-max border-collapse text-sm">
              <caption className="sr-only">{round.name}: the circle in rating order</caption>
              <thead className={theadClass}>
                <tr>
                  <th scope="col" className={`${thClass} w-10 text-right`}>
                    <abbr title="Position in the circle" className="no-underline">
                      Pos
                    </abbr>
                  </th>
                  <th
                    scope="col"
                    className={`${thClass} sticky left-0 z-10 bg-stone-50 dark:bg-[color-mix(in_oklab,var(--color-stone-900)_40%,var(--color-stone-800))]`}
                  >
                    Player
                  </th>
                  <th scope="col" className={thClass}>
                    Opponents and results
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    <abbr title="Wins this round" className="no-underline">
                      W
                    </abbr>
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    <abbr title="Losses this round" className="no-underline">
                      L
                    </abbr>
                  </th>
                  {/* Losses that count toward going out: this round's column already says it when they are counted per round. */}
                  {settings.lossesCarryOver ? (
                    <th
                      scope="col"
                      className={`${thClass} text-right`}
                      title={`Losses since round ${pattern?.countLossesFrom ?? 1}; out at ${settings.eliminationLosses}`}
                    >
                      Losses so far
                    </th>
                  ) : null}
                  <th scope="col" className={thClass}>
                    <span className="sr-only">Outcome</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => {
                  const fate = FATE[row.fate];
                  const dim = row.fate === "out" || row.fate === "withdrawn";
                  return (
                    <Fragment key={row.player}>
                      {gaps.has(i) ? (
                        <tr data-testid="diagonal-gap" className="border-t border-stone-100 dark:border-stone-700/70">
                          <td colSpan={settings.lossesCarryOver ? 7 : 6} className="px-3 py-1 text-center text-xs text-stone-500 dark:text-stone-400">
                            <span aria-hidden="true">⋯</span>
                            <span className="sr-only">Rows left out</span>
                          </td>
                        </tr>
                      ) : null}
                      <tr
                        data-testid="diagonal-row"
                        data-player={row.player}
                        data-fate={row.fate}
                        className="border-t border-stone-100 dark:border-stone-700/70"
                      >
                        <td className={`${numClass} text-stone-500 dark:text-stone-400`}>{row.position}</td>
                        <th
                          scope="row"
                          className={`${tdClass} sticky left-0 z-10 bg-white text-left font-normal dark:bg-stone-800 ${dim ? "text-stone-500 dark:text-stone-400" : ""}`}
                        >
                          <PlayerLabel id={row.player} names={names} showRating />
                        </th>
                        <td className={tdClass}>
                          <ul className="flex flex-wrap gap-1.5">
                            {row.opponents.map((o) => {
                              const tone = OUTCOME_CLASS[o.outcome ?? "pending"];
                              const verdict = o.outcome ? outcomeSymbol(o.outcome) : "";
                              const side = o.game.side1 === row.player ? sides[0] : sides[1];
                              return (
                                <li key={o.game.id} className={`inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs ring-1 ring-inset ${tone}`}>
                                  <span className="whitespace-nowrap">{playerName(names, o.opponent)}</span>
                                  <GameResultLink
                                    game={o.game}
                                    text={verdict}
                                    title={`${playerName(names, row.player)} (${side}) vs ${playerName(names, o.opponent)}, offset ${o.offset}: ${
                                      o.outcome ?? (o.game.void ? "void" : "not played yet")
                                    }`}
                                    gameLinks={gameLinks}
                                    onSite={onSite}
                                    className="font-semibold tabular-nums"
                                  />
                                </li>
                              );
                            })}
                          </ul>
                        </td>
                        <td className={numClass}>{row.wins}</td>
                        <td className={numClass}>{row.losses}</td>
                        {settings.lossesCarryOver ? (
                          <td
                            className={`${numClass} font-semibold ${row.countedLosses >= settings.eliminationLosses ? "text-red-700 dark:text-red-400" : ""}`}
                          >
                            {row.countedLosses}
                          </td>
                        ) : null}
                        <td className={tdClass}>{fate ? <StatusBadge status={fate.status} label={fate.label} /> : null}</td>
                      </tr>
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </TableFrame>
        </div>
        {rows.length === round.total ? (
          <DiagonalMatrix rows={rows} names={names} roundName={round.name} />
        ) : (
          <p className="text-xs text-stone-500 dark:text-stone-400">
            With {round.total} players the opponent matrix is too large to draw; the table lists every pairing.
          </p>
        )}
      </div>
      {round.complete ? (
        <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="diagonal-eliminated">
          {out.length === 0
            ? "Nobody went out this round."
            : `Out this round (${out.length}): ${out
                .slice(0, OUT_NAMED)
                .map((p) => playerName(names, p))
                .join(", ")}${out.length > OUT_NAMED ? ` and ${out.length - OUT_NAMED} more` : ""}.`}
        </p>
      ) : null}
    </div>
  );
}
