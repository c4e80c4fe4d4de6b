// Diagonal race (FORMATS.md §3): each player meets opponents spread across the
// rating order, losses accumulate, and a player with eliminationLosses losses is
// out.
//
// Pairing: the n players of a round, ordered by rating (the ratings passed with
// the result that completed the previous round, options.ratings), sit on a circle
// 0..n-1; player i plays i ± d_j for d_j = round(j·n/(k+1)), j = 1..k/2 (Math.round:
// halves round up). Offsets that coincide, and the offset n/2 (which reaches the
// same player both ways), give each pair once. When n <= k+1 everyone plays
// everyone (offsets 1..floor(n/2)). Sides: the player at i is side 1 against i+d,
// so everyone has k/2 games on each side; with gamesPerOpponent 2 each pair also
// plays the return game.
//
// Rematches: if the offsets would repeat pairings from earlier rounds, offset sets
// at growing distance (sum of |d'_j - d_j| = 1, 2, ... up to MAX_SHIFT, each offset
// shifted minus before plus) are tried; the first with the fewest rematches wins,
// so among equally good sets the one closest to the pattern is taken. At most
// MAX_CANDIDATES sets are examined, which keeps a round's planning linear in n.
// What was done is kept in round.pattern and written to the audit log.
//
// End: one player left wins. If everyone left was eliminated in the same round:
// fewest losses, then direct comparison (score in the games among those tied, all
// rounds), then the larger total winning margin in those games; still tied => a
// play-off round among them with the same rules, in which losses count from zero.
//
// **Decisions** where the rule book is silent (docs/formats.md):
// - Without carry-over, a player also goes out by losing every game of a round
//   that has fewer games per player than eliminationLosses; otherwise the last two
//   players (one game per round) could never be separated.
// - A withdrawing player forfeits their unplayed games of the round and is out.
// - Standings: champion, then the last round reached, fewer losses (counted as for
//   elimination), more wins.

import {
  begin,
  finish,
  lastKnownRatings,
  orderByRating,
  ratingLookup,
  recordResults,
  resumePrng,
  roundGames,
  roundTallies,
  tallyGames,
  withdrawnSet,
  withdrawByForfeit,
  statusLookup,
  type DraftRound,
  type DraftState,
  type RoundHooks,
  type Tally,
} from "../core";
import { rankByKeys, rankTable, type RankEntry, type RankKey } from "../standings";
import { vec } from "../vec";
import { setting, settingsSchema } from "../settings";
import type { z } from "zod";
import { FormatError, type DiagonalPattern, type EngineEvent, type Format, type Game, type PlanOptions, type Round, type TournamentState } from "../types";

/** The diagonal race's settings: opponents per round, games per opponent, and the losses that put a player out. */
export const diagonalSettings = settingsSchema({
  firstRoundOpponents: setting.integer({
    label: "Opponents in round 1",
    what: "first-round opponents",
    flag: "opponents",
    min: 2,
    max: 8,
    even: true,
    default: 4,
  }),
  laterRoundOpponents: setting.integer({
    label: "Opponents in later rounds",
    what: "later-round opponents",
    flag: "later-opponents",
    min: 2,
    max: 8,
    even: true,
    default: 2,
  }),
  gamesPerOpponent: setting.integer({ label: "Games per opponent", what: "games per opponent", min: 1, max: 2, default: 1 }),
  eliminationLosses: setting.integer({ label: "Losses that eliminate", what: "losses for elimination", min: 1, max: 20, default: 2 }),
  lossesCarryOver: setting.flag({ label: "Losses carry over between rounds", what: "lossesCarryOver", flag: "carry-over", default: true }),
});
export type DiagonalSettings = Readonly<z.output<typeof diagonalSettings>>;

const MAX_PLAYERS = 1_000_000;
/** Largest total shift of the offsets tried when avoiding rematches. */
export const MAX_SHIFT = 8;
/** Most offset sets examined per round when avoiding rematches. */
export const MAX_CANDIDATES = 2000;

/** The rule's offsets for n players and k opponents, duplicates collapsed. */
export function diagonalOffsets(n: number, k: number): number[] {
  const half = Math.floor(n / 2);
  if (n <= k + 1) return Array.from({ length: half }, (_, i) => i + 1);
  const out: number[] = [];
  for (let j = 1; j <= k / 2; j++) {
    const d = Math.round((j * n) / (k + 1));
    if (d >= 1 && d <= half && !out.includes(d)) out.push(d);
  }
  return out;
}

/** Calls visit(i, j) once per pair of the pattern: position i is side 1 against j. */
export function forEachDiagonalPair(n: number, offsets: readonly number[], visit: (i: number, j: number) => void): void {
  for (let i = 0; i < n; i++) {
    for (const d of offsets) {
      if (2 * d === n && i >= d) continue; // i+n/2 and i-n/2 are the same player
      visit(i, (i + d) % n);
    }
  }
}

const pairKey = (a: number, b: number, n: number): number => (a < b ? a * n + b : b * n + a);

function countRematches(n: number, offsets: readonly number[], history: ReadonlySet<number>, stopAbove: number): number {
  if (history.size === 0) return 0;
  let count = 0;
  for (const d of offsets) {
    for (let i = 0; i < n; i++) {
      if (2 * d === n && i >= d) continue;
      if (history.has(pairKey(i, (i + d) % n, n)) && ++count > stopAbove) return count;
    }
  }
  return count;
}

/** Offset vectors at exactly this total shift from base, in preference order. */
function* shifted(base: readonly number[], total: number): Generator<number[]> {
  const m = base.length;
  const out = new Array<number>(m).fill(0);
  function* rec(j: number, left: number): Generator<number[]> {
    if (j === m - 1) {
      for (const delta of left === 0 ? [0] : [-left, left]) {
        out[j] = (base[j] as number) + delta;
        yield out.slice();
      }
      return;
    }
    for (let a = 0; a <= left; a++) {
      for (const delta of a === 0 ? [0] : [-a, a]) {
        out[j] = (base[j] as number) + delta;
        yield* rec(j + 1, left - a);
      }
    }
  }
  if (m > 0) yield* rec(0, total);
}

export interface OffsetChoice {
  readonly base: number[];
  readonly offsets: number[];
  readonly rematches: number;
  readonly baseRematches: number;
}

/** The pattern's offsets, or the nearest set with fewer rematches of earlier pairings. */
export function chooseOffsets(n: number, k: number, history: ReadonlySet<number>): OffsetChoice {
  const base = diagonalOffsets(n, k);
  const baseRematches = countRematches(n, base, history, Infinity);
  let best = { offsets: base, rematches: baseRematches };
  // With everyone playing everyone there is no other pattern to try.
  if (baseRematches === 0 || n <= k + 1) return { base, ...best, baseRematches };
  const half = Math.floor(n / 2);
  let examined = 0;
  search: for (let t = 1; t <= MAX_SHIFT; t++) {
    for (const cand of shifted(base, t)) {
      // The offset n/2 gives one opponent instead of two: allowed only if the pattern has it,
      // so avoiding rematches never costs a player games.
      if (cand.some((d) => d < 1 || d > half || (2 * d === n && !base.includes(d))) || new Set(cand).size !== cand.length) continue;
      if (++examined > MAX_CANDIDATES) break search;
      const r = countRematches(n, cand, history, best.rematches - 1);
      if (r < best.rematches) {
        best = { offsets: cand, rematches: r };
        if (r === 0) break search;
      }
    }
  }
  return { base, ...best, baseRematches };
}

/** Pairs already played (any earlier round) among the given circle, keyed by position. */
function historyOf(rounds: readonly Round[], circle: readonly string[]): Set<number> {
  const n = circle.length;
  const pos = new Map(circle.map((id, i) => [id, i]));
  const seen = new Set<number>();
  for (const r of rounds) {
    for (const g of roundGames(r)) {
      if (g.void) continue;
      const a = pos.get(g.side1);
      const b = pos.get(g.side2);
      if (a !== undefined && b !== undefined) seen.add(pairKey(a, b, n));
    }
  }
  return seen;
}

export function planDiagonalRound(
  number: number,
  seeds: readonly string[],
  ratings: readonly number[],
  settings: DiagonalSettings,
  opponents: number,
  earlier: readonly Round[],
  countLossesFrom: number,
  playoff: boolean,
): { round: Round; choice: OffsetChoice } {
  const n = seeds.length;
  const choice = chooseOffsets(n, opponents, earlier.length > 0 ? historyOf(earlier, seeds) : new Set());
  const games: Game[] = [];
  forEachDiagonalPair(n, choice.offsets, (i, j) => {
    const a = seeds[i] as string;
    const b = seeds[j] as string;
    games.push({ side1: a, side2: b });
    if (settings.gamesPerOpponent === 2) games.push({ side1: b, side2: a });
  });
  const pattern: DiagonalPattern = {
    opponents,
    base: choice.base,
    offsets: choice.offsets,
    rematches: choice.rematches,
    countLossesFrom,
    playoff,
  };
  const name = playoff ? `Round ${number} (play-off)` : `Round ${number}`;
  return {
    round: {
      number,
      name,
      seeds: seeds.slice(),
      ratings: ratings.slice(),
      groups: vec([{ name, players: seeds.slice(), games: vec(games) }]),
      pending: games.length,
      status: "playing",
      pattern,
    },
    choice,
  };
}

function pushRound(
  s: DraftState<"diagonal">,
  players: readonly string[],
  options: PlanOptions,
  opponents: number,
  countLossesFrom: number,
  playoff: boolean,
  events: EngineEvent[],
): void {
  const number = s.rounds.length + 1;
  let seeds: readonly string[] = players;
  let ratings: readonly number[] = [];
  if (number === 1) {
    ratings = s.players.map((p) => p.rating);
  } else {
    const ratingOf = ratingLookup(options.ratings, lastKnownRatings(s as TournamentState));
    const { rng, store } = resumePrng(s);
    ({ seeds, ratings } = orderByRating(players, ratingOf, rng, s.audit, number));
    store();
  }
  const { round, choice } = planDiagonalRound(number, seeds, ratings, s.settings, opponents, s.rounds as readonly Round[], countLossesFrom, playoff);
  if (choice.baseRematches > 0) {
    s.audit.push({
      round: number,
      what: `pattern offsets [${choice.base.join(", ")}] would repeat ${choice.baseRematches} earlier pairing(s)`,
      decided:
        choice.offsets === choice.base
          ? "kept the pattern: no nearby offset set does better"
          : `used offsets [${choice.offsets.join(", ")}] with ${choice.rematches} rematch(es)`,
    });
  }
  s.rounds.push(round as DraftRound);
  if (number > 1) events.push({ type: "round-released", round: number });
}

/** Losses as counted for elimination at the end of `round`, and that round's own tallies. */
function roundLosses(rounds: readonly Round[], round: Round): { losses: (player: string) => number; thisRound: ReadonlyMap<string, Readonly<Tally>> } {
  const from = round.pattern?.countLossesFrom ?? round.number;
  const segment = rounds.slice(from - 1, round.number - 1).map((r) => roundTallies(r));
  const thisRound = roundTallies(round);
  segment.push(thisRound);
  return { losses: (player) => segment.reduce((n, t) => n + (t.get(player)?.losses ?? 0), 0), thisRound };
}

/** The rule book's chain for "everyone left went out in the same round". */
function breakFinalTie(rounds: readonly Round[], contenders: readonly string[], losses: (player: string) => number): { left: string[]; steps: string[] } {
  const steps: string[] = [];
  const keepBest = (ids: string[], value: (id: string) => number, better: "high" | "low", label: string): string[] => {
    const vals = ids.map(value);
    const target = better === "high" ? Math.max(...vals) : Math.min(...vals);
    const kept = ids.filter((_, i) => vals[i] === target);
    steps.push(`${label}: ${ids.map((id, i) => `${id} ${vals[i]}`).join(", ")}`);
    return kept;
  };
  let left = keepBest([...contenders], losses, "low", "fewest losses");
  if (left.length > 1) {
    const tied = new Set(left);
    const among = rounds.flatMap((r) => [...roundGames(r)]).filter((g) => tied.has(g.side1) && tied.has(g.side2));
    const t = tallyGames(left, among);
    left = keepBest(left, (id) => (t.get(id) as Tally).wins + (t.get(id) as Tally).draws / 2, "high", "direct comparison");
    if (left.length > 1) left = keepBest(left, (id) => (t.get(id) as Tally).winMargin, "high", "winning margin in those games");
  }
  return { left, steps };
}

const hooks: RoundHooks<"diagonal"> = {
  closeRound(s, options, events) {
    const index = s.rounds.length - 1;
    const round = s.rounds[index] as DraftRound;
    const settings = s.settings;
    const withdrawn = withdrawnSet(s as TournamentState);
    const { losses, thisRound } = roundLosses(s.rounds as readonly Round[], round as Round);
    const isOut = (p: string): boolean => {
      if (withdrawn.has(p)) return true;
      const played = thisRound.get(p)?.played ?? 0;
      const threshold = settings.lossesCarryOver ? settings.eliminationLosses : Math.max(1, Math.min(settings.eliminationLosses, played));
      return losses(p) >= threshold;
    };
    const survivors = round.seeds.filter((p) => !isOut(p));
    const eliminated = round.seeds.filter((p) => isOut(p) && !withdrawn.has(p));
    s.rounds[index] = { ...round, status: "complete", advanced: survivors, eliminated };
    events.push({ type: "round-complete", round: round.number });
    const pattern = round.pattern as DiagonalPattern;

    if (survivors.length === 1) return finish(s, survivors, events);
    if (survivors.length > 1) {
      const from = settings.lossesCarryOver ? pattern.countLossesFrom : round.number + 1;
      return pushRound(s, survivors, options, settings.laterRoundOpponents, from, pattern.playoff, events);
    }
    if (eliminated.length === 0) return finish(s, [], events); // everyone withdrew
    const { left, steps } = breakFinalTie(s.rounds as readonly Round[], eliminated, losses);
    s.audit.push({
      round: round.number,
      what: `everyone left went out in round ${round.number}: ${steps.join("; ")}`,
      decided: left.length === 1 ? `${left[0]} wins` : `play-off among ${left.join(", ")}`,
    });
    if (left.length === 1) return finish(s, left, events);
    pushRound(s, left, options, settings.laterRoundOpponents, round.number + 1, true, events);
  },
};

const TOURNAMENT_KEYS: readonly RankKey[] = [
  { name: "champion", label: "titles", better: "high" },
  { name: "round", label: "rounds reached", better: "high" },
  { name: "losses", label: "losses", better: "low" },
  { name: "wins", label: "wins", better: "high" },
];
const ROUND_KEYS: readonly RankKey[] = [
  { name: "losses", label: "counted losses", better: "low" },
  { name: "wins", label: "wins this round", better: "high" },
];

export const diagonalFormat: Format<"diagonal", DiagonalSettings> = {
  name: "diagonal",
  title: "Diagonal race",
  defaultGameType: "race",
  label: "Diagonal race",
  noun: "the diagonal race",
  settings: diagonalSettings,
  minPlayers: 2,
  maxPlayers: MAX_PLAYERS,

  start(players, settings, seed, options) {
    const { state, rng, seeds } = begin(diagonalFormat, players, settings, seed, options);
    state.prng = rng.state;
    pushRound(state, seeds, {}, state.settings.firstRoundOpponents, 1, false, []);
    return state as TournamentState<"diagonal">;
  },

  recordResults(state, results, options) {
    return recordResults(state, results, hooks, options);
  },

  withdraw(state, playerId, options = {}) {
    return withdrawByForfeit(state, playerId, hooks, options);
  },

  standings(state) {
    const lastRoundOf = new Map<string, Round>();
    for (const r of state.rounds) for (const p of r.seeds) lastRoundOf.set(p, r);
    const lossesAt = new Map<Round, (player: string) => number>();
    const { status, isChampion } = statusLookup(state);
    const entries = state.players.map((p): RankEntry => {
      const round = lastRoundOf.get(p.id) as Round;
      let losses = lossesAt.get(round);
      if (!losses) lossesAt.set(round, (losses = roundLosses(state.rounds, round).losses));
      return {
        player: p.id,
        status: status(p.id, round),
        values: {
          champion: isChampion(p.id) ? 1 : 0,
          round: round.number,
          losses: losses(p.id),
          wins: state.rounds.reduce((n, r) => n + (roundTallies(r).get(p.id)?.wins ?? 0), 0),
        },
      };
    });
    return rankTable(entries, TOURNAMENT_KEYS);
  },

  // One circle of players, each out on their own count of losses: no table to mark.
  clinchTables: () => [],

  roundStandings(state, roundNumber) {
    const round = state.rounds[roundNumber - 1];
    if (!round) throw new FormatError(`there is no round ${roundNumber}`);
    const { losses, thisRound } = roundLosses(state.rounds, round);
    const { status } = statusLookup(state);
    const entries = round.seeds.map((p): RankEntry => {
      const t = thisRound.get(p) as Tally;
      return {
        player: p,
        status: status(p, round),
        values: { losses: losses(p), wins: t.wins, draws: t.draws, played: t.played },
      };
    });
    return [{ name: round.name, rows: rankByKeys(entries, ROUND_KEYS) }];
  },
};
