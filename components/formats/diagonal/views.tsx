// The diagonal race drawn: the circle's rows (a window of a large circle on the
// tournament page), and the /formats page with the rule book's 24-player example.

import { Pagination } from "@/components/pagination";
import { tableInfo } from "@/lib/tournament-view";
import type { FormatViews, RoundPanelProps } from "../contract";
import { guideExample } from "../guide-example";
import { diagonalRoundView } from "./diagonal-rows";
import { DiagonalView } from "./diagonal-view";
import type { DiagonalPanel } from "./page";

function DiagonalPanelView({ data, info, names, gameLinks, onSite, pageHref }: RoundPanelProps<DiagonalPanel>) {
  return (
    <div className="space-y-4">
      <DiagonalView info={info} round={data.round} names={names} gameLinks={gameLinks} onSite={onSite} />
      <Pagination page={data.page} pageCount={data.pageCount} href={pageHref} label="Circle pages" testId="groups-pages" scroll={false} />
    </div>
  );
}

export const diagonalViews: FormatViews<DiagonalPanel> = {
  RoundPanel: DiagonalPanelView,
  RoundView: ({ state, names, gameLinks, onSite, round }) => {
    const view = diagonalRoundView(state, round);
    return view ? <DiagonalView info={state} round={view} names={names} gameLinks={gameLinks} onSite={onSite} /> : null;
  },
  guide: {
    summary: "Each round, every player meets opponents spread across the rating order; two losses and you are out.",
    body: (
      <>
        <p>
          Made for dice games, where one game says little. Each round the players still in stand in a circle by rating, positions 0 to n−1, and each meets k
          opponents (4 in the first round, 2 later): player i plays i ± d for each offset d = round(j·n/(k+1)), j = 1 … k/2. So everyone meets players from the
          whole field, not only their neighbours. Where the pattern would repeat an earlier pairing, the nearest other offsets are tried.
        </p>
        <p>
          A player with two losses (counted over all rounds, by default) is out. Rounds go on until one player is left. If everyone left goes out in the same
          round, the fewest losses win, then the games among the tied players, then the winning margin in those games, then a play-off round.
        </p>
      </>
    ),
    exampleHeading: "The rule book's example",
    exampleText: (
      <p>
        24 players with 4 opponents each: the offsets are 5 and 10, so the player at position 0 meets positions 5, 10, 14 and 19, and the player at 23 meets 4,
        9, 13 and 18.
      </p>
    ),
    example: () => {
      const { state, names } = guideExample("diagonal", 24, (i) => `Position ${i}`);
      const round = diagonalRoundView(state, 1);
      return round ? <DiagonalView info={tableInfo(state)} round={round} names={names} /> : null;
    },
  },
};
