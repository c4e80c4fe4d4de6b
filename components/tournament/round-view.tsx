"use client";
// Browses the rounds of a whole tournament state held in the browser (the
// /dev/tournaments demo) with the round tab list, and draws the selected round
// with the view of the tournament's format (components/formats/views.ts). Rounds not planned yet show why they
// are empty. The tournament page does the same on the server, one round and one
// page of groups at a time (app/tournaments/[id]/rounds-section.tsx).

import { useId, useState } from "react";
import { currentTabIndex, type RoundTab } from "@/components/formats/round-tabs";
import { roundTabs, summaryRound } from "@/components/formats/pages";
import { viewsOf } from "@/components/formats/views";
import { roundSummary } from "@/lib/tournament-view";
import type { TournamentViewProps } from "./model";
import { RoundSummary } from "./round-summary";
import { RoundTabList } from "./round-tab-list";
import { EmptyState } from "./ui";

export interface RoundViewProps extends TournamentViewProps {
  /** Label of the tab list, for screen readers. */
  readonly label?: string;
}

function Panel({ state, names, gameLinks, clinch, onSite, tab }: TournamentViewProps & { tab: RoundTab }) {
  if (tab.upcoming) return <EmptyState>{tab.emptyText ?? "This round has not been planned yet."}</EmptyState>;
  if (!state.rounds[tab.round - 1]) return <EmptyState>This round has not been planned yet.</EmptyState>;
  const View = viewsOf(state.format).RoundView;
  const summary = roundSummary(state, summaryRound(state, tab.round));
  return (
    <div className="space-y-4">
      {summary ? <RoundSummary summary={summary} names={names} /> : null}
      <View state={state} names={names} gameLinks={gameLinks} clinch={clinch} onSite={onSite} round={tab.round} />
    </div>
  );
}

export function RoundView({ state, names, gameLinks, clinch, onSite, label = "Rounds" }: RoundViewProps) {
  const tabs = roundTabs(state);
  const [selected, setSelected] = useState<number | null>(null);
  const index = selected ?? currentTabIndex(tabs);
  const tab = tabs[index];
  const base = useId();
  if (!tab) return <EmptyState>The tournament has not started.</EmptyState>;
  return (
    <div className="space-y-4" data-testid="round-view" data-format={state.format}>
      {tabs.length > 1 ? <RoundTabList tabs={tabs} index={index} label={label} idBase={base} onSelect={setSelected} /> : null}
      <div
        role={tabs.length > 1 ? "tabpanel" : undefined}
        id={`${base}-panel`}
        aria-labelledby={tabs.length > 1 ? `${base}-tab-${tab.key}` : undefined}
        tabIndex={tabs.length > 1 ? 0 : undefined}
        data-testid="round-panel"
      >
        <Panel key={tab.key} state={state} names={names} gameLinks={gameLinks} clinch={clinch} onSite={onSite} tab={tab} />
      </div>
    </div>
  );
}
