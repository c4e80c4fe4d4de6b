// The page of each tournament format (app/formats/[format]): the rule book
// (docs/formats.md, the engine's FORMATS.md) in words, and the rule book's own
// example computed by the format engine and drawn by the tournament components
// the tournament page uses. The map is exhaustive over the engine's formats, so a
// new format does not compile without its page.
import type { ReactNode } from "react";
import { groupsOf, roundStandings, simulatedPlayers, startTournament, vecItems, type FormatName, type TournamentState } from "@/engine/formats";
import { diagonalRoundView } from "@/lib/diagonal-rows";
import { groupView, tableInfo } from "@/lib/tournament-view";
import { FORMAT_LABELS } from "@/lib/tournament-rules";
import { DiagonalView } from "@/components/tournament/diagonal-view";
import { GroupCrossTable } from "@/components/tournament/group-cross-table";
import { LeagueView } from "@/components/tournament/league-view";
import type { PlayerNames } from "@/components/tournament/model";
import { StagedView } from "@/components/tournament/staged-view";

export interface FormatGuide {
  readonly name: string;
  /** One sentence for the index. */
  readonly summary: string;
  readonly body: ReactNode;
  readonly exampleHeading: string;
  readonly exampleText: ReactNode;
  /** The rule book's example, run through the engine and drawn by the tournament components. */
  readonly example: () => ReactNode;
}

/** The rule book's examples are drawn on players ordered by rating; the seed is fixed so the page never changes. */
const SEED = "rule-book";

/** Simulated players p1…pn (p1 strongest), named by `label(i)` with i from 0. */
function example<F extends FormatName>(format: F, count: number, label: (i: number) => string): { state: TournamentState<F>; names: PlayerNames } {
  const players = simulatedPlayers(count);
  const names: Record<string, { username: string; rating: number }> = {};
  players.forEach((p, i) => (names[p.id] = { username: label(i), rating: p.rating }));
  return { state: startTournament(format, players, undefined, SEED), names };
}

/** Round 1 of group elimination with groups of four, as the rule book's size list reads, for 4 to 12 players. */
function GroupSizes() {
  const rows = Array.from({ length: 9 }, (_, i) => {
    const n = i + 4;
    const { state } = example("groups", n, String);
    return { n, sizes: vecItems(state.rounds[0]!.groups).map((g) => g.players.length) };
  });
  return (
    <table className="text-sm" data-testid="group-sizes">
      <caption className="pb-1 text-left font-semibold">Round 1 group sizes with groups of 4</caption>
      <thead>
        <tr>
          <th scope="col" className="pr-4 text-left">
            Players
          </th>
          <th scope="col" className="text-left">
            Groups, top to bottom
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.n}>
            <td className="pr-4 tabular-nums">{r.n}</td>
            <td className="tabular-nums">{r.sizes.join(" · ")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function GroupsExample() {
  const { state, names } = example("groups", 7, (i) => `Seed ${i + 1}`);
  const standing = roundStandings(state, 1);
  const groups = Array.from({ length: groupsOf(state.rounds[0]!).length }, (_, i) => groupView(state, 1, i, standing[i])).filter((g) => g !== null);
  return (
    <div className="space-y-6">
      <GroupSizes />
      <div className="flex flex-wrap items-start gap-4">
        {groups.map((g) => (
          <GroupCrossTable key={g.name} info={tableInfo(state)} group={g} names={names} />
        ))}
      </div>
    </div>
  );
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export const FORMAT_GUIDES = {
  groups: {
    name: FORMAT_LABELS.groups,
    summary: "Rounds of small groups where everyone plays everyone on both sides; the best of each group go on until one player is left.",
    body: (
      <>
        <p>
          The tournament is a sequence of rounds. Each round, the players still in are ordered by rating and split into groups, strongest first. In each group
          everyone plays everyone twice, once on each side (or more, if the organizer sets more games per pair). All games of a round start together.
        </p>
        <p>
          With fixed groups (4 by default) groups are cut from the top; a short group left at the bottom is merged with the one above and split in two, the
          larger half holding the stronger players. With balanced groups the players are split into as few groups as the largest size allows, as equal as
          possible.
        </p>
        <p>
          A win scores 2, a draw 1, a loss 0. Everyone on their group&apos;s top score goes on to the next round; the others are out. The last player left is
          the champion. If in a round nobody in any group could be separated (everyone finished with the same wins, draws and losses as their group), the
          remaining players are joint champions, as they are after two rounds in a row that put nobody out.
        </p>
        <p>A player who withdraws loses their unplayed games of the round and is not placed in later rounds.</p>
      </>
    ),
    exampleHeading: "The rule book's example",
    exampleText: (
      <p>
        The group sizes the rule book lists for groups of four, worked out by the engine, and the first round of a seven-player tournament: a group of four and
        a group of three, before any game is played.
      </p>
    ),
    example: () => <GroupsExample />,
  },
  league: {
    name: FORMAT_LABELS.league,
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
      const { state, names } = example("league", 5, (i) => LETTERS[i]!);
      return <LeagueView state={state} names={names} showTable={false} />;
    },
  },
  diagonal: {
    name: FORMAT_LABELS.diagonal,
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
      const { state, names } = example("diagonal", 24, (i) => `Position ${i}`);
      const round = diagonalRoundView(state, 1);
      return round ? <DiagonalView info={tableInfo(state)} round={round} names={names} /> : null;
    },
  },
  staged: {
    name: FORMAT_LABELS.staged,
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
      const { state, names } = example("staged", 28, (i) => `Seed ${i + 1}`);
      return <StagedView state={state} names={names} round={1} />;
    },
  },
} as const satisfies Record<FormatName, FormatGuide>;

export function formatGuide(format: string): FormatGuide | undefined {
  return Object.hasOwn(FORMAT_GUIDES, format) ? FORMAT_GUIDES[format as FormatName] : undefined;
}
