// The staged championship drawn: its path of stages, the group rounds as
// cross-tables and the knockout as a bracket, and the /formats page with the rule book's 28-player round 1.

import type { TournamentState } from "@/engine/formats";
import type { FormatViews, RoundPanelProps } from "../contract";
import { guideExample } from "../guide-example";
import type { StagedPanel } from "./page";
import { StagedView } from "./staged-view";

function StagedPanelView({ data, names, gameLinks, onSite, round }: RoundPanelProps<StagedPanel>) {
  return <StagedView state={data.state} names={names} gameLinks={gameLinks} clinch={data.clinch} onSite={onSite} round={round} />;
}

export const stagedViews: FormatViews<StagedPanel> = {
  RoundPanel: StagedPanelView,
  RoundView: ({ state, names, gameLinks, clinch, onSite, round }) => (
    <StagedView state={state as TournamentState<"staged">} names={names} gameLinks={gameLinks} clinch={clinch} onSite={onSite} round={round} />
  ),
  guide: {
    summary: "The four-colour championship: four groups, then four groups of four, then two, then semi-finals and a final.",
    body: (
      <>
        <p>
          For 16 to 32 players. Each game has a player A (who chooses the opening pieces) and a player B (who chooses the colours). Round 1 deals the players by
          rating into four groups (Blue, Yellow, Red, Green) in snake order, and everyone in a group plays everyone once. In round 1 the roles follow the seeds:
          if the two seeds add up to an even number the higher seed is A, otherwise the lower seed is A. From round 2 the higher seed chooses.
        </p>
        <p>
          The top four of each group go on to round 2 (four groups of four, one of six groupings drawn at random), the top two of those to round 3 (two groups
          of four), and the top two of those to the semi-finals. The winners play the final, the losers the third-place game. A drawn knockout game is played
          again with the roles swapped until it is decided.
        </p>
        <p>
          Places in a group: score (win 1, draw ½, as a share of games played), then the games among the tied players, then points difference per game, then
          rating (round 1) or the previous round&apos;s rank, then a recorded random draw.
        </p>
      </>
    ),
    exampleHeading: "The rule book's example",
    exampleText: (
      <p>
        Round 1 of a 28-player championship: seeds 1, 8, 9, 16, 17, 24 and 25 in Blue, 2, 7, 10, 15, 18, 23 and 26 in Yellow, and so on, each game with its A
        and B.
      </p>
    ),
    example: () => {
      const { state, names } = guideExample("staged", 28, (i) => `Seed ${i + 1}`);
      return <StagedView state={state} names={names} round={1} />;
    },
  },
};
