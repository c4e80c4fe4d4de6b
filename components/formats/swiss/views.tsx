// The Swiss drawn: a round's boards (a window of a large round on the tournament
// page), and the /formats page with a first round of nine players.

import { Pagination } from "@/components/pagination";
import { tableInfo } from "@/lib/tournament-view";
import type { FormatViews, RoundPanelProps } from "../contract";
import { guideExample } from "../guide-example";
import { swissRound } from "./boards";
import type { SwissPanel } from "./page";
import { SwissRound } from "./swiss-round";

function SwissPanelView({ data, info, names, gameLinks, onSite, pageHref }: RoundPanelProps<SwissPanel>) {
  return (
    <div className="space-y-4">
      <SwissRound info={info} round={data.round} names={names} gameLinks={gameLinks} onSite={onSite} />
      <Pagination page={data.page} pageCount={data.pageCount} href={pageHref} label="Board pages" testId="groups-pages" scroll={false} />
    </div>
  );
}

export const swissViews: FormatViews<SwissPanel> = {
  RoundPanel: SwissPanelView,
  RoundView: ({ state, names, gameLinks, onSite, round }) => {
    const view = swissRound(state, round);
    return view ? (
      <SwissRound info={tableInfo(state)} round={view} names={names} {...(gameLinks ? { gameLinks } : {})} {...(onSite === undefined ? {} : { onSite })} />
    ) : null;
  },
  guide: {
    summary: "A set number of rounds; each round pairs players with the same score, by the FIDE Dutch system. Nobody is knocked out.",
    body: (
      <>
        <p>
          Every player plays every round (one has a bye, worth a win, when their number is odd). Before each round the players are ranked by score, then by
          their place in the starting list (by rating), and the FIDE (Dutch) system pairs each score group: the top half against the bottom half, adjusted so
          that nobody meets the same opponent twice, colours alternate and stay balanced, and nobody floats to another score group more often than needed. A
          round is paired when the one before it is complete.
        </p>
        <p>
          A win scores 1 point, a draw ½. Places go by points, then by the tie-breaks the organizer chose (Buchholz: the opponents&apos; scores; Buchholz cut 1:
          the same without the weakest; Sonneborn-Berger; direct encounter; wins; wins with black). A player who withdraws loses the game of that round by
          forfeit and is not paired again; a late entry joins from the next round. Our pairings match bbpPairings, the FIDE-endorsed program, on every round of
          hundreds of test tournaments, and every tournament can be downloaded as a FIDE TRF file to check them.
        </p>
      </>
    ),
    exampleHeading: "A first round",
    exampleText: (
      <p>
        Nine players by rating: the top half meets the bottom half (1 v 5, 2 v 6, 3 v 7, 4 v 8), colours alternating down the boards, and the lowest-rated
        player has the bye.
      </p>
    ),
    example: () => {
      const { state, names } = guideExample("swiss", 9, (i) => `Player ${i + 1}`);
      const round = swissRound(state, 1);
      return round ? <SwissRound info={tableInfo(state)} round={round} names={names} /> : null;
    },
  },
};
