// One group's cross-table (group elimination and the staged championship's group
// rounds): players × players in seed order, each cell the games between the row
// and the column player from the row player's side ("1ᴬ / ½ᴰ" when a pair plays
// once on each side), then score, place and who goes on. Results link to the
// site's game pages; unplayed games show "·", or "live" when they have a page.
// It draws one group handed to it (lib/tournament-view.ts), never the whole round.

import type { ClinchTable } from "@/engine/formats";
import type { GroupView, TableInfo } from "@/lib/tournament-view";
import { ClinchMark } from "./clinch-mark";
import { crossTable, type CrossGame } from "./cross-table";
import { formatNumber, outcomePointsText, playerName, pointsLegend, sideLetters, sideNames, type GameLinks, type PlayerNames } from "./model";
import { GameResultLink, numClass, PlayerLabel, StatusBadge, TableFrame, tdClass, theadClass, thClass } from "./ui";

export interface GroupCrossTableProps {
  readonly info: TableInfo;
  readonly group: GroupView;
  readonly names: PlayerNames;
  readonly gameLinks?: GameLinks;
  /** The group's clinch marks while it is in play. */
  readonly clinch?: ClinchTable;
  readonly onSite?: boolean;
  /** Caption; defaults to the group's name. */
  readonly caption?: string;
  /** A note beside the caption ("Your group"). */
  readonly note?: string;
  /** A colour dot before the caption (the staged round 1's Blue, Yellow, Red and Green groups): a Tailwind background class. */
  readonly accent?: string;
}

const OUTCOME_CLASS = {
  win: "font-semibold text-emerald-700 dark:text-emerald-400",
  draw: "font-medium text-amber-700 dark:text-amber-400",
  loss: "text-stone-500 dark:text-stone-400",
} as const;

// The sticky player column must be opaque (rows scroll under it), so its colours
// are the row's translucent tints mixed onto the frame's background.
const ADVANCED_ROW = "bg-emerald-50/70 dark:bg-emerald-500/10";
const STICKY_ADVANCED =
  "bg-[color-mix(in_oklab,var(--color-emerald-50)_70%,white)] dark:bg-[color-mix(in_oklab,var(--color-emerald-500)_10%,var(--color-stone-800))]";
const STICKY_HEAD = "bg-stone-50 dark:bg-[color-mix(in_oklab,var(--color-stone-900)_40%,var(--color-stone-800))]";

/** The staged championship's round-1 groups are named after colours: a dot of that colour. */
function describe(g: CrossGame, row: string, col: string, sides: readonly [string, string]): string {
  const as = `${row} (${sides[g.side - 1]}) vs ${col}`;
  if (g.void) return `${as}: void`;
  if (g.outcome === null) return `${as}: not played yet`;
  const verb = g.outcome === "win" ? "won" : g.outcome === "loss" ? "lost" : "drew";
  const by = g.margin && g.outcome !== "draw" ? ` by ${g.margin}` : "";
  const reason = g.reason && g.reason !== "normal" ? ` (${g.reason})` : "";
  return `${as}: ${verb}${by}${reason}${g.replay ? ", replay" : ""}`;
}

export function GroupCrossTable({ info, group, names, gameLinks, clinch, onSite, caption, note, accent }: GroupCrossTableProps) {
  const roundNumber = group.round;
  const games = group.games;
  const byId = new Map(games.map((g) => [g.id, g]));
  const table = crossTable(group.players, games);
  const rowOf = new Map(group.rows.map((r) => [r.player, r]));
  const letters = sideLetters(info);
  const sides = sideNames(info);
  const advanced = new Set(group.advanced);
  const champions = new Set(group.champions);
  const title = caption ?? group.name;
  const marks = group.complete ? undefined : clinch;

  return (
    <TableFrame
      label={`${title} cross-table`}
      testId="group-cross-table"
      fit
      header={
        <span className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <span className="flex items-center gap-2">
            {accent ? <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${accent}`} /> : null}
            {title}
            {note ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-500/20 dark:text-amber-200">{note}</span>
            ) : null}
          </span>
          <span className="text-xs font-normal text-stone-500 dark:text-stone-400">
            {group.players.length} players · {games.filter((g) => !g.void).length} games
            {group.complete ? "" : ` · ${games.filter((g) => !g.result && !g.void).length} to play`}
          </span>
        </span>
      }
      footer={
        <p className="border-t border-stone-100 px-3 py-2 text-xs text-stone-500 dark:border-stone-700/70 dark:text-stone-400">
          Points from the row player&rsquo;s side ({pointsLegend(info)}); {letters[0]} = {sides[0]}, {letters[1]} = {sides[1]}; · not played yet.
        </p>
      }
    >
      <table className="w-full min-w-max border-collapse text-sm" data-group={group.name}>
        <caption className="sr-only">{title}</caption>
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={`${thClass} w-8 text-right`}>
              <abbr title="Seed in the group" className="no-underline">
                #
              </abbr>
            </th>
            <th scope="col" className={`${thClass} sticky left-0 z-10 ${STICKY_HEAD}`}>
              Player
            </th>
            {group.players.map((p, i) => (
              <th key={p} scope="col" className={`${thClass} text-center`} title={playerName(names, p)}>
                <abbr title={`against ${playerName(names, p)}`} className="no-underline">
                  {i + 1}
                </abbr>
              </th>
            ))}
            <th scope="col" className={`${thClass} text-right`}>
              <abbr title={`Score (${pointsLegend(info)})`} className="no-underline">
                Score
              </abbr>
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              <abbr title="Place in the group" className="no-underline">
                Place
              </abbr>
            </th>
            <th scope="col" className={thClass}>
              <span className="sr-only">Status</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {group.players.map((p, r) => {
            const srow = rowOf.get(p);
            const goesOn = advanced.has(p);
            const score = srow?.values.score ?? table.points[r] ?? 0;
            return (
              <tr
                key={p}
                data-testid="cross-row"
                data-player={p}
                data-advanced={goesOn ? "" : undefined}
                className={`border-t border-stone-100 dark:border-stone-700/70 ${goesOn ? ADVANCED_ROW : ""}`}
              >
                <td className={`${numClass} text-stone-500 dark:text-stone-400`}>{r + 1}</td>
                <th scope="row" className={`${tdClass} sticky left-0 z-10 text-left font-normal ${goesOn ? STICKY_ADVANCED : "bg-white dark:bg-stone-800"}`}>
                  <PlayerLabel id={p} names={names} showRating={roundNumber === 1} />
                </th>
                {group.players.map((q, c) => {
                  if (c === r) return <td key={q} aria-label="same player" className="bg-stone-100 dark:bg-stone-700/50" />;
                  const cell = table.cells[r]?.[c] ?? [];
                  return (
                    <td key={q} className="px-2 py-2 text-center whitespace-nowrap tabular-nums">
                      {cell.length === 0 ? <span className="text-stone-300 dark:text-stone-600">–</span> : null}
                      {cell.map((g, k) => {
                        const game = byId.get(g.id);
                        if (!game) return null;
                        const text = g.void ? "void" : g.outcome ? outcomePointsText(info, g.outcome) : "·";
                        return (
                          <span key={g.id} className="inline-flex items-baseline">
                            {k > 0 ? (
                              <span className="px-1 text-stone-300 dark:text-stone-600" aria-hidden="true">
                                /
                              </span>
                            ) : null}
                            <GameResultLink
                              game={game}
                              text={text}
                              title={describe(g, playerName(names, p), playerName(names, q), sides)}
                              gameLinks={gameLinks}
                              onSite={onSite}
                              className={
                                g.void
                                  ? "text-xs text-stone-400 line-through"
                                  : g.outcome
                                    ? OUTCOME_CLASS[g.outcome]
                                    : "text-base leading-none font-bold text-stone-400 dark:text-stone-500"
                              }
                            />
                            <sub className="ml-px text-[10px] text-stone-400 dark:text-stone-500" title={sides[g.side - 1]}>
                              {letters[g.side - 1]}
                            </sub>
                            {g.replay ? (
                              <sup className="text-[10px] text-sky-600 dark:text-sky-400" title="replay">
                                R
                              </sup>
                            ) : null}
                          </span>
                        );
                      })}
                    </td>
                  );
                })}
                <td className={`${numClass} font-semibold`} data-testid="cross-score">
                  {formatNumber(score, true)}
                </td>
                <td className={numClass}>{srow?.rankLabel ?? ""}</td>
                <td className={tdClass}>
                  {/* The last round's winner "advances" only to the title. */}
                  {champions.has(p) ? (
                    <StatusBadge status="champion" />
                  ) : goesOn ? (
                    <StatusBadge status="playing" label="Advances" />
                  ) : srow?.status === "withdrawn" ? (
                    <StatusBadge status="withdrawn" />
                  ) : (
                    <ClinchMark table={marks} player={p} names={names} />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
