// The league drawn: its phases with their games and byes (the table is the
// tournament's standings), and the /formats page with the rule book's schedule.

import type { TournamentState } from "@/engine/formats";
import type { FormatViews, RoundPanelProps } from "../contract";
import { guideExample } from "../guide-example";
import { LeagueView } from "./league-view";
import type { LeaguePanel } from "./page";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function LeaguePanelView({ data, names, gameLinks, onSite }: RoundPanelProps<LeaguePanel>) {
  return <LeagueView state={data.state} names={names} gameLinks={gameLinks} clinch={data.clinch} onSite={onSite} />;
}

export const leagueViews: FormatViews<LeaguePanel> = {
  RoundPanel: LeaguePanelView,
  RoundView: ({ state, names, gameLinks, onSite }) => (
    <LeagueView state={state as TournamentState<"league">} names={names} gameLinks={gameLinks} onSite={onSite} />
  ),
  guide: {
    summary: "Everyone plays everyone twice, once on each side, in phases released one after the other.",
    body: (
      <>
        <p>
          For 4 to 30 players. The league is one round made of phases: each phase pairs players (one has a bye when the number is odd), and the next phase is
          released when every game of the phase has a result. In the first half every pair meets once; the second half repeats the same pairings in the same
          order with the sides reversed, so each player plays 2(X−1) games.
        </p>
        <p>
          A win scores 3 points, a draw 1, a loss 0 (the organizer may change this). Places are decided by points, then wins, then wins as black (the side that
          wins less often). Players still equal share the place, shown as &quot;1=&quot;, and a shared first place is a shared title.
        </p>
        <p>A player who withdraws before playing half their games has all their games voided; later, their remaining games are lost by forfeit.</p>
      </>
    ),
    exampleHeading: "The rule book's example",
    exampleText: <p>The schedule of a five-player league (A to E in seed order; the first named is side 1): ten phases, each with one bye.</p>,
    example: () => {
      const { state, names } = guideExample("league", 5, (i) => LETTERS[i]!);
      return <LeagueView state={state} names={names} />;
    },
  },
};
