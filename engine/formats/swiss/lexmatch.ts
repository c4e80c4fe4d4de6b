// Perfect matchings that are best for a list of objectives taken in order
// (lexicographically), with every weight kept small enough for exact doubles.
//
// The Dutch rules compare pairings criterion by criterion; written as one weight
// per edge, the criteria of a large bracket need a few hundred bits. Instead the
// objectives are optimized in stages, as many per stage as fit in the doubles'
// integers, and each stage is restricted to the optimal matchings of the one
// before: by linear-programming duality (complementary slackness), a perfect
// matching is optimal exactly when it uses only edges of zero slack under the
// stage's optimal duals and has (|S|-1)/2 edges inside every odd set S whose dual
// is positive. The next stage therefore keeps only the tight edges and charges a
// penalty, larger than anything its objective can gain, for every positive set an
// edge crosses: a perfect matching crosses such a set an odd number of times, once
// exactly when the set is full, so the penalty's minimum is the previous face.
//
// The graph must have a perfect matching (the caller adds a bye vertex and keeps
// only steps that leave the rest completable); the first solve throws
// NoPerfectMatching otherwise.

import { maxWeightMatching, type MatchingResult } from "./matching";

export interface Objective {
  /** Non-negative integer value of an edge (by its index in the original graph); larger is better. */
  readonly value: (edge: number) => number;
  /** An upper bound of the summed values of any perfect matching's edges. */
  readonly bound: number;
  /** An upper bound of one edge's value. */
  readonly edgeMax: number;
}

/** Matchings solved since the process started, and their sizes (the bench reports them). */
export const matchingStats = { solves: 0, vertices: 0, edges: 0 };

/** Doubles hold integers exactly below 2^53; the matching's duals stay within about 4(n+1) times the largest weight. */
const budget = (n: number): number => Math.floor(2 ** 52 / (4 * (n + 1)));

/** The graph has no perfect matching. */
export class NoPerfectMatching extends Error {
  constructor() {
    super("no perfect matching");
    this.name = "NoPerfectMatching";
  }
}

export class LexMatcher {
  readonly n: number;
  private readonly eu: Int32Array;
  private readonly ev: Int32Array;
  /** Indices of the edges still allowed (tight in every stage so far). */
  private active: Int32Array;
  /** Positive odd sets of the last stage, as per-vertex lists of set ids. */
  private setsOf: number[][] = [];
  private result: MatchingResult | null = null;
  private mateEdges: Int32Array;
  /** Solves run (for the bench and tests). */
  solves = 0;

  constructor(n: number, u: Int32Array, v: Int32Array) {
    if (n % 2 !== 0) throw new Error("LexMatcher needs an even number of vertices");
    this.n = n;
    this.eu = u;
    this.ev = v;
    this.active = Int32Array.from({ length: u.length }, (_, i) => i);
    this.mateEdges = new Int32Array(n).fill(-1);
    for (let x = 0; x < n; x++) this.setsOf.push([]);
  }

  /** Solves once if nothing was optimized yet (a matching to read, and the check that one is perfect). */
  private ensureSolved(): void {
    if (!this.result) this.solveStage(() => 0, 0, 0);
  }

  /** The matched edge (original index) of each vertex in the current optimum. */
  get matchedEdges(): Int32Array {
    this.ensureSolved();
    return this.mateEdges;
  }

  /** Partner of each vertex in the current optimum. */
  partner(x: number): number {
    this.ensureSolved();
    const e = this.mateEdges[x]!;
    return this.eu[e] === x ? this.ev[e]! : this.eu[e]!;
  }

  /** Edges still allowed. */
  get activeEdges(): Int32Array {
    return this.active;
  }

  /** Whether only one perfect matching is left (every further objective is decided). */
  get decided(): boolean {
    return this.result !== null && this.active.length === this.n / 2;
  }

  /**
   * Restricts the optimal matchings to the best ones for these objectives, in
   * order; consecutive objectives share a solve while their weights fit.
   */
  optimize(objectives: readonly Objective[]): void {
    const limit = budget(this.n);
    let i = 0;
    while (i < objectives.length) {
      if (this.decided) return;
      // Pack objectives i..j-1 into one weight: earlier ones in the higher digits.
      let j = i;
      let bound = 0;
      let edgeMax = 0;
      while (j < objectives.length) {
        const o = objectives[j]!;
        const nextBound = bound * (o.bound + 1) + o.bound;
        const nextEdgeMax = edgeMax * (o.bound + 1) + o.edgeMax;
        if (j > i && !this.fits(nextBound, nextEdgeMax, limit)) break;
        if (!this.fits(nextBound, nextEdgeMax, limit)) throw new Error(`an objective is too large for one stage (bound ${o.bound})`);
        bound = nextBound;
        edgeMax = nextEdgeMax;
        j++;
      }
      const group = objectives.slice(i, j);
      const multipliers = group.map((_, g) => group.slice(g + 1).reduce((acc, o) => acc * (o.bound + 1), 1));
      const value = (e: number): number => {
        let total = 0;
        for (let g = 0; g < group.length; g++) total += group[g]!.value(e) * multipliers[g]!;
        return total;
      };
      this.solveStage(value, bound, edgeMax);
      i = j;
    }
  }

  private crossMax(): number {
    let d = 0;
    for (const sets of this.setsOf) d = Math.max(d, sets.length);
    return 2 * d;
  }

  private fits(bound: number, edgeMax: number, limit: number): boolean {
    const penalty = bound + 1;
    return penalty * this.crossMax() + edgeMax <= limit;
  }

  private solveStage(value: (edge: number) => number, bound: number, edgeMax: number): void {
    const active = this.active;
    const m = active.length;
    const values = new Float64Array(m);
    let any = false;
    for (let a = 0; a < m; a++) {
      const x = value(active[a]!);
      if (!(x >= 0 && x <= edgeMax && Number.isInteger(x))) throw new Error(`objective value ${x} outside 0..${edgeMax}`);
      values[a] = x;
      if (x !== values[0]) any = true;
    }
    // A constant objective changes nothing once a matching exists.
    if (!any && this.result) return;
    const penalty = bound + 1;
    const d = this.crossMax();
    const u = new Int32Array(m);
    const v = new Int32Array(m);
    const w = new Float64Array(m);
    for (let a = 0; a < m; a++) {
      const e = active[a]!;
      u[a] = this.eu[e]!;
      v[a] = this.ev[e]!;
      w[a] = penalty * (d - this.crossings(u[a]!, v[a]!)) + values[a]!;
    }
    this.solves++;
    matchingStats.solves++;
    matchingStats.vertices += this.n;
    matchingStats.edges += m;
    const result = maxWeightMatching({ n: this.n, u, v, w }, true);
    for (let x = 0; x < this.n; x++) if (result.mate[x] === -1) throw new NoPerfectMatching();
    for (let x = 0; x < this.n; x++) this.mateEdges[x] = result.mateEdge[x]! >= 0 ? active[result.mateEdge[x]!]! : -1;
    const tight: number[] = [];
    for (let a = 0; a < m; a++) if (result.slack(a) === 0) tight.push(active[a]!);
    this.active = Int32Array.from(tight);
    this.setsOf = [];
    for (let x = 0; x < this.n; x++) this.setsOf.push([]);
    result.positiveSets.forEach((set, id) => {
      for (const x of set) this.setsOf[x]!.push(id);
    });
    this.result = result;
  }

  /** How many positive sets contain exactly one of x and y. */
  private crossings(x: number, y: number): number {
    const a = this.setsOf[x]!;
    const b = this.setsOf[y]!;
    if (a.length === 0) return b.length;
    if (b.length === 0) return a.length;
    let shared = 0;
    for (const s of a) if (b.includes(s)) shared++;
    return a.length + b.length - 2 * shared;
  }
}
