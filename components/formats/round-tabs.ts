// The tabs a tournament's rounds are browsed with. Each format says its own
// (`FormatPage.roundTabs`, through `roundTabs` in pages.ts); most take one tab per
// planned round plus the next one while play goes on (`oneTabPerRound`).

import type { TournamentState } from "@/engine/formats";
import type { RoundTab } from "./contract";

export type { RoundTab } from "./contract";

/** One tab per planned round, plus the next one while play goes on, shown empty. */
export function oneTabPerRound(state: TournamentState): RoundTab[] {
  const tabs: RoundTab[] = state.rounds.map((r) => ({ key: `r${r.number}`, label: r.name, round: r.number, upcoming: false }));
  if (state.status === "playing") {
    const n = state.rounds.length + 1;
    tabs.push({
      key: `r${n}`,
      label: `Round ${n}`,
      round: n,
      upcoming: true,
      emptyText: n === 1 ? "Round 1 has not been drawn yet." : `Round ${n} starts when round ${n - 1} is complete (if the tournament is not decided by then).`,
    });
  }
  return tabs;
}

/** The tab to open first: the latest planned round. */
export function currentTabIndex(tabs: readonly RoundTab[]): number {
  for (let i = tabs.length - 1; i >= 0; i--) if (!tabs[i]?.upcoming) return i;
  return 0;
}

/** The tab that shows `round` (?round=), or the current one when none does. */
export function tabIndexFor(tabs: readonly RoundTab[], round: number | undefined): number {
  const found =
    round === undefined ? -1 : tabs.findIndex((tab) => tab.round === round || (tab.through !== undefined && round >= tab.round && round <= tab.through));
  return found >= 0 ? found : currentTabIndex(tabs);
}
