// Simulation: a whole tournament with results drawn from the players' ratings, so
// organizers (and the CLI, scripts/simulate.ts) can preview rounds, groups and
// games per player before starting. Results use the Elo expectation
// E = 1 / (1 + 10^((r2 - r1) / 400)) for side 1; where the game type allows draws,
// a draw takes 0.6·min(E, 1-E) of the probability, split evenly off both wins so
// the expected score stays E. Decisive games in game types with margins get a
// margin of 1 to 5. Results come from their own PRNG (seed + "/results"), so the
// tournament's PRNG and audit log are exactly what a real event would produce.
// Ratings stay fixed unless `rated` is set (Elo update, K = 20, after each batch
// of games; the new ratings seed the next round).

import { Prng } from "../prng";
import { GAME_FAMILIES, type FamilyTraits, type GameFamily } from "./game-types";
import { gamesOf, groupsOf, phasesOf } from "./core";
import { playableGames, recordResults, standings, startTournament } from "./registry";
import type { FormatName, Game, FormatResult, Player, SettingsByFormat, SettingsInput, TournamentState } from "./types";

export interface SimulationOptions<F extends FormatName = FormatName> {
  readonly format: F;
  readonly players: readonly Player[];
  readonly settings?: SettingsInput<F>;
  readonly seed: string | number;
  readonly gameType?: GameFamily;
  readonly rated?: boolean;
  /** Safety net against a format that would never end (none should). */
  readonly maxBatches?: number;
}

/** p1..pN with distinct ratings, p1 the strongest (so seed order is p1, p2, ...). */
export function simulatedPlayers(count: number): Player[] {
  const span = Math.max(1200, count);
  const step = count > 1 ? span / (count - 1) : 0;
  return Array.from({ length: count }, (_, i) => ({ id: `p${i + 1}`, rating: Math.round(2400 - i * step) }));
}

export function expectedScore(rating1: number, rating2: number): number {
  return 1 / (1 + 10 ** ((rating2 - rating1) / 400));
}

export function drawResult(rng: Prng, rating1: number, rating2: number, type: FamilyTraits): FormatResult {
  const e = expectedScore(rating1, rating2);
  const pDraw = type.drawsPossible ? 0.6 * Math.min(e, 1 - e) : 0;
  const u = rng.float();
  const outcome = u < e - pDraw / 2 ? "1-0" : u < e + pDraw / 2 ? "draw" : "0-1";
  if (outcome === "draw" || !type.hasMargin) return { outcome, reason: "normal" };
  return { outcome, reason: "normal", margin: 1 + rng.int(5) };
}

export function simulate<F extends FormatName>(options: SimulationOptions<F>): TournamentState<F> {
  let state = startTournament(options.format, options.players, options.settings, options.seed, { gameType: options.gameType });
  const type = GAME_FAMILIES[state.gameType];
  const rng = Prng.fromSeed(`${options.seed}/results`);
  const ratings = new Map(options.players.map((p) => [p.id, p.rating]));
  const rating = (id: string) => ratings.get(id) ?? 0;
  const limit = options.maxBatches ?? 100_000;
  for (let batch = 0; state.status === "playing"; batch++) {
    if (batch >= limit) throw new Error(`simulation did not finish within ${limit} batches of games`);
    const games = playableGames(state);
    if (games.length === 0) throw new Error("simulation stalled: the current round has no playable game");
    const results = games.map((g) => ({ gameId: g.id, result: drawResult(rng, rating(g.side1), rating(g.side2), type) }));
    if (options.rated) {
      const delta = new Map<string, number>();
      results.forEach(({ result }, i) => {
        const g = games[i]!;
        const e = expectedScore(rating(g.side1), rating(g.side2));
        const s = result.outcome === "1-0" ? 1 : result.outcome === "draw" ? 0.5 : 0;
        delta.set(g.side1, (delta.get(g.side1) ?? 0) + 20 * (s - e));
        delta.set(g.side2, (delta.get(g.side2) ?? 0) - 20 * (s - e));
      });
      for (const [id, d] of delta) ratings.set(id, Math.round((rating(id) + d) * 10) / 10);
    }
    state = recordResults(state, results, { ratings: options.rated ? ratings : undefined }).state;
  }
  return state;
}

export interface SimulationGame {
  readonly side1: string;
  readonly side2: string;
  readonly result: FormatResult["outcome"] | null;
  readonly phase?: number;
  readonly void?: true;
}

export interface SimulationReport {
  readonly format: FormatName;
  readonly settings: SettingsByFormat[FormatName];
  readonly players: ReadonlyArray<{ readonly id: string; readonly rating: number }>;
  readonly rounds: ReadonlyArray<{
    readonly number: number;
    readonly name: string;
    readonly groups?: ReadonlyArray<{ readonly name: string; readonly players: readonly string[]; readonly games: readonly SimulationGame[] }>;
    readonly phases?: ReadonlyArray<{ readonly number: number; readonly byes: readonly string[]; readonly games: readonly SimulationGame[] }>;
    readonly advanced: readonly string[];
  }>;
  readonly standings: ReadonlyArray<{ readonly player: string; readonly rank: number; readonly values: Readonly<Record<string, number>> }>;
  readonly champions: readonly string[];
  readonly audit: ReadonlyArray<{ readonly what: string; readonly decided: string }>;
}

/** The documented JSON shape of a simulated (or real) tournament. */
export function simulationReport(state: TournamentState): SimulationReport {
  const game = (g: Game, phase?: number): SimulationGame => ({
    side1: g.side1,
    side2: g.side2,
    result: g.result?.outcome ?? null,
    ...(phase === undefined ? {} : { phase }),
    ...(g.void ? { void: true as const } : {}),
  });
  return {
    format: state.format,
    settings: state.settings,
    players: state.players.map((p) => ({ id: p.id, rating: p.rating })),
    rounds: state.rounds.map((r) => ({
      number: r.number,
      name: r.name,
      ...(r.phases
        ? { phases: phasesOf(r).map((p) => ({ number: p.number, byes: p.byes, games: gamesOf(p).map((g) => game(g, p.number)) })) }
        : { groups: groupsOf(r).map((gr) => ({ name: gr.name, players: gr.players, games: gamesOf(gr).map((g) => game(g)) })) }),
      advanced: r.advanced ?? [],
    })),
    standings: standings(state).map((s) => ({ player: s.player, rank: s.rank, values: s.values })),
    champions: state.champions,
    audit: state.audit.map((a) => ({ what: `round ${a.round}: ${a.what}`, decided: a.decided })),
  };
}
