// Swiss tournament by the FIDE (Dutch) system: a fixed number of rounds, each
// paired by dutch.ts from the results so far and released when every game of the
// round before has a result. Standings: points (win 1, draw ½, the
// pairing-allocated bye and a forfeit win 1), then the tie-breaks the organizer
// picked, in their order (tiebreaks.ts).
//
// **Decisions** where the rules leave the choice to the organizer or are silent:
// - Pairing numbers follow the initial ranking list: rating, highest first, equal
//   ratings in a random (seeded, audited) order. A late entry is inserted where its
//   rating puts it, after players of equal rating; numbers count only players
//   paired so far, so earlier rounds keep theirs (as bbpPairings does).
// - The initial colour (Art. 5.1) is drawn at the start with the tournament's PRNG
//   and audited; it is the colour the first pairing number got in round 1.
// - A forfeit (the side that never moved, a withdrawal) is an unplayed game: the
//   winner scores 1 and may not get the bye later, neither gets a colour, and the
//   two may be paired again. A game lost on time is a played game.
// - A player who withdraws forfeits their unplayed game of the round and is not
//   paired again; a late entry is paired from the next round on, the rounds they
//   missed counting as absences (no points).
// - When no pairing satisfies the absolute criteria (a small field near the end;
//   the rules leave it to the arbiter), the tournament ends after the last round
//   played, and the audit log says so.
// - Each round is one group, "Round N", listing the players paired in it (the bye,
//   if any, is the player without a game).

import {
  assertCanWithdraw,
  begin,
  closeIfDone,
  deepDraft,
  finish,
  forfeitUnplayed,
  gamesOf,
  groupsOf,
  recordResults,
  type DraftRound,
  type DraftState,
  type RoundHooks,
} from "../core";
import type { ClinchMark } from "../clinch";
import type { ClinchTable } from "../clinch-tables";
import { GAME_FAMILIES, type GameFamily } from "../game-types";
import { explainOrder, standingRows, type RankKey } from "../standings";
import {
  FormatError,
  type AuditEntry,
  type EngineEvent,
  type Format,
  type Game,
  type Player,
  type PlanOptions,
  type Problem,
  type RankedRow,
  type ResultInput,
  type Round,
  type SettingsInput,
  type Standings,
  type TournamentState,
  type Transition,
} from "../types";
import { vec } from "../vec";
import { formatProblems } from "../validation";
import { setting, settingsSchema } from "../settings";
import type { z } from "zod";
import { NoPairingError, pairDutch, type Colour, type PairingPlayer } from "./dutch";
import { directEncounter, TIEBREAK_LABELS, tiebreakTable, type TiebreakName } from "./tiebreaks";
import { pointsOf, recordOf, type Table, type TableEntry } from "./trf-table";
import { swissClinch } from "./clinch";
import { writeTrf } from "./trf";

const TIEBREAK_CHOICES = { ...TIEBREAK_LABELS, none: "none" } as const;
const tiebreakChoice = (nth: string, place: number, fallback: TiebreakName | "none") =>
  setting.choice({
    label: `${nth[0]!.toUpperCase()}${nth.slice(1)} tie-break`,
    what: `the ${nth} tie-break`,
    flag: `tiebreak${place}`,
    options: TIEBREAK_CHOICES,
    default: fallback,
  });

/**
 * Until when a player may enter a running Swiss. "half", the default, is lichess's
 * rule (an 11-round Swiss takes entries until round 6 is paired, a 12-round one
 * until round 7): late enough for a latecomer, early enough that one who missed
 * half the rounds on zero points cannot reach the prizes. FIDE leaves the cut-off
 * to the arbiter (C.04.2 D, late entries).
 */
export const LATE_ENTRY_CHOICES = {
  half: "until half the rounds are paired",
  last: "until the last round is paired",
  none: "none once it has started",
} as const;

/** The Swiss's settings: rounds, late entries, and up to four tie-breaks after points, in order. */
export const swissSettings = settingsSchema({
  rounds: setting.integer({ label: "Rounds", what: "the number of rounds", hint: "1–30, fewer than the players", min: 1, max: 30, default: 5 }),
  lateEntries: setting.choice({ label: "Late entries", what: "the late entries", options: LATE_ENTRY_CHOICES, default: "half" }),
  prizePlaces: setting.integer({
    label: "Prize places",
    what: "the prize places",
    hint: "the top places marked once clinched, 1–100",
    min: 1,
    max: 100,
    default: 3,
  }),
  tiebreaks: setting.group({
    label: "Tie-breaks after points, in order",
    what: "the tie-breaks",
    fields: {
      first: tiebreakChoice("first", 1, "buchholz-cut1"),
      second: tiebreakChoice("second", 2, "buchholz"),
      third: tiebreakChoice("third", 3, "sonneborn-berger"),
      fourth: tiebreakChoice("fourth", 4, "direct-encounter"),
    },
    check: (t) => {
      const chosen = [t.first, t.second, t.third, t.fourth].filter((x) => x !== "none");
      return new Set(chosen).size === chosen.length ? null : "a tie-break is chosen twice";
    },
  }),
});
export type SwissSettings = Readonly<z.output<typeof swissSettings>>;

/** The chosen tie-breaks in the order they apply. */
export const tiebreaksOf = (settings: SwissSettings): TiebreakName[] =>
  [settings.tiebreaks.first, settings.tiebreaks.second, settings.tiebreaks.third, settings.tiebreaks.fourth].filter((t): t is TiebreakName => t !== "none");

export const SWISS_MIN_PLAYERS = 2;
export const SWISS_MAX_PLAYERS = 10_000;

export type SwissState = TournamentState<"swiss">;

/** Problems the schema cannot see: more rounds than opponents (a problem of the player count: a tournament is created before its players are known). */
export function checkSwissSettings(settings: SwissSettings, playerCount: number): Problem[] {
  return settings.rounds > playerCount - 1
    ? [{ field: "players", message: `${playerCount} players can play at most ${playerCount - 1} rounds without meeting twice (got ${settings.rounds})` }]
    : [];
}

export function validateSwiss(input: unknown, playerCount: number): Problem[] {
  return formatProblems(swissFormat, input, playerCount);
}

/** Game results as a TRF code for each side. */
function codes(game: Game): [string, string] | null {
  const r = game.result;
  if (!r) return null;
  const unplayed = r.reason === "forfeit" || r.reason === "withdrawal";
  if (r.outcome === "draw") return ["=", "="];
  const win = unplayed ? "+" : "1";
  const loss = unplayed ? "-" : "0";
  return r.outcome === "1-0" ? [win, loss] : [loss, win];
}

/**
 * The tournament as a table: per player (in pairing-number order, state.players),
 * one entry per round so far. A game of the round in play without a result is "*"
 * (pending); a round the player took no part in is an absence ("Z").
 */
export function swissTable(state: SwissState): Table {
  const index = new Map(state.players.map((p, i) => [p.id, i]));
  const rows: TableEntry[][] = state.players.map(() => []);
  for (const round of state.rounds) {
    const entries: (TableEntry | null)[] = state.players.map(() => null);
    for (const group of groupsOf(round)) {
      const inGame = new Set<string>();
      for (const g of gamesOf(group)) {
        const a = index.get(g.side1)!;
        const b = index.get(g.side2)!;
        inGame.add(g.side1).add(g.side2);
        const c = codes(g) ?? ["*", "*"];
        entries[a] = { opponent: b, colour: "w", code: c[0] };
        entries[b] = { opponent: a, colour: "b", code: c[1] };
      }
      for (const p of group.players) if (!inGame.has(p)) entries[index.get(p)!] = { opponent: -1, colour: null, code: "U" };
    }
    entries.forEach((e, i) => rows[i]!.push(e ?? { opponent: -1, colour: null, code: "Z" }));
  }
  return { totalRounds: state.settings.rounds, initialColour: initialColour(state), players: rows };
}

/** The colour drawn for the first pairing number: what the top player of round 1 got. */
function initialColour(state: SwissState): Colour {
  const first = state.rounds[0];
  const game = first ? gamesOf(groupsOf(first)[0]!).find((g) => g.side1 === first.seeds[0] || g.side2 === first.seeds[0]) : undefined;
  if (!game) return "w";
  return game.side1 === first!.seeds[0] ? "w" : "b";
}

/** Pairs round `number` (1-based) from the completed rounds; null when no pairing exists. */
function planRound(state: DraftState<"swiss">, number: number, initial: Colour | null, audit: AuditEntry[]): Round | null {
  const s = state as SwissState;
  const table = swissTable(s);
  const withdrawn = new Set(s.withdrawals.map((w) => w.player));
  const players: PairingPlayer[] = s.players.map((p, i) => ({
    tpn: i + 1,
    history: table.players[i]!.slice(0, number - 1).map(recordOf),
    present: !withdrawn.has(p.id),
  }));
  let pairing;
  try {
    pairing = pairDutch({ players, round: number, totalRounds: s.settings.rounds, initialColour: initial ?? table.initialColour, winPoints: 2 });
  } catch (e) {
    if (!(e instanceof NoPairingError)) throw e;
    audit.push({
      round: number,
      what: "pairing",
      decided: `no pairing of round ${number} meets the absolute criteria (players would meet twice): the tournament ends`,
    });
    return null;
  }
  const id = (i: number) => s.players[i]!.id;
  const games: Game[] = pairing.pairs.map(([w, b]) => ({ side1: id(w), side2: id(b) }));
  const paired = pairing.pairs.flatMap(([w, b]) => [id(w), id(b)]);
  if (pairing.bye !== null) paired.push(id(pairing.bye));
  // Seeds in the order of the pairing (score, then pairing number).
  const score = new Map(s.players.map((p, i) => [p.id, players[i]!.history.reduce((t, r) => t + r.points, 0)]));
  const order = new Map(s.players.map((p, i) => [p.id, i]));
  const seeds = [...paired].sort((a, b) => score.get(b)! - score.get(a)! || order.get(a)! - order.get(b)!);
  const rating = new Map(s.players.map((p) => [p.id, p.rating]));
  if (pairing.bye !== null) audit.push({ round: number, what: "pairing-allocated bye", decided: id(pairing.bye) });
  return {
    number,
    name: `Round ${number}`,
    seeds,
    ratings: seeds.map((p) => rating.get(p)!),
    groups: vec([{ name: `Round ${number}`, players: paired, games: vec(games) }]),
    pending: games.length,
    status: "playing",
  };
}

/** Starts the next round, or finishes the tournament after the last one (or when no pairing exists). */
function nextRound(s: DraftState<"swiss">, events: EngineEvent[]): void {
  const state = s as SwissState;
  const number = state.rounds.length + 1;
  const active = state.players.length - state.withdrawals.length;
  const round = number <= state.settings.rounds && active >= 2 ? planRound(s, number, null, s.audit) : null;
  if (!round) {
    const standing = swissStandings(s as SwissState);
    finish(
      s,
      standing.rows.filter((r) => r.rank === 1 && r.status !== "withdrawn").map((r) => r.player),
      events,
    );
    return;
  }
  s.rounds.push(round as DraftRound);
  events.push({ type: "round-released", round: number });
  if (round.pending === 0) closeRound(s, events);
}

function closeRound(s: DraftState<"swiss">, events: EngineEvent[]): void {
  const index = s.rounds.length - 1;
  const round = s.rounds[index] as DraftRound;
  s.rounds[index] = { ...round, status: "complete", advanced: round.seeds.slice(), eliminated: [] };
  events.push({ type: "round-complete", round: round.number });
  nextRound(s, events);
}

const hooks: RoundHooks<"swiss"> = {
  closeRound(s, _options, events) {
    closeRound(s, events);
  },
};

export interface SwissStartOptions {
  readonly gameType?: GameFamily;
  /** The initial colour instead of one drawn by lot (replaying a tournament paired elsewhere). */
  readonly initialColour?: Colour;
}

export function startSwiss(
  players: readonly Player[],
  input: SettingsInput<"swiss"> | undefined,
  seed: string | number,
  options: SwissStartOptions = {},
): SwissState {
  const { state, rng } = begin(swissFormat, players, input, seed, options);
  const initial: Colour = options.initialColour ?? (rng.int(2) === 0 ? "w" : "b");
  state.audit.push({
    round: 1,
    what: "initial colour",
    decided: `${initial === "w" ? "white" : "black"} (the first pairing number's colour in round 1)${options.initialColour ? ", as given" : ""}`,
  });
  state.prng = rng.state;
  const round = planRound(state, 1, initial, state.audit);
  if (!round) throw new FormatError("no pairing of the first round exists");
  state.rounds.push(round as DraftRound);
  return state as SwissState;
}

export function recordSwissResults(state: SwissState, results: readonly ResultInput[], options: PlanOptions = {}): Transition<"swiss"> {
  return recordResults(state, results, hooks, options);
}

export function withdrawSwiss(state: SwissState, playerId: string): Transition<"swiss"> {
  assertCanWithdraw(state, playerId);
  const s = deepDraft(state);
  const round = s.rounds[s.rounds.length - 1] as DraftRound;
  forfeitUnplayed(round, playerId);
  s.withdrawals.push({ player: playerId, round: round.number, treatment: "forfeit" });
  const events: EngineEvent[] = [];
  closeIfDone(s, hooks, {}, events);
  return { state: s as SwissState, events };
}

/** The last round a late entrant may start in, by the settings (0: none). */
function lastEntryRound(settings: SwissSettings): number {
  const rounds = settings.rounds;
  return { half: Math.floor(rounds / 2) + 1, last: rounds, none: 0 }[settings.lateEntries];
}

/** The round a player entering now would first play (the next one to be paired), or null when the Swiss takes no more entries. */
export function swissLateEntryRound(state: SwissState): number | null {
  const next = state.rounds.length + 1;
  return state.status === "playing" && next <= lastEntryRound(state.settings) ? next : null;
}

/**
 * A late entry: the player joins the list where their rating puts them (after
 * players of equal rating) and is paired from the next round on; the rounds missed
 * are absences, no points (FIDE C.04.2 D: "he receives no points for unplayed
 * rounds"; TRF "0000 - Z", which bbpPairings reads as a zero-point bye).
 */
export function addSwissPlayer(state: SwissState, player: Player): SwissState {
  if (state.status === "finished") throw new FormatError("the tournament is finished");
  if (typeof player.id !== "string" || player.id === "") throw new FormatError("a player needs a non-empty id");
  if (!Number.isFinite(player.rating)) throw new FormatError(`player ${player.id} has no valid rating`);
  if (state.players.some((p) => p.id === player.id)) throw new FormatError(`${player.id} is already in this tournament`);
  if (state.rounds.length >= state.settings.rounds) throw new FormatError("the last round is already paired: a new player would play no game");
  if (swissLateEntryRound(state) === null)
    throw new FormatError(
      state.settings.lateEntries === "none"
        ? "this Swiss takes no late entries"
        : `this Swiss took late entries until round ${lastEntryRound(state.settings)} was paired`,
    );
  const at = state.players.findIndex((p) => p.rating < player.rating);
  const players = state.players.slice();
  players.splice(at === -1 ? players.length : at, 0, { id: player.id, rating: player.rating });
  const audit = state.audit.slice();
  audit.push({
    round: state.rounds.length + 1,
    what: "late entry",
    decided: `${player.id} (rating ${player.rating}), pairing number ${(at === -1 ? players.length : at) + 1} of the list`,
  });
  return { ...state, players, audit };
}

/** The standings' keys: points, then the chosen tie-breaks. */
function rankKeys(state: SwissState): RankKey[] {
  const type = GAME_FAMILIES[state.gameType];
  return [
    { name: "points", label: "points", better: "high" },
    ...tiebreaksOf(state.settings).map((t): RankKey => ({
      name: t,
      label: t === "wins-black" ? `wins with ${type.sides[1]}` : TIEBREAK_LABELS[t],
      better: "high",
    })),
  ];
}

/** Standings after the results so far (the round in play counts its finished games). */
export function swissStandings(state: SwissState, throughRound = state.rounds.length): Standings {
  const table = swissTable(state);
  const rounds = Math.min(throughRound, table.players[0]?.length ?? 0);
  const tb = tiebreakTable(table, rounds);
  const keys = rankKeys(state);
  const names = tiebreaksOf(state.settings);
  const withdrawn = new Set(state.withdrawals.map((w) => w.player));
  const champions = new Set(state.champions);
  const n = state.players.length;
  const values: Record<string, number>[] = state.players.map((_, i) => {
    const v: Record<string, number> = { points: tb.score[i]! };
    for (const t of names) if (t !== "direct-encounter") v[t] = tb.values[t][i]!;
    return v;
  });
  // Rank key by key; direct encounter is computed inside each group still level.
  let order = Array.from({ length: n }, (_, i) => i);
  const same = (a: number, b: number, upto: number) => keys.slice(0, upto).every((k) => values[a]![k.name] === values[b]![k.name]);
  keys.forEach((key, k) => {
    if (key.name === "direct-encounter") {
      for (let start = 0; start < n;) {
        let end = start + 1;
        while (end < n && same(order[start]!, order[end]!, k)) end++;
        const group = order.slice(start, end);
        directEncounter(table, rounds, group).forEach((d, gi) => (values[group[gi]!]!["direct-encounter"] = d));
        start = end;
      }
    }
    order = order.slice().sort((a, b) => {
      for (let j = 0; j <= k; j++) {
        const x = values[a]![keys[j]!.name]!;
        const y = values[b]![keys[j]!.name]!;
        if (x !== y) return y - x;
      }
      return a - b;
    });
  });
  const rows: RankedRow[] = [];
  let rank = 1;
  order.forEach((i, pos) => {
    const prev = order[pos - 1];
    const next = order[pos + 1];
    if (prev === undefined || !same(prev, i, keys.length)) rank = pos + 1;
    const shared = (prev !== undefined && same(prev, i, keys.length)) || (next !== undefined && same(next, i, keys.length));
    const id = state.players[i]!.id;
    rows.push({
      player: id,
      rank,
      rankLabel: shared ? `${rank}=` : String(rank),
      values: values[i]!,
      status: champions.has(id) ? "champion" : withdrawn.has(id) ? "withdrawn" : "playing",
    });
  });
  return { rows, why: (i) => (i >= 0 && i + 1 < rows.length ? explainOrder(rows[i]!, rows[i + 1]!, keys) : "") };
}

/** The tournament's TRF (completed rounds), for pairing checkers. */
export function swissTrf(state: SwissState, tournamentName: string, nameOf: (playerId: string) => string = (id) => id): string {
  const table = swissTable(state);
  const completed = state.rounds.filter((r) => r.status === "complete").length;
  const standing = swissStandings(state, completed);
  const rank = new Map(standing.rows.map((r) => [r.player, r.rank]));
  return writeTrf(table, {
    tournamentName,
    rounds: completed,
    players: state.players.map((p) => ({ name: nameOf(p.id), rating: p.rating, rank: rank.get(p.id) ?? 0 })),
  });
}

/**
 * The prize places' clinch marks for the round in play (clinch.ts: on points alone,
 * whatever the later pairings), as one table over the standings.
 */
export function swissClinchTable(state: SwissState, round: Round): ClinchTable {
  const table = swissTable(state);
  const index = new Map(state.players.map((p, i) => [p.id, i]));
  const withdrawn = new Set(state.withdrawals.map((w) => w.player));
  const scores = table.players.map((rows) => rows.slice(0, round.number).reduce((t, e) => t + pointsOf(e.code), 0));
  const pending = gamesOf(groupsOf(round)[0]!)
    .filter((g) => !g.result)
    .map((g): [number, number] => [index.get(g.side1)!, index.get(g.side2)!]);
  const futureRounds = Math.max(0, state.settings.rounds - round.number);
  const entry = swissLateEntryRound(state);
  const statuses = swissClinch({
    scores,
    active: state.players.map((p) => !withdrawn.has(p.id)),
    pending,
    futureRounds,
    places: state.settings.prizePlaces,
    drawsPossible: GAME_FAMILIES[state.gameType].drawsPossible,
    lateEntrantMax: entry === null ? 0 : 2 * (state.settings.rounds - entry + 1),
  });
  const inGame = new Set(pending.flat());
  const active = state.players.length - withdrawn.size;
  const marks: ClinchMark[] = state.players.map((p, i) => ({
    player: p.id,
    status: statuses[i]!,
    undecided: false,
    ownRemaining: (inGame.has(i) ? 1 : 0) + (withdrawn.has(p.id) ? 0 : futureRounds),
    ifWinsAll: null,
    ifLosesAll: null,
    swings: [],
    rivals: [],
  }));
  const places = state.settings.prizePlaces;
  return {
    round: round.number,
    group: null,
    goal: places === 1 ? "win" : "top",
    places,
    remaining: pending.length + futureRounds * Math.floor(active / 2),
    marks,
    note: "On points alone: the rounds still to come are not paired yet and tie-breaks depend on them, so a place is clinched only when nobody else can reach the player's points, and lost only when enough others are already beyond reach.",
  };
}

export const swissFormat: Format<"swiss", SwissSettings> = {
  name: "swiss",
  title: "Swiss (FIDE Dutch system)",
  label: "Swiss (FIDE Dutch system)",
  noun: "the Swiss",
  settings: swissSettings,
  defaultGameType: "chess",
  minPlayers: SWISS_MIN_PLAYERS,
  maxPlayers: SWISS_MAX_PLAYERS,
  checkSettings: checkSwissSettings,
  start: (players, settings, seed, options) => startSwiss(players, settings, seed, options),
  recordResults: recordSwissResults,
  withdraw: (state, playerId) => withdrawSwiss(state, playerId),
  addPlayer: addSwissPlayer,
  lateEntryRound: swissLateEntryRound,
  standings: (state) => swissStandings(state),
  roundStandings(state, roundNumber) {
    if (!state.rounds[roundNumber - 1]) throw new FormatError(`there is no round ${roundNumber}`);
    return [{ name: `After round ${roundNumber}`, rows: standingRows(swissStandings(state, roundNumber)) }];
  },
  clinchTables: (state, round) => [swissClinchTable(state, round)],
};
