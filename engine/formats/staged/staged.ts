// Staged groups, the four-colour championship (FORMATS.md §4):
//   round 1  four snake-seeded groups (Blue, Yellow, Red, Green), single round robin;
//   round 2  top 4 of each -> groups T, E, B, S (one of six groupings, drawn);
//   round 3  top 2 of each -> groups I, II (one of three groupings, drawn);
//   round 4  semi-finals: I#1 v II#2 (Semi-final 1), II#1 v I#2 (Semi-final 2);
//   round 5  Final (the winners) and Third place (the losers).
// Semi-finals, final and third place are groups of two; a drawn game there is
// replayed with the roles swapped (a new game, `replayOf` the drawn one) until it
// is decided. Sides are roles: side 1 = A, side 2 = B. Round 1 roles follow the
// seed-parity table; from round 2 on the engine gives A to the higher seed (the
// rule book's 24-hour default) and `chooseRole` lets that player take B instead
// before the game is played.
//
// Withdrawals: during a round (some result of the round already in) the player's
// games of that round are voided, played ones too, and the round goes on without
// them. Before any result of the current round ("between rounds") the player is
// removed and the round is planned again from the previous round's final order,
// with the same drawn grouping, so everyone below them moves up one place; the
// server gets a "round-replanned" event and reloads that round's games.
//
// **Decisions** where the rule book is silent (docs/formats.md): 16 to 32 players
// (32 = groups of 8, as the community has run it); round-3 groups are named I and
// II; a slot left empty by withdrawals is simply missing (a group of three, a
// semi-final walkover); head-to-head in the round-3 seeding looks at any earlier
// game between the two players.

import type { z } from "zod";
import { Prng } from "../../prng";
import {
  assertCanWithdraw,
  begin,
  closeIfDone,
  deepDraft,
  finish,
  gamesOf,
  groupGameId,
  groupsOf,
  parseGameId,
  recordResults,
  resumePrng,
  roundGames,
  tallyGames,
  withdrawnSet,
  withContainer,
  statusLookup,
  type DraftRound,
  type DraftState,
  type RoundHooks,
  type Tally,
} from "../core";
import { rankGroup, type LadderResult } from "./staged-ranking";
import { rankTable, uniqueRows, type RankEntry, type RankKey } from "../standings";
import { settingsSchema } from "../settings";
import { clinchMarks, type ClinchInput } from "../clinch";
import { memoTable, pickGroups, splitGames, type ClinchTable } from "../clinch-tables";
import { GAME_FAMILIES } from "../game-types";
import { vec, vecAt, vecPush, vecSet, vecSize } from "../vec";
import {
  FormatError,
  type AuditEntry,
  type EngineEvent,
  type Format,
  type Game,
  type Group,
  type GroupStanding,
  type Round,
  type StandingRow,
  type TournamentState,
} from "../types";

export const ROUND1_GROUPS = ["Blue", "Yellow", "Red", "Green"] as const;
export const ROUND2_GROUPS = ["T", "E", "B", "S"] as const;
export const ROUND3_GROUPS = ["I", "II"] as const;
/** The staged championship has a fixed path: nothing to set. */
export const stagedSettings = settingsSchema({});
export type StagedSettings = Readonly<z.output<typeof stagedSettings>>;
export const MIN_STAGED_PLAYERS = 16;
export const MAX_STAGED_PLAYERS = 32;
/** Rounds from this one on are knockouts: a drawn game is replayed with roles swapped. */
const KNOCKOUT_FROM = 4;

/** The six round-2 groupings (B=Blue, Y=Yellow, R=Red, G=Green; B1 = Blue's #1), groups T, E, B, S. */
export const ROUND2_GROUPINGS: readonly (readonly (readonly string[])[])[] = [
  [
    ["B1", "Y2", "R3", "G4"],
    ["B2", "Y3", "R4", "G1"],
    ["B3", "Y4", "R1", "G2"],
    ["B4", "Y1", "R2", "G3"],
  ],
  [
    ["B1", "Y2", "R4", "G3"],
    ["B2", "Y4", "R3", "G1"],
    ["B3", "Y1", "R2", "G4"],
    ["B4", "Y3", "R1", "G2"],
  ],
  [
    ["B1", "Y3", "R2", "G4"],
    ["B2", "Y4", "R1", "G3"],
    ["B3", "Y1", "R4", "G2"],
    ["B4", "Y2", "R3", "G1"],
  ],
  [
    ["B1", "Y3", "R4", "G2"],
    ["B2", "Y1", "R3", "G4"],
    ["B3", "Y4", "R2", "G1"],
    ["B4", "Y2", "R1", "G3"],
  ],
  [
    ["B1", "Y4", "R2", "G3"],
    ["B2", "Y3", "R1", "G4"],
    ["B3", "Y2", "R4", "G1"],
    ["B4", "Y1", "R3", "G2"],
  ],
  [
    ["B1", "Y4", "R3", "G2"],
    ["B2", "Y1", "R4", "G3"],
    ["B3", "Y2", "R1", "G4"],
    ["B4", "Y3", "R2", "G1"],
  ],
];

/** The three round-3 groupings (letters are the round-2 groups T, E, B, S), groups I and II. */
export const ROUND3_GROUPINGS: readonly (readonly (readonly string[])[])[] = [
  [
    ["T1", "E1", "B2", "S2"],
    ["B1", "S1", "T2", "E2"],
  ],
  [
    ["T1", "B1", "E2", "S2"],
    ["E1", "S1", "T2", "B2"],
  ],
  [
    ["T1", "S1", "B2", "E2"],
    ["B1", "E1", "T2", "S2"],
  ],
];

/** Round-1 group (0 = Blue .. 3 = Green) of a 1-based seed: snake order 1-4, 8-5, 9-12, ... */
export function snakeGroup(seed: number): number {
  const row = Math.floor((seed - 1) / 4);
  const pos = (seed - 1) % 4;
  return row % 2 === 0 ? pos : 3 - pos;
}

/**
 * Round 1 roles between group seeds a < b (1-based): an even sum makes the higher
 * seed (a) player A, an odd sum the lower seed (b).
 */
export function round1PlayerA(a: number, b: number): number {
  return (a + b) % 2 === 0 ? Math.min(a, b) : Math.max(a, b);
}

/** Single round robin. `sideOne(a, b)` gives the index (a or b) that is A, a < b. */
function roundRobin(players: readonly string[], sideOne: (a: number, b: number) => number, chooser: boolean): Game[] {
  const games: Game[] = [];
  for (let a = 0; a < players.length; a++) {
    for (let b = a + 1; b < players.length; b++) {
      const first = sideOne(a, b);
      const side1 = players[first] as string;
      const side2 = players[first === a ? b : a] as string;
      games.push(chooser ? { side1, side2, chooser: players[a] as string } : { side1, side2 });
    }
  }
  return games;
}

/** `seeds` defaults to the groups one after the other (later rounds are seeded within groups). */
function makeRound(
  number: number,
  name: string,
  groups: Group[],
  ratingOf: (id: string) => number,
  grouping?: number,
  seeds = groups.flatMap((g) => g.players),
): Round {
  const pending = groups.reduce((n, g) => n + vecSize(g.games), 0);
  const round: Round = { number, name, seeds, ratings: seeds.map(ratingOf), groups: vec(groups), pending, status: "playing" };
  return grouping === undefined ? round : { ...round, grouping };
}

/** Round 1: snake-dealt groups, roles by the parity rule. */
export function planRound1(seeds: readonly string[], ratingOf: (id: string) => number): Round {
  const members: string[][] = [[], [], [], []];
  seeds.forEach((id, i) => (members[snakeGroup(i + 1)] as string[]).push(id));
  const groups = members.map((players, g) => ({
    name: ROUND1_GROUPS[g] as string,
    players,
    games: vec(roundRobin(players, (a, b) => round1PlayerA(a + 1, b + 1) - 1, false)),
  }));
  return makeRound(1, "Round 1", groups, ratingOf, undefined, seeds.slice());
}

type Letters = Readonly<Record<string, number>>;
const R1_LETTERS: Letters = { B: 0, Y: 1, R: 2, G: 3 };
const R2_LETTERS: Letters = { T: 0, E: 1, B: 2, S: 3 };

/** The players of a completed round's groups in final order, withdrawn players removed (they move the rest up). */
function finalOrders(round: Round, withdrawn: ReadonlySet<string>): string[][] {
  return groupsOf(round).map((g) => (g.ranking ?? []).filter((p) => !withdrawn.has(p)));
}

/** Resolves "Y2" against the previous round's orders. */
function slot(orders: string[][], letters: Letters, code: string): { id: string; rank: number } | null {
  const group = letters[code.slice(0, 1)];
  const rank = Number(code.slice(1));
  const id = group === undefined ? undefined : orders[group]?.[rank - 1];
  return id === undefined ? null : { id, rank };
}

interface PlanContext {
  readonly state: TournamentState<"staged">;
  readonly rng: Prng;
  readonly audit: AuditEntry[];
  readonly ratingOf: (id: string) => number;
}

export function rankOf(round: Round | undefined, id: string): number {
  for (const g of round ? groupsOf(round) : []) {
    const i = g.ranking?.indexOf(id) ?? -1;
    if (i >= 0) return i + 1;
  }
  return Infinity;
}

function percentIn(round: Round | undefined, id: string): number {
  if (!round) return 0;
  const t = tallyGames([id], roundGames(round)).get(id) as Tally;
  return t.played > 0 ? (t.wins + t.draws / 2) / t.played : 0;
}

/**
 * Orders two players by a list of criteria (larger is better); still equal =>
 * random, recorded. Returns [higher seed, lower seed].
 */
function seedPair(ctx: PlanContext, round: number, what: string, pair: readonly string[], criteria: ReadonlyArray<(id: string) => number>): string[] {
  if (pair.length < 2) return pair.slice();
  const [a, b] = pair as [string, string];
  for (const c of criteria) {
    if (c(a) !== c(b)) return c(a) > c(b) ? [a, b] : [b, a];
  }
  const order = ctx.rng.shuffle([a, b]);
  ctx.audit.push({ round, what: `${what}: ${a} and ${b} equal on every criterion`, decided: `${order[0]} seeded higher` });
  return order;
}

function headToHead(state: TournamentState, a: string, b: string): number {
  let score = 0;
  for (const r of state.rounds) {
    for (const g of roundGames(r)) {
      if (g.void || !g.result) continue;
      if (g.side1 === a && g.side2 === b) score += g.result.outcome === "1-0" ? 1 : g.result.outcome === "draw" ? 0.5 : 0;
      if (g.side2 === a && g.side1 === b) score += g.result.outcome === "0-1" ? 1 : g.result.outcome === "draw" ? 0.5 : 0;
    }
  }
  return score;
}

/** Plans the round after `prev` (already complete). `grouping` re-uses an earlier draw when re-planning. */
function planAfter(ctx: PlanContext, prev: Round, grouping?: number): Round {
  const { state, rng, audit } = ctx;
  const withdrawn = withdrawnSet(state);
  const orders = finalOrders(prev, withdrawn);
  const number = prev.number + 1;
  const rounds = state.rounds;
  const r1 = rounds[0];
  const r2 = rounds[1];
  const r3 = rounds[2];
  const draw = (count: number, what: string): number => {
    if (grouping !== undefined) return grouping;
    const pick = rng.int(count);
    audit.push({ round: number, what, decided: `grouping ${pick + 1} of ${count}` });
    return pick;
  };
  const groupFor = (name: string, players: string[]): Group => ({ name, players, games: vec(roundRobin(players, (a) => a, true)) });

  if (number === 2 || number === 3) {
    const table = number === 2 ? ROUND2_GROUPINGS : ROUND3_GROUPINGS;
    const letters = number === 2 ? R1_LETTERS : R2_LETTERS;
    const names = number === 2 ? ROUND2_GROUPS : ROUND3_GROUPS;
    const pick = draw(table.length, `round ${number} grouping`);
    const groups = (table[pick] ?? []).map((codes, gi) => {
      const members = codes.map((c) => slot(orders, letters, c)).filter((m) => m !== null);
      let players: string[];
      if (number === 2) {
        players = members.sort((x, y) => x.rank - y.rank).map((m) => m.id);
      } else {
        // Two #1s above two #2s; within each, the better round-2 record: normalized
        // score, then head-to-head (any earlier game between them), then round-1 rank.
        const ones = members.filter((m) => m.rank === 1).map((m) => m.id);
        const twos = members.filter((m) => m.rank === 2).map((m) => m.id);
        const order = (pair: string[], label: string) => {
          const [a, b] = pair;
          const h2h = (id: string) => (a === undefined || b === undefined ? 0 : id === a ? headToHead(state, a, b) : headToHead(state, b, a));
          return seedPair(ctx, number, `round 3 group ${names[gi]} ${label}`, pair, [(id) => percentIn(r2, id), h2h, (id) => -rankOf(r1, id)]);
        };
        players = [...order(ones, "#1 seeding"), ...order(twos, "#2 seeding")];
      }
      return groupFor(names[gi] as string, players);
    });
    return makeRound(number, `Round ${number}`, groups, ctx.ratingOf, pick);
  }
  if (number === 4) {
    const [first = [], second = []] = orders;
    const semi = (a: string | undefined, b: string | undefined) => [a, b].filter((x): x is string => x !== undefined);
    const groups = [semi(first[0], second[1]), semi(second[0], first[1])].map((players, gi) => groupFor(`Semi-final ${gi + 1}`, players));
    return makeRound(4, "Semi-finals", groups, ctx.ratingOf);
  }
  // Final and third place: better round-3 record, then round-2 record, then random.
  const winners = orders.map((o) => o[0]).filter((x): x is string => x !== undefined);
  const losers = orders.map((o) => o[1]).filter((x): x is string => x !== undefined);
  const criteria = [(id: string) => percentIn(r3, id), (id: string) => percentIn(r2, id)];
  const groups = [
    groupFor("Final", seedPair(ctx, 5, "final seeding", winners, criteria)),
    groupFor("Third place", seedPair(ctx, 5, "third-place seeding", losers, criteria)),
  ];
  return makeRound(5, "Final", groups, ctx.ratingOf);
}

/** Knockout group order: the winner of the deciding game first (a lone player wins by walkover). */
/**
 * The final round's result as a rank value (see the "final" key's words): winning
 * the final is 6, losing it 4, undecided 5; the third-place game 3 / 1 / 2. So the
 * champion's "why" says "won the final", not "better place in the group".
 */
/**
 * The standings' "final" value (see STANDING_KEYS) of a player in the final itself
 * starts here: 4–6 lost, undecided, won the final; 1–3 the same for the third-place game.
 */
export const STAGED_FINAL_VALUE_FROM = 4;

function knockoutResult(group: Group, order: readonly string[], player: string): number {
  const base = group.name === "Final" ? STAGED_FINAL_VALUE_FROM : 1;
  const decided = gamesOf(group).some((g) => !g.void && g.result && g.result.outcome !== "draw");
  if (!decided) return base + 1;
  return order[0] === player ? base + 2 : base;
}

function knockoutOrder(group: Group, withdrawn: ReadonlySet<string>): string[] {
  const left = group.players.filter((p) => !withdrawn.has(p));
  if (left.length < 2) return left;
  const decided = gamesOf(group)
    .filter((g) => !g.void && g.result && g.result.outcome !== "draw")
    .at(-1);
  if (!decided?.result) return left;
  return decided.result.outcome === "1-0" ? [decided.side1, decided.side2] : [decided.side2, decided.side1];
}

function ladderFor(state: TournamentState, round: Round, group: Group, draw?: { rng: Prng; audit: AuditEntry[] }): LadderResult {
  const withdrawn = withdrawnSet(state);
  const previous = state.rounds[round.number - 2];
  const ratingAt = new Map(round.seeds.map((id, i) => [id, round.ratings[i] ?? 0]));
  return rankGroup({
    players: group.players.filter((p) => !withdrawn.has(p)),
    games: gamesOf(group).filter((g) => !g.void),
    step4: round.number === 1 ? (id) => ratingAt.get(id) ?? 0 : (id) => -rankOf(previous, id),
    step4Label: round.number === 1 ? "rating" : `rank in round ${round.number - 1}`,
    draw: draw && { ...draw, round: round.number, group: group.name },
  });
}

export const ADVANCING: Readonly<Record<number, number>> = { 1: 4, 2: 2, 3: 2, 4: 1 };

function startRatings(state: TournamentState): (id: string) => number {
  const map = new Map(state.players.map((p) => [p.id, p.rating]));
  return (id) => map.get(id) ?? 0;
}

const hooks: RoundHooks<"staged"> = {
  afterResult(_s, round, loc, game, events) {
    if (round.number < KNOCKOUT_FROM || game.result?.outcome !== "draw") return;
    const container = vecAt(round.groups, loc.container - 1) as Group;
    const id = groupGameId(round.number, loc.container, vecSize(container.games) + 1);
    withContainer(round, loc, { ...container, games: vecPush(container.games, { side1: game.side2, side2: game.side1, replayOf: game.id }) });
    round.pending++;
    events.push({ type: "game-added", round: round.number, gameId: id });
  },

  closeRound(s, _options, events) {
    const index = s.rounds.length - 1;
    const round = s.rounds[index] as Round;
    const state = s as TournamentState<"staged">;
    const withdrawn = withdrawnSet(state);
    const { rng, store } = resumePrng(s);
    const groups = groupsOf(round).map((g) => ({
      ...g,
      ranking: round.number >= 4 ? knockoutOrder(g, withdrawn) : ladderFor(state, round, g, { rng, audit: s.audit }).order,
    }));
    const take = ADVANCING[round.number] ?? 1;
    const advanced = groups.flatMap((g) => g.ranking.slice(0, take));
    const eliminated = groups.flatMap((g) => g.ranking.slice(take));
    const closed: Round = {
      ...round,
      groups: vec(groups),
      status: "complete",
      advanced: round.number === 5 ? [] : advanced,
      eliminated: round.number === 5 ? [] : eliminated,
    };
    s.rounds[index] = closed as DraftRound;
    events.push({ type: "round-complete", round: round.number });
    if (round.number === 5) {
      store();
      return finish(s, groups[0]?.ranking.slice(0, 1) ?? [], events);
    }
    const next = planAfter({ state: s as TournamentState<"staged">, rng, audit: s.audit, ratingOf: startRatings(state) }, closed);
    store();
    s.rounds.push(next as DraftRound);
    events.push({ type: "round-released", round: next.number });
    // A round can be complete at once (walkovers only).
    if (next.pending === 0) hooks.closeRound(s, _options, events);
  },
};

/** Replans the current round after a between-rounds withdrawal. */
function replan(s: DraftState<"staged">, events: EngineEvent[]): void {
  const current = s.rounds.pop() as Round;
  const { rng, store } = resumePrng(s);
  const state = s as TournamentState<"staged">;
  let next: Round;
  if (current.number === 1) {
    const withdrawn = withdrawnSet(state);
    next = planRound1(
      state.players.map((p) => p.id).filter((p) => !withdrawn.has(p)),
      startRatings(state),
    );
  } else {
    const prev = s.rounds[s.rounds.length - 1] as Round;
    next = planAfter({ state, rng, audit: s.audit, ratingOf: startRatings(state) }, prev, current.grouping);
  }
  store();
  s.rounds.push(next as DraftRound);
  events.push({ type: "round-replanned", round: next.number });
  closeIfDone(s, hooks, {}, events);
}

const STANDING_KEYS: readonly RankKey[] = [
  { name: "round", label: "rounds reached", better: "high" },
  {
    name: "final",
    label: "result in the knockout",
    better: "high",
    word: "better",
    describe: (v) =>
      [
        "no final-round game",
        "lost the third-place game",
        "third-place game not decided",
        "won the third-place game",
        "lost the final",
        "final not decided",
        "won the final",
      ][v] ?? String(v),
  },
  { name: "groupRank", label: "place in the group", better: "low", word: "better" },
  { name: "percent", label: "score %", better: "high" },
];

export const stagedFormat: Format<"staged", StagedSettings> = {
  name: "staged",
  title: "Staged groups championship",
  defaultGameType: "roles",
  label: "Staged groups (4 groups → 4 groups of 4 → 2 groups of 4 → semi-finals → final)",
  noun: "the staged championship",
  settings: stagedSettings,
  minPlayers: MIN_STAGED_PLAYERS,
  maxPlayers: MAX_STAGED_PLAYERS,

  start(players, settings, seed, options) {
    const { state, rng, seeds } = begin(stagedFormat, players, settings, seed, options);
    state.rounds.push(planRound1(seeds, startRatings(state as TournamentState)) as DraftRound);
    state.prng = rng.state;
    return state as TournamentState<"staged">;
  },

  // Knockout rounds (4 and 5) replay a draw with roles swapped (hooks.afterResult).
  reshapesRound: (round, result) => round >= KNOCKOUT_FROM && result.outcome === "draw",

  recordResults(state, results, options) {
    return recordResults(state, results, hooks, options);
  },

  withdraw(state, playerId, options = {}) {
    assertCanWithdraw(state, playerId);
    const s = deepDraft(state);
    const round = s.rounds[s.rounds.length - 1] as DraftRound;
    const events: EngineEvent[] = [];
    const inRound = round.seeds.includes(playerId);
    const started = [...roundGames(round as Round)].some((g) => g.result && !g.void);
    if (inRound && !started) {
      s.withdrawals.push({ player: playerId, round: round.number, treatment: "removed" });
      replan(s, events);
      return { state: s as TournamentState<"staged">, events };
    }
    round.groups = vec(
      groupsOf(round as Round).map((group) => {
        const games = gamesOf(group).map((g): Game => {
          if (g.void || (g.side1 !== playerId && g.side2 !== playerId)) return g;
          if (!g.result) round.pending--;
          return { ...g, void: true };
        });
        return { ...group, games: vec(games) };
      }),
    );
    s.withdrawals.push({ player: playerId, round: round.number, treatment: inRound ? "void" : "removed" });
    closeIfDone(s, hooks, options, events);
    return { state: s as TournamentState<"staged">, events };
  },

  standings(state) {
    const withdrawn = withdrawnSet(state);
    const reached = new Map<string, { round: Round; group: Group }>();
    for (const r of state.rounds) for (const g of groupsOf(r)) for (const p of g.players) reached.set(p, { round: r, group: g });
    const orderCache = new Map<Group, string[]>();
    const { status: statusOf } = statusLookup(state);
    const entries = state.players.map((p): RankEntry => {
      const at = reached.get(p.id);
      if (!at) return { player: p.id, status: "withdrawn", values: { round: 0, final: 0, groupRank: 99, percent: 0 } };
      const { round, group } = at;
      if (!orderCache.has(group)) {
        orderCache.set(group, group.ranking?.slice() ?? (round.number >= 4 ? knockoutOrder(group, withdrawn) : ladderFor(state, round, group).order));
      }
      const order = orderCache.get(group) as string[];
      const pos = order.indexOf(p.id);
      return {
        player: p.id,
        status: statusOf(p.id, round),
        values: {
          round: round.number,
          final: round.number === 5 ? knockoutResult(group, order, p.id) : 0,
          groupRank: pos >= 0 ? pos + 1 : group.players.length + 1,
          percent: Math.round(percentIn(round, p.id) * 10000) / 100,
        },
      };
    });
    return rankTable(entries, STANDING_KEYS);
  },

  roundStandings(state, roundNumber) {
    const round = state.rounds[roundNumber - 1];
    if (!round) throw new FormatError(`there is no round ${roundNumber}`);
    const withdrawn = withdrawnSet(state);
    return groupsOf(round).map((group): GroupStanding => {
      const status = (p: string): StandingRow["status"] =>
        withdrawn.has(p)
          ? "withdrawn"
          : round.status !== "complete"
            ? "playing"
            : round.advanced?.includes(p) || state.champions.includes(p)
              ? "playing"
              : "eliminated";
      if (round.number >= 4) {
        const order = knockoutOrder(group, withdrawn);
        const t = tallyGames(order, gamesOf(group));
        const entries = order.map((p): RankEntry => ({ player: p, status: status(p), values: { wins: t.get(p)?.wins ?? 0 } }));
        const decided = gamesOf(group).some((g) => g.result && g.result.outcome !== "draw" && !g.void);
        return { name: group.name, rows: uniqueRows(entries, [decided ? "won the deciding game" : order.length < 2 ? "" : "not decided yet"]) };
      }
      const ladder = ladderFor(state, round, group);
      const order = group.ranking ? group.ranking.filter((p) => !withdrawn.has(p)) : ladder.order;
      const entries = order.map((p): RankEntry => ({ player: p, status: status(p), values: ladder.values.get(p) ?? {} }));
      return { name: group.name, rows: uniqueRows(entries, ladder.whys) };
    });
  },

  // Group rounds 1–3: the top places of each group go on, ranked by the ladder
  // (score, head-to-head, margins, then rating in round 1 or the previous round's rank).
  clinchTables(state, round, only) {
    const places = ADVANCING[round.number];
    if (round.number > 3 || places === undefined) return [];
    const withdrawn = withdrawnSet(state);
    const previous = state.rounds[round.number - 2];
    const ratingAt = new Map(round.seeds.map((id, i) => [id, round.ratings[i] ?? 0]));
    return pickGroups(round, only).map(({ group, gi }) => {
      const players = group.players.filter((p) => !withdrawn.has(p));
      return memoTable(group.games, `${round.number}/${gi}/${players.join(",")}`, (): ClinchTable => {
        const step4 = Object.fromEntries(players.map((p) => [p, round.number === 1 ? (ratingAt.get(p) ?? 0) : -rankOf(previous, p)]));
        const input: ClinchInput = {
          players,
          ...splitGames(gamesOf(group), (n) => groupGameId(round.number, gi + 1, n)),
          drawsPossible: GAME_FAMILIES[state.gameType].drawsPossible,
          rule: { kind: "ladder", places, step4 },
        };
        return { round: round.number, group: group.name, goal: "top", places, remaining: input.remaining.length, marks: clinchMarks(input) };
      });
    });
  },

  chooseRole: (state, gameId, playerId, role) => chooseRole(state, gameId, playerId, role) as TournamentState<"staged">,
};

/**
 * The higher seed's choice of role for a not-yet-played game from round 2 on:
 * "A" puts them on side 1, "B" on side 2.
 */
export function chooseRole(state: TournamentState, gameId: string, playerId: string, role: "A" | "B"): TournamentState {
  const loc = parseGameId(gameId);
  const round = state.rounds[(loc?.round ?? 0) - 1];
  const index = state.rounds.length - 1;
  const group = loc?.kind === "g" && round ? vecAt(round.groups, loc.container - 1) : undefined;
  const game = loc && group ? vecAt(group.games, loc.n - 1) : undefined;
  if (!loc || !round || !group || !game) throw new FormatError(`unknown game id ${JSON.stringify(gameId)}`);
  if (loc.round - 1 !== index || state.status === "finished") throw new FormatError(`game ${gameId} is not in the current round`);
  if (game.result || game.void) throw new FormatError(`game ${gameId} has already been played`);
  if (game.chooser !== playerId) {
    throw new FormatError(game.chooser ? `only ${game.chooser}, the higher seed, chooses the roles of ${gameId}` : `the roles of ${gameId} are fixed`);
  }
  const other = game.side1 === playerId ? game.side2 : game.side1;
  // The choice is made once: without a chooser, the roles are settled.
  const { chooser: _settled, ...rest } = game;
  const updated: Game = { ...rest, side1: role === "A" ? playerId : other, side2: role === "A" ? other : playerId };
  const groups = vecSet(round.groups, loc.container - 1, { ...group, games: vecSet(group.games, loc.n - 1, updated) });
  const rounds = state.rounds.slice();
  rounds[index] = { ...round, groups };
  return { ...state, rounds };
}
