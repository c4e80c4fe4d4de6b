// Single and double elimination drawn: the tournament page's bracket (the whole of
// a small one, a page of the selected round of a large one), a round from a whole
// state, and the /formats page with a six-player double elimination.

import type { TournamentState } from "@/engine/formats";
import { Pagination } from "@/components/pagination";
import type { FormatViews, RoundPanelProps } from "../contract";
import { guideExample } from "../guide-example";
import { eliminationPanel, type EliminationPanel } from "./bracket-model";
import { EliminationBracket } from "./elimination-bracket";

function EliminationPanelView({ data, names, gameLinks, onSite, pageHref }: RoundPanelProps<EliminationPanel>) {
  return (
    <div className="space-y-4">
      <EliminationBracket panel={data} names={names} gameLinks={gameLinks} onSite={onSite} />
      <Pagination page={data.page} pageCount={data.pageCount} href={pageHref} label="Match pages" testId="bracket-pages" scroll={false} />
    </div>
  );
}

export const eliminationViews: FormatViews<EliminationPanel> = {
  RoundPanel: EliminationPanelView,
  RoundView: ({ state, names, gameLinks, onSite, round }) => (
    <EliminationBracket
      panel={eliminationPanel(state as TournamentState<"elimination">, round, undefined, 1)}
      names={names}
      gameLinks={gameLinks}
      onSite={onSite}
    />
  ),
  guide: {
    summary: "Single or double elimination: a bracket seeded by rating, out after one lost match, or after two with a losers' bracket and a grand final.",
    body: (
      <>
        <p>
          Players are seeded by rating into a bracket of the next power of two: seed 1 meets the lowest seed, seed 2 the next lowest, and so on, so the two best
          seeds can meet only in the final. When the field does not fill the bracket, the top seeds have a bye in round 1.
        </p>
        <p>
          In single elimination a lost match puts a player out. In double elimination a player who loses in the winners&apos; bracket drops into the
          losers&apos; bracket, and a second loss puts them out. The winners of the two brackets meet in the grand final; if the losers&apos; bracket winner
          wins it, a deciding match (the reset) follows, unless the organizer turned it off, so that each finalist is out only after two losses.
        </p>
        <p>
          A match is one game, or the best of 3, 5, 7 or 9: a win scores 1, a draw ½, and the first player the other cannot catch wins. A match still level
          after its games (only with draws) goes on one game at a time until a game is won; so a drawn one-game match is replayed with the sides swapped. A
          player who withdraws loses their undecided match and gives their later opponents a walkover. Players knocked out in the same round share their place.
        </p>
      </>
    ),
    exampleHeading: "An example",
    exampleText: (
      <p>
        A double elimination of six players: seeds 1 and 2 have a bye in round 1, seed 4 meets seed 5 and seed 3 meets seed 6. The losers drop into the
        losers&apos; bracket, where the byes pass their places on.
      </p>
    ),
    example: () => {
      const { state, names } = guideExample("elimination", 6, (i) => `Seed ${i + 1}`);
      return <EliminationBracket panel={eliminationPanel(state, 1, undefined, 1)} names={names} />;
    },
  },
};
