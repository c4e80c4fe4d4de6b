// The tabs a tournament's rounds are browsed with: one per planned round for group
// elimination and the diagonal race (plus the next one while play goes on, shown
// empty), the four fixed stages of the staged championship (knockout = rounds 4
// and 5 together), and a single tab for the league's single round.

import type { TournamentState } from "@/engine/formats";

export interface RoundTab {
  readonly key: string;
  readonly label: string;
  /** The round the tab shows (the first of its rounds for the staged knockout). */
  readonly round: number;
  /** Not planned yet: the tab shows an empty state. */
  readonly upcoming: boolean;
  /** Why it is empty, when upcoming. */
  readonly emptyText?: string;
}

const STAGES = [
  { key: "r1", label: "Round 1", round: 1 },
  { key: "r2", label: "Round 2", round: 2 },
  { key: "r3", label: "Round 3", round: 3 },
  { key: "ko", label: "Knockout", round: 4 },
] as const;

export function roundTabs(state: TournamentState): RoundTab[] {
  if (state.format === "league") return [{ key: "r1", label: "League", round: 1, upcoming: state.rounds.length === 0 }];
  if (state.format === "staged") {
    return STAGES.map((s) => {
      const upcoming = !state.rounds[s.round - 1];
      const prev = s.round === 4 ? "round 3" : `round ${s.round - 1}`;
      const what = s.round === 4 ? "The semi-finals start" : `Round ${s.round} starts`;
      return { ...s, upcoming, ...(upcoming ? { emptyText: s.round === 1 ? "Round 1 has not been drawn yet." : `${what} when ${prev} is complete.` } : {}) };
    });
  }
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
