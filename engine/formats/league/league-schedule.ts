// The league's pairing table: which pairs meet in which phase of cycle 1 (cycle 2
// repeats it with sides reversed). The rule book defines it as the
// lexicographically first perfect matching among the unused pairs, phase after
// phase, with a phantom "bye" player appended when the count is odd.
//
// Naive depth-first search for that matching explodes from about 25 players: late
// phases leave a sparse graph in which the search wanders through huge dead
// subtrees, and for some sizes the greedy sequence itself dead-ends (the pairs left
// for a late phase hold no perfect matching at all). Instead of searching blindly
// we keep a perfect matching of what is left (Edmonds' blossom algorithm, cheap at
// 31 vertices) and fix pairs in lexicographic order, accepting the smallest partner
// for which the rest can still be completed: one augmenting-path search per
// candidate. That yields exactly the lexicographically first matching, in
// polynomial time, and *proves* a dead end when there is one. Only then, and only
// for that size, the whole cycle uses the circle method (Berger tables), which
// works for every size. No budget, no timing: fully deterministic.

/** One cycle of the schedule, by seed index (0 = top seed). */
export interface LeagueCycle {
  /** Phases of cycle 1; in each pair the first index is side 1. Ordered by the first index. */
  readonly phases: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
  /** The player with the bye in each phase (odd counts only), else null. */
  readonly byes: ReadonlyArray<number | null>;
  /** How the table was built. */
  readonly method: "lexicographic" | "circle";
  /** For the circle method: the phase whose unused pairs held no perfect matching. */
  readonly deadEndAtPhase?: number;
}

export function leagueCycle(players: number): LeagueCycle {
  if (!Number.isInteger(players) || players < 2 || players > 31) {
    throw new RangeError(`league schedules cover 2 to 31 players, got ${players}`);
  }
  const lex = lexicographicCycle(players);
  if (lex.ok) return { phases: lex.phases, byes: byesOf(players, lex.phases), method: "lexicographic" };
  const phases = circleCycle(players);
  return { phases, byes: byesOf(players, phases), method: "circle", deadEndAtPhase: lex.deadEndAtPhase };
}

type Pair = readonly [number, number];

function byesOf(players: number, phases: ReadonlyArray<ReadonlyArray<Pair>>): Array<number | null> {
  if (players % 2 === 0) return phases.map(() => null);
  return phases.map((games) => {
    const seen = new Uint8Array(players);
    for (const [a, b] of games) seen[a] = seen[b] = 1;
    return seen.indexOf(0);
  });
}

const lowestBit = (mask: number): number => 31 - Math.clz32(mask & -mask);

/**
 * Phase after phase, the lexicographically first perfect matching of the unused
 * pairs (the phantom, if any, is the last vertex: its partner has the bye).
 */
function lexicographicCycle(players: number): { ok: true; phases: Pair[][] } | { ok: false; deadEndAtPhase: number } {
  const v = players % 2 === 0 ? players : players + 1;
  const phantom = players % 2 === 0 ? -1 : players;
  const full = v === 32 ? -1 : (1 << v) - 1;
  const adj = new Int32Array(v);
  for (let i = 0; i < v; i++) adj[i] = full & ~(1 << i);
  const blossom = new Blossom(v, adj);

  const phases: Pair[][] = [];
  for (let p = 0; p < v - 1; p++) {
    const match = blossom.maximumMatching(full);
    if (match.some((m) => m < 0)) return { ok: false, deadEndAtPhase: p + 1 };
    let alive = full;
    const games: Pair[] = [];
    while (alive !== 0) {
      const u = lowestBit(alive);
      let cands = adj[u]! & alive;
      let chosen = -1;
      while (cands !== 0) {
        const w = lowestBit(cands);
        cands &= cands - 1;
        const rest = alive & ~(1 << u) & ~(1 << w);
        if (match[u] === w) {
          chosen = w;
          break;
        }
        // Remove u and w; their partners are left exposed. The rest still has a
        // perfect matching iff one augmenting path joins those two partners.
        const trial = match.slice();
        const pu = trial[u]!;
        const pw = trial[w]!;
        trial[u] = trial[w] = trial[pu] = trial[pw] = -1;
        if (blossom.augment(trial, rest, pu)) {
          match.set(trial);
          chosen = w;
          break;
        }
      }
      // The invariant (what is alive has a perfect matching) guarantees a partner.
      if (chosen < 0) throw new Error("league schedule: lost the matching invariant");
      match[u] = chosen;
      match[chosen] = u;
      alive &= ~(1 << u) & ~(1 << chosen);
      adj[u] = adj[u]! & ~(1 << chosen);
      adj[chosen] = adj[chosen]! & ~(1 << u);
      if (u !== phantom && chosen !== phantom) games.push([u, chosen]);
    }
    phases.push(games);
  }
  return { ok: true, phases };
}

/**
 * Edmonds' blossom algorithm on at most 32 vertices, adjacency as bit masks, every
 * search restricted to a mask of live vertices (the classic e-maxx formulation).
 */
class Blossom {
  private readonly base: Int32Array;
  private readonly parent: Int32Array;
  private readonly used: Uint8Array;
  private readonly inBlossom: Uint8Array;
  private readonly onPath: Uint8Array;
  private readonly queue: Int32Array;

  constructor(
    private readonly n: number,
    private readonly adj: Int32Array,
  ) {
    this.base = new Int32Array(n);
    this.parent = new Int32Array(n);
    this.used = new Uint8Array(n);
    this.inBlossom = new Uint8Array(n);
    this.onPath = new Uint8Array(n);
    this.queue = new Int32Array(n);
  }

  maximumMatching(alive: number): Int32Array {
    const match = new Int32Array(this.n).fill(-1);
    for (let m = alive; m !== 0; m &= m - 1) {
      const r = lowestBit(m);
      if (match[r] === -1) this.augment(match, alive, r);
    }
    return match;
  }

  /** Looks for an augmenting path from the exposed vertex root; applies it if found. */
  augment(match: Int32Array, alive: number, root: number): boolean {
    let v = this.findPath(match, alive, root);
    if (v < 0) return false;
    while (v !== -1) {
      const pv = this.parent[v]!;
      const ppv = match[pv]!;
      match[v] = pv;
      match[pv] = v;
      v = ppv;
    }
    return true;
  }

  private findPath(match: Int32Array, alive: number, root: number): number {
    const { base, parent, used, queue } = this;
    used.fill(0);
    parent.fill(-1);
    for (let i = 0; i < this.n; i++) base[i] = i;
    used[root] = 1;
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    while (head < tail) {
      const v = queue[head++]!;
      for (let m = this.adj[v]! & alive; m !== 0; m &= m - 1) {
        const to = lowestBit(m);
        if (base[v] === base[to] || match[v] === to) continue;
        if (to === root || (match[to]! !== -1 && parent[match[to]!]! !== -1)) {
          const cur = this.lca(match, v, to);
          this.inBlossom.fill(0);
          this.markPath(match, v, cur, to);
          this.markPath(match, to, cur, v);
          for (let i = 0; i < this.n; i++) {
            if ((alive >> i) & 1 && this.inBlossom[base[i]!]) {
              base[i] = cur;
              if (!used[i]) {
                used[i] = 1;
                queue[tail++] = i;
              }
            }
          }
        } else if (parent[to] === -1) {
          parent[to] = v;
          if (match[to] === -1) return to;
          const next = match[to]!;
          used[next] = 1;
          queue[tail++] = next;
        }
      }
    }
    return -1;
  }

  private lca(match: Int32Array, a0: number, b0: number): number {
    const { base, parent, onPath } = this;
    onPath.fill(0);
    let a = a0;
    for (;;) {
      a = base[a]!;
      onPath[a] = 1;
      if (match[a] === -1) break;
      a = parent[match[a]!]!;
    }
    let b = b0;
    for (;;) {
      b = base[b]!;
      if (onPath[b]) return b;
      b = parent[match[b]!]!;
    }
  }

  private markPath(match: Int32Array, v0: number, b: number, child0: number): void {
    const { base, parent, inBlossom } = this;
    let v = v0;
    let child = child0;
    while (base[v] !== b) {
      inBlossom[base[v]!] = 1;
      inBlossom[base[match[v]!]!] = 1;
      parent[v] = child;
      child = match[v]!;
      v = parent[match[v]!]!;
    }
  }
}

/**
 * Circle method: player v-1 (or the phantom) stays fixed, the others rotate. Every
 * pair meets exactly once in v-1 phases. As in the lexicographic table, the lower
 * seed is side 1 in cycle 1, so the two constructions read the same way.
 */
function circleCycle(players: number): Pair[][] {
  const v = players % 2 === 0 ? players : players + 1;
  const m = v - 1;
  const phases: Pair[][] = [];
  for (let r = 0; r < m; r++) {
    const games: Pair[] = [];
    const pairs: Array<[number, number]> = [[r, m]];
    for (let i = 1; i < v / 2; i++) pairs.push([(r + i) % m, (r - i + m) % m]);
    for (const [x, y] of pairs) {
      if (x >= players || y >= players) continue; // the phantom: a bye
      games.push(x < y ? [x, y] : [y, x]);
    }
    games.sort((g, h) => g[0] - h[0]);
    phases.push(games);
  }
  return phases;
}
