// Single and double elimination (docs/formats.md, "Elimination"): a bracket of the
// smallest power of two holding the field (bracket.ts), the players seeded by the
// game's rating at the start (ties in random order, audited), byes to the highest
// seeds, matches of one game or best of N (match.ts), a losers' bracket and a grand
// final with an optional reset for double elimination.
//
// How it sits on the engine's shapes: each engine round is a barrier (bracket.ts
// says which bracket rounds it plays); each match is a group named after its place
// ("W2-3", "L4-1", "Grand final", "Grand final reset") whose players are its two
// slots in bracket order, or one player for a bye; a match with no player at all
// has no group. A match between two players still in starts with its first wave of
// games; a walkover (an opponent who withdrew) has none. A drawn game of a one-game
// match is replayed at once (`reshapesRound`, as the staged knockouts do); further
// games of longer matches come when the round's released games are all played,
// since only a draw tells the server to fold its result log at once.
//
// Places: by how far each player got. A player knocked out in a round (single:
// winners' round r; double: losers' round r, or the grand final) is placed with the
// others knocked out in that round, sharing the place ("5="): they lost to different
// opponents, and no tiebreak would say more than the seeding did. Players still in
// rank above them, unbeaten ones above those with a loss.
//
// Withdrawals: the player's unplayed games of the current round are forfeited, an
// undecided match of theirs is lost (match.ts), and every later match of theirs is a
// walkover for the opponent. The player is placed where that walkover knocks them out.
//
// Audit: the bracket's size and byes, each walkover, every match that goes past its
// N games, each withdrawal and what it forfeited, and how the grand final ended
// (reset or not).
//
// A double elimination needs three players: with two, a losers' bracket would only
// replay the final.

import {
  playerIndex,
  assertCanWithdraw,
  begin,
  closeIfDone,
  draftOf,
  finish,
  gamesOf,
  groupGameId,
  groupsOf,
  ownCurrentRound,
  parseGameId,
  recordResults as recordWith,
  withContainer,
  type DraftRound,
  type DraftState,
  type RoundHooks,
} from "../core";
import { setting, settingsSchema } from "../settings";
import { checkPlayerCount } from "../validation";
import { rankTable, uniqueRows, type RankEntry, type RankKey } from "../standings";
import { vec, vecAt, vecPush, vecSet, vecSize } from "../vec";
import {
  FormatError,
  type AuditEntry,
  type EngineEvent,
  type Format,
  type Game,
  type Group,
  type GroupStanding,
  type Player,
  type Problem,
  type Round,
  type StandingRow,
  type TournamentState,
} from "../types";
import {
  GRAND_FINAL_RESET,
  bracketSize,
  dropOrder,
  firstRoundSeeds,
  engineRoundOf,
  knockoutRoundName,
  log2,
  matchName,
  parseMatchName,
  roundContents,
  roundName,
  type BracketKind,
  type MatchRef,
} from "./bracket";
import { firstWave, matchGame, matchOutcome, MAX_BEST_OF_GAMES, type MatchOutcome } from "./match";
import type { z } from "zod";

/** Single or double elimination, the grand final's reset, and games per match. */
export const eliminationSettings = settingsSchema({
  bracket: setting.choice({
    label: "Bracket",
    what: "the bracket",
    options: { single: "Single elimination (out after one lost match)", double: "Double elimination (out after two)" },
    default: "double",
  }),
  grandFinalReset: setting.flag({
    label: "Grand final reset (a deciding match if the losers' bracket winner wins the grand final)",
    what: "the grand final reset",
    default: true,
    shownWhen: { key: "bracket", value: "double" },
  }),
  bestOf: setting.integer({
    label: "Games per match (best of)",
    what: "games per match",
    hint: "1, 3, 5, 7 or 9",
    min: 1,
    max: MAX_BEST_OF_GAMES,
    default: 1,
    check: (v) => (v % 2 === 0 ? `games per match must be odd, so a match cannot end level without draws (got ${v})` : null),
  }),
});
export type EliminationSettings = Readonly<z.output<typeof eliminationSettings>>;

const MAX_PLAYERS = 1_000_000;

/** A double elimination needs three players (with two, the losers' bracket would only replay the final). */
function checkSettings(s: EliminationSettings, playerCount: number): Problem[] {
  const problems: Problem[] = [];
  if (s.bracket === "double") checkPlayerCount(problems, playerCount, 3, MAX_PLAYERS, "a double elimination");
  return problems;
}

type State = TournamentState<"elimination">;

/** What every step needs to know about a tournament, computed once per players list. */
interface Shape {
  readonly kind: BracketKind;
  readonly k: number;
  readonly size: number;
  readonly bestOf: number;
  readonly reset: boolean;
  /** 0-based seed of each player. */
  readonly seedOf: ReadonlyMap<string, number>;
  readonly players: readonly Player[];
}

function shapeOf(state: Pick<State, "settings" | "players">): Shape {
  const settings = state.settings;
  const seedOf = playerIndex(state);
  const size = bracketSize(state.players.length);
  return { kind: settings.bracket, k: log2(size), size, bestOf: settings.bestOf, reset: settings.grandFinalReset, seedOf, players: state.players };
}

/** Players who had withdrawn by the end of engine round `t` (all of them if omitted), with their order. */
function withdrawnBy(state: Pick<State, "withdrawals">, t = Infinity): Map<string, number> {
  const out = new Map<string, number>();
  state.withdrawals.forEach((w, i) => {
    if (w.round <= t) out.set(w.player, i);
  });
  return out;
}

/** Outcomes of a round's matches, by group index. A completed round never changes, so they are remembered. */
const outcomeCache = new WeakMap<Round, MatchOutcome[]>();
function roundOutcomes(state: State, round: Round, shape: Shape): MatchOutcome[] {
  let out = round.status === "complete" ? outcomeCache.get(round) : undefined;
  if (!out) {
    const withdrawn = withdrawnBy(state, round.number);
    out = groupsOf(round).map((g) => matchOutcome(g, shape.bestOf, withdrawn));
    if (round.status === "complete") outcomeCache.set(round, out);
  }
  return out;
}

const indexCache = new WeakMap<Round, Map<string, number>>();
function groupIndex(round: Round): Map<string, number> {
  let index = indexCache.get(round);
  if (!index) {
    index = new Map();
    const groups = groupsOf(round);
    for (let i = 0; i < groups.length; i++) index.set(groups[i]!.name, i);
    indexCache.set(round, index);
  }
  return index;
}

/** The outcome of a match of an earlier round; a match that has no group passed nobody on. */
function outcomeOf(state: State, shape: Shape, ref: MatchRef, engineRound: number): { winner: string | null; loser: string | null } {
  const round = state.rounds[engineRound - 1];
  const i = round ? groupIndex(round).get(matchName(ref)) : undefined;
  if (!round || i === undefined) return { winner: null, loser: null };
  return roundOutcomes(state, round, shape)[i]!;
}

/** The two slots of every match engine round `t` plays, in bracket order. */
function slotsOf(state: State, shape: Shape, t: number): { ref: MatchRef; slots: [string | null, string | null] }[] {
  const { kind, k, size } = shape;
  const c = roundContents(kind, k, t);
  const out: { ref: MatchRef; slots: [string | null, string | null] }[] = [];
  const winnerOf = (ref: MatchRef, round: number) => outcomeOf(state, shape, ref, round).winner;
  if (c.winners !== undefined) {
    const r = c.winners;
    const count = 2 ** (k - r);
    if (r === 1) {
      const seeds = firstRoundSeeds(size);
      const id = (seed: number) => state.players[seed - 1]?.id ?? null;
      for (let i = 0; i < count; i++) out.push({ ref: { side: "W", round: 1, index: i }, slots: [id(seeds[2 * i]!), id(seeds[2 * i + 1]!)] });
    } else {
      for (let i = 0; i < count; i++) {
        const slots: [string | null, string | null] = [
          winnerOf({ side: "W", round: r - 1, index: 2 * i }, r - 1),
          winnerOf({ side: "W", round: r - 1, index: 2 * i + 1 }, r - 1),
        ];
        out.push({ ref: { side: "W", round: r, index: i }, slots });
      }
    }
  }
  if (c.losers !== undefined) {
    const l = c.losers;
    const dropped = (r: number) =>
      dropOrder(
        r,
        Array.from({ length: 2 ** (k - r) }, (_, i) => outcomeOf(state, shape, { side: "W", round: r, index: i }, r).loser),
      );
    if (l === 1) {
      const losers = dropped(1);
      for (let i = 0; i < losers.length / 2; i++) out.push({ ref: { side: "L", round: 1, index: i }, slots: [losers[2 * i]!, losers[2 * i + 1]!] });
    } else if (l % 2 === 0) {
      const losers = dropped(l / 2 + 1);
      for (let i = 0; i < losers.length; i++) {
        out.push({ ref: { side: "L", round: l, index: i }, slots: [losers[i]!, winnerOf({ side: "L", round: l - 1, index: i }, l)] });
      }
    } else {
      const count = 2 ** (k - 1 - Math.ceil(l / 2));
      for (let i = 0; i < count; i++) {
        const slots: [string | null, string | null] = [
          winnerOf({ side: "L", round: l - 1, index: 2 * i }, l),
          winnerOf({ side: "L", round: l - 1, index: 2 * i + 1 }, l),
        ];
        out.push({ ref: { side: "L", round: l, index: i }, slots });
      }
    }
  }
  if (c.final !== undefined) {
    const slots: [string | null, string | null] = [
      winnerOf({ side: "W", round: k, index: 0 }, k),
      winnerOf({ side: "L", round: 2 * (k - 1), index: 0 }, 2 * k - 1),
    ];
    out.push({ ref: { side: c.final, round: 1, index: 0 }, slots });
  }
  return out;
}

/** The better seed of two players first. */
function bySeed(shape: Shape, a: string, b: string): [string, string] {
  return (shape.seedOf.get(a) ?? 0) <= (shape.seedOf.get(b) ?? 0) ? [a, b] : [b, a];
}

/** Plans engine round `t`: a group per match that has a player, the first wave of games where two players are still in. */
function planRound(state: State, shape: Shape, t: number, audit: AuditEntry[]): Round {
  const withdrawn = withdrawnBy(state);
  const groups: Group[] = [];
  let pending = 0;
  for (const { ref, slots } of slotsOf(state, shape, t)) {
    const players = slots.filter((p): p is string => p !== null);
    if (players.length === 0) continue;
    const name = matchName(ref);
    let games: Game[] = [];
    if (players.length === 2) {
      const [a, b] = players as [string, string];
      const gone = players.filter((p) => withdrawn.has(p));
      if (gone.length === 0) {
        const [better, other] = bySeed(shape, a, b);
        games = Array.from({ length: firstWave(shape.bestOf) }, (_, n) => matchGame(better, other, n + 1, ref.side === "GF2"));
        pending += games.length;
      } else {
        const stays = gone.length === 1 ? players.find((p) => !withdrawn.has(p)) : null;
        audit.push({ round: t, what: `walkover in ${name}`, decided: `${gone.join(" and ")} withdrew${stays ? `: ${stays} goes on` : ""}` });
      }
    }
    groups.push({ name, players, games: vec(games) });
  }
  // The round's players in seed order (a player is in one match of a round).
  const order = new Int32Array(groups.reduce((n, g) => n + g.players.length, 0));
  let at = 0;
  for (const g of groups) for (const p of g.players) order[at++] = shape.seedOf.get(p)!;
  order.sort();
  const seeds = Array.from(order, (i) => shape.players[i]!.id);
  return {
    number: t,
    name: roundName(shape.kind, shape.k, t),
    seeds,
    ratings: Array.from(order, (i) => shape.players[i]!.rating),
    groups: vec(groups),
    pending,
    status: "playing",
  };
}

/** The next game of a match between two players still in (it follows the game `replayOf`). */
function nextGameFor(shape: Shape, group: Group, replayOf: string): Game {
  const [a, b] = group.players as [string, string];
  const [better, other] = bySeed(shape, a, b);
  return matchGame(better, other, vecSize(group.games) + 1, group.name === GRAND_FINAL_RESET, replayOf);
}

function gameIdAt(round: number, groupIndex0: number, n: number): string {
  return groupGameId(round, groupIndex0 + 1, n);
}

/**
 * Whether losing this match ends a player's tournament: every loss in single
 * elimination; in double elimination the second, so every loss outside the winners'
 * bracket except the winners' bracket winner's in the grand final when a reset follows.
 */
function knockedOut(shape: Shape, ref: MatchRef, group: Group, loser: string): boolean {
  if (shape.kind === "single" || ref.side === "L" || ref.side === "GF2") return true;
  if (ref.side === "GF") return loser !== group.players[0] || !shape.reset;
  return false;
}

const hooks: RoundHooks<"elimination"> = {
  afterResult(s, round, loc, game, events) {
    const shape = shapeOf(s as State);
    if (shape.bestOf !== 1 || game.result?.outcome !== "draw") return;
    const group = vecAt(round.groups, loc.container - 1) as Group;
    const outcome = matchOutcome(group, shape.bestOf, withdrawnBy(s as State));
    if (outcome.how !== "pending" || outcome.unplayed > 0) return;
    const n = vecSize(group.games) + 1;
    withContainer(round, loc, { ...group, games: vecPush(group.games, nextGameFor(shape, group, game.id)) });
    round.pending++;
    events.push({ type: "game-added", round: round.number, gameId: gameIdAt(round.number, loc.container - 1, n) });
  },

  closeRound(s, _options, events) {
    const state = s as State;
    const shape = shapeOf(state);
    const index = s.rounds.length - 1;
    const round = s.rounds[index] as Round;
    const outcomes = roundOutcomes(state, round, shape);
    // Undecided matches (past the first wave, or level) get their next game.
    let groups = round.groups;
    let added = 0;
    outcomes.forEach((o, i) => {
      if (o.how !== "pending") return;
      const group = vecAt(groups, i) as Group;
      const games = gamesOf(group);
      const n = games.length + 1;
      if (n === shape.bestOf + 1) {
        s.audit.push({ round: round.number, what: `${group.name} level after ${shape.bestOf} games`, decided: "one more game at a time until one is won" });
      }
      const previous = gameIdAt(round.number, i, games.length);
      groups = vecSet(groups, i, { ...group, games: vecPush(group.games, nextGameFor(shape, group, previous)) });
      events.push({ type: "game-added", round: round.number, gameId: gameIdAt(round.number, i, n) });
      added++;
    });
    if (added > 0) {
      s.rounds[index] = { ...(round as DraftRound), groups, pending: round.pending + added };
      return;
    }
    closeAndGoOn(s, shape, outcomes, events);
  },
};

/** Closes the current round (every match decided), then plans the next one or finishes. */
function closeAndGoOn(s: DraftState<"elimination">, shape: Shape, decided: readonly MatchOutcome[], events: EngineEvent[]): void {
  for (let outcomes = decided; ;) {
    const state = s as State;
    const index = s.rounds.length - 1;
    const round = s.rounds[index] as Round;
    const advanced: string[] = [];
    const eliminated: string[] = [];
    const groups = groupsOf(round).map((g, i) => {
      const o = outcomes[i]!;
      const ref = parseMatchName(g.name)!;
      if (o.winner) advanced.push(o.winner);
      if (o.loser && knockedOut(shape, ref, g, o.loser)) eliminated.push(o.loser);
      // Winner first; a match nobody won (a lone player who withdrew) ranks nobody.
      return { ...g, ranking: o.winner ? [o.winner, ...(o.loser ? [o.loser] : [])] : [] };
    });
    const closed: Round = { ...round, groups: vec(groups), status: "complete", advanced, eliminated };
    s.rounds[index] = closed as DraftRound;
    outcomeCache.set(closed, outcomes as MatchOutcome[]);
    events.push({ type: "round-complete", round: round.number });

    const t = round.number;
    const c = roundContents(shape.kind, shape.k, t);
    if (shape.kind === "single" && t === shape.k) return finish(s, championsOf(s, outcomes[0]), events);
    if (c.final === "GF2") return finish(s, championsOf(s, outcomes[0]), events);
    if (c.final === "GF") {
      const o = outcomes[0];
      const g = groupsOf(closed)[0];
      const lbWon = o !== undefined && g !== undefined && o.how === "score" && o.winner === g.players[1];
      if (lbWon && shape.reset) {
        s.audit.push({ round: t, what: "grand final", decided: `won by ${o.winner}, the losers' bracket winner: a deciding match (the reset) is played` });
      } else {
        s.audit.push({
          round: t,
          what: "grand final",
          decided: o?.winner
            ? `${o.winner} is champion${lbWon ? " (no reset is played: the setting is off)" : o.how === "score" ? "" : ` (${o.how})`}`
            : "nobody is left to win it",
        });
        return finish(s, championsOf(s, o), events);
      }
    }
    const next = planRound(state, shape, t + 1, s.audit);
    s.rounds.push(next as DraftRound);
    events.push({ type: "round-released", round: next.number });
    if (next.pending > 0) return;
    // Nothing to play (walkovers and byes only): close it at once.
    outcomes = roundOutcomes(s as State, next, shape);
  }
}

/** The final's winner, unless they withdrew too (both finalists left: nobody is champion). */
function championsOf(s: DraftState<"elimination">, o: MatchOutcome | undefined): string[] {
  const winner = o?.winner;
  return winner && !s.withdrawals.some((w) => w.player === winner) ? [winner] : [];
}

export const eliminationFormat: Format<"elimination", EliminationSettings> = {
  name: "elimination",
  title: "Elimination",
  label: "Elimination (single or double, with a losers' bracket)",
  noun: "an elimination",
  settings: eliminationSettings,
  defaultGameType: "race",
  minPlayers: 2,
  maxPlayers: MAX_PLAYERS,
  checkSettings,

  start(players, settings, seed, options) {
    const { state, rng } = begin(eliminationFormat, players, settings, seed, options);
    const s = state as State;
    const shape = shapeOf(s);
    const byes = shape.size - players.length;
    state.audit.push({
      round: 1,
      what: `bracket of ${shape.size} places for ${players.length} players`,
      decided: byes === 0 ? "no byes" : `byes to seed${byes === 1 ? " 1" : `s 1–${byes}`}`,
    });
    state.rounds.push(planRound(s, shape, 1, state.audit as AuditEntry[]) as DraftRound);
    state.prng = rng.state;
    return s;
  },

  // A drawn game of a one-game match is replayed at once (hooks.afterResult).
  reshapesRound: (_round, result) => result.outcome === "draw",

  recordResults(state, results, options) {
    return recordWith(state, results, hooks, options);
  },

  withdraw(state, playerId, options = {}) {
    assertCanWithdraw(state, playerId);
    const shape = shapeOf(state);
    const s = draftOf(state);
    const current = s.rounds[s.rounds.length - 1] as Round;
    const withdrawal = { player: playerId, round: current.number, treatment: stillIn(state, shape, playerId) ? "forfeit" : "removed" } as const;
    s.withdrawals = [...state.withdrawals, withdrawal] as DraftState<"elimination">["withdrawals"];
    const forfeited: string[] = [];
    if (current.status === "playing") {
      const round = ownCurrentRound(s);
      groupsOf(current).forEach((group, i) => {
        if (!group.players.includes(playerId)) return;
        const games = gamesOf(group).map((g, n): Game => {
          if (g.result || g.void) return g;
          round.pending--;
          forfeited.push(gameIdAt(current.number, i, n + 1));
          return { ...g, result: { outcome: g.side1 === playerId ? "0-1" : "1-0", reason: "withdrawal" } };
        });
        withContainer(round, { round: current.number, kind: "g", container: i + 1, n: 1 }, { ...group, games: vec(games) });
      });
    }
    s.audit.push({
      round: current.number,
      what: `withdrawal of ${playerId}`,
      decided:
        withdrawal.treatment === "removed"
          ? "already out: nothing changes"
          : `${forfeited.length > 0 ? `${forfeited.join(", ")} forfeited; ` : ""}every later match of theirs is a walkover`,
    });
    const events: EngineEvent[] = [];
    closeIfDone(s, hooks, options, events);
    return { state: s as State, events };
  },

  // Matches have no tables whose places could be clinched.
  clinchTables: () => [],

  standings(state) {
    return rankTable(standingEntries(state), standingKeys(state));
  },

  roundStandings(state, roundNumber) {
    const round = state.rounds[roundNumber - 1];
    if (!round) throw new FormatError(`there is no round ${roundNumber}`);
    return groupsOf(round).map((_, i) => matchStanding(state, round, i));
  },

  groupStanding(state, roundNumber, groupIndex) {
    const round = state.rounds[roundNumber - 1];
    if (!round || !vecAt(round.groups, groupIndex)) return undefined;
    return matchStanding(state, round, groupIndex);
  },
};

/** Whether a player is still in the bracket (not knocked out), withdrawals aside. */
function stillIn(state: State, shape: Shape, playerId: string): boolean {
  for (const round of state.rounds) {
    const outcomes = roundOutcomes(state, round, shape);
    const groups = groupsOf(round);
    for (let i = 0; i < groups.length; i++) {
      if (outcomes[i]!.loser === playerId && knockedOut(shape, parseMatchName(groups[i]!.name)!, groups[i]!, playerId)) return false;
    }
  }
  return true;
}

/**
 * The rank keys: the round reached (the round that knocked a player out; the
 * round in play for those still in; one past the last round for the champion),
 * then losses (those still in above those knocked out in the round in play,
 * unbeaten above one loss). Players equal on both share the place.
 */
function standingKeys(state: State): RankKey[] {
  const last = state.rounds.length;
  const { kind, k } = shapeOf(state);
  // Before the round in play every value is a knockout; in it, players still in share it.
  const words = (t: number) =>
    t > last ? "champion" : t === last && state.status === "playing" ? (state.rounds[t - 1]?.name ?? `round ${t}`) : knockoutRoundName(kind, k, t);
  return [
    { name: "round", label: "round reached", better: "high", word: "later", describe: words },
    { name: "losses", label: "losses", better: "low" },
  ];
}

/** Each player's round reached and losses. One pass over every match. */
function standingEntries(state: State): RankEntry[] {
  const shape = shapeOf(state);
  const n = state.players.length;
  const current = state.rounds.length;
  const losses = new Int32Array(n);
  const out = new Int32Array(n); // the round that knocked the player out, 0 = still in
  const lastRef: (MatchRef | null)[] = new Array<MatchRef | null>(n).fill(null);
  const lastWon = new Uint8Array(n);
  const withdrawn = withdrawnBy(state);
  for (const round of state.rounds) {
    const outcomes = roundOutcomes(state, round, shape);
    const groups = groupsOf(round);
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i]!;
      const o = outcomes[i]!;
      const ref = parseMatchName(g.name)!;
      for (const p of g.players) {
        const at = shape.seedOf.get(p)!;
        lastRef[at] = ref;
        lastWon[at] = o.winner === p ? 1 : 0;
      }
      if (o.loser === null) continue;
      const at = shape.seedOf.get(o.loser)!;
      if (out[at] === 0 && knockedOut(shape, ref, g, o.loser)) out[at] = round.number;
      losses[at]!++;
    }
  }
  const champions = new Set(state.champions);
  const knockedOutLosses = shape.kind === "single" ? 1 : 2;
  return state.players.map((p, i): RankEntry => {
    if (champions.has(p.id)) return { player: p.id, status: "champion", values: { round: current + 1, losses: losses[i]! } };
    let round = out[i]!;
    let lost = losses[i]!;
    if (withdrawn.has(p.id) && round === 0) {
      // Knocked out by the walkover of their next match: placed with those the round in play knocks out.
      const ref = lastRef[i];
      round = ref ? Math.min(current, engineRoundOf(ref, shape.k) + 1) : 1;
      lost = knockedOutLosses;
    }
    const status: StandingRow["status"] = withdrawn.has(p.id) ? "withdrawn" : round > 0 ? "eliminated" : "playing";
    return { player: p.id, status, values: { round: round > 0 ? round : current, losses: lost } };
  });
}

/** One match as a group standing: winner first once decided, with its score and how it was won. */
function matchStanding(state: State, round: Round, index: number): GroupStanding {
  const shape = shapeOf(state);
  const group = vecAt(round.groups, index) as Group;
  const o = roundOutcomes(state, round, shape)[index]!;
  const withdrawn = withdrawnBy(state);
  const order = o.winner ? [o.winner, ...group.players.filter((p) => p !== o.winner)] : group.players.slice();
  const entries = order.map((p): RankEntry => ({
    player: p,
    status: withdrawn.has(p)
      ? "withdrawn"
      : state.champions.includes(p)
        ? "champion"
        : o.loser === p && round.eliminated?.includes(p)
          ? "eliminated"
          : "playing",
    values: { points: o.points[group.players.indexOf(p)] ?? 0 },
  }));
  const why =
    o.how === "score"
      ? "won the match"
      : o.how === "bye"
        ? "bye"
        : o.how === "walkover"
          ? "won by walkover"
          : o.how === "withdrawal"
            ? o.winner
              ? "the opponent withdrew"
              : "withdrew"
            : "match not decided yet";
  return { name: group.name, rows: uniqueRows(entries, [entries.length > 1 ? why : ""]) };
}

/** The match a game id belongs to, and the bracket's shape: for views and tests. */
export function matchOfGame(state: State, gameId: string): MatchRef | null {
  const loc = parseGameId(gameId);
  const round = loc && state.rounds[loc.round - 1];
  const group = round && loc.kind === "g" ? vecAt(round.groups, loc.container - 1) : undefined;
  return group ? parseMatchName(group.name) : null;
}

/** Every match outcome of a round, by group (for the bracket view and tests). */
export function outcomesOf(state: State, roundNumber: number): readonly MatchOutcome[] {
  const round = state.rounds[roundNumber - 1];
  if (!round) throw new FormatError(`there is no round ${roundNumber}`);
  return roundOutcomes(state, round, shapeOf(state));
}

/** The bracket's size and rounds for a state (bracket.ts's functions take these). */
export function bracketOf(state: Pick<State, "settings" | "players">): {
  kind: BracketKind;
  k: number;
  size: number;
  bestOf: number;
  reset: boolean;
} {
  const { kind, k, size, bestOf, reset } = shapeOf(state);
  return { kind, k, size, bestOf, reset };
}
