// Group elimination ("groups"), the tafl community's format (FORMATS.md §1).
//
// Each round orders the remaining players by their current rating (ties drawn at
// random, recorded), cuts them into groups from the top (fixed size with the split
// rule, or balanced sizes), and every pair in a group plays gamesPerPair games on
// each side, all released at once. Win 2, draw 1, loss 0; everyone on the group's
// top score goes on. The round after is planned the moment the last result of a
// round arrives, with the ratings passed to recordResults / withdraw (options.
// ratings); players the caller does not rate keep their previous rating.
//
// Ends: one player left => champion; every group fully tied on wins/draws/losses
// => all remaining are joint champions; **Decision** (rule book): two consecutive
// rounds without an elimination => joint champions. Each other round eliminates at
// least one player, so the tournament always terminates.
//
// Choices where the rule book is silent (see docs/formats.md):
// - A withdrawn player forfeits their unplayed games, never advances, and does not
//   count for "nobody could be separated"; the top score is taken among the others.
// - If every player of a round withdrew, the tournament ends without a champion.
// - Tournament standings: champions first, then by the last round reached, then by
//   the score percentage in that round's group, then wins; equal rows share a rank.

import type { z } from "zod";
import {
  begin,
  closeIfDone,
  draftOf,
  finish,
  gamesOf,
  groupGameId,
  groupsOf,
  lastKnownRatings,
  orderByRating,
  playerIndex,
  ratingLookup,
  recordResults,
  resumePrng,
  groupTallies,
  withdrawnSet,
  withdrawByForfeit,
  statusLookup,
  type DraftRound,
  type PlayerStatus,
  type DraftState,
  type RoundHooks,
  type Tally,
} from "../core";
import { GAME_FAMILIES } from "../game-types";
import { rankByKeys, rankSteps, runSteps, type RankEntry, type RankKey } from "../standings";
import { setting, settingsSchema } from "../settings";
import { clinchMarks, type ClinchInput } from "../clinch";
import { DETAILED_TABLES, memoTable, pickGroups, splitGames, type ClinchTable } from "../clinch-tables";
import { vec, vecAt, vecChanges, vecSize } from "../vec";
import type { EngineEvent, Format, Game, Group, GroupStanding, PlanOptions, Player, Round, Standings, TournamentState } from "../types";
import { FormatError } from "../types";

/** Group elimination's settings: how the groups are cut and how many games a pair plays. */
export const groupsSettings = settingsSchema({
  partition: setting.choice({
    label: "Groups",
    what: "partition",
    options: { fixed: "Fixed size (split the last group)", balanced: "Balanced (at most N per group)" },
    default: "fixed",
  }),
  groupSize: setting.integer({
    label: "Group size",
    what: "group size",
    hint: "2–16",
    min: 2,
    max: 16,
    default: 4,
    shownWhen: { key: "partition", value: "fixed" },
  }),
  maxGroupSize: setting.integer({
    label: "Largest group",
    what: "maximum group size",
    hint: "2–16",
    min: 2,
    max: 16,
    default: 8,
    shownWhen: { key: "partition", value: "balanced" },
  }),
  gamesPerPair: setting.integer({ label: "Games per pair on each side", what: "games per pair on each side", min: 1, max: 10, default: 1 }),
});
export type GroupsSettings = Readonly<z.output<typeof groupsSettings>>;

/** Upper bound on entrants; far above any real event, it keeps ids and memory sane. */
const MAX_PLAYERS = 1_000_000;

/**
 * Fixed partition: groups of g from the top; a short group left at the bottom is
 * merged with the one above and the merged set split in two, larger half on top.
 */
export function fixedGroupSizes(n: number, g: number): number[] {
  if (n <= g) return [n];
  const full = Math.floor(n / g);
  const rest = n % g;
  if (rest === 0) return new Array<number>(full).fill(g);
  const merged = g + rest;
  return [...new Array<number>(full - 1).fill(g), Math.ceil(merged / 2), Math.floor(merged / 2)];
}

/** Balanced partition: ceil(n/m) groups, sizes as equal as possible, larger first. */
export function balancedGroupSizes(n: number, m: number): number[] {
  const k = Math.ceil(n / m);
  const base = Math.floor(n / k);
  const extra = n % k;
  return Array.from({ length: k }, (_, i) => (i < extra ? base + 1 : base));
}

export function groupSizes(n: number, settings: GroupsSettings): number[] {
  return settings.partition === "balanced" ? balancedGroupSizes(n, settings.maxGroupSize) : fixedGroupSizes(n, settings.groupSize);
}

/**
 * Groups judged, or planned, per step of a round's close in steps (closeHeldRoundSteps):
 * a 100,000-player round has 25,000 groups.
 */
const STEP_GROUPS = 2500;

/** Plans one round: groups cut top-down from the seed order, double round robin in each. */
export function planGroupsRound(number: number, seeds: readonly string[], ratings: readonly number[], settings: GroupsSettings): Round {
  return runSteps(planGroupsRoundSteps(number, seeds, ratings, settings));
}

/** planGroupsRound, yielding every STEP_GROUPS groups. */
function* planGroupsRoundSteps(number: number, seeds: readonly string[], ratings: readonly number[], settings: GroupsSettings): Generator<void, Round> {
  const sizes = groupSizes(seeds.length, settings);
  const groups: Group[] = [];
  let pending = 0;
  let start = 0;
  for (let gi = 0; gi < sizes.length; gi++) {
    const size = sizes[gi] as number;
    const players = seeds.slice(start, start + size);
    start += size;
    // A 100,000-player round creates up to 700,000 games: the array is allocated
    // at its final size and each game is one small object.
    const games = new Array<Game>(size * (size - 1) * settings.gamesPerPair);
    let n = 0;
    for (let rep = 0; rep < settings.gamesPerPair; rep++) {
      for (let a = 0; a < size; a++) {
        for (let b = a + 1; b < size; b++) {
          const pa = players[a] as string;
          const pb = players[b] as string;
          games[n] = { side1: pa, side2: pb };
          games[n + 1] = { side1: pb, side2: pa };
          n += 2;
        }
      }
    }
    pending += games.length;
    groups.push({ name: `Group ${gi + 1}`, players, games: vec(games) });
    if ((gi + 1) % STEP_GROUPS === 0) yield;
  }
  return { number, name: `Round ${number}`, seeds: seeds.slice(), ratings: ratings.slice(), groups: vec(groups), pending, status: "playing" };
}

const score = (t: Tally): number => 2 * t.wins + t.draws;

interface GroupOutcome {
  advanced: string[];
  eliminated: string[];
  /** Every remaining player has the same wins, draws and losses as the rest of the group. */
  inseparable: boolean;
}

/**
 * The group's outcome from its tallies, remembered per group (groupTallies; the close
 * of a round runs once every game of it is recorded, so no group of it changes after):
 * at 100,000 players, tallying the 25,000 groups here held the process for a tenth of
 * a second, and the close now has them done ahead in slices (warmRoundTallies), as the
 * standings read them. `blackSide` is the standings' (the score does not depend on it).
 */
function judgeGroup(group: Group, withdrawn: ReadonlySet<string>, blackSide: 1 | 2): GroupOutcome {
  const { players } = group;
  const tallies = groupTallies(group, blackSide);
  const remaining = players.filter((p) => !withdrawn.has(p));
  let top = -Infinity;
  for (const p of remaining) top = Math.max(top, score(tallies.get(p) as Tally));
  const advanced = remaining.filter((p) => score(tallies.get(p) as Tally) === top);
  const eliminated = remaining.filter((p) => score(tallies.get(p) as Tally) !== top);
  const first = remaining[0] ? (tallies.get(remaining[0]) as Tally) : null;
  const inseparable = remaining.every((p) => {
    const t = tallies.get(p) as Tally;
    return first !== null && t.wins === first.wins && t.draws === first.draws && t.losses === first.losses;
  });
  return { advanced, eliminated, inseparable };
}

const hooks: RoundHooks<"groups"> = {
  closeRound(s, options, events) {
    runSteps(closeRoundSteps(s, options, events));
  },
};

/** The hooks' closeRound, yielding every STEP_GROUPS groups judged or planned (closeHeldRoundSteps). */
function* closeRoundSteps(s: DraftState<"groups">, options: PlanOptions, events: EngineEvent[]): Generator<void, void> {
  const index = s.rounds.length - 1;
  const round = s.rounds[index] as DraftRound;
  const withdrawn = withdrawnSet(s as TournamentState);
  const blackSide = GAME_FAMILIES[s.gameType].blackSide;
  const advanced: string[] = [];
  const eliminated: string[] = [];
  let inseparable = true;
  let judged = 0;
  for (const group of groupsOf(round as Round)) {
    const o = judgeGroup(group, withdrawn, blackSide);
    advanced.push(...o.advanced);
    eliminated.push(...o.eliminated);
    inseparable &&= o.inseparable;
    if (++judged % STEP_GROUPS === 0) yield;
  }
  s.rounds[index] = { ...round, status: "complete", advanced, eliminated };
  events.push({ type: "round-complete", round: round.number });

  if (advanced.length <= 1) return finish(s, advanced, events);
  if (inseparable) {
    s.audit.push({ round: round.number, what: "end of the tournament", decided: `nobody could be separated: ${advanced.length} joint champions` });
    return finish(s, advanced, events);
  }
  s.roundsWithoutElimination = eliminated.length === 0 ? s.roundsWithoutElimination + 1 : 0;
  if (s.roundsWithoutElimination >= 2) {
    s.audit.push({
      round: round.number,
      what: "end of the tournament",
      decided: `two consecutive rounds eliminated nobody: ${advanced.length} joint champions`,
    });
    return finish(s, advanced, events);
  }
  yield* planNext(s, advanced, options, events);
}

function* planNext(s: DraftState<"groups">, players: readonly string[], options: PlanOptions, events: EngineEvent[]): Generator<void, void> {
  const number = s.rounds.length + 1;
  const ratingOf = ratingLookup(options.ratings, lastKnownRatings(s as TournamentState));
  const { rng, store } = resumePrng(s);
  const { seeds, ratings } = orderByRating(players, ratingOf, rng, s.audit, number);
  store();
  yield;
  s.rounds.push((yield* planGroupsRoundSteps(number, seeds, ratings, s.settings)) as DraftRound);
  events.push({ type: "round-released", round: number });
}

/**
 * What a player's status depends on besides their round: the state's champions and
 * withdrawals (lists shared by every version until they change) and the round's
 * completion. Entries remembered with another context are made again.
 */
interface StatusContext {
  readonly champions: readonly string[];
  readonly withdrawals: TournamentState["withdrawals"];
  /** One statusLookup for the whole call (it builds sets of the champions, withdrawals and each round's advanced). */
  readonly lookup: () => ReturnType<typeof statusLookup>;
}
function statusContext(state: TournamentState): StatusContext {
  let lookup: ReturnType<typeof statusLookup> | undefined;
  return { champions: state.champions, withdrawals: state.withdrawals, lookup: () => (lookup ??= statusLookup(state)) };
}

interface RememberedEntries {
  readonly champions: readonly string[];
  readonly withdrawals: TournamentState["withdrawals"];
  readonly roundStatus: Round["status"];
  readonly advanced: Round["advanced"];
  readonly blackSide: 1 | 2;
  readonly entries: readonly RankEntry[];
}
const entriesByGroup = new WeakMap<Group, RememberedEntries>();

/** The tournament-standings entries of a group's players, as if this round were their last (group.players order). */
function groupEntries(state: TournamentState, round: Round, group: Group, context: StatusContext): readonly RankEntry[] {
  const blackSide = GAME_FAMILIES[state.gameType].blackSide;
  const hit = entriesByGroup.get(group);
  if (
    hit &&
    hit.champions === context.champions &&
    hit.withdrawals === context.withdrawals &&
    hit.roundStatus === round.status &&
    hit.advanced === round.advanced &&
    hit.blackSide === blackSide
  ) {
    return hit.entries;
  }
  const { status, isChampion } = context.lookup();
  const tallies = groupTallies(group, blackSide);
  const entries = group.players.map((p): RankEntry => {
    const t = tallies.get(p) as Tally;
    const played = t.played;
    return {
      player: p,
      status: status(p, round),
      values: {
        champion: isChampion(p) ? 1 : 0,
        round: round.number,
        percent: played > 0 ? Math.round((score(t) / (2 * played)) * 10000) / 100 : 0,
        wins: t.wins,
      },
    };
  });
  entriesByGroup.set(group, {
    champions: context.champions,
    withdrawals: context.withdrawals,
    roundStatus: round.status,
    advanced: round.advanced,
    blackSide,
    entries,
  });
  return entries;
}

/** Positions in state.players of a group's players, remembered per group player list (shared by a group's versions). */
const groupIndexes = new WeakMap<readonly string[], { readonly of: readonly Player[]; readonly at: Int32Array }>();
function seedIndexes(state: TournamentState, players: readonly string[]): Int32Array {
  const hit = groupIndexes.get(players);
  if (hit && hit.of === state.players) return hit.at;
  const index = playerIndex(state);
  const at = new Int32Array(players.length);
  for (let j = 0; j < players.length; j++) at[j] = index.get(players[j] as string) ?? -1;
  groupIndexes.set(players, { of: state.players, at });
  return at;
}

/** One group's standing in its round. */
function standingOf(state: TournamentState, round: Round, group: Group, status: (player: string, round: Round) => PlayerStatus): GroupStanding {
  const tallies = groupTallies(group, GAME_FAMILIES[state.gameType].blackSide);
  const entries = group.players.map((p): RankEntry => {
    const t = tallies.get(p) as Tally;
    return {
      player: p,
      status: status(p, round),
      values: { score: score(t), wins: t.wins, draws: t.draws, losses: t.losses, played: t.played },
    };
  });
  return { name: group.name, rows: rankByKeys(entries, ROUND_KEYS) };
}

/**
 * What a standings table was made of: its state's rounds, what every player's status
 * depends on, and the entries by player index (state.players order).
 */
interface Assembly {
  readonly players: TournamentState["players"];
  readonly rounds: readonly Round[];
  readonly champions: readonly string[];
  readonly withdrawals: TournamentState["withdrawals"];
  readonly blackSide: 1 | 2;
  readonly entries: readonly RankEntry[];
}
const assembled = new WeakMap<Standings, Assembly>();

const assembly = (state: TournamentState, context: StatusContext, entries: readonly RankEntry[]): Assembly => ({
  players: state.players,
  rounds: state.rounds,
  champions: context.champions,
  withdrawals: context.withdrawals,
  blackSide: GAME_FAMILIES[state.gameType].blackSide,
  entries,
});

/** More groups than this share changed (a sixteenth of the last round's) and every group is read again. */
const CHANGED_SHARE = 16;

/**
 * The indexes of the last round's groups that differ from `before`'s, when that is all
 * that differs (the same players, rounds before it, statuses and the round's state);
 * null otherwise, or when many changed.
 */
function changedGroups(state: TournamentState, context: StatusContext, before: Assembly): number[] | null {
  const last = state.rounds.length - 1;
  if (
    last < 0 ||
    before.players !== state.players ||
    before.rounds.length !== state.rounds.length ||
    before.champions !== context.champions ||
    before.withdrawals !== context.withdrawals ||
    before.blackSide !== GAME_FAMILIES[state.gameType].blackSide
  ) {
    return null;
  }
  for (let r = 0; r < last; r++) if (before.rounds[r] !== state.rounds[r]) return null;
  const was = before.rounds[last] as Round;
  const round = state.rounds[last] as Round;
  if (was.number !== round.number || was.status !== round.status || was.advanced !== round.advanced) return null;
  return vecChanges(was.groups, round.groups, Math.ceil(vecSize(round.groups) / CHANGED_SHARE));
}

/** Writes a group's entries (groupEntries) at its players' places in `entries` (state.players order). */
function placeGroup(entries: (RankEntry | undefined)[], state: TournamentState, round: Round, group: Group, context: StatusContext): void {
  const made = groupEntries(state, round, group, context);
  const at = seedIndexes(state, group.players);
  for (let j = 0; j < at.length; j++) if ((at[j] as number) >= 0) entries[at[j] as number] = made[j];
}

/** `before`'s entries with those of the last round's groups at `changed` made again. */
function entriesAfter(state: TournamentState, context: StatusContext, before: Assembly, changed: readonly number[]): RankEntry[] {
  const entries = before.entries.slice();
  const round = state.rounds.at(-1) as Round;
  for (const k of changed) placeGroup(entries, state, round, vecAt(round.groups, k) as Group, context);
  return entries;
}

/**
 * The standings, in steps (Format.standingsSteps). Each player's entry comes from their
 * last round. Entries are remembered per group object (groupEntries): after a result
 * only the touched group's four entries are made again, the other 24,999 groups' are
 * reused; and with the previous version's table, only the groups that changed are
 * looked at at all.
 */
function* standingsSteps(state: TournamentState, previous?: Standings): Generator<void, Standings> {
  const context = statusContext(state);
  const before = previous ? assembled.get(previous) : undefined;
  const changed = before ? changedGroups(state, context, before) : null;
  const entries = before && changed ? entriesAfter(state, context, before, changed) : yield* allEntries(state, context);
  const table = yield* rankSteps(entries, TOURNAMENT_KEYS, previous);
  if (!assembled.has(table)) assembled.set(table, assembly(state, context, entries));
  return table;
}

/**
 * Every player's entry, from their last round's group, a group a step: when every group
 * is new to the process (a restart, a snapshot just read), making their entries took
 * half a second at 100,000 players.
 */
function* allEntries(state: TournamentState, context: StatusContext): Generator<void, RankEntry[]> {
  const n = state.players.length;
  const entries = new Array<RankEntry | undefined>(n);
  for (const round of state.rounds) {
    for (const group of groupsOf(round)) {
      placeGroup(entries, state, round, group, context);
      yield;
    }
  }
  const first = state.rounds[0] as Round;
  const { status, isChampion } = context.lookup();
  // Anyone in no group (not expected in this format) keeps an empty record in round 1.
  for (let i = 0; i < n; i++) {
    if (entries[i]) continue;
    const id = (state.players[i] as Player).id;
    entries[i] = { player: id, status: status(id, first), values: { champion: isChampion(id) ? 1 : 0, round: first.number, percent: 0, wins: 0 } };
  }
  return entries as RankEntry[];
}

const ROUND_KEYS: readonly RankKey[] = [
  { name: "score", label: "score", better: "high" },
  { name: "wins", label: "wins", better: "high" },
];

const TOURNAMENT_KEYS: readonly RankKey[] = [
  { name: "champion", label: "titles", better: "high" },
  { name: "round", label: "rounds reached", better: "high" },
  { name: "percent", label: "score % in that round", better: "high" },
  { name: "wins", label: "wins in that round", better: "high" },
];

export const groupsFormat: Format<"groups", GroupsSettings> = {
  name: "groups",
  title: "Group elimination",
  defaultGameType: "tafl",
  label: "Group elimination",
  noun: "group elimination",
  settings: groupsSettings,
  minPlayers: 2,
  maxPlayers: MAX_PLAYERS,

  start(players, settings, seed, options) {
    const { state, rng, seeds, ratings } = begin(groupsFormat, players, settings, seed, options);
    state.rounds.push(planGroupsRound(1, seeds, ratings, state.settings) as DraftRound);
    state.prng = rng.state;
    const events: EngineEvent[] = [];
    closeIfDone(state, hooks, {}, events);
    return state as TournamentState<"groups">;
  },

  recordResults(state, results, options) {
    return recordResults(state, results, hooks, options);
  },

  *closeHeldRoundSteps(state, options) {
    const round = state.rounds.at(-1);
    if (state.status !== "playing" || round?.status !== "playing" || round.pending !== 0) throw new FormatError("the current round is not complete and open");
    const s = draftOf(state);
    const events: EngineEvent[] = [];
    yield* closeRoundSteps(s, options, events);
    return { state: s as TournamentState<"groups">, events };
  },

  withdraw(state, playerId, options = {}) {
    return withdrawByForfeit(state, playerId, hooks, options);
  },

  standings(state, previous) {
    return runSteps(standingsSteps(state, previous));
  },

  standingsSteps,

  roundStandings(state, roundNumber) {
    const round = state.rounds[roundNumber - 1];
    if (!round) throw new FormatError(`there is no round ${roundNumber}`);
    const { status } = statusLookup(state);
    return groupsOf(round).map((group) => standingOf(state, round, group, status));
  },

  // Everyone on the group's top score goes on: one place qualifies, scored win 2 / draw 1.
  clinchTables(state, round, only) {
    const withdrawn = withdrawnSet(state);
    return pickGroups(round, only).map(({ group, gi }) => {
      const players = group.players.filter((p) => !withdrawn.has(p));
      const details = gi < DETAILED_TABLES;
      return memoTable(group.games, `${round.number}/${gi}/${details}/${players.join(",")}`, (): ClinchTable => {
        const input: ClinchInput = {
          players,
          ...splitGames(gamesOf(group), (n) => groupGameId(round.number, gi + 1, n)),
          drawsPossible: GAME_FAMILIES[state.gameType].drawsPossible,
          rule: { kind: "points", points: { win: 2, draw: 1, loss: 0 }, tiebreaks: [], blackSide: GAME_FAMILIES[state.gameType].blackSide, places: 1 },
          details,
        };
        return { round: round.number, group: group.name, goal: "advance", places: 1, remaining: input.remaining.length, marks: clinchMarks(input) };
      });
    });
  },

  groupStanding(state, roundNumber, groupIndex) {
    const round = state.rounds[roundNumber - 1];
    if (!round) throw new FormatError(`there is no round ${roundNumber}`);
    const group = vecAt(round.groups, groupIndex);
    return group && standingOf(state, round, group, statusLookup(state).status);
  },
};
