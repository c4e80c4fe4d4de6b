// Side balance: how often each side wins, for games where the two sides differ
// (tafl: attackers against defenders), so organizers and players can see whether
// the sides are balanced: a tournament's totals and each player's record per side.

import { gamesOf, groupsOf, phasesOf, playerIndex, roundGames } from "./core";
import type { Game, Group, GameResult, Phase, Round, TournamentState } from "./types";
import { runSteps } from "./standings";
import { vecAt, vecChanges, vecSize } from "./vec";

/** Wins, draws and losses of one side (or of one player on one side). */
export interface SideRecord {
  wins: number;
  draws: number;
  losses: number;
}

export interface SideBalance {
  /** Games with a result (void games left out). */
  readonly games: number;
  /** Index 0: side 1, index 1: side 2 (wins of a side are the other side's losses). */
  readonly sides: readonly [SideRecord, SideRecord];
  /** Each player's record on side 1 and on side 2. */
  readonly players: ReadonlyMap<string, readonly [SideRecord, SideRecord]>;
}

const empty = (): SideRecord => ({ wins: 0, draws: 0, losses: 0 });

function add(record: SideRecord, outcome: GameResult, side: 1 | 2): void {
  if (outcome === "draw") record.draws++;
  else if ((outcome === "1-0") === (side === 1)) record.wins++;
  else record.losses++;
}

/** Counts decided games by side. */
export function sideBalance(games: Iterable<Pick<Game, "side1" | "side2" | "result" | "void">>): SideBalance {
  const sides: [SideRecord, SideRecord] = [empty(), empty()];
  const players = new Map<string, [SideRecord, SideRecord]>();
  const of = (id: string) => {
    let r = players.get(id);
    if (!r) players.set(id, (r = [empty(), empty()]));
    return r;
  };
  let count = 0;
  for (const g of games) {
    if (!g.result || g.void) continue;
    count++;
    add(sides[0], g.result.outcome, 1);
    add(sides[1], g.result.outcome, 2);
    add(of(g.side1)[0], g.result.outcome, 1);
    add(of(g.side2)[1], g.result.outcome, 2);
  }
  return { games: count, sides, players };
}

/** Every played game of the tournament, all rounds. */
export function tournamentSideBalance(state: TournamentState): SideBalance {
  return sideBalance(state.rounds.flatMap((r) => [...roundGames(r)]));
}

/**
 * What tournamentSideBalance says, read without counting every game again: each
 * group's (or phase's) balance is remembered per group object, and a result
 * replaces only the group it touches, so after a result one group is counted. The
 * totals add up the groups; a player's record adds up the groups they played in.
 */
export interface SideBalanceReader {
  readonly games: number;
  readonly sides: readonly [SideRecord, SideRecord];
  /** The player's record on side 1 and side 2, or undefined without a decided game. */
  record(player: string): readonly [SideRecord, SideRecord] | undefined;
  /** Everyone with a decided game, in the order of state.players. */
  players(): readonly string[];
}

const containerBalances = new WeakMap<Group | Phase, SideBalance>();
function containerBalance(container: Group | Phase): SideBalance {
  let b = containerBalances.get(container);
  if (!b) containerBalances.set(container, (b = sideBalance(gamesOf(container))));
  return b;
}

/**
 * Which group of a round each player is in, remembered per seed list (a round's
 * copies after results share it). Checked on use: a wrong or missing entry falls
 * back to looking through the groups (the groups are cut from the seeds, so a player
 * not in the index is not in the round).
 */
const groupIndexes = new WeakMap<readonly string[], Map<string, number>>();
function groupsWith(round: Round, groups: readonly Group[], player: string): readonly Group[] {
  let index = groupIndexes.get(round.seeds);
  if (!index) {
    index = new Map();
    groups.forEach((g, i) => g.players.forEach((p) => index!.set(p, i)));
    groupIndexes.set(round.seeds, index);
  }
  const at = index.get(player);
  if (at === undefined) return []; // not in this round
  const group = groups[at];
  if (group?.players.includes(player)) return [group];
  return groups.filter((g) => g.players.includes(player));
}

/** Adds `from` to `to` (`by` -1: takes it away). */
function addRecord(to: SideRecord, from: SideRecord, by: 1 | -1 = 1): void {
  to.wins += by * from.wins;
  to.draws += by * from.draws;
  to.losses += by * from.losses;
}

/**
 * The totals and the players with a decided game, kept per player list (a
 * tournament's versions share it) for the version read last, and brought to the
 * version asked for from the containers that differ: a result replaces one group,
 * so a new version counts one group's players out and one in (a close counts in the
 * groups of the round it releases), instead of going through all 25,000 groups and
 * 100,000 players of a 100,000-player round (a tenth of a second at each version). `played` is never changed after it is handed out.
 */
interface Tally {
  readonly rounds: readonly Round[];
  readonly games: number;
  readonly sides: readonly [SideRecord, SideRecord];
  /** How many containers each player has a decided game in (moved on to the next version's tally). */
  readonly counts: Map<string, number>;
  /** Everyone with a decided game, in the order of state.players. */
  readonly played: readonly string[];
}
const tallies = new WeakMap<TournamentState["players"], Tally>();

/** More containers than this share of a round changed and the tally is made again. */
const CHANGED_SHARE = 16;

/** A container counted out (`was`), in (`now`), or replaced. */
type Change = { was?: Group | Phase; now?: Group | Phase };

/**
 * The containers that differ between the versions' rounds: those of rounds released
 * or dropped since (a round's close adds the next round's groups), and those replaced
 * in a round the two share (a result replaces one group; a close changes the round's
 * status, not its groups). Null when many of a shared round's containers differ.
 */
function changedContainers(before: readonly Round[], rounds: readonly Round[]): Change[] | null {
  const changes: Change[] = [];
  const shared = Math.min(before.length, rounds.length);
  for (let r = 0; r < shared; r++) {
    const was = before[r] as Round;
    const round = rounds[r] as Round;
    if (was === round) continue;
    if (!was.phases !== !round.phases) return null;
    const limit = Math.ceil((vecSize(round.groups) + (round.phases ? vecSize(round.phases) : 0)) / CHANGED_SHARE);
    const groups = vecChanges(was.groups, round.groups, limit);
    const phases = was.phases && round.phases ? vecChanges(was.phases, round.phases, limit) : [];
    if (!groups || !phases) return null;
    for (const k of groups) changes.push({ was: vecAt(was.groups, k) as Group, now: vecAt(round.groups, k) as Group });
    for (const k of phases) changes.push({ was: vecAt(was.phases!, k) as Phase, now: vecAt(round.phases!, k) as Phase });
  }
  for (const round of rounds.slice(shared)) for (const now of [...groupsOf(round), ...phasesOf(round)]) changes.push({ now });
  for (const round of before.slice(shared)) for (const was of [...groupsOf(round), ...phasesOf(round)]) changes.push({ was });
  return changes;
}

function addSides(to: [SideRecord, SideRecord], b: SideBalance, by: 1 | -1): void {
  addRecord(to[0], b.sides[0], by);
  addRecord(to[1], b.sides[1], by);
}

/** Players looked up per step of countFromScratch's played list. */
const PLAYERS_A_STEP = 8192;

/** The tally of `state` counted from every container, one container a step, then its played list, PLAYERS_A_STEP players a step. */
function* countFromScratch(state: TournamentState): Generator<void, Tally> {
  const sides: [SideRecord, SideRecord] = [empty(), empty()];
  const counts = new Map<string, number>();
  let games = 0;
  for (const round of state.rounds) {
    for (const c of [...groupsOf(round), ...phasesOf(round)]) {
      const b = containerBalance(c);
      games += b.games;
      addSides(sides, b, 1);
      for (const p of b.players.keys()) counts.set(p, (counts.get(p) ?? 0) + 1);
      yield;
    }
  }
  const played: string[] = [];
  for (let i = 0; i < state.players.length; i++) {
    const p = state.players[i]!;
    if ((counts.get(p.id) ?? 0) > 0) played.push(p.id);
    // 100,000 players' lookups are tens of milliseconds: steps of them.
    if (i % PLAYERS_A_STEP === PLAYERS_A_STEP - 1) yield;
  }
  return { rounds: state.rounds, games, sides, counts, played };
}

const tallyFromScratch = (state: TournamentState): Tally => runSteps(countFromScratch(state));

/** The tally of `state`: the kept one moved on to it where only some containers differ, else made again. */
function tallyOf(state: TournamentState): Tally {
  const kept = tallies.get(state.players);
  if (kept?.rounds === state.rounds) return kept;
  const changed = kept ? changedContainers(kept.rounds, state.rounds) : null;
  if (!kept || !changed) {
    const made = tallyFromScratch(state);
    tallies.set(state.players, made);
    return made;
  }
  const { counts } = kept;
  const sides: [SideRecord, SideRecord] = [{ ...kept.sides[0] }, { ...kept.sides[1] }];
  let games = kept.games;
  // The counts before of the players counted again: the played list changes only for those now at zero or no longer.
  const before = new Map<string, number>();
  const step = (c: Group | Phase, by: 1 | -1) => {
    const b = containerBalance(c);
    games += by * b.games;
    addSides(sides, b, by);
    for (const p of b.players.keys()) {
      const was = counts.get(p) ?? 0;
      if (!before.has(p)) before.set(p, was);
      counts.set(p, was + by);
    }
  };
  for (const { was, now } of changed) {
    if (was) step(was, -1);
    if (now) step(now, 1);
  }
  let played = kept.played;
  const entered = [...before].filter(([p, was]) => was === 0 && (counts.get(p) ?? 0) > 0).map(([p]) => p);
  const left = new Set([...before].filter(([p, was]) => was > 0 && (counts.get(p) ?? 0) === 0).map(([p]) => p));
  if (entered.length > 0 || left.size > 0) {
    const index = playerIndex(state);
    const at = (p: string) => index.get(p) ?? -1;
    const next = left.size > 0 ? played.filter((p) => !left.has(p)) : played.slice();
    for (const p of entered.sort((a, b) => at(a) - at(b))) {
      // Binary search for its place among those in state.players order.
      let lo = 0;
      let hi = next.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (at(next[mid] as string) < at(p)) lo = mid + 1;
        else hi = mid;
      }
      next.splice(lo, 0, p);
    }
    played = next;
  }
  const moved: Tally = { rounds: state.rounds, games, sides, counts, played };
  tallies.set(state.players, moved);
  return moved;
}

/**
 * What sideBalanceReader needs, done ahead one group or phase at a time, yielding after
 * each: the caller lets other work run between steps (the tournament page, when every
 * group is new to the process, or a round's close read ahead). With no kept tally
 * a few groups away, the tally is counted here from every group and kept for this
 * version (at 100,000 players, counted at once it held the process 0.1 s); otherwise
 * only the groups the kept tally will count in are balanced.
 */
export function* warmSideBalances(state: TournamentState): Generator<void> {
  const kept = tallies.get(state.players);
  if (kept?.rounds === state.rounds) return;
  const changed = kept ? changedContainers(kept.rounds, state.rounds) : null;
  if (!changed) {
    tallies.set(state.players, yield* countFromScratch(state));
    return;
  }
  for (const { now } of changed) {
    if (!now) continue;
    containerBalance(now);
    yield;
  }
}

export function sideBalanceReader(state: TournamentState): SideBalanceReader {
  const { games, sides, played } = tallyOf(state);
  // Listed on the first record asked for: a page asks for a few.
  let rounds: { round: Round; groups: readonly Group[]; phases: readonly Phase[] }[] | undefined;
  return {
    games,
    sides,
    players: () => played,
    record(player) {
      rounds ??= state.rounds.map((round) => ({ round, groups: groupsOf(round), phases: phasesOf(round) }));
      let out: [SideRecord, SideRecord] | undefined;
      for (const { round, groups, phases } of rounds) {
        for (const c of [...groupsWith(round, groups, player), ...phases]) {
          const r = containerBalance(c).players.get(player);
          if (!r) continue;
          out ??= [empty(), empty()];
          addRecord(out[0], r[0]);
          addRecord(out[1], r[1]);
        }
      }
      return out;
    },
  };
}

/** Score of a record (win 1, draw ½) as a percentage of its games; null without games. */
export function scorePercent(r: SideRecord): number | null {
  const n = r.wins + r.draws + r.losses;
  return n === 0 ? null : Math.round(((r.wins + r.draws / 2) / n) * 1000) / 10;
}
