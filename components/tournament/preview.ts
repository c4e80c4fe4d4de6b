// What the tournament-creation form previews for a format, settings and player
// count: the settings' problems, the first round's plan (group sizes, league
// phases, diagonal opponents, staged groups), and, from a seeded simulation on
// simulated players, the number of rounds, games per player and the steps that
// must follow one another (for the duration estimate). Simulation stops at
// SIMULATE_MAX players and planning at PLAN_MAX so the form stays responsive.

import {
  gamesOf,
  groupsOf,
  phasesOf,
  simulate,
  simulatedPlayers,
  startTournament,
  validateSettings,
  vecSize,
  type FormatName,
  type Problem,
  type SettingsInput,
  type TournamentState,
} from "@/engine/formats";
import { sequentialSteps } from "./duration";

export const SIMULATE_MAX = 2_000;
export const PLAN_MAX = 100_000;

/** Setting names as the creation form labels them (problem.field -> label). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  players: "Players",
  format: "Format",
  partition: "Partition",
  groupSize: "Group size",
  maxGroupSize: "Largest group",
  gamesPerPair: "Games per pair and side",
  points: "Points",
  "points.win": "Points for a win",
  "points.draw": "Points for a draw",
  "points.loss": "Points for a loss",
  firstRoundOpponents: "First-round opponents",
  laterRoundOpponents: "Later-round opponents",
  gamesPerOpponent: "Games per opponent",
  eliminationLosses: "Losses to go out",
  lossesCarryOver: "Losses carry over",
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** The problems about one field, for showing next to its input. */
export function problemsFor(problems: readonly Problem[], field: string): Problem[] {
  return problems.filter((p) => p.field === field || p.field.startsWith(`${field}.`));
}

export interface SizeCount {
  readonly size: number;
  readonly count: number;
}

export type FirstRound =
  | {
      readonly kind: "groups";
      readonly sizes: readonly SizeCount[];
      readonly groupCount: number;
      readonly gamesPerPlayer: { readonly min: number; readonly max: number };
    }
  | {
      readonly kind: "league";
      readonly phases: number;
      readonly gamesPerPhase: number;
      readonly games: number;
      readonly byesPerPlayer: number;
      readonly gamesPerPlayer: number;
    }
  | {
      readonly kind: "diagonal";
      readonly opponents: number;
      readonly offsets: readonly number[];
      readonly gamesPerPlayer: { readonly min: number; readonly max: number };
    }
  | { readonly kind: "staged"; readonly groups: readonly { readonly name: string; readonly size: number }[] };

export interface SimulationSummary {
  readonly rounds: number;
  readonly steps: number;
  readonly gamesPerPlayer: { readonly min: number; readonly mean: number; readonly max: number };
  readonly games: number;
  readonly champions: number;
}

export interface Preview {
  readonly problems: readonly Problem[];
  readonly firstRound: FirstRound | null;
  readonly simulation: SimulationSummary | null;
  /** Why there is no simulation (too many players), when there is none. */
  readonly note?: string;
}

function gamesPerPlayer(state: TournamentState, rounds: readonly TournamentState["rounds"][number][]): Map<string, number> {
  const count = new Map<string, number>();
  for (const r of rounds) {
    const all = [...groupsOf(r), ...phasesOf(r)].flatMap(gamesOf);
    for (const g of all) {
      if (g.void) continue;
      count.set(g.side1, (count.get(g.side1) ?? 0) + 1);
      count.set(g.side2, (count.get(g.side2) ?? 0) + 1);
    }
  }
  for (const p of state.players) if (!count.has(p.id)) count.set(p.id, 0);
  return count;
}

function range(values: Iterable<number>): { min: number; max: number; mean: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  let sum = 0;
  let n = 0;
  for (const v of values) {
    min = Math.min(min, v);
    max = Math.max(max, v);
    sum += v;
    n++;
  }
  return n === 0 ? { min: 0, max: 0, mean: 0 } : { min, max, mean: sum / n };
}

function sizeCounts(sizes: readonly number[]): SizeCount[] {
  const out: SizeCount[] = [];
  for (const size of sizes) {
    const last = out[out.length - 1];
    if (last && last.size === size) out[out.length - 1] = { size, count: last.count + 1 };
    else out.push({ size, count: 1 });
  }
  return out;
}

export function firstRound(state: TournamentState): FirstRound | null {
  const round = state.rounds[0];
  if (!round) return null;
  const perPlayer = () => {
    const { min, max } = range(gamesPerPlayer(state, [round]).values());
    return { min, max };
  };
  switch (state.format) {
    case "groups":
      return {
        kind: "groups",
        sizes: sizeCounts(groupsOf(round).map((g) => g.players.length)),
        groupCount: groupsOf(round).length,
        gamesPerPlayer: perPlayer(),
      };
    case "league": {
      const phases = phasesOf(round);
      const games = phases.reduce((n, p) => n + vecSize(p.games), 0);
      const players = state.players.length;
      return {
        kind: "league",
        phases: phases.length,
        gamesPerPhase: phases[0] ? vecSize(phases[0].games) : 0,
        games,
        byesPerPlayer: players % 2 === 1 ? 2 : 0,
        gamesPerPlayer: players > 0 ? (2 * games) / players : 0,
      };
    }
    case "diagonal":
      return { kind: "diagonal", opponents: round.pattern?.opponents ?? 0, offsets: round.pattern?.offsets ?? [], gamesPerPlayer: perPlayer() };
    case "staged":
      return { kind: "staged", groups: groupsOf(round).map((g) => ({ name: g.name, size: g.players.length })) };
  }
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
    return { problems, firstRound: firstRound(state), simulation: null, note: `Only round 1 is planned above ${SIMULATE_MAX.toLocaleString("en")} players.` };
  }
  const state = simulate({ format, players: entrants, settings, seed });
  const counts = gamesPerPlayer(state, state.rounds);
  const { min, max, mean } = range(counts.values());
  let games = 0;
  for (const v of counts.values()) games += v;
  return {
    problems,
    firstRound: firstRound(state),
    simulation: {
      rounds: state.rounds.length,
      steps: sequentialSteps(state),
      gamesPerPlayer: { min, mean, max },
      games: games / 2,
      champions: state.champions.length,
    },
  };
}

/**
 * What the staged championship does for this many players, in words: round 1's
 * group sizes (the snake seeding deals players round the four groups), then the
 * fixed 4 groups of 4, 2 groups of 4, semi-finals, final and third place.
 */
export function stagedPathText(players: number): string {
  if (!Number.isInteger(players) || players < 16 || players > 32) return "the staged championship needs 16 to 32 players.";
  const sizes = [0, 1, 2, 3].map((g) => Math.floor(players / 4) + (g < players % 4 ? 1 : 0));
  const round1 = sizes.every((s) => s === sizes[0]) ? `4 groups of ${sizes[0]}` : `4 groups of ${sizes.join(", ")}`;
  return `round 1 plays ${round1} (the top 4 of each go on); round 2 plays 4 groups of 4 (the top 2 go on); round 3 plays 2 groups of 4 (the top 2 go on); then semi-finals, the final and the third-place game.`;
}
