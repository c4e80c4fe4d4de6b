// Live clinch and elimination maths for one table (a group, a league): for every
// player, "clinched" (takes a qualifying place whatever the remaining results),
// "out" (cannot take one any more) or "open", with the single remaining results
// that would settle an open player either way. Pure and deterministic: every
// search counts nodes against a budget, and a search that runs out of budget says
// "not decided yet" (open) instead of guessing. The method, per rule, is in
// docs/formats.md ("Clinch and elimination"):
//
// - points rules (groups: win 2 / draw 1, league: 3/1/0 + wins + wins as black),
//   "fewer than `places` players strictly above": p can still qualify iff some
//   completion in which p wins all its own games leaves fewer than `places` above
//   (winning is best for p and worst for its opponents on every key); for win 2 /
//   draw 1 with no tiebreak that is the classic max-flow elimination test, exact
//   in polynomial time; otherwise an exact depth-first search with pruning. p can
//   still miss iff some completion in which p loses all its own games has
//   `places` players above p (with one place: one rival winning out is enough).
// - the staged ladder (score, head-to-head among the tied, margins, earlier rank,
//   random draw): a search over every completion; where the order would come down
//   to the margins of games not yet played, or to the random draw, both places
//   count as possible, so a mark is never wrong, only sometimes still open.

import type { GameResult } from "./types";

export type ClinchStatus = "clinched" | "out" | "open";

export interface ClinchGame {
  readonly id: string;
  readonly side1: string;
  readonly side2: string;
}

export interface ClinchResult extends ClinchGame {
  readonly outcome: GameResult;
  /** Winner's margin (staged ladder's step 3); 0 when absent. */
  readonly margin?: number;
}

/** How a table ranks its players and how many of the top places qualify. */
export type ClinchRule =
  | {
      readonly kind: "points";
      readonly points: { readonly win: number; readonly draw: number; readonly loss: number };
      /** Tiebreaks after points, in order (all additive per game). */
      readonly tiebreaks: readonly ("wins" | "winsAsBlack")[];
      /** Side whose wins count as wins as black. */
      readonly blackSide: 1 | 2;
      /** A player qualifies when fewer than `places` players rank strictly above (shared ranks qualify together). */
      readonly places: number;
    }
  | {
      readonly kind: "ladder";
      /** The top `places` of the unique order qualify. */
      readonly places: number;
      /** Step 4 of the staged ladder: larger is better (rating, or minus the earlier rank). */
      readonly step4: Readonly<Record<string, number>>;
    };

export interface ClinchInput {
  /** The table's players (players who left the table entirely are not listed). */
  readonly players: readonly string[];
  /** Players who still rank but can never take a place (a league's withdrawn forfeiter). */
  readonly cannotQualify?: readonly string[];
  readonly played: readonly ClinchResult[];
  readonly remaining: readonly ClinchGame[];
  readonly drawsPossible: boolean;
  readonly rule: ClinchRule;
  /** Search nodes allowed per question (deterministic); default CLINCH_BUDGET. */
  readonly budget?: number;
  /** Work out single results that would settle open players when at most this many games remain (default 24). */
  readonly swingLimit?: number;
  /** false: statuses and rivals only, no "what if" searches (for tables nobody is looking at in detail). */
  readonly details?: boolean;
}

/** One remaining result that would settle an open player. */
export interface ClinchSwing {
  readonly game: string;
  readonly side1: string;
  readonly side2: string;
  readonly outcome: GameResult;
  readonly makes: "clinched" | "out";
}

export interface ClinchMark {
  readonly player: string;
  readonly status: ClinchStatus;
  /** Open only: a search ran out of budget, so the answer is "not decided yet" rather than proven open. */
  readonly undecided: boolean;
  /** The player's own games still to play. */
  readonly ownRemaining: number;
  /** Open only: what winning / losing all own remaining games would make of it (null: not worked out). */
  readonly ifWinsAll: ClinchStatus | null;
  readonly ifLosesAll: ClinchStatus | null;
  /** Open only: single results that settle it (empty when too many games remain to look). */
  readonly swings: readonly ClinchSwing[];
  /** Open only: players who can still finish above them (points rules; empty for the ladder). */
  readonly rivals: readonly string[];
}

export const CLINCH_BUDGET = 20_000;
const SWING_BUDGET = 4_000;

class OutOfBudget extends Error {}

interface Budget {
  used: number;
  readonly limit: number;
}

function tick(b: Budget): void {
  if (++b.used > b.limit) throw new OutOfBudget();
}

type Maybe = boolean | "unknown";

function attempt(limit: number, f: (b: Budget) => boolean): Maybe {
  const b: Budget = { used: 0, limit };
  try {
    return f(b);
  } catch (e) {
    if (e instanceof OutOfBudget) return "unknown";
    throw e;
  }
}

// ---------------------------------------------------------------------------
// Table set-up shared by both rules: players as indexes, remaining games as pairs.

interface Table {
  readonly n: number;
  readonly index: ReadonlyMap<string, number>;
  readonly ids: readonly string[];
  /** Remaining games between two listed players (others cannot change the table). */
  readonly games: readonly { readonly a: number; readonly b: number; readonly id: string }[];
  readonly outcomes: readonly GameResult[];
}

function table(input: ClinchInput): Table {
  const index = new Map(input.players.map((p, i) => [p, i]));
  const games = input.remaining.flatMap((g) => {
    const a = index.get(g.side1);
    const b = index.get(g.side2);
    return a === undefined || b === undefined ? [] : [{ a, b, id: g.id }];
  });
  return { n: input.players.length, index, ids: input.players, games, outcomes: input.drawsPossible ? ["1-0", "draw", "0-1"] : ["1-0", "0-1"] };
}

// ---------------------------------------------------------------------------
// Points rules.

type PointsRule = Extract<ClinchRule, { kind: "points" }>;
type Vals = number[];

function lexCompare(x: readonly number[], y: readonly number[]): number {
  for (let i = 0; i < x.length; i++) {
    const d = (x[i] as number) - (y[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}

/** What one side of a game adds to the keys [points, ...tiebreaks]. */
function gain(rule: PointsRule, result: "win" | "draw" | "loss", side: 1 | 2): Vals {
  const points = result === "win" ? rule.points.win : result === "draw" ? rule.points.draw : rule.points.loss;
  return [points, ...rule.tiebreaks.map((t) => (result !== "win" ? 0 : t === "wins" ? 1 : side === rule.blackSide ? 1 : 0))];
}

const sideResult = (o: GameResult, side: 1 | 2): "win" | "draw" | "loss" => (o === "draw" ? "draw" : (o === "1-0") === (side === 1) ? "win" : "loss");

function addInto(target: Vals, add: readonly number[], sign = 1): void {
  for (let i = 0; i < target.length; i++) target[i] = (target[i] as number) + sign * (add[i] as number);
}

interface PointsCtx {
  readonly rule: PointsRule;
  readonly t: Table;
  readonly base: readonly Vals[];
  readonly barred: readonly boolean[];
  readonly monotone: boolean;
  /** gains[o][side-1]: keys added by outcome o to that side. */
  readonly gains: Readonly<Record<GameResult, readonly [Vals, Vals]>>;
}

function pointsCtx(input: ClinchInput, rule: PointsRule, t: Table): PointsCtx {
  const base: Vals[] = input.players.map(() => new Array<number>(1 + rule.tiebreaks.length).fill(0));
  const gains = {} as Record<GameResult, readonly [Vals, Vals]>;
  for (const o of ["1-0", "draw", "0-1"] as const) gains[o] = [gain(rule, sideResult(o, 1), 1), gain(rule, sideResult(o, 2), 2)];
  for (const g of input.played) {
    const a = t.index.get(g.side1);
    const b = t.index.get(g.side2);
    if (a !== undefined) addInto(base[a] as Vals, gains[g.outcome][0]);
    if (b !== undefined) addInto(base[b] as Vals, gains[g.outcome][1]);
  }
  const barredSet = new Set(input.cannotQualify ?? []);
  return {
    rule,
    t,
    base,
    barred: input.players.map((p) => barredSet.has(p)),
    // With no negative points every key only grows, so a player above stays above.
    monotone: rule.points.loss >= 0 && rule.points.draw >= 0,
    gains,
  };
}

/** Keys of everyone once `fixed` games (index -> outcome) are added to the base. */
function withFixed(c: PointsCtx, fixed: ReadonlyMap<number, GameResult>): Vals[] {
  const v = c.base.map((x) => x.slice());
  for (const [gi, o] of fixed) {
    const g = c.t.games[gi]!;
    addInto(v[g.a]!, c.gains[o][0]);
    addInto(v[g.b]!, c.gains[o][1]);
  }
  return v;
}

/** Best keys a player can reach: every one of their open games won. */
function bestOf(c: PointsCtx, v: readonly Vals[], open: readonly number[], q: number): Vals {
  const best = (v[q] as Vals).slice();
  for (const gi of open) {
    const g = c.t.games[gi]!;
    if (g.a === q) addInto(best, c.gains["1-0"][0]);
    else if (g.b === q) addInto(best, c.gains["0-1"][1]);
  }
  return best;
}

/**
 * Is there a completion in which fewer than `places` players rank above p?
 * p wins its own games (best for p, worst for each opponent, on every key).
 */
function pointsCanQualify(c: PointsCtx, p: number, fixedIn: ReadonlyMap<number, GameResult>, b: Budget): boolean {
  if (c.barred[p]) return false;
  const fixed = new Map(fixedIn);
  c.t.games.forEach((g, gi) => {
    if (fixed.has(gi)) return;
    if (g.a === p) fixed.set(gi, "1-0");
    else if (g.b === p) fixed.set(gi, "0-1");
  });
  let v = withFixed(c, fixed);
  const target = v[p] as Vals;
  // Players who cannot pass p even winning out are safe: give them their games
  // against the others (the worst the others can get), until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    const open = c.t.games.map((_, gi) => gi).filter((gi) => !fixed.has(gi));
    const safe = v.map((_, q) => q === p || lexCompare(bestOf(c, v, open, q), target) <= 0);
    for (const gi of open) {
      const g = c.t.games[gi]!;
      if (safe[g.a] && safe[g.b]) fixed.set(gi, "1-0");
      else if (safe[g.a]) fixed.set(gi, "1-0");
      else if (safe[g.b]) fixed.set(gi, "0-1");
      else continue;
      changed = true;
    }
    if (changed) v = withFixed(c, fixed);
  }
  const open = c.t.games.map((_, gi) => gi).filter((gi) => !fixed.has(gi));
  const { rule } = c;
  if (open.length === 0) return countAbove(c, v, target, p, true) < rule.places;
  if (
    rule.places === 1 &&
    rule.tiebreaks.length === 0 &&
    rule.points.loss === 0 &&
    rule.points.win === 2 * rule.points.draw &&
    rule.points.draw > 0 &&
    c.t.outcomes.includes("draw")
  ) {
    return flowFits(c, v, target, open);
  }
  return searchQualify(c, v, target, p, open, b);
}

/** Players ranking strictly above p (settledOnly: only those who cannot drop back). */
function countAbove(c: PointsCtx, v: readonly Vals[], target: Vals, p: number, final: boolean, openCount?: readonly number[]): number {
  let n = 0;
  for (let q = 0; q < v.length; q++) {
    if (q === p) continue;
    if (!final && !c.monotone && (openCount?.[q] ?? 0) > 0) continue;
    if (lexCompare(v[q] as Vals, target) > 0) n++;
  }
  return n;
}

/**
 * Win 2 / draw 1 / loss 0 with no tiebreak: every split of a game's 2 points is a
 * result, so the others can all stay at or below p's score iff a flow sends every
 * remaining game's 2 points to its players within each player's room below p.
 */
function flowFits(c: PointsCtx, v: readonly Vals[], target: Vals, open: readonly number[]): boolean {
  const unit = c.rule.points.draw;
  const room = v.map((x) => Math.floor(((target[0] as number) - (x[0] as number)) / unit));
  if (room.some((r) => r < 0)) return false;
  // Nodes: 0 source, 1..G games, G+1..G+n players, G+n+1 sink.
  const G = open.length;
  const N = G + c.t.n + 2;
  const sink = N - 1;
  const cap: number[][] = Array.from({ length: N }, () => new Array<number>(N).fill(0));
  open.forEach((gi, k) => {
    const g = c.t.games[gi]!;
    cap[0]![k + 1] = 2;
    cap[k + 1]![G + 1 + g.a] = 2;
    cap[k + 1]![G + 1 + g.b] = 2;
  });
  for (let q = 0; q < c.t.n; q++) cap[G + 1 + q]![sink] = room[q] as number;
  let flow = 0;
  for (;;) {
    const prev = new Array<number>(N).fill(-1);
    prev[0] = 0;
    const queue = [0];
    while (queue.length > 0 && prev[sink] === -1) {
      const u = queue.shift() as number;
      for (let w = 0; w < N; w++) {
        if (prev[w] === -1 && (cap[u]![w] as number) > 0) {
          prev[w] = u;
          queue.push(w);
        }
      }
    }
    if (prev[sink] === -1) break;
    let push = Infinity;
    for (let w = sink; w !== 0; w = prev[w] as number) push = Math.min(push, cap[prev[w] as number]![w] as number);
    for (let w = sink; w !== 0; w = prev[w] as number) {
      cap[prev[w] as number]![w]! -= push;
      cap[w]![prev[w] as number]! += push;
    }
    flow += push;
  }
  return flow === 2 * G;
}

/**
 * One search step: tries the outcomes of game (a, b) in order (apply, go deeper,
 * undo) with the game off both players' count of games left; true at the first success.
 */
function branch(
  left: number[],
  g: { readonly a: number; readonly b: number },
  tries: readonly GameResult[],
  allowed: readonly GameResult[],
  apply: (o: GameResult, sign: 1 | -1) => void,
  deeper: () => boolean,
): boolean {
  left[g.a]!--;
  left[g.b]!--;
  let ok = false;
  for (const o of tries) {
    if (!allowed.includes(o)) continue;
    apply(o, 1);
    ok = deeper();
    apply(o, -1);
    if (ok) break;
  }
  left[g.a]!++;
  left[g.b]!++;
  return ok;
}

/** Exact search: some outcome of the open games leaves fewer than `places` above target. */
function searchQualify(c: PointsCtx, v0: readonly Vals[], target: Vals, p: number, open: readonly number[], b: Budget): boolean {
  const v = v0.map((x) => x.slice());
  const left = new Array<number>(c.t.n).fill(0);
  for (const gi of open) {
    left[c.t.games[gi]!.a]!++;
    left[c.t.games[gi]!.b]!++;
  }
  // The fewest points a game can hand out, for the one-place sum bound.
  const minHandout = Math.min(...c.t.outcomes.map((o) => (c.gains[o][0][0] as number) + (c.gains[o][1][0] as number)));
  const places = c.rule.places;
  const dfs = (k: number): boolean => {
    tick(b);
    if (countAbove(c, v, target, p, false, left) >= places) return false;
    if (k === open.length) return countAbove(c, v, target, p, true) < places;
    if (places === 1 && c.monotone) {
      // Points still to hand out must fit in everyone's room up to p's points.
      let room = 0;
      for (let q = 0; q < c.t.n; q++) if (q !== p && left[q]! > 0) room += (target[0] as number) - (v[q]![0] as number);
      if (room < minHandout * (open.length - k)) return false;
    }
    const g = c.t.games[open[k] as number]!;
    // Try the win for the player with more room first: it finds a witness fastest.
    const roomA = (target[0] as number) - (v[g.a]![0] as number);
    const roomB = (target[0] as number) - (v[g.b]![0] as number);
    const order: GameResult[] = roomA >= roomB ? ["1-0", "draw", "0-1"] : ["0-1", "draw", "1-0"];
    const apply = (o: GameResult, sign: 1 | -1) => {
      addInto(v[g.a]!, c.gains[o][0], sign);
      addInto(v[g.b]!, c.gains[o][1], sign);
    };
    return branch(left, g, order, c.t.outcomes, apply, () => dfs(k + 1));
  };
  return dfs(0);
}

/**
 * Is there a completion with at least `places` players above p? p loses its own
 * games. With one place, one rival winning out against p losing out decides it.
 */
function pointsCanMiss(c: PointsCtx, p: number, fixedIn: ReadonlyMap<number, GameResult>, b: Budget): boolean {
  if (c.barred[p]) return true;
  const fixed = new Map(fixedIn);
  c.t.games.forEach((g, gi) => {
    if (fixed.has(gi)) return;
    if (g.a === p) fixed.set(gi, "0-1");
    else if (g.b === p) fixed.set(gi, "1-0");
  });
  const v = withFixed(c, fixed);
  const target = v[p] as Vals;
  const open = c.t.games.map((_, gi) => gi).filter((gi) => !fixed.has(gi));
  if (c.rule.places === 1) return v.some((_, q) => q !== p && lexCompare(bestOf(c, v, open, q), target) > 0);
  const w = v.map((x) => x.slice());
  const left = new Array<number>(c.t.n).fill(0);
  const dfs = (k: number): boolean => {
    tick(b);
    let possible = 0;
    let above = 0;
    for (let q = 0; q < c.t.n; q++) {
      if (q === p) continue;
      if (lexCompare(bestOf(c, w, open.slice(k), q), target) > 0) possible++;
      if (lexCompare(w[q] as Vals, target) > 0) above++;
    }
    if (possible < c.rule.places) return false;
    if (k === open.length) return above >= c.rule.places;
    const g = c.t.games[open[k] as number]!;
    const apply = (o: GameResult, sign: 1 | -1) => {
      addInto(w[g.a]!, c.gains[o][0], sign);
      addInto(w[g.b]!, c.gains[o][1], sign);
    };
    return branch(left, g, c.t.outcomes, c.t.outcomes, apply, () => dfs(k + 1));
  };
  return dfs(0);
}

// ---------------------------------------------------------------------------
// The staged ladder.

type LadderRule = Extract<ClinchRule, { kind: "ladder" }>;

interface LadderCtx {
  readonly rule: LadderRule;
  readonly t: Table;
  readonly played: readonly { a: number; b: number; outcome: GameResult; margin: number }[];
  readonly step4: readonly number[];
}

function ladderCtx(input: ClinchInput, rule: LadderRule, t: Table): LadderCtx {
  const played = input.played.flatMap((g) => {
    const a = t.index.get(g.side1);
    const b = t.index.get(g.side2);
    return a === undefined || b === undefined ? [] : [{ a, b, outcome: g.outcome, margin: g.margin ?? 0 }];
  });
  return { rule, t, played, step4: input.players.map((p) => rule.step4[p] ?? 0) };
}

/** Half points (win 2, draw 1) of side a and b. */
const halfPoints = (o: GameResult): [number, number] => (o === "1-0" ? [2, 0] : o === "0-1" ? [0, 2] : [1, 1]);

/**
 * p's possible places (0-based, inclusive) once every game has an outcome, the
 * ladder applied as staged-ranking.ts does; margins of games not played yet and
 * the random draw leave the order among those tied open.
 */
function ladderRange(c: LadderCtx, p: number, outcomes: readonly GameResult[]): [number, number] {
  const n = c.t.n;
  const score = new Array<number>(n).fill(0);
  const played = new Array<number>(n).fill(0);
  const margin = new Array<number>(n).fill(0);
  const guessedMargin = new Array<boolean>(n).fill(false);
  const all: { a: number; b: number; outcome: GameResult }[] = [];
  for (const g of c.played) {
    const [x, y] = halfPoints(g.outcome);
    score[g.a]! += x;
    score[g.b]! += y;
    played[g.a]!++;
    played[g.b]!++;
    const signed = g.outcome === "1-0" ? g.margin : g.outcome === "0-1" ? -g.margin : 0;
    margin[g.a]! += signed;
    margin[g.b]! -= signed;
    all.push(g);
  }
  c.t.games.forEach((g, gi) => {
    const o = outcomes[gi] as GameResult;
    const [x, y] = halfPoints(o);
    score[g.a]! += x;
    score[g.b]! += y;
    played[g.a]!++;
    played[g.b]!++;
    if (o !== "draw") guessedMargin[g.a] = guessedMargin[g.b] = true;
    all.push({ a: g.a, b: g.b, outcome: o });
  });
  const percent = (q: number) => (played[q]! > 0 ? score[q]! / played[q]! : 0);
  const perGame = (q: number) => (played[q]! > 0 ? margin[q]! / played[q]! : 0);

  const split = (set: number[], value: (q: number) => number, step: number): [number, number] => {
    const mine = value(p);
    let offset = 0;
    const cls: number[] = [];
    for (const q of set) {
      const x = value(q);
      if (x > mine) offset++;
      else if (x === mine) cls.push(q);
    }
    if (cls.length === 1) return [offset, offset];
    const [lo, hi] = cls.length < set.length ? resolve(cls, 2) : resolve(cls, step + 1);
    return [offset + lo, offset + hi];
  };
  const resolve = (set: number[], step: number): [number, number] => {
    if (set.length <= 1) return [0, 0];
    if (step === 2) {
      const inSet = new Set(set);
      const h2h = new Map<number, number>(set.map((q) => [q, 0]));
      for (const g of all) {
        if (!inSet.has(g.a) || !inSet.has(g.b)) continue;
        const [x, y] = halfPoints(g.outcome);
        h2h.set(g.a, h2h.get(g.a)! + x);
        h2h.set(g.b, h2h.get(g.b)! + y);
      }
      return split(set, (q) => h2h.get(q)!, 2);
    }
    if (step === 3) {
      if (set.some((q) => guessedMargin[q])) return [0, set.length - 1];
      return split(set, perGame, 3);
    }
    if (step === 4) return split(set, (q) => c.step4[q]!, 4);
    return [0, set.length - 1];
  };
  return split(
    Array.from({ length: n }, (_, q) => q),
    percent,
    1,
  );
}

/** Some completion where p's place may be inside (want "in") or outside (want "miss") the top `places`. */
function ladderSearch(c: LadderCtx, p: number, want: "in" | "miss", fixed: ReadonlyMap<number, GameResult>, b: Budget): boolean {
  const k = c.rule.places;
  const n = c.t.n;
  const games = c.t.games;
  // p's games first, then the rest, in the given order.
  const order = games.map((_, gi) => gi).sort((x, y) => Number(games[y]!.a === p || games[y]!.b === p) - Number(games[x]!.a === p || games[x]!.b === p));
  const score = new Array<number>(n).fill(0);
  const left = new Array<number>(n).fill(0);
  const total = new Array<number>(n).fill(0);
  for (const g of c.played) {
    const [x, y] = halfPoints(g.outcome);
    score[g.a]! += x;
    score[g.b]! += y;
    total[g.a]!++;
    total[g.b]!++;
  }
  for (const g of games) {
    left[g.a]!++;
    left[g.b]!++;
    total[g.a]!++;
    total[g.b]!++;
  }
  // The ladder ranks by score per game played; at the end everyone has played `total`.
  const pct = (q: number, s: number) => (total[q]! > 0 ? s / total[q]! : 0);
  const outcomes: GameResult[] = new Array<GameResult>(games.length).fill("draw");
  const dfs = (i: number): boolean => {
    tick(b);
    // Bounds on the final score per game; a tie may fall either way.
    if (want === "miss") {
      let couldBeAbove = 0;
      for (let q = 0; q < n; q++) if (q !== p && pct(q, score[q]! + 2 * left[q]!) >= pct(p, score[p]!)) couldBeAbove++;
      if (couldBeAbove < k) return false;
    } else {
      let surelyAbove = 0;
      for (let q = 0; q < n; q++) if (q !== p && pct(q, score[q]!) > pct(p, score[p]! + 2 * left[p]!)) surelyAbove++;
      if (surelyAbove >= k) return false;
    }
    if (i === order.length) {
      const [lo, hi] = ladderRange(c, p, outcomes);
      return want === "in" ? lo < k : hi >= k;
    }
    const gi = order[i] as number;
    const g = games[gi]!;
    const pSide = g.a === p ? 1 : g.b === p ? 2 : 0;
    const good: GameResult = pSide === 2 ? "0-1" : "1-0";
    const bad: GameResult = good === "1-0" ? "0-1" : "1-0";
    const f = fixed.get(gi);
    const tries: readonly GameResult[] = f ? [f] : pSide === 0 ? c.t.outcomes : want === "in" ? [good, "draw", bad] : [bad, "draw", good];
    const apply = (o: GameResult, sign: 1 | -1) => {
      const [x, y] = halfPoints(o);
      score[g.a]! += sign * x;
      score[g.b]! += sign * y;
      outcomes[gi] = o;
    };
    return branch(left, g, tries, c.t.outcomes, apply, () => dfs(i + 1));
  };
  return dfs(0);
}

// ---------------------------------------------------------------------------
// Marks.

interface Decider {
  /** Can p still qualify / still miss, given some games fixed? */
  canQualify(p: number, fixed: ReadonlyMap<number, GameResult>, limit: number): Maybe;
  canMiss(p: number, fixed: ReadonlyMap<number, GameResult>, limit: number): Maybe;
  rivals(p: number): string[];
}

function decider(input: ClinchInput, t: Table): Decider {
  const rule = input.rule;
  if (rule.kind === "points") {
    const c = pointsCtx(input, rule, t);
    return {
      canQualify: (p, fixed, limit) => attempt(limit, (b) => pointsCanQualify(c, p, fixed, b)),
      canMiss: (p, fixed, limit) => attempt(limit, (b) => pointsCanMiss(c, p, fixed, b)),
      rivals(p) {
        const open = t.games.map((_, gi) => gi);
        const worst = c.base[p]!.slice();
        for (const g of t.games) {
          if (g.a === p) addInto(worst, c.gains["0-1"][0]);
          else if (g.b === p) addInto(worst, c.gains["1-0"][1]);
        }
        return t.ids.filter((_, q) => q !== p && lexCompare(bestOf(c, c.base, open, q), worst) > 0);
      },
    };
  }
  const c = ladderCtx(input, rule, t);
  return {
    canQualify: (p, fixed, limit) => attempt(limit, (b) => (input.cannotQualify?.includes(t.ids[p]!) ? false : ladderSearch(c, p, "in", fixed, b))),
    canMiss: (p, fixed, limit) => attempt(limit, (b) => ladderSearch(c, p, "miss", fixed, b)),
    rivals: () => [],
  };
}

function statusOf(q: Maybe, m: Maybe): { status: ClinchStatus; undecided: boolean } {
  if (q === false) return { status: "out", undecided: false };
  if (m === false) return { status: "clinched", undecided: false };
  return { status: "open", undecided: q === "unknown" || m === "unknown" };
}

/** Clinched / out / open for every player of one table. */
export function clinchMarks(input: ClinchInput): ClinchMark[] {
  const t = table(input);
  const d = decider(input, t);
  const limit = input.budget ?? CLINCH_BUDGET;
  const none = new Map<number, GameResult>();
  const swingLimit = input.swingLimit ?? 24;
  return input.players.map((player, p) => {
    const own = t.games.map((g, gi) => ({ g, gi })).filter(({ g }) => g.a === p || g.b === p);
    const { status, undecided } = statusOf(d.canQualify(p, none, limit), d.canMiss(p, none, limit));
    if (status !== "open") return { player, status, undecided, ownRemaining: own.length, ifWinsAll: status, ifLosesAll: status, swings: [], rivals: [] };
    const sweep = (win: boolean): ClinchStatus => {
      const fixed = new Map(own.map(({ g, gi }): [number, GameResult] => [gi, (g.a === p) === win ? "1-0" : "0-1"]));
      return statusOf(d.canQualify(p, fixed, SWING_BUDGET), d.canMiss(p, fixed, SWING_BUDGET)).status;
    };
    if (input.details === false)
      return { player, status, undecided, ownRemaining: own.length, ifWinsAll: null, ifLosesAll: null, swings: [], rivals: d.rivals(p) };
    const swings: ClinchSwing[] = [];
    if (t.games.length <= swingLimit) {
      t.games.forEach((g, gi) => {
        for (const o of t.outcomes) {
          const fixed = new Map([[gi, o]]);
          const s = statusOf(d.canQualify(p, fixed, SWING_BUDGET), d.canMiss(p, fixed, SWING_BUDGET)).status;
          if (s !== "open") swings.push({ game: g.id, side1: t.ids[g.a]!, side2: t.ids[g.b]!, outcome: o, makes: s });
        }
      });
    }
    return { player, status, undecided, ownRemaining: own.length, ifWinsAll: sweep(true), ifLosesAll: sweep(false), swings, rivals: d.rivals(p) };
  });
}
