"use client";
// Browses a tournament's rounds with a tab list (WAI-ARIA tabs: arrow keys,
// Home / End, roving tabindex) and draws the selected round with the view of the
// tournament's format. Rounds not planned yet show why they are empty.

import { useId, useRef, useState, type KeyboardEvent } from "react";
import { groupsOf, type Round } from "@/engine/formats";
import { DiagonalView } from "./diagonal-view";
import { GroupCrossTable } from "./group-cross-table";
import { LeagueView } from "./league-view";
import { playerName, type TournamentViewProps } from "./model";
import { currentTabIndex, roundTabs, type RoundTab } from "./round-tabs";
import { StagedView } from "./staged-view";
import { EmptyState, Trophy } from "./ui";

export interface RoundViewProps extends TournamentViewProps {
  /** Label of the tab list, for screen readers. */
  readonly label?: string;
  /** The league view's own table; off where the page already shows the standings. */
  readonly leagueTable?: boolean;
}

/** Above this many groups a round shows the first ones and a button for the rest. */
const GROUPS_SHOWN = 24;

function GroupsRound({ state, names, gameLinks, clinch, round }: TournamentViewProps & { round: Round }) {
  const [all, setAll] = useState(false);
  const groups = groupsOf(round);
  const shown = all ? groups : groups.slice(0, GROUPS_SHOWN);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-4">
        {shown.map((g, i) => (
          <GroupCrossTable key={g.name} state={state} names={names} gameLinks={gameLinks} clinch={clinch} round={round.number} group={i} />
        ))}
      </div>
      {shown.length < groups.length ? (
        <button type="button" className="btn-secondary" onClick={() => setAll(true)}>
          Show all {groups.length} groups
        </button>
      ) : null}
    </div>
  );
}

function RoundSummary({ state, names, round }: { state: TournamentViewProps["state"]; names: TournamentViewProps["names"]; round: Round }) {
  const advanced = round.advanced ?? [];
  const eliminated = round.eliminated ?? [];
  // A final round sends nobody on, and a league eliminates nobody: say only what happened.
  const moves = [advanced.length > 0 ? `${advanced.length} went on` : "", eliminated.length > 0 ? `${eliminated.length} out` : ""].filter(Boolean).join(", ");
  const text =
    round.status === "complete"
      ? `Complete${moves ? ` · ${moves}` : ""}.`
      : `In play · ${round.pending} game${round.pending === 1 ? "" : "s"} waiting for a result.`;
  const champions = state.status === "finished" && round.number === state.rounds.length ? state.champions : [];
  return (
    <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="round-summary">
      {text}
      {champions.length > 0 ? (
        <span className="ml-2 inline-flex items-center gap-1 font-medium text-amber-800 dark:text-amber-300" data-testid="round-champions">
          <Trophy /> {champions.length > 1 ? "Joint champions" : "Champion"}: {champions.map((c) => playerName(names, c)).join(", ")}
        </span>
      ) : null}
    </p>
  );
}

function Panel({ state, names, gameLinks, clinch, tab, leagueTable }: TournamentViewProps & { tab: RoundTab; leagueTable: boolean }) {
  if (tab.upcoming) return <EmptyState>{tab.emptyText ?? "This round has not been planned yet."}</EmptyState>;
  const round = state.rounds[tab.round - 1];
  if (!round) return <EmptyState>This round has not been planned yet.</EmptyState>;
  const view = (() => {
    switch (state.format) {
      case "league":
        return <LeagueView state={state} names={names} gameLinks={gameLinks} clinch={clinch} showTable={leagueTable} />;
      case "diagonal":
        return <DiagonalView state={state} names={names} gameLinks={gameLinks} round={tab.round} />;
      case "staged":
        return <StagedView state={state} names={names} gameLinks={gameLinks} clinch={clinch} round={tab.round} />;
      case "groups":
        return <GroupsRound state={state} names={names} gameLinks={gameLinks} clinch={clinch} round={round} />;
    }
  })();
  // The staged knockout spans rounds 4 and 5: summarize the latest of them.
  const summarized = state.format === "staged" && tab.round === 4 ? (state.rounds[4] ?? round) : round;
  return (
    <div className="space-y-4">
      <RoundSummary state={state} names={names} round={summarized} />
      {view}
    </div>
  );
}

export function RoundView({ state, names, gameLinks, clinch, label = "Rounds", leagueTable = true }: RoundViewProps) {
  const tabs = roundTabs(state);
  const [selected, setSelected] = useState<string | null>(null);
  const index = Math.max(0, selected === null ? currentTabIndex(tabs) : tabs.findIndex((t) => t.key === selected));
  const tab = tabs[index];
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId();

  const focusTab = (i: number) => {
    const t = tabs[i];
    if (!t) return;
    setSelected(t.key);
    refs.current[i]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const moves: Record<string, number> = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    focusTab(to);
  };

  if (!tab) return <EmptyState>The tournament has not started.</EmptyState>;
  return (
    <div className="space-y-4" data-testid="round-view" data-format={state.format}>
      {tabs.length > 1 ? (
        <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="-mx-1 flex gap-1 relative overflow-x-auto border-b border-stone-200 px-1 dark:border-stone-700">
          {tabs.map((t, i) => {
            const active = i === index;
            return (
              <button
                key={t.key}
                ref={(el) => {
                  refs.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`${base}-tab-${t.key}`}
                aria-selected={active}
                aria-controls={`${base}-panel`}
                tabIndex={active ? 0 : -1}
                data-testid="round-tab"
                onClick={() => setSelected(t.key)}
                className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm whitespace-nowrap transition-colors ${
                  active
                    ? "border-amber-600 font-semibold text-amber-900 dark:border-amber-400 dark:text-amber-200"
                    : "border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100"
                } ${t.upcoming ? "italic opacity-70" : ""}`}
              >
                {t.label}
              </button>
            );
          })}
        </div>
      ) : null}
      <div role={tabs.length > 1 ? "tabpanel" : undefined} id={`${base}-panel`} aria-labelledby={tabs.length > 1 ? `${base}-tab-${tab.key}` : undefined} tabIndex={tabs.length > 1 ? 0 : undefined} data-testid="round-panel">
        <Panel key={tab.key} state={state} names={names} gameLinks={gameLinks} clinch={clinch} tab={tab} leagueTable={leagueTable} />
      </div>
    </div>
  );
}
