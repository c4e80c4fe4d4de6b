// Group elimination drawn: the tournament page's window of cross-tables (the
// viewer's group first, then a page of groups), a round from a whole state, and the
// /formats page with the rule book's group sizes and example.

import { groupsOf, roundStandings, vecItems } from "@/engine/formats";
import { Pagination } from "@/components/pagination";
import { clinchTableFor } from "@/components/tournament/clinch-text";
import { GroupCrossTable } from "@/components/tournament/group-cross-table";
import { groupView, tableInfo } from "@/lib/tournament-view";
import type { FormatViews, RoundPanelProps } from "../contract";
import { guideExample } from "../guide-example";
import { GroupsRound } from "./groups-round";
import type { GroupsPanel } from "./page";

function GroupsPanelView({ data, info, names, gameLinks, onSite, pageHref }: RoundPanelProps<GroupsPanel>) {
  const { mine, groups, clinch } = data;
  return (
    <div className="space-y-4">
      {mine ? (
        <div data-testid="my-group">
          <GroupCrossTable
            info={info}
            group={mine}
            names={names}
            gameLinks={gameLinks}
            onSite={onSite}
            clinch={clinchTableFor(clinch, mine.round, mine.name)}
            note="Your group"
          />
        </div>
      ) : null}
      {data.pageCount > 1 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="groups-window">
          {data.total.toLocaleString("en")} groups{mine ? "; yours first, then" : ";"} page {data.page} of {data.pageCount}.
        </p>
      ) : null}
      <div className="flex flex-wrap items-start gap-4" data-testid="groups-page">
        {groups.map((g) => (
          <GroupCrossTable
            key={g.name}
            info={info}
            group={g}
            names={names}
            gameLinks={gameLinks}
            onSite={onSite}
            clinch={clinchTableFor(clinch, g.round, g.name)}
          />
        ))}
      </div>
      <Pagination page={data.page} pageCount={data.pageCount} href={pageHref} label="Group pages" testId="groups-pages" scroll={false} />
    </div>
  );
}

/** Round 1 of group elimination with groups of four, as the rule book's size list reads, for 4 to 12 players. */
function GroupSizes() {
  const rows = Array.from({ length: 9 }, (_, i) => {
    const n = i + 4;
    const { state } = guideExample("groups", n, String);
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
  const { state, names } = guideExample("groups", 7, (i) => `Seed ${i + 1}`);
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

export const groupsViews: FormatViews<GroupsPanel> = {
  RoundPanel: GroupsPanelView,
  RoundView: GroupsRound,
  guide: {
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
};
