"use client";
// Simulated tournaments, one per format (fixed seeds, so the page and its e2e
// spec always show the same thing), plus a staged championship stopped in
// round 2 to show games in play, links to game pages and empty rounds.

import { useMemo } from "react";
import {
  playableGames,
  recordResults,
  simulate,
  simulatedPlayers,
  standings,
  startTournament,
  type FormatName,
  type FormatResult,
  type SettingsInput,
  type TournamentState,
} from "@/engine/formats";
import type { OrganizerAction } from "@/components/tournament/audit-entries";
import { standingsInfo } from "@/components/formats/pages";
import { AuditLog } from "@/components/tournament/audit-log-pages";
import type { GameLinks, PlayerNames } from "@/components/tournament/model";
import { RoundView } from "@/components/tournament/round-view";
import { StandingsTable } from "@/components/tournament/standings-table";
import { Trophy } from "@/components/tournament/ui";
import { PreviewDemo } from "./preview-demo";

const NAMES = [
  "Astrid",
  "Bjorn",
  "Cecilie",
  "Dagfinn",
  "Eira",
  "Frode",
  "Gudrun",
  "Halvard",
  "Ingrid",
  "Jorunn",
  "Kjetil",
  "Liv",
  "Magnus",
  "Nanna",
  "Olav",
  "Ragna",
  "Sigurd",
  "Solveig",
  "Torstein",
  "Unni",
  "Vebjorn",
  "Yngvild",
  "Arnfinn",
  "Brynhild",
  "Eskil",
  "Frida",
  "Gunnar",
  "Hedda",
  "Ivar",
  "Jofrid",
];

function namesFor(state: TournamentState): PlayerNames {
  const out: Record<string, { username: string; rating: number }> = {};
  state.players.forEach((p) => {
    const i = Number(p.id.slice(1)) - 1;
    out[p.id] = { username: NAMES[i] ?? p.id, rating: p.rating };
  });
  return out;
}

interface Demo {
  readonly id: string;
  readonly title: string;
  readonly blurb: string;
  readonly state: TournamentState;
  readonly gameLinks?: GameLinks;
  readonly actions?: readonly OrganizerAction[];
  /** When each round started, so the audit log interleaves engine entries and actions. */
  readonly roundTimes?: Readonly<Record<number, string>>;
}

function simulated<F extends FormatName>(format: F, players: number, seed: string, settings?: SettingsInput<F>): TournamentState {
  return simulate({ format, players: simulatedPlayers(players), settings, seed });
}

/**
 * A staged championship played up to the middle of round 2: results by rating
 * (every fifth game drawn), then half of round 2, so some games are still open.
 */
function inProgress(): { state: TournamentState; gameLinks: GameLinks } {
  let state: TournamentState = startTournament("staged", simulatedPlayers(20), {}, "demo-live");
  const rating = new Map(state.players.map((p) => [p.id, p.rating]));
  const play = (share: number) => {
    const games = playableGames(state);
    const chosen = games.slice(0, Math.ceil(games.length * share));
    const results = chosen.map((g, i) => {
      const result: FormatResult =
        i % 5 === 4
          ? { outcome: "draw", reason: "normal" }
          : { outcome: (rating.get(g.side1) ?? 0) >= (rating.get(g.side2) ?? 0) ? "1-0" : "0-1", reason: "normal", margin: 1 + (i % 4) };
      return { gameId: g.id, result };
    });
    state = recordResults(state, results).state;
  };
  play(1);
  play(0.5);
  // Open games have a page on the site: link them, as a tournament page would.
  const gameLinks: Record<string, string> = {};
  for (const g of playableGames(state).slice(0, 6)) gameLinks[g.id] = `#game-${g.id}`;
  return { state, gameLinks };
}

const ACTIONS: readonly OrganizerAction[] = [
  { at: "2025-03-01T09:00:00Z", who: "organizer Halvard", what: "opened registration" },
  { at: "2025-03-08T18:30:00Z", who: "organizer Halvard", what: "started the tournament with 28 players" },
  { at: "2025-03-20T11:15:00Z", who: "organizer Halvard", what: "extended the clock of one round-2 game by 12 hours (server outage)" },
];

const ROUND_TIMES: Readonly<Record<number, string>> = {
  1: "2025-03-08T18:30:00Z",
  2: "2025-03-15T20:00:00Z",
  3: "2025-03-25T08:00:00Z",
  4: "2025-04-02T10:00:00Z",
  5: "2025-04-09T10:00:00Z",
};

export function TournamentsDemo() {
  const demos = useMemo((): Demo[] => {
    const live = inProgress();
    return [
      {
        id: "groups",
        title: "Group elimination · 13 players",
        blurb: "Groups of 4 (fixed), two games per pair; the top score of each group goes on.",
        state: simulated("groups", 13, "demo-8"),
      },
      { id: "league-5", title: "League · 5 players", blurb: "Double round-robin in 10 phases with a bye each phase.", state: simulated("league", 5, "demo-8") },
      {
        id: "league-6",
        title: "League · 6 players",
        blurb: "Double round-robin in 10 phases; points → wins → wins as black.",
        state: simulated("league", 6, "demo-8"),
      },
      {
        id: "diagonal",
        title: "Diagonal race · 24 players",
        blurb: "Four opponents across the circle in round 1, then two; out at two losses.",
        state: simulated("diagonal", 24, "demo"),
      },
      {
        id: "swiss",
        title: "Swiss · 14 players",
        blurb: "Five rounds, each paired by score and colour (FIDE Dutch system); no one is out.",
        state: simulated("swiss", 14, "demo-8"),
      },
      {
        id: "elimination",
        title: "Double elimination · 12 players",
        blurb: "Winners' and losers' brackets; out at two lost matches; a grand final with a reset.",
        state: simulated("elimination", 12, "demo-8"),
      },
      {
        id: "staged",
        title: "Staged championship · 28 players",
        blurb: "7 → 4 → 4 → semi-finals → final and third place.",
        state: simulated("staged", 28, "demo-3"),
        actions: ACTIONS,
        roundTimes: ROUND_TIMES,
      },
      {
        id: "staged-live",
        title: "Staged championship in play · 20 players",
        blurb: "Stopped in round 2: open games, links to live games, rounds still to come.",
        state: live.state,
        gameLinks: live.gameLinks,
      },
    ];
  }, []);

  return (
    <div className="space-y-10">
      <header className="space-y-3">
        <h1 className="text-2xl font-bold">Tournament views</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">Engine simulations with fixed seeds, drawn with the tournament components.</p>
        <nav aria-label="Demos" className="flex flex-wrap gap-2 text-sm">
          {demos.map((d) => (
            <a
              key={d.id}
              href={`#${d.id}`}
              className="rounded-full border border-stone-300 px-3 py-1 hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800"
            >
              {d.title.split(" · ")[0]} {d.title.split(" · ")[1]}
            </a>
          ))}
          <a href="#preview" className="rounded-full border border-stone-300 px-3 py-1 hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800">
            Preview
          </a>
        </nav>
      </header>

      {demos.map((d) => {
        const names = namesFor(d.state);
        return (
          <section key={d.id} id={d.id} aria-labelledby={`${d.id}-title`} className="scroll-mt-20 space-y-4" data-testid={`demo-${d.id}`}>
            <div className="space-y-1">
              <h2 id={`${d.id}-title`} className="text-xl font-semibold">
                {d.title}
              </h2>
              <p className="text-sm text-stone-600 dark:text-stone-400">{d.blurb}</p>
              {d.state.champions.length > 0 ? (
                <p className="flex items-center gap-1.5 text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="demo-champion">
                  <Trophy /> {d.state.champions.length > 1 ? "Joint champions" : "Champion"}: {d.state.champions.map((c) => names[c]?.username ?? c).join(", ")}
                </p>
              ) : null}
            </div>
            <StandingsTable
              info={d.state}
              rows={standings(d.state)}
              overall
              names={names}
              caption="Tournament standings"
              testId={standingsInfo(d.state.format).testId}
            />
            <RoundView state={d.state} names={names} gameLinks={d.gameLinks} label={`${d.title} rounds`} />
            <details className="group">
              <summary className="cursor-pointer text-sm font-semibold">Audit log</summary>
              <div className="pt-3">
                <AuditLog audit={d.state.audit} actions={d.actions} roundTimes={d.roundTimes} names={names} state={d.state} gameLinks={d.gameLinks} />
              </div>
            </details>
          </section>
        );
      })}

      <section id="preview" aria-labelledby="preview-title" className="scroll-mt-20 space-y-4" data-testid="demo-preview">
        <div className="space-y-1">
          <h2 id="preview-title" className="text-xl font-semibold">
            Creation preview
          </h2>
          <p className="text-sm text-stone-600 dark:text-stone-400">What the tournament form shows while an organizer picks a format and settings.</p>
        </div>
        <PreviewDemo />
      </section>
    </div>
  );
}
