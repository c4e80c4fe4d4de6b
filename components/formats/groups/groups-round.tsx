"use client";
// A round of group elimination from a whole state held in the browser (the
// /dev/tournaments demo): the first groups, and a button for the rest.

import { useState } from "react";
import { roundStandings, vecSize } from "@/engine/formats";
import { clinchTableFor } from "@/components/tournament/clinch-text";
import { GroupCrossTable } from "@/components/tournament/group-cross-table";
import type { TournamentViewProps } from "@/components/tournament/model";
import { groupView, type GroupView } from "@/lib/tournament-view";

/** Above this many groups a round shows the first ones and a button for the rest. */
const GROUPS_SHOWN = 24;

export function GroupsRound({ state, names, gameLinks, clinch, onSite, round }: TournamentViewProps & { readonly round: number }) {
  const [all, setAll] = useState(false);
  const standing = roundStandings(state, round);
  const planned = state.rounds[round - 1];
  const count = planned ? vecSize(planned.groups) : 0;
  const shown = Array.from({ length: all ? count : Math.min(count, GROUPS_SHOWN) }, (_, i) => groupView(state, round, i, standing[i])).filter(
    (g): g is GroupView => g !== null,
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-4">
        {shown.map((g) => (
          <GroupCrossTable
            key={g.name}
            info={state}
            group={g}
            names={names}
            gameLinks={gameLinks}
            clinch={clinchTableFor(clinch, round, g.name)}
            onSite={onSite}
          />
        ))}
      </div>
      {shown.length < count ? (
        <button type="button" className="btn-secondary" onClick={() => setAll(true)}>
          Show all {count} groups
        </button>
      ) : null}
    </div>
  );
}
