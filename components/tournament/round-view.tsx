"use client";
// Browses the rounds of a whole tournament state held in the browser (the
// /dev/tournaments demo) with the round tab list, and draws the selected round
// with the view of the tournament's format. Rounds not planned yet show why they
// are empty. The tournament page does the same on the server, one round and one
// page of groups at a time (app/tournaments/[id]/rounds-section.tsx).

import { useId, useState } from "react";
import { roundStandings, vecSize } from "@/engine/formats";
import { groupView, roundSummary, type GroupView } from "@/lib/tournament-view";
import { clinchTableFor } from "./clinch-text";
import { diagonalRoundView } from "@/lib/diagonal-rows";
import { DiagonalView } from "./diagonal-view";
import { GroupCrossTable } from "./group-cross-table";
import { LeagueView } from "./league-view";
import type { TournamentViewProps } from "./model";
import { RoundSummary } from "./round-summary";
import { RoundTabList } from "./round-tab-list";
import { currentTabIndex, roundTabs, type RoundTab } from "@/lib/round-tabs";
import { StagedView } from "./staged-view";
import { EmptyState } from "./ui";

export interface RoundViewProps extends TournamentViewProps {
  /** Label of the tab list, for screen readers. */
  readonly label?: string;
  /** The league view's own table; off where the page already shows the standings. */
  readonly leagueTable?: boolean;
}

/** Above this many groups a round shows the first ones and a button for the rest. */
const GROUPS_SHOWN = 24;

function GroupsRound({ state, names, gameLinks, clinch, onSite, round }: TournamentViewProps & { round: number }) {
  const [all, setAll] = useState(false);
  const standing = roundStandings(state, round);
  const planned = state.rounds[round - 1];
  const count = planned ? vecSize(planned.groups) : 0;
  const shown = Array.from({ length: all ? count : Math.min(count, GROUPS_SHOWN) }, (_, i) => groupView(state, round, i, standing[i])).filter(
    (g): g is GroupView => g !== null,
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-4">
        {shown.map((g) => (
          <GroupCrossTable
            key={g.name}
            info={state}
            group={g}
            names={names}
            gameLinks={gameLinks}
            clinch={clinchTableFor(clinch, round, g.name)}
            onSite={onSite}
          />
        ))}
      </div>
      {shown.length < count ? (
        <button type="button" className="btn-secondary" onClick={() => setAll(true)}>
          Show all {count} groups
        </button>
      ) : null}
    </div>
  );
}

function Panel({ state, names, gameLinks, clinch, onSite, tab, leagueTable }: TournamentViewProps & { tab: RoundTab; leagueTable: boolean }) {
  if (tab.upcoming) return <EmptyState>{tab.emptyText ?? "This round has not been planned yet."}</EmptyState>;
  const round = state.rounds[tab.round - 1];
  if (!round) return <EmptyState>This round has not been planned yet.</EmptyState>;
  const view = (() => {
    switch (state.format) {
      case "league":
        return <LeagueView state={state} names={names} gameLinks={gameLinks} clinch={clinch} onSite={onSite} showTable={leagueTable} />;
      case "diagonal": {
        const diagonal = diagonalRoundView(state, tab.round);
        return diagonal ? <DiagonalView info={state} round={diagonal} names={names} gameLinks={gameLinks} onSite={onSite} /> : null;
      }
      case "staged":
        return <StagedView state={state} names={names} gameLinks={gameLinks} clinch={clinch} onSite={onSite} round={tab.round} />;
      case "groups":
        return <GroupsRound state={state} names={names} gameLinks={gameLinks} clinch={clinch} onSite={onSite} round={tab.round} />;
    }
  })();
  // The staged knockout spans rounds 4 and 5: summarize the latest of them.
  const summarized = state.format === "staged" && tab.round === 4 && state.rounds[4] ? 5 : tab.round;
  const summary = roundSummary(state, summarized);
  return (
    <div className="space-y-4">
      {summary ? <RoundSummary summary={summary} names={names} /> : null}
      {view}
    </div>
  );
}

export function RoundView({ state, names, gameLinks, clinch, onSite, label = "Rounds", leagueTable = true }: RoundViewProps) {
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
        <Panel key={tab.key} state={state} names={names} gameLinks={gameLinks} clinch={clinch} onSite={onSite} tab={tab} leagueTable={leagueTable} />
      </div>
    </div>
  );
}
