// Side balance: how often each side wins, for games where the two sides differ
// (tafl: attackers against defenders), so organizers and players can see whether
// the sides are balanced: a tournament's totals and each player's record per side.

import { gamesOf, groupsOf, phasesOf, roundGames } from "./core";
import type { Game, Group, GameResult, Phase, Round, TournamentState } from "./types";

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
  players(): string[];
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

function addRecord(to: SideRecord, from: SideRecord): void {
  to.wins += from.wins;
  to.draws += from.draws;
  to.losses += from.losses;
}

/**
 * How many of the containers each player has a decided game in, kept per player list
 * (a tournament's versions share it) and brought up to date from the containers the
 * last reading saw: a result replaces one group, so a new version adds one group's
 * players and takes away the replaced group's, instead of going through all 25,000
 * groups and 100,000 players of a 100,000-player round (a fifth of a second at each
 * version).
 */
interface PlayedCounts {
  containers: Set<Group | Phase>;
  counts: Map<string, number>;
}
const playedMemo = new WeakMap<TournamentState["players"], PlayedCounts>();
function playedCounts(state: TournamentState, containers: readonly (Group | Phase)[]): ReadonlyMap<string, number> {
  let memo = playedMemo.get(state.players);
  if (!memo) playedMemo.set(state.players, (memo = { containers: new Set(), counts: new Map() }));
  const { counts } = memo;
  const now = new Set(containers);
  const step = (c: Group | Phase, by: number) => {
    for (const p of containerBalance(c).players.keys()) counts.set(p, (counts.get(p) ?? 0) + by);
  };
  for (const c of memo.containers) if (!now.has(c)) step(c, -1);
  for (const c of now) if (!memo.containers.has(c)) step(c, 1);
  memo.containers = now;
  return counts;
}

/**
 * Counts each group's and phase's balance ahead, one at a time, yielding after each: the
 * caller lets other work run between steps (the tournament page, when every group is
 * new to the process), and sideBalanceReader then finds every count remembered.
 */
export function* warmSideBalances(state: TournamentState): Generator<void> {
  for (const round of state.rounds) {
    for (const c of [...groupsOf(round), ...phasesOf(round)]) {
      containerBalance(c);
      yield;
    }
  }
}

export function sideBalanceReader(state: TournamentState): SideBalanceReader {
  const sides: [SideRecord, SideRecord] = [empty(), empty()];
  let games = 0;
  const rounds = state.rounds.map((round) => ({ round, groups: groupsOf(round), phases: phasesOf(round) }));
  for (const { groups, phases } of rounds) {
    for (const c of [...groups, ...phases]) {
      const b = containerBalance(c);
      games += b.games;
      addRecord(sides[0], b.sides[0]);
      addRecord(sides[1], b.sides[1]);
    }
  }
  return {
    games,
    sides,
    players() {
      const counts = playedCounts(
        state,
        rounds.flatMap(({ groups, phases }) => [...groups, ...phases]),
      );
      return state.players.filter((p) => (counts.get(p.id) ?? 0) > 0).map((p) => p.id);
    },
    record(player) {
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
