// What the tournament-creation form previews for a format, settings and player
// count: the settings' problems, the first round's plan (as the format's page
// says it: group sizes, league phases, diagonal opponents, staged groups), and,
// from a seeded simulation on
// simulated players, the number of rounds, games per player and the steps that
// must follow one another (for the duration estimate). Simulation stops at
// SIMULATE_MAX players and planning at PLAN_MAX so the form stays responsive.

import {
  getFormat,
  isFormatName,
  settingLabel,
  simulate,
  simulatedPlayers,
  startTournament,
  validateSettings,
  type FormatName,
  type Problem,
  type SettingsInput,
} from "@/engine/formats";
import type { PreviewStat } from "@/components/formats/contract";
import { previewPlan } from "@/components/formats/pages";
import { gamesPerPlayer, range } from "@/components/formats/preview-figures";
import { sequentialSteps } from "./duration";

export const SIMULATE_MAX = 2_000;
export const PLAN_MAX = 100_000;

/** Names of the fields a preview's problems may concern that are not settings. */
const OTHER_FIELDS: Readonly<Record<string, string>> = { players: "Players", format: "Format", settings: "Settings" };

/** A problem's field as the creation form labels it: a setting's label from the format's schema. */
export function fieldLabel(format: string, field: string): string {
  return OTHER_FIELDS[field] ?? (isFormatName(format) ? settingLabel(getFormat(format).settings, field) : field);
}

/** The problems about one field, for showing next to its input. */
export function problemsFor(problems: readonly Problem[], field: string): Problem[] {
  return problems.filter((p) => p.field === field || p.field.startsWith(`${field}.`));
}

export interface SimulationSummary {
  readonly rounds: number;
  readonly steps: number;
  readonly gamesPerPlayer: { readonly min: number; readonly mean: number; readonly max: number };
  readonly games: number;
  readonly champions: number;
}

export interface Preview {
  readonly problems: readonly Problem[];
  /** Round 1's plan, as the format's figures. */
  readonly firstRound: readonly PreviewStat[] | null;
  readonly simulation: SimulationSummary | null;
  /** Why there is no simulation (too many players), when there is none. */
  readonly note?: string;
}

export function buildPreview<F extends FormatName>(
  format: F,
  settings: SettingsInput<F> | undefined,
  players: number,
  seed: string | number = "preview",
): Preview {
  const problems = validateSettings(format, settings, players);
  if (problems.length > 0) return { problems, firstRound: null, simulation: null };
  if (players > PLAN_MAX) return { problems, firstRound: null, simulation: null, note: `Previews stop at ${PLAN_MAX.toLocaleString("en")} players.` };
  const entrants = simulatedPlayers(players);
  if (players > SIMULATE_MAX) {
    const state = startTournament(format, entrants, settings, seed);
    return { problems, firstRound: previewPlan(state), simulation: null, note: `Only round 1 is planned above ${SIMULATE_MAX.toLocaleString("en")} players.` };
  }
  const state = simulate({ format, players: entrants, settings, seed });
  const counts = gamesPerPlayer(state, state.rounds);
  const { min, max, mean } = range(counts.values());
  let games = 0;
  for (const v of counts.values()) games += v;
  return {
    problems,
    firstRound: previewPlan(state),
    simulation: {
      rounds: state.rounds.length,
      steps: sequentialSteps(state),
      gamesPerPlayer: { min, mean, max },
      games: games / 2,
      champions: state.champions.length,
    },
  };
}
