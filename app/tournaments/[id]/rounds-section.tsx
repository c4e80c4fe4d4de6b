// The tournament page's rounds: the tab list (links to ?round=, arrow keys move
// between them) and the selected round only, drawn on the server by the format's
// own panel (components/formats/views.ts) from the cut the server made of it
// (components/formats/pages.ts): the viewer's group first and one page of groups, a
// window of a large diagonal circle, the whole of a league or staged championship.

import type { RoundPanelProps } from "@/components/formats/contract";
import { viewsOf } from "@/components/formats/views";
import type { GameLinks, PlayerNames } from "@/components/tournament/model";
import { RoundSummary } from "@/components/tournament/round-summary";
import { RoundTabList } from "@/components/tournament/round-tab-list";
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

type Cut = Extract<RoundsSectionProps["rounds"]["panel"], { kind: "round" }>;

/** The selected round drawn by its format's own panel. */
function FormatPanel({ panel, ...props }: { panel: Cut } & Omit<RoundPanelProps<unknown>, "data">) {
  const Panel = viewsOf(panel.format).RoundPanel;
  return <Panel data={panel.data} {...props} />;
}

export function RoundsSection({ rounds, info, names, gameLinks, onSite, tabHref, groupsHref }: RoundsSectionProps) {
  const { tabs, index, panel, summary } = rounds;
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
            {summary ? <RoundSummary summary={summary} names={names} /> : null}
            <FormatPanel panel={panel} info={info} names={names} gameLinks={gameLinks} onSite={onSite} round={tab.round} pageHref={groupsHref} />
          </>
        )}
      </div>
    </div>
  );
}
