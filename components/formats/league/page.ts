// The league on the site (no React): one tab, the whole league on the tournament
// page (at most 30 players, 870 games), its table with the title's clinch marks.

import { phasesOf, roundGamesWithIds, vecSize, type ClinchTable, type TournamentState } from "@/engine/formats";
import type { FormatPage } from "../contract";

/** The whole league (small): every phase and game. */
export interface LeaguePanel {
  readonly state: TournamentState<"league">;
  readonly clinch: readonly ClinchTable[];
}

export const leaguePage: FormatPage<"league", LeaguePanel> = {
  roundTabs: (state) => [{ key: "r1", label: "League", round: 1, upcoming: state.rounds.length === 0 }],
  summaryRound: (_state, round) => round,

  async roundPanel({ state, tournamentClinch, show }) {
    show(state.players.map((p) => p.id));
    for (const round of state.rounds)
      show(
        [],
        roundGamesWithIds(state, round.number).map((g) => g.id),
      );
    return { state, clinch: await tournamentClinch() };
  },

  points: (settings) => settings.points,
  standings: { testId: "league-table", liveTable: true },
  columns: {},
  reachedLabel: (_row, roundName) => roundName,
  settingsNote: () => null,
  preview: {
    plan(state) {
      const phases = phasesOf(state.rounds[0]!);
      const games = phases.reduce((n, p) => n + vecSize(p.games), 0);
      const byes = state.players.length % 2 === 1 ? 2 : 0;
      return [
        { label: "Phases", value: String(phases.length), hint: `${phases[0] ? vecSize(phases[0].games) : 0} games per phase`, testId: "preview-phases" },
        { label: "Games in total", value: String(games), hint: byes ? `${byes} byes per player` : "no byes" },
      ];
    },
    // A league is one round of phases: its "rounds" are the phases above.
    rounds: false,
  },
};
