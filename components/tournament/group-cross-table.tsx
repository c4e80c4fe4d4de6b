"use client";
// One group's cross-table (group elimination and the staged championship's group
// rounds): players × players in seed order, each cell the games between the row
// and the column player from the row player's side ("1ᴬ / ½ᴰ" when a pair plays
// once on each side), then score, place and who goes on. Results link to the
// site's game pages; unplayed games show "·", or "live" when they have a page.

import { roundStandings, vecAt, type GameWithId, type GroupStanding } from "@/engine/formats";
import { ClinchMark } from "./clinch-mark";
import { clinchTableFor } from "./clinch-text";
import { crossTable, type CrossGame } from "./cross-table";
import { formatNumber, gamesByContainer, outcomePointsText, playerName, pointsLegend, sideLetters, sideNames, type TournamentViewProps } from "./model";
import { GameResultLink, numClass, PlayerLabel, StatusBadge, TableFrame, tdClass, theadClass, thClass } from "./ui";

export interface GroupCrossTableProps extends TournamentViewProps {
  /** 1-based round number. */
  readonly round: number;
  /** 0-based index of the group in the round. */
  readonly group: number;
  /** Caption; defaults to the group's name. */
  readonly caption?: string;
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
const GROUP_COLOURS: Readonly<Record<string, string>> = {
  Blue: "bg-sky-500",
  Yellow: "bg-yellow-400",
  Red: "bg-red-500",
  Green: "bg-emerald-500",
};

function describe(g: CrossGame, row: string, col: string, sides: readonly [string, string]): string {
  const as = `${row} (${sides[g.side - 1]}) vs ${col}`;
  if (g.void) return `${as}: void`;
  if (g.outcome === null) return `${as}: not played yet`;
  const verb = g.outcome === "win" ? "won" : g.outcome === "loss" ? "lost" : "drew";
  const by = g.margin && g.outcome !== "draw" ? ` by ${g.margin}` : "";
  const reason = g.reason && g.reason !== "normal" ? ` (${g.reason})` : "";
  return `${as}: ${verb}${by}${reason}${g.replay ? ", replay" : ""}`;
}

export function GroupCrossTable({ state, names, gameLinks, clinch, round: roundNumber, group: groupIndex, caption }: GroupCrossTableProps) {
  const round = state.rounds[roundNumber - 1];
  const group = round && vecAt(round.groups, groupIndex);
  if (!round || !group) return null;
  const games: readonly GameWithId[] = gamesByContainer(state, roundNumber).groups[groupIndex] ?? [];
  const byId = new Map(games.map((g) => [g.id, g]));
  const table = crossTable(group.players, games);
  const standing: GroupStanding | undefined = roundStandings(state, roundNumber)[groupIndex];
  const rowOf = new Map((standing?.rows ?? []).map((r) => [r.player, r]));
  const letters = sideLetters(state);
  const sides = sideNames(state);
  const advanced = new Set(round.advanced ?? []);
  const title = caption ?? group.name;
  const staged = state.format === "staged";
  const lastRound = state.status === "finished" && roundNumber === state.rounds.length;
  const accent = staged && roundNumber === 1 ? GROUP_COLOURS[group.name] : undefined;
  const marks = round.status === "complete" ? undefined : clinchTableFor(clinch, roundNumber, group.name);

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
          </span>
          <span className="text-xs font-normal text-stone-500 dark:text-stone-400">
            {group.players.length} players · {games.filter((g) => !g.void).length} games
            {round.status === "complete" ? "" : ` · ${games.filter((g) => !g.result && !g.void).length} to play`}
          </span>
        </span>
      }
      footer={
        <p className="border-t border-stone-100 px-3 py-2 text-xs text-stone-500 dark:border-stone-700/70 dark:text-stone-400">
          Points from the row player&rsquo;s side ({pointsLegend(state)}); {letters[0]} = {sides[0]}, {letters[1]} = {sides[1]}; · not played yet.
        </p>
      }
    >
      <table className="w-full min-w-max border-collapse text-sm" data-group={group.name}>
        <caption className="sr-only">{title}</caption>
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={`${thClass} w-8 text-right`}>
              <abbr title="Seed in the group" className="no-underline">#</abbr>
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
              <abbr title={`Score (${pointsLegend(state)})`} className="no-underline">Score</abbr>
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              <abbr title="Place in the group" className="no-underline">Place</abbr>
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
                <th
                  scope="row"
                  className={`${tdClass} sticky left-0 z-10 text-left font-normal ${goesOn ? STICKY_ADVANCED : "bg-white dark:bg-stone-800"}`}
                >
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
                        const text = g.void ? "void" : g.outcome ? outcomePointsText(state, g.outcome) : "·";
                        return (
                          <span key={g.id} className="inline-flex items-baseline">
                            {k > 0 ? <span className="px-1 text-stone-300 dark:text-stone-600" aria-hidden="true">/</span> : null}
                            <GameResultLink
                              game={game}
                              text={text}
                              title={describe(g, playerName(names, p), playerName(names, q), sides)}
                              gameLinks={gameLinks}
                              className={g.void ? "text-xs text-stone-400 line-through" : g.outcome ? OUTCOME_CLASS[g.outcome] : "text-base leading-none font-bold text-stone-400 dark:text-stone-500"}
                            />
                            <sub className="ml-px text-[10px] text-stone-400 dark:text-stone-500" title={sides[g.side - 1]}>
                              {letters[g.side - 1]}
                            </sub>
                            {g.replay ? <sup className="text-[10px] text-sky-600 dark:text-sky-400" title="replay">R</sup> : null}
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
                  {lastRound && state.champions.includes(p) ? (
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
