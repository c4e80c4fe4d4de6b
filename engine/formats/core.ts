// Machinery every format shares: deterministic game ids and their parsing, seeding
// by rating with random (recorded) tie order, per-player tallies, and the
// copy-on-write loop that records results. Formats only supply what differs:
// what happens after one result (league phases, staged replays) and how a
// finished round turns into the next one.
//
// Performance note: a 100,000-player round holds up to ~700,000 games, and a
// simulation records every one of them. Copying the whole state per result would
// be quadratic, so recording copies only the path to the changed game (state,
// rounds array, current round, one path through its group list and through the
// touched group's games, both persistent vectors: vec.ts); everything else is
// shared with the previous state and never mutated. The copied amount does not
// depend on the number of groups or games.

import { Prng } from "../prng";
import type { GameFamily } from "./game-types";
import {
  FormatError,
  type AuditEntry,
  type Player,
  type SettingsByFormat,
  type StartOptions,
  type EngineEvent,
  type FormatName,
  type Game,
  type FormatResult,
  type Group,
  type Phase,
  type GameWithId,
  type PlanOptions,
  type RatingSource,
  type ResultInput,
  type Round,
  type TournamentState,
  type Transition,
} from "./types";
import { formatProblems, type Validated } from "./validation";
import { runSteps } from "./standings";
import { vec, vecAt, vecItems, vecSet, type Vec, type VecOwner } from "./vec";

/** Recursively drops `readonly`, for the copies the engine owns while building a new state. */
export type Draft<T> =
  T extends Vec<unknown>
    ? T // changed through vecSet / vecPush, which copy what they change
    : T extends readonly (infer U)[]
      ? Draft<U>[]
      : T extends object
        ? { -readonly [K in keyof T]: Draft<T[K]> }
        : T;

export type DraftState<F extends FormatName> = Draft<TournamentState<F>>;
export type DraftRound = Draft<Round>;

export const groupGameId = (round: number, group: number, n: number): string => `r${round}-g${group}-${n}`;
export const phaseGameId = (round: number, phase: number, n: number): string => `r${round}-p${phase}-${n}`;

export interface GameLocation {
  readonly round: number;
  readonly kind: "g" | "p";
  /** 1-based group or phase number. */
  readonly container: number;
  /** 1-based position in the container's games. */
  readonly n: number;
}

const ID_PATTERN = /^r(\d+)-([gp])(\d+)-(\d+)$/;

export function parseGameId(id: string): GameLocation | null {
  const m = ID_PATTERN.exec(id);
  if (!m) return null;
  return { round: Number(m[1]), kind: m[2] as "g" | "p", container: Number(m[3]), n: Number(m[4]) };
}

export function currentRound<F extends FormatName>(state: TournamentState<F>): Round {
  const round = state.rounds[state.rounds.length - 1];
  if (!round) throw new FormatError("the tournament has no round yet");
  return round;
}

/** A round's groups, in order (an array to read, never to modify). */
export const groupsOf = (round: Round): readonly Group[] => vecItems(round.groups);

/**
 * The index of the round's group the player is in, or -1: groupsOf(round).findIndex of
 * the group holding them, without visiting every group at each call (a signed-in
 * player's tournament page asks twice per read, and at 100,000 players a round has
 * 25,000 groups). The groups' players are set when the round is planned and never
 * change, so the index is made once per round's seed list, which every version of the
 * round shares; the round's number is kept beside it in case a format passes one list
 * on to the next round.
 */
const groupIndexes = new WeakMap<readonly string[], { round: number; at: ReadonlyMap<string, number> }>();
export function groupIndexOf(round: Round, player: string): number {
  // Made at once if not made yet (warmGroupIndex does nothing then).
  runSteps(warmGroupIndex(round));
  return groupIndexes.get(round.seeds)!.at.get(player) ?? -1;
}

/** Groups indexed per step (warmGroupIndex). */
const INDEX_STEP_GROUPS = 2048;

/**
 * Makes the round's group index (groupIndexOf) in steps, a few thousand groups each,
 * if it is not made yet: done ahead for a new round's first signed-in page, which made
 * it at once (30 to 60 ms for a 100,000-player round's second round while its close
 * committed).
 */
export function* warmGroupIndex(round: Round): Generator<void> {
  if (groupIndexes.get(round.seeds)?.round === round.number) return;
  const at = new Map<string, number>();
  const groups = groupsOf(round);
  for (let i = 0; i < groups.length; i++) {
    for (const p of (groups[i] as Group).players) if (!at.has(p)) at.set(p, i);
    if ((i + 1) % INDEX_STEP_GROUPS === 0) yield;
  }
  groupIndexes.set(round.seeds, { round: round.number, at });
}

/** Each player's index in state.players, made once per player list (every version of a tournament shares it until a player is added). */
const playerIndexes = new WeakMap<readonly Player[], ReadonlyMap<string, number>>();
export function playerIndex(state: { readonly players: readonly Player[] }): ReadonlyMap<string, number> {
  let index = playerIndexes.get(state.players);
  if (!index) playerIndexes.set(state.players, (index = new Map(state.players.map((p, i) => [p.id, i]))));
  return index;
}
/** A round's phases (league), or none. */
export const phasesOf = (round: Round): readonly Phase[] => (round.phases ? vecItems(round.phases) : []);
/** The games of a group or phase, in order. */
export const gamesOf = (container: Group | Phase): readonly Game[] => vecItems(container.games);

/** Every game of a round, groups first then phases. */
export function* roundGames(round: Round): Generator<Game> {
  for (const g of groupsOf(round)) yield* gamesOf(g);
  for (const p of phasesOf(round)) yield* gamesOf(p);
}

/** Every game of a round with its id, groups first then phases. */
export function* gamesWithIds(round: Round): Generator<GameWithId> {
  const groups = groupsOf(round);
  for (let g = 0; g < groups.length; g++) {
    const games = gamesOf(groups[g] as Group);
    for (let i = 0; i < games.length; i++) yield { id: groupGameId(round.number, g + 1, i + 1), ...(games[i] as Game) };
  }
  for (const p of phasesOf(round)) {
    const games = gamesOf(p);
    for (let i = 0; i < games.length; i++) yield { id: phaseGameId(round.number, p.number, i + 1), ...(games[i] as Game) };
  }
}

/** Games the server should show as ready to play: released, not void, no result. */
export function playableGames(state: TournamentState): GameWithId[] {
  if (state.status === "finished" || state.rounds.length === 0) return [];
  const round = currentRound(state);
  const released = round.releasedPhases ?? 0;
  const out: GameWithId[] = [];
  for (const g of gamesWithIds(round)) {
    if (g.result || g.void) continue;
    if (round.phases && (parseGameId(g.id)?.container ?? 0) > released) continue;
    out.push(g);
  }
  return out;
}

/** The game with this id, or null. */
export function findGame(state: TournamentState, gameId: string): GameWithId | null {
  const loc = parseGameId(gameId);
  const round = loc ? state.rounds[loc.round - 1] : undefined;
  if (!loc || !round) return null;
  const container = containerAt(round, loc);
  const game = container && vecAt(container.games, loc.n - 1);
  return game ? { id: gameId, ...game } : null;
}

/** The group or phase a game id points into, or undefined. */
function containerAt(round: Round, loc: GameLocation): Group | Phase | undefined {
  if (loc.kind === "g") return vecAt(round.groups, loc.container - 1);
  return round.phases && vecAt(round.phases, loc.container - 1);
}

/** The round with the group or phase at `loc` replaced (a bounded copy: vec.ts). */
export function withContainer(round: DraftRound, loc: GameLocation, container: Group | Phase, owner?: VecOwner): void {
  if (loc.kind === "g") round.groups = vecSet(round.groups, loc.container - 1, container as Group, owner);
  else round.phases = vecSet(round.phases as Vec<Phase>, loc.container - 1, container as Phase, owner);
}

/** A rating lookup with a fallback for players the source does not know. */
export function ratingLookup(source: RatingSource | undefined, fallback: (id: string) => number): (id: string) => number {
  if (!source) return fallback;
  if (typeof source === "function") return (id) => source(id) ?? fallback(id);
  if (source instanceof Map) return (id) => source.get(id) ?? fallback(id);
  const rec = source as Readonly<Record<string, number>>;
  return (id) => (Object.hasOwn(rec, id) ? (rec[id] as number) : fallback(id));
}

/**
 * The rating each player had when the latest round (or the start) was planned. Made on
 * the first lookup: it is the fallback of ratings the server passes for every player
 * (ratingLookup), and at 100,000 players making it took a third of a round's close,
 * a step during which the process serves no one.
 */
export function lastKnownRatings(state: TournamentState): (id: string) => number {
  let known: Map<string, number> | undefined;
  const make = () => {
    const made = new Map<string, number>();
    for (const p of state.players) made.set(p.id, p.rating);
    for (const r of state.rounds) r.seeds.forEach((id, i) => made.set(id, r.ratings[i] ?? made.get(id) ?? 0));
    return made;
  };
  return (id) => (known ??= make()).get(id) ?? 0;
}

/**
 * Orders players strongest first. Runs of equal rating are shuffled with the
 * tournament PRNG and each shuffle is written to the audit log.
 */
export function orderByRating(
  ids: readonly string[],
  ratingOf: ((id: string) => number) | ArrayLike<number>,
  rng: Prng,
  audit: AuditEntry[],
  round: number,
): { seeds: string[]; ratings: number[] } {
  const n = ids.length;
  // Ratings may come as an array parallel to ids: at 100,000 players, a hash lookup
  // per player costs more than the whole sort.
  const rating = new Float64Array(n);
  if (typeof ratingOf === "function") for (let i = 0; i < n; i++) rating[i] = ratingOf(ids[i] as string);
  else rating.set(ratingOf);
  const idx = Array.from({ length: n }, (_, i) => i);
  idx.sort((a, b) => rating[b]! - rating[a]! || a - b);
  for (let start = 0; start < n;) {
    let end = start + 1;
    while (end < n && rating[idx[end]!] === rating[idx[start]!]) end++;
    if (end - start > 1) {
      const run = rng.shuffle(idx.slice(start, end));
      for (let k = 0; k < run.length; k++) idx[start + k] = run[k]!;
      audit.push({
        round,
        what: `order of ${run.length} players with equal rating ${rating[run[0]!]}`,
        decided: run.map((i) => ids[i]).join(", "),
      });
    }
    start = end;
  }
  return { seeds: idx.map((i) => ids[i] as string), ratings: idx.map((i) => rating[i]!) };
}

export interface Tally {
  played: number;
  wins: number;
  draws: number;
  losses: number;
  winsAsBlack: number;
  /** Sum of signed margins: + for wins, - for losses. */
  marginDiff: number;
  /** Sum of margins of the games won. */
  winMargin: number;
}

export const emptyTally = (): Tally => ({ played: 0, wins: 0, draws: 0, losses: 0, winsAsBlack: 0, marginDiff: 0, winMargin: 0 });

function credit(winner: Tally | undefined, loser: Tally | undefined, margin: number, asBlack: boolean): void {
  if (winner) {
    winner.wins++;
    winner.marginDiff += margin;
    winner.winMargin += margin;
    if (asBlack) winner.winsAsBlack++;
  }
  if (loser) {
    loser.losses++;
    loser.marginDiff -= margin;
  }
}

/** Adds a decided game to per-player tallies (void and unplayed games are ignored). */
export function addToTally(tallies: Map<string, Tally>, game: Game, blackSide: 1 | 2 = 2): void {
  if (!game.result || game.void) return;
  const t1 = tallies.get(game.side1);
  const t2 = tallies.get(game.side2);
  const margin = game.result.margin ?? 0;
  if (t1) t1.played++;
  if (t2) t2.played++;
  if (game.result.outcome === "1-0") credit(t1, t2, margin, blackSide === 1);
  else if (game.result.outcome === "0-1") credit(t2, t1, margin, blackSide === 2);
  else {
    if (t1) t1.draws++;
    if (t2) t2.draws++;
  }
}

/**
 * Tallies of everyone in a round. A completed round never changes (every edit
 * copies it), so its tallies are computed once per round object and remembered in a
 * WeakMap: later rounds and standings read them instead of re-scanning up to
 * hundreds of thousands of games. Callers must not modify the returned tallies.
 */
const completeTallies: ReadonlyArray<WeakMap<Round, Map<string, Tally>>> = [new WeakMap(), new WeakMap()];
export function roundTallies(round: Round, blackSide: 1 | 2 = 2): ReadonlyMap<string, Readonly<Tally>> {
  if (round.status !== "complete") return tallyGames(round.seeds, roundGames(round), blackSide);
  const cache = completeTallies[blackSide - 1] as WeakMap<Round, Map<string, Tally>>;
  let t = cache.get(round);
  if (!t) cache.set(round, (t = tallyGames(round.seeds, roundGames(round), blackSide)));
  return t;
}

/**
 * Tallies of a group's players over its games. Groups are immutable and
 * a result replaces only the group it touches (the others stay the same objects),
 * so tallies are remembered per group object: standings after a result tally one
 * group of four, not the round's 300,000 games. Callers must not modify the
 * returned tallies. Only call it on a finished state (not inside a batch, whose
 * own new groups are still changed in place).
 */
const groupTallyCache: ReadonlyArray<WeakMap<Group, Map<string, Tally>>> = [new WeakMap(), new WeakMap()];
export function groupTallies(group: Group, blackSide: 1 | 2 = 2): ReadonlyMap<string, Readonly<Tally>> {
  const cache = groupTallyCache[blackSide - 1] as WeakMap<Group, Map<string, Tally>>;
  let t = cache.get(group);
  if (!t) cache.set(group, (t = tallyGames(group.players, gamesOf(group), blackSide)));
  return t;
}

export function tallyGames(players: Iterable<string>, games: Iterable<Game>, blackSide: 1 | 2 = 2): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const p of players) tallies.set(p, emptyTally());
  for (const g of games) addToTally(tallies, g, blackSide);
  return tallies;
}

export function checkResult(result: FormatResult): FormatResult {
  if (result.outcome !== "1-0" && result.outcome !== "0-1" && result.outcome !== "draw") {
    throw new FormatError(`a result is "1-0", "0-1" or "draw", got ${JSON.stringify(result.outcome)}`);
  }
  if (result.margin !== undefined && !(Number.isFinite(result.margin) && result.margin >= 0)) {
    throw new FormatError(`a margin is a number >= 0 credited to the winner, got ${result.margin}`);
  }
  return result;
}

/** What a format adds to the shared result-recording loop. */
export interface RoundHooks<F extends FormatName> {
  /**
   * After one result: may release phases or add games to the touched container at
   * `loc` (only `round` is an owned copy here; replace a container with
   * withContainer). Adjust round.pending.
   */
  afterResult?(state: DraftState<F>, round: DraftRound, loc: GameLocation, game: GameWithId, events: EngineEvent[]): void;
  /**
   * The current round (the last one, an owned copy) has nothing pending: close it
   * and plan the next round or finish. Must not mutate earlier rounds.
   */
  closeRound(state: DraftState<F>, options: PlanOptions, events: EngineEvent[]): void;
}

/** A shallow copy whose top-level arrays may be replaced or appended to. */
export function draftOf<F extends FormatName>(state: TournamentState<F>): DraftState<F> {
  return { ...(state as DraftState<F>), rounds: state.rounds.slice() as DraftRound[], audit: state.audit.slice() as Draft<AuditEntry>[] };
}

/**
 * A shallow copy of the current round, put in its place, so its fields can be set
 * (its groups and phases are vectors, changed with withContainer).
 */
export function ownCurrentRound<F extends FormatName>(s: DraftState<F>): DraftRound {
  const i = s.rounds.length - 1;
  const owned: DraftRound = { ...(s.rounds[i] as DraftRound) };
  s.rounds[i] = owned;
  return owned;
}

export function recordResults<F extends FormatName>(
  state: TournamentState<F>,
  results: readonly ResultInput[],
  hooks: RoundHooks<F>,
  options: PlanOptions = {},
): Transition<F> {
  const s = draftOf(state);
  const events: EngineEvent[] = [];
  let round: DraftRound | null = null;
  // Containers and vector nodes made by this call: later results of the batch
  // change them in place, so a batch copies each path once (vec.ts).
  const owner: VecOwner = new Set();
  for (const { gameId, result } of results) {
    if (s.status === "finished") throw new FormatError(`the tournament is finished; ${gameId} cannot take a result`);
    const loc = parseGameId(gameId);
    if (!loc) throw new FormatError(`unknown game id ${JSON.stringify(gameId)}`);
    round ??= ownCurrentRound(s);
    if (loc.round !== round.number) throw new FormatError(`game ${gameId} is not in the current round (${round.number})`);
    const container = containerAt(round as Round, loc);
    const game = container && vecAt(container.games, loc.n - 1);
    if (!container || !game) throw new FormatError(`unknown game id ${gameId}`);
    if (game.void) throw new FormatError(`game ${gameId} was voided`);
    if (game.result) throw new FormatError(`game ${gameId} already has a result`);
    if (loc.kind === "p" && loc.container > (round.releasedPhases ?? 0)) {
      throw new FormatError(`game ${gameId} belongs to phase ${loc.container}, which is not released yet`);
    }
    const updated: Draft<Game> = { ...game, result: checkResult(result) };
    delete updated.chooser; // the choice is settled once the game is played
    const games = vecSet(container.games, loc.n - 1, updated as Game, owner);
    if (owner.has(container)) (container as Draft<Group | Phase>).games = games;
    else {
      const copy = { ...container, games };
      owner.add(copy);
      withContainer(round, loc, copy, owner);
    }
    round.pending--;
    hooks.afterResult?.(s, round, loc, { id: gameId, ...updated }, events);
    if (round.pending === 0 && !options.hold) {
      hooks.closeRound(s, options, events);
      round = null;
    }
  }
  return { state: s as TournamentState<F>, events };
}

/** A deep copy the caller fully owns (withdrawals and other rare edits). */
export function deepDraft<F extends FormatName>(state: TournamentState<F>): DraftState<F> {
  return structuredClone(state) as DraftState<F>;
}

/** After a rare edit: closes the round if the edit left nothing pending. */
export function closeIfDone<F extends FormatName>(s: DraftState<F>, hooks: RoundHooks<F>, options: PlanOptions, events: EngineEvent[]): void {
  const round = s.rounds[s.rounds.length - 1];
  if (s.status === "playing" && round && round.status === "playing" && round.pending === 0) hooks.closeRound(s, options, events);
}

/**
 * Forfeits every unplayed game of the player in the current round (a loss for
 * them, a win for the opponent). Used by the groups and diagonal formats.
 */
export function forfeitUnplayed(round: DraftRound, playerId: string): void {
  round.groups = vec(
    groupsOf(round as Round).map((group) => {
      const games = gamesOf(group).map((g): Game => {
        if (g.result || g.void || (g.side1 !== playerId && g.side2 !== playerId)) return g;
        round.pending--;
        const { chooser: _settled, ...rest } = g;
        return { ...rest, result: { outcome: g.side1 === playerId ? "0-1" : "1-0", reason: "withdrawal" } };
      });
      return { ...group, games: vec(games) };
    }),
  );
}

export function assertCanWithdraw(state: TournamentState, playerId: string): void {
  if (state.status === "finished") throw new FormatError("the tournament is finished");
  if (!state.players.some((p) => p.id === playerId)) throw new FormatError(`${playerId} is not in this tournament`);
  if (state.withdrawals.some((w) => w.player === playerId)) throw new FormatError(`${playerId} has already withdrawn`);
}

export function withdrawnSet(state: TournamentState): Set<string> {
  return new Set(state.withdrawals.map((w) => w.player));
}

/** Marks the tournament finished with these champions. */
export function finish<F extends FormatName>(s: DraftState<F>, champions: readonly string[], events: EngineEvent[]): void {
  s.status = "finished";
  s.champions = champions.slice();
  events.push({ type: "finished", champions: champions.slice() });
}

/** Resumes the tournament PRNG; call `store` to write its state back. */
export function resumePrng<F extends FormatName>(s: DraftState<F>): { rng: Prng; store: () => void } {
  const rng = new Prng(s.prng);
  return { rng, store: () => (s.prng = rng.state) };
}

export interface Beginning<F extends FormatName> {
  readonly state: DraftState<F>;
  readonly rng: Prng;
  readonly seeds: string[];
  readonly ratings: number[];
}

/**
 * The part of `start` every format shares: validation, duplicate ids, the PRNG from
 * the seed, round-1 seeding by rating. The caller plans round 1, pushes it, and
 * stores the PRNG state.
 */
export function begin<F extends FormatName>(
  format: Validated & {
    readonly name: F;
    readonly defaultGameType: GameFamily;
  },
  players: readonly Player[],
  input: Partial<SettingsByFormat[F]> | undefined,
  seed: string | number,
  options: StartOptions = {},
): Beginning<F> {
  const problems = formatProblems(format, input, players.length);
  const ids = new Set<string>();
  for (const p of players) {
    if (typeof p.id !== "string" || p.id === "") problems.push({ field: "players", message: "every player needs a non-empty id" });
    else if (ids.has(p.id)) problems.push({ field: "players", message: `player ${p.id} is entered twice` });
    if (!Number.isFinite(p.rating)) problems.push({ field: "players", message: `player ${p.id} has no valid rating` });
    ids.add(p.id);
  }
  if (problems.length > 0) throw new FormatError(problems.map((p) => p.message).join("; "));
  const rng = Prng.fromSeed(seed);
  const audit: AuditEntry[] = [];
  const { seeds, ratings } = orderByRating(
    players.map((p) => p.id),
    players.map((p) => p.rating),
    rng,
    audit,
    1,
  );
  const state = {
    version: 1,
    format: format.name,
    gameType: options.gameType ?? format.defaultGameType,
    // Valid (checked above), so parsing only fills in the defaults.
    settings: format.settings.parse(input ?? {}),
    players: seeds.map((id, i) => ({ id, rating: ratings[i] as number })),
    rounds: [],
    withdrawals: [],
    status: "playing",
    champions: [],
    roundsWithoutElimination: 0,
    prng: rng.state,
    audit,
  } as unknown as DraftState<F>;
  return { state, rng, seeds, ratings };
}

/**
 * The groups and diagonal withdrawal rule: unplayed games of the current round
 * are forfeited and the player takes no further part.
 */
export function withdrawByForfeit<F extends FormatName>(
  state: TournamentState<F>,
  playerId: string,
  hooks: RoundHooks<F>,
  options: PlanOptions,
): Transition<F> {
  assertCanWithdraw(state, playerId);
  const s = deepDraft(state);
  const round = s.rounds[s.rounds.length - 1] as DraftRound;
  forfeitUnplayed(round, playerId);
  s.withdrawals.push({ player: playerId, round: round.number, treatment: "forfeit" });
  const events: EngineEvent[] = [];
  closeIfDone(s, hooks, options, events);
  return { state: s as TournamentState<F>, events };
}

export type PlayerStatus = "playing" | "champion" | "eliminated" | "withdrawn";

/**
 * Status of a player whose last round is `round`. Built once per standings call
 * with sets: a linear search per player would make 100,000-player standings quadratic.
 */
export function statusLookup(state: TournamentState): { status: (player: string, round: Round) => PlayerStatus; isChampion: (player: string) => boolean } {
  const champions = new Set(state.champions);
  const withdrawn = withdrawnSet(state);
  const advanced = new Map<Round, Set<string>>();
  const advancedIn = (round: Round): Set<string> => {
    let set = advanced.get(round);
    if (!set) advanced.set(round, (set = new Set(round.advanced ?? [])));
    return set;
  };
  return {
    isChampion: (player) => champions.has(player),
    status: (player, round) => {
      if (champions.has(player)) return "champion";
      if (withdrawn.has(player)) return "withdrawn";
      if (round.status === "complete" && !advancedIn(round).has(player)) return "eliminated";
      return "playing";
    },
  };
}

/**
 * Replaces the result of an already-decided game of the current, still-running
 * round (an organizer's correction). Standings are computed from results, so they
 * follow at once. Games of completed rounds cannot change: the next round was
 * planned from them. A staged knockout game that was replayed cannot change either,
 * since the replay exists because of its result.
 */
export function correctResult<F extends FormatName>(state: TournamentState<F>, gameId: string, result: FormatResult): TournamentState<F> {
  if (state.status === "finished") throw new FormatError("the tournament is finished; its results can no longer change");
  const loc = parseGameId(gameId);
  const round = currentRound(state);
  if (!loc || loc.round !== round.number) {
    throw new FormatError(`game ${gameId} is not in the current round (${round.number}); the next round was already planned from it`);
  }
  const game = findGame(state, gameId);
  if (!game) throw new FormatError(`unknown game id ${gameId}`);
  if (game.void) throw new FormatError(`game ${gameId} was voided`);
  if (!game.result) throw new FormatError(`game ${gameId} has no result yet to correct`);
  for (const other of roundGames(round)) {
    if (other.replayOf === gameId) throw new FormatError(`game ${gameId} was already replayed; its result can no longer change`);
  }
  const s = draftOf(state);
  const owned = ownCurrentRound(s);
  const container = containerAt(round, loc) as Group | Phase;
  const { id: _id, ...stored } = game;
  withContainer(owned, loc, { ...container, games: vecSet(container.games, loc.n - 1, { ...stored, result: checkResult(result) }) });
  return s as TournamentState<F>;
}
