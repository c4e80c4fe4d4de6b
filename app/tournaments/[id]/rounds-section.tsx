// The tournament page's rounds: the tab list (links to ?round=, arrow keys move
// between them) and the selected round only, drawn on the server from the view
// model: the viewer's group first, then one page of groups; a window of a large
// diagonal circle; the whole of a league or staged championship (at most 32 players).

import { Pagination } from "@/components/pagination";
import { clinchTableFor } from "@/components/tournament/clinch-text";
import { DiagonalView } from "@/components/tournament/diagonal-view";
import { GroupCrossTable } from "@/components/tournament/group-cross-table";
import { LeagueView } from "@/components/tournament/league-view";
import type { GameLinks, PlayerNames } from "@/components/tournament/model";
import { RoundSummary } from "@/components/tournament/round-summary";
import { RoundTabList } from "@/components/tournament/round-tab-list";
import { StagedView } from "@/components/tournament/staged-view";
import { EmptyState } from "@/components/tournament/ui";
import type { TableInfo } from "@/lib/tournament-view";
import type { api } from "@/server/trpc/page-caller";

type PageView = Awaited<ReturnType<Awaited<ReturnType<typeof api>>["tournament"]["page"]>>;

const ID_BASE = "rounds";

export interface RoundsSectionProps {
  readonly rounds: NonNullable<PageView["rounds"]>;
  readonly info: TableInfo;
  readonly names: PlayerNames;
  readonly gameLinks: GameLinks;
  readonly onSite: boolean;
  readonly me?: string;
  readonly tabHref: (round: number) => string;
  readonly groupsHref: (page: number) => string;
}

export function RoundsSection({ rounds, info, names, gameLinks, onSite, tabHref, groupsHref }: RoundsSectionProps) {
  const { tabs, index, panel } = rounds;
  const tab = tabs[index]!;
  const many = tabs.length > 1;
  return (
    <div className="space-y-4" data-testid="round-view" data-format={info.format}>
      {many ? <RoundTabList tabs={tabs} index={index} label="Rounds" idBase={ID_BASE} hrefs={tabs.map((t) => tabHref(t.round))} /> : null}
      <div
        role={many ? "tabpanel" : undefined}
        id={`${ID_BASE}-panel`}
        aria-labelledby={many ? `${ID_BASE}-tab-${tab.key}` : undefined}
        tabIndex={many ? 0 : undefined}
        data-testid="round-panel"
        className="space-y-4"
      >
        {panel.kind === "empty" ? (
          <EmptyState>{panel.text}</EmptyState>
        ) : (
          <>
            {panel.summary ? <RoundSummary summary={panel.summary} names={names} /> : null}
            {panel.kind === "groups" ? (
              <div className="space-y-4">
                {panel.mine ? (
                  <div data-testid="my-group">
                    <GroupCrossTable
                      info={info}
                      group={panel.mine}
                      names={names}
                      gameLinks={gameLinks}
                      onSite={onSite}
                      clinch={clinchTableFor(panel.clinch, panel.mine.round, panel.mine.name)}
                      note="Your group"
                    />
                  </div>
                ) : null}
                {panel.pageCount > 1 ? (
                  <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="groups-window">
                    {panel.total.toLocaleString("en")} groups{panel.mine ? "; yours first, then" : ";"} page {panel.page} of {panel.pageCount}.
                  </p>
                ) : null}
                <div className="flex flex-wrap items-start gap-4" data-testid="groups-page">
                  {panel.groups.map((g) => (
                    <GroupCrossTable
                      key={g.name}
                      info={info}
                      group={g}
                      names={names}
                      gameLinks={gameLinks}
                      onSite={onSite}
                      clinch={clinchTableFor(panel.clinch, g.round, g.name)}
                    />
                  ))}
                </div>
                <Pagination page={panel.page} pageCount={panel.pageCount} href={groupsHref} label="Group pages" testId="groups-pages" scroll={false} />
              </div>
            ) : panel.kind === "diagonal" ? (
              <div className="space-y-4">
                <DiagonalView info={info} round={panel.round} names={names} gameLinks={gameLinks} onSite={onSite} />
                <Pagination page={panel.page} pageCount={panel.pageCount} href={groupsHref} label="Circle pages" testId="groups-pages" scroll={false} />
              </div>
            ) : panel.state.format === "league" ? (
              <LeagueView state={panel.state} names={names} gameLinks={gameLinks} clinch={panel.clinch} onSite={onSite} showTable={false} />
            ) : (
              <StagedView state={panel.state} names={names} gameLinks={gameLinks} clinch={panel.clinch} onSite={onSite} round={tab.round} />
            )}
          </>
        )}
      </div>
    </div>
  );
}
