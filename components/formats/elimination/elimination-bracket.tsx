// The elimination bracket drawn with the knockout boxes the staged championship's
// bracket uses (components/tournament/bracket-match.tsx): the winners' bracket as
// columns of rounds, the losers' bracket below it, then the grand final (and its
// reset). Each column's matches are spread over its height, so a match sits beside
// the two it follows from. The selected round's columns are marked; a large
// bracket comes as the selected round's columns, a page at a time.

import type { GameWithId } from "@/engine/formats";
import { BracketMatchBox, type BracketMatch } from "@/components/tournament/bracket-match";
import type { TournamentViewProps } from "@/components/tournament/model";
import type { EliminationPanel, SectionView } from "./bracket-model";

interface DrawProps {
  readonly panel: EliminationPanel;
  readonly names: TournamentViewProps["names"];
  readonly gameLinks?: TournamentViewProps["gameLinks"];
  readonly onSite?: boolean;
}

const gameLabel = (_g: GameWithId, i: number) => `Game ${i + 1}`;

function Box({ match, panel, names, gameLinks, onSite }: { match: BracketMatch } & DrawProps) {
  return <BracketMatchBox match={match} names={names} gameLinks={gameLinks} onSite={onSite} sides={panel.sides} gameLabel={gameLabel} />;
}

function Section({ section, ...props }: { section: SectionView } & DrawProps) {
  return (
    <section aria-label={section.title} className="space-y-2" data-testid="bracket-section">
      <h3 className="text-sm font-semibold text-stone-700 dark:text-stone-300">{section.title}</h3>
      {/* Relative: the columns' screen-reader-only "(this round)" is absolutely placed, and
          without a positioned scroller it is placed against the page, which it widens. */}
      <div role="region" aria-label={`${section.title} (scrolls sideways)`} tabIndex={0} className="relative overflow-x-auto pb-1">
        <div className="flex min-w-max items-stretch gap-4">
          {section.columns.map((c) => (
            <div
              key={c.key}
              data-testid="bracket-column"
              data-column={c.key}
              data-current={c.current ? "" : undefined}
              className={`flex w-64 flex-col gap-2 rounded-lg p-1 ${c.current ? "bg-amber-50/60 ring-1 ring-amber-200 dark:bg-amber-500/5 dark:ring-amber-500/30" : ""}`}
            >
              <h4 className="px-1 text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">
                {c.title}
                {c.current ? <span className="sr-only"> (this round)</span> : null}
              </h4>
              <div className="flex flex-1 flex-col justify-around gap-2">
                {c.matches.map((m) => (
                  <Box key={m.key} match={m} {...props} />
                ))}
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

export function EliminationBracket(props: DrawProps) {
  const { panel } = props;
  return (
    <div className="space-y-6" data-testid="elimination-bracket">
      {panel.mine ? (
        <div data-testid="my-match" className="max-w-xs space-y-1">
          <h3 className="text-sm font-semibold">Your match</h3>
          <Box match={panel.mine} {...props} />
        </div>
      ) : null}
      {panel.sections.map((s) => (
        <Section key={s.title} section={s} {...props} />
      ))}
      <p className="text-xs text-stone-500 dark:text-stone-400">
        {panel.bestOf === 1
          ? "One game a match; a drawn game is replayed with the sides swapped until one is won."
          : `Best of ${panel.bestOf}: a win scores 1, a draw ½, and the first player the other cannot catch wins the match; level after ${panel.bestOf} games, play goes on until a game is won.`}
      </p>
    </div>
  );
}
