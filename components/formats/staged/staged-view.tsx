// The staged championship's fixed path: round 1 (Blue / Yellow / Red / Green),
// round 2 (groups T, E, B, S), round 3 (groups I, II) as cross-tables, each captioned "Group X", then the knockout as
// a bracket: two semi-finals joined by lines to the final, the third-place game
// beneath. Every knockout game shows who was A and who was B (side 1 / side 2),
// and drawn games' replays (roles swapped) are listed in order.

import { groupsOf, roundStandings } from "@/engine/formats";
import { groupView, type GroupView } from "@/lib/tournament-view";
import { BracketMatchBox } from "@/components/tournament/bracket-match";
import { stagedBracket } from "./bracket";
import { clinchTableFor } from "@/components/tournament/clinch-text";
import { GroupCrossTable } from "@/components/tournament/group-cross-table";
import type { TournamentViewProps } from "@/components/tournament/model";
import { EmptyState } from "@/components/tournament/ui";

export interface StagedViewProps extends TournamentViewProps {
  /** 1–3 shows that group round; 4 or 5 shows the knockout bracket; omitted: the whole path. */
  readonly round?: number;
}

/** The path of the staged championship (fixed by the rule book). */
export const STAGED_STAGES = [
  { rounds: [1], label: "Round 1", detail: "4 groups" },
  { rounds: [2], label: "Round 2", detail: "4 groups of 4" },
  { rounds: [3], label: "Round 3", detail: "2 groups of 4" },
  { rounds: [4, 5], label: "Knockout", detail: "semis → final" },
] as const;

function StagePath({ state, current }: { state: TournamentViewProps["state"]; current?: number }) {
  return (
    <ol className="flex flex-wrap items-center gap-x-2 gap-y-2 text-xs" aria-label="Stages" data-testid="staged-path">
      {STAGED_STAGES.map((stage, i) => {
        const planned = stage.rounds.some((r) => state.rounds[r - 1]);
        const done = stage.rounds.every((r) => state.rounds[r - 1]?.status === "complete");
        const here = current !== undefined && (stage.rounds as readonly number[]).includes(current);
        return (
          <li key={stage.label} className="flex items-center gap-2">
            {i > 0 ? (
              <span aria-hidden="true" className="text-stone-300 dark:text-stone-600">
                →
              </span>
            ) : null}
            <span
              aria-current={here ? "step" : undefined}
              className={`rounded-full px-2.5 py-1 ring-1 ring-inset ${
                here
                  ? "bg-amber-100 font-semibold text-amber-900 ring-amber-300 dark:bg-amber-500/20 dark:text-amber-200 dark:ring-amber-500/40"
                  : done
                    ? "bg-stone-100 text-stone-700 ring-stone-200 dark:bg-stone-700/60 dark:text-stone-200 dark:ring-stone-600"
                    : planned
                      ? "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/15 dark:text-emerald-300 dark:ring-emerald-500/30"
                      : "text-stone-500 ring-stone-200 dark:text-stone-400 dark:ring-stone-700"
              }`}
            >
              {stage.label} <span className="font-normal">· {stage.detail}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Side 1 and side 2 of a knockout game: A chooses the opening pieces, B the colours. */
const ROLES = ["A", "B"] as const;

/** The knockout: semi-finals → final, with the third-place game beneath. */
export function StagedBracket({ state, names, gameLinks, onSite }: TournamentViewProps) {
  const bracket = stagedBracket(state);
  return (
    <section aria-label="Knockout bracket" className="space-y-3">
      <div role="region" aria-label="Knockout bracket (scrolls sideways)" tabIndex={0} className="relative overflow-x-auto pb-1" data-testid="staged-bracket">
        {/* Phones: the matches stacked, semis first; wider screens: the bracket with its lines. */}
        <div className="flex flex-col gap-3 sm:grid sm:min-w-[34rem] sm:grid-cols-[minmax(0,1fr)_2.5rem_minmax(0,1fr)] sm:gap-0">
          <div className="grid gap-3 sm:grid-rows-2 sm:gap-6">
            {bracket.semis.map((m) => (
              <div key={m.key} className="flex items-center">
                <BracketMatchBox match={m} names={names} gameLinks={gameLinks} onSite={onSite} sides={ROLES} />
              </div>
            ))}
          </div>
          {/* The connector: a bracket from the middle of each semi-final to the middle of the final. */}
          <div aria-hidden="true" className="relative hidden sm:block">
            <div className="absolute top-1/4 bottom-1/4 left-0 w-1/2 rounded-r-md border-y-2 border-r-2 border-stone-300 dark:border-stone-600" />
            <div className="absolute top-1/2 right-0 left-1/2 border-t-2 border-stone-300 dark:border-stone-600" />
          </div>
          <div className="flex items-center">
            <BracketMatchBox match={bracket.final} names={names} gameLinks={gameLinks} onSite={onSite} sides={ROLES} />
          </div>
        </div>
      </div>
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_2.5rem_minmax(0,1fr)]">
        <p className="self-center text-xs text-stone-500 sm:text-right dark:text-stone-400">The semi-final losers play for third place.</p>
        <span aria-hidden="true" className="hidden self-center border-t-2 border-dashed border-stone-300 sm:block dark:border-stone-600" />
        <BracketMatchBox match={bracket.third} names={names} gameLinks={gameLinks} onSite={onSite} sides={ROLES} />
      </div>
      <p className="text-xs text-stone-500 dark:text-stone-400">
        A chooses the opening pieces, B the colours. A drawn knockout game is replayed with the roles swapped until decided.
      </p>
    </section>
  );
}

/** Round 1's groups wear their colours. */
const GROUP_COLOURS: Readonly<Record<string, string>> = {
  Blue: "bg-sky-500",
  Yellow: "bg-yellow-400",
  Red: "bg-red-500",
  Green: "bg-emerald-500",
};

function GroupRound({ state, names, gameLinks, clinch, onSite, round }: TournamentViewProps & { round: number }) {
  const r = state.rounds[round - 1];
  if (!r) return <EmptyState>{round === 1 ? "Round 1 has not been drawn yet." : `Round ${round} starts when round ${round - 1} is complete.`}</EmptyState>;
  const standing = roundStandings(state, round);
  const groups = groupsOf(r)
    .map((_, i) => groupView(state, round, i, standing[i]))
    .filter((g): g is GroupView => g !== null);
  return (
    <div className="flex flex-wrap items-start gap-4">
      {groups.map((g) => (
        <GroupCrossTable
          key={g.name}
          info={state}
          group={g}
          names={names}
          gameLinks={gameLinks}
          clinch={clinchTableFor(clinch, round, g.name)}
          onSite={onSite}
          caption={`Group ${g.name}`}
          accent={round === 1 ? GROUP_COLOURS[g.name] : undefined}
        />
      ))}
    </div>
  );
}

export function StagedView({ state, names, gameLinks, clinch, onSite, round }: StagedViewProps) {
  const sections = round === undefined ? [1, 2, 3, 4] : [round >= 4 ? 4 : round];
  return (
    <div className="space-y-6" data-testid="staged-view">
      <StagePath state={state} current={round} />
      {sections.map((r) =>
        r >= 4 ? (
          <section key="ko" aria-label="Knockout" className="space-y-3">
            {round === undefined ? <h3 className="text-base font-semibold">Knockout</h3> : null}
            {state.rounds[2]?.status !== "complete" ? (
              <p className="text-sm text-stone-600 dark:text-stone-400">
                The semi-finals start when round 3 is complete; the bracket shows where each player will come from.
              </p>
            ) : null}
            <StagedBracket state={state} names={names} gameLinks={gameLinks} onSite={onSite} />
          </section>
        ) : (
          <section key={r} aria-label={`Round ${r}`} className="space-y-3">
            {round === undefined ? <h3 className="text-base font-semibold">Round {r}</h3> : null}
            <GroupRound state={state} names={names} gameLinks={gameLinks} clinch={clinch} onSite={onSite} round={r} />
          </section>
        ),
      )}
    </div>
  );
}
