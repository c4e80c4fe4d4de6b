// The league's phases in order, each released, playing or waiting, with its games, results
// and byes. Small leagues show every phase open; large ones (a 30-player league
// has 870 games) open only the phase being played.

import type { GameWithId, Phase } from "@/engine/formats";
import { gamesByContainer, playerName, resultText, sideNames, type TournamentViewProps } from "@/components/tournament/model";
import { Badge, EmptyState, GameResultLink, PlayerLabel } from "@/components/tournament/ui";
import { gamesOf, phasesOf, vecSize } from "@/engine/formats";

/** Below this many games in total every phase is shown open. */
const OPEN_ALL_BELOW = 80;

export type PhaseStatus = "complete" | "playing" | "waiting";

export function phaseStatus(phase: Phase, released: number): PhaseStatus {
  if (phase.number > released) return "waiting";
  return gamesOf(phase).every((g) => g.result || g.void) ? "complete" : "playing";
}

const STATUS_BADGE: Record<PhaseStatus, { tone: "emerald" | "amber" | "stone"; label: string }> = {
  complete: { tone: "stone", label: "Complete" },
  playing: { tone: "emerald", label: "Released · playing" },
  waiting: { tone: "amber", label: "Not released yet" },
};

function GameLine({
  game,
  names,
  gameLinks,
  sides,
  onSite,
}: {
  game: GameWithId;
  names: TournamentViewProps["names"];
  gameLinks: TournamentViewProps["gameLinks"];
  sides: readonly [string, string];
  onSite?: boolean;
}) {
  const won1 = game.result?.outcome === "1-0" && !game.void;
  const won2 = game.result?.outcome === "0-1" && !game.void;
  const title = `${playerName(names, game.side1)} (${sides[0]}) vs ${playerName(names, game.side2)} (${sides[1]}): ${
    game.void ? "void" : game.result ? resultText(game) + (game.result.reason !== "normal" ? ` (${game.result.reason})` : "") : "not played yet"
  }`;
  return (
    <li data-testid="league-game" data-game-id={game.id} className="grid grid-cols-[1fr_auto_1fr] items-center gap-2 py-1.5">
      <span className={`truncate text-right ${won1 ? "font-semibold" : ""} ${game.void ? "line-through opacity-60" : ""}`}>
        <PlayerLabel id={game.side1} names={names} />
      </span>
      <span className="min-w-12 rounded bg-stone-100 px-2 py-0.5 text-center text-xs font-semibold tabular-nums dark:bg-stone-700">
        <GameResultLink game={game} text={resultText(game)} title={title} gameLinks={gameLinks} onSite={onSite} />
      </span>
      <span className={`truncate ${won2 ? "font-semibold" : ""} ${game.void ? "line-through opacity-60" : ""}`}>
        <PlayerLabel id={game.side2} names={names} />
      </span>
    </li>
  );
}

export function LeagueView({ state, names, gameLinks, onSite }: TournamentViewProps) {
  const round = state.rounds[0];
  if (!round?.phases) return <EmptyState>The league has not started.</EmptyState>;
  const phases = phasesOf(round);
  const released = round.releasedPhases ?? 0;
  const games = gamesByContainer(state, 1).phases;
  const sides = sideNames(state);
  const total = games.reduce((n, p) => n + p.length, 0);
  const half = phases.length / 2;
  const perPhase = phases[0] ? vecSize(phases[0].games) : 0;

  return (
    <div className="space-y-6" data-testid="league-view">
      <section aria-labelledby="league-phases" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="league-phases" className="text-base font-semibold">
            Phases
          </h3>
          <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="league-summary">
            {phases.length} phases · {perPhase} games per phase · {released} of {phases.length} released
          </p>
        </div>
        <p className="text-xs text-stone-500 dark:text-stone-400">
          The first player named plays {sides[0]}; phases {half + 1}–{phases.length} repeat phases 1–{half} with sides reversed. A phase is released when every
          game of the one before has a result.
        </p>
        <ol className="grid gap-3 sm:grid-cols-2">
          {phases.map((phase, i) => {
            const status = phaseStatus(phase, released);
            const badge = STATUS_BADGE[status];
            return (
              <li key={phase.number} data-testid="league-phase" data-phase={phase.number} data-status={status}>
                <details
                  open={total < OPEN_ALL_BELOW || status === "playing"}
                  className="group rounded-lg border border-stone-200 bg-white shadow-sm dark:border-stone-700 dark:bg-stone-800"
                >
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-4 py-2.5 [&::-webkit-details-marker]:hidden">
                    <span className="flex items-center gap-2 font-semibold">
                      <span aria-hidden="true" className="text-stone-400 transition-transform group-open:rotate-90">
                        ▸
                      </span>
                      Phase {phase.number}
                      <span className="text-xs font-normal text-stone-500 dark:text-stone-400">cycle {phase.number <= half ? 1 : 2}</span>
                    </span>
                    <Badge tone={badge.tone}>{badge.label}</Badge>
                  </summary>
                  <div className="border-t border-stone-100 px-4 pb-3 pt-1 text-sm dark:border-stone-700/70">
                    <ul className="divide-y divide-stone-100 dark:divide-stone-700/70">
                      {(games[i] ?? []).map((g) => (
                        <GameLine key={g.id} game={g} names={names} gameLinks={gameLinks} sides={sides} onSite={onSite} />
                      ))}
                    </ul>
                    {phase.byes.length > 0 ? (
                      <p className="pt-2 text-xs text-stone-500 dark:text-stone-400" data-testid="league-bye">
                        Bye: {phase.byes.map((b) => playerName(names, b)).join(", ")}
                      </p>
                    ) : null}
                  </div>
                </details>
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
