// The groups' round panel: its clinch marks are made one group at a time, with a pause
// between (the server lets its event loop go there), and are the same marks as at once.
import { expect, it } from "vitest";
import { clinchTables, simulatedPlayers, startTournament, vecSize } from "@/engine/formats";
import { groupsPage, groupsPerPage } from "./page";

it("makes a page of groups' clinch marks one group at a time, pausing before each, the same marks as made at once", async () => {
  const state = startTournament("groups", simulatedPlayers(64), undefined, 1);
  const round = state.rounds[0]!;
  const events: string[] = [];
  const panel = await groupsPage.roundPanel({
    state,
    round: 1,
    me: undefined,
    page: 1,
    running: true,
    tournamentClinch: async () => [],
    remember: async (_key, make) => make(),
    show: () => undefined,
    pause: async () => {
      events.push("pause");
    },
  });
  const perPage = groupsPerPage(4);
  expect(vecSize(round.groups)).toBeGreaterThan(perPage);
  expect(panel.groups).toHaveLength(perPage);
  expect(events).toHaveLength(perPage);
  const shown = Array.from({ length: perPage }, (_, i) => i);
  expect(panel.clinch).toEqual(clinchTables(state, shown));
  expect(panel.clinch).toHaveLength(perPage);
});
