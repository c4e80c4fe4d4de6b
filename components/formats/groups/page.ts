// Group elimination on the site (no React): a tab per round, and the tournament
// page's round cut to the viewer's group and one page of groups. A
// 100,000-player round has 25,000 groups: only the groups shown are ranked and get
// clinch marks (13 of 25,000).

import { clinchTables, groupIndexOf, groupStanding, groupsOf, vecAt, vecSize, type ClinchTable } from "@/engine/formats";
import { clampPage, pageSpan, pagesFor, spanIndexes } from "@/lib/page-window";
import { groupView, type GroupView } from "@/lib/tournament-view";
import type { FormatPage, PreviewStat } from "../contract";
import { gamesPerPlayerRange, sizeCounts, span } from "../preview-figures";
import { oneTabPerRound } from "../round-tabs";

/** Players' rows on a page of cross-tables: 12 groups of four, 6 of eight, so a page's size does not grow with the group size. */
const GROUP_PLAYERS_PER_PAGE = 48;

/** Groups on a page of cross-tables. */
export function groupsPerPage(groupSize: number): number {
  return Math.max(1, Math.floor(GROUP_PLAYERS_PER_PAGE / Math.max(1, groupSize)));
}

/** The tournament page's round: the viewer's group first, then one page of the others. */
export interface GroupsPanel {
  /** The viewer's group, shown first. */
  readonly mine: GroupView | null;
  /** One page of the round's groups (without the viewer's). */
  readonly groups: readonly GroupView[];
  readonly page: number;
  readonly pageCount: number;
  readonly total: number;
  readonly clinch: readonly ClinchTable[];
}

export const groupsPage: FormatPage<"groups", GroupsPanel> = {
  roundTabs: oneTabPerRound,
  summaryRound: (_state, round) => round,

  async roundPanel({ state, round: r, me, page: requested, running, show, pause }) {
    const round = state.rounds[r - 1]!;
    const groupCount = vecSize(round.groups);
    const mineIndex = me ? groupIndexOf(round, me) : -1;
    const others = groupCount - (mineIndex >= 0 ? 1 : 0);
    const perPage = groupsPerPage(vecAt(round.groups, 0)?.players.length ?? 1);
    const pageCount = pagesFor(others, perPage);
    const page = clampPage(requested, pageCount);
    // Page positions skip the viewer's group (shown first on every page).
    const indexes = spanIndexes([pageSpan(page, perPage, others)]).map((i) => (mineIndex >= 0 && i >= mineIndex ? i + 1 : i));
    const view = (i: number) => groupView(state, r, i, groupStanding(state, r, i));
    const mine = mineIndex >= 0 ? view(mineIndex) : null;
    const groups = indexes.map(view).filter((g): g is GroupView => g !== null);
    for (const g of mine ? [mine, ...groups] : groups)
      show(
        g.players,
        g.games.map((x) => x.id),
      );
    const shownIndexes = [...(mineIndex >= 0 ? [mineIndex] : []), ...indexes].sort((a, b) => a - b);
    // One group's marks at a time (each remembered per group: clinch-tables.ts).
    const clinch: ClinchTable[] = [];
    if (round.status !== "complete" && running)
      for (const gi of shownIndexes) {
        await pause();
        clinch.push(...clinchTables(state, [gi]).filter((c) => c.round === r));
      }
    return { mine, groups, page, pageCount, total: groupCount, clinch };
  },

  points: () => ({ win: 2, draw: 1, loss: 0 }),
  standings: { testId: "standings-table", liveTable: false },
  columns: {
    round: { label: "Reached", title: "Last round reached", primary: true },
    percent: { label: "Score %", title: "Score percentage in the last round reached", format: "percent" },
    wins: { label: "W", title: "Wins in the last round reached" },
  },
  reachedLabel: (_row, roundName) => roundName,
  settingsNote: () => null,
  preview: {
    plan(state): PreviewStat[] {
      const round = state.rounds[0]!;
      const groups = groupsOf(round);
      return [
        {
          label: "Round 1 groups",
          value: String(groups.length),
          hint: sizeCounts(groups.map((g) => g.players.length))
            .map((s) => `${s.count} × ${s.size}`)
            .join(", ")
            .concat(" players"),
          testId: "preview-groups",
        },
        { label: "Round 1 games per player", value: span(gamesPerPlayerRange(state, round)) },
      ];
    },
    rounds: true,
  },
};
