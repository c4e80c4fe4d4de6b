// The blossom matching against brute force on small random graphs, and its dual
// solution against the optimality conditions the lexicographic stages rely on.
import { describe, expect, it } from "vitest";
import { Prng } from "../../prng";
import { maxWeightMatching, type MatchingGraph } from "./matching";

function randomGraph(rng: Prng, n: number, density: number, maxW: number): MatchingGraph {
  const u: number[] = [];
  const v: number[] = [];
  const w: number[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      if (rng.float() < density) {
        u.push(i);
        v.push(j);
        w.push(Math.floor(rng.float() * maxW) + (rng.float() < 0.1 ? -3 : 0));
      }
  return { n, u: Int32Array.from(u), v: Int32Array.from(v), w: Float64Array.from(w) };
}

/** Best [cardinality, weight] by brute force: max weight, or max cardinality then weight. */
function bruteForce(g: MatchingGraph, maxCardinality: boolean): { card: number; weight: number } {
  const memo = new Map<number, { card: number; weight: number }>();
  const better = (a: { card: number; weight: number }, b: { card: number; weight: number }) =>
    maxCardinality ? a.card > b.card || (a.card === b.card && a.weight > b.weight) : a.weight > b.weight;
  const go = (used: number): { card: number; weight: number } => {
    const hit = memo.get(used);
    if (hit) return hit;
    let first = -1;
    for (let i = 0; i < g.n; i++)
      if (!(used & (1 << i))) {
        first = i;
        break;
      }
    if (first === -1) return { card: 0, weight: 0 };
    let best = go(used | (1 << first));
    for (let k = 0; k < g.u.length; k++) {
      const a = g.u[k]!;
      const b = g.v[k]!;
      const other = a === first ? b : b === first ? a : -1;
      if (other === -1 || used & (1 << other)) continue;
      const rest = go(used | (1 << first) | (1 << other));
      const cand = { card: rest.card + 1, weight: rest.weight + g.w[k]! };
      if (better(cand, best)) best = cand;
    }
    memo.set(used, best);
    return best;
  };
  return go(0);
}

describe("maxWeightMatching", () => {
  it("equals brute force and proves optimality with its duals", () => {
    const rng = Prng.fromSeed("matching");
    for (let round = 0; round < 600; round++) {
      const n = 2 + Math.floor(rng.float() * 11);
      const g = randomGraph(rng, n, 0.2 + rng.float() * 0.8, 1 + Math.floor(rng.float() * 20));
      for (const maxCard of [false, true]) {
        const r = maxWeightMatching(g, maxCard);
        let card = 0;
        let weight = 0;
        for (let v = 0; v < n; v++) {
          if (r.mate[v]! >= 0) {
            expect(r.mate[r.mate[v]!]).toBe(v);
            if (v < r.mate[v]!) {
              card++;
              weight += g.w[r.mateEdge[v]!]!;
            }
          }
        }
        const best = bruteForce(g, maxCard);
        expect({ card: maxCard ? card : best.card, weight }).toEqual({ card: best.card, weight: best.weight });
        if (maxCard && 2 * card === n) {
          // A perfect optimum: every slack >= 0, matched edges tight, positive sets full.
          for (let k = 0; k < g.u.length; k++) {
            const s = r.slack(k);
            expect(s).toBeGreaterThanOrEqual(0);
            if (r.mateEdge[g.u[k]!] === k) expect(s).toBe(0);
          }
          for (const set of r.positiveSets) {
            const inside = new Set(set);
            let matchedInside = 0;
            for (const x of set) if (inside.has(r.mate[x]!)) matchedInside++;
            expect(matchedInside / 2).toBe((set.length - 1) / 2);
          }
        }
      }
    }
  });
});

describe("LexMatcher", () => {
  it("finds the lexicographic optimum over perfect matchings, stage by stage", async () => {
    const { LexMatcher } = await import("./lexmatch");
    const rng = Prng.fromSeed("lex");
    let checked = 0;
    for (let round = 0; round < 400; round++) {
      const n = 2 * (1 + Math.floor(rng.float() * 5));
      const g = randomGraph(rng, n, 0.5 + rng.float() * 0.5, 2);
      const k = 1 + Math.floor(rng.float() * 4);
      const vals = Array.from({ length: k }, () => Array.from({ length: g.u.length }, () => Math.floor(rng.float() * 4)));
      // Brute force: every perfect matching's value vector.
      const best: { vec: number[] | null } = { vec: null };
      const go = (used: number, acc: number[]): void => {
        let first = -1;
        for (let i = 0; i < n; i++)
          if (!(used & (1 << i))) {
            first = i;
            break;
          }
        if (first === -1) {
          const differ = best.vec ? acc.findIndex((x, i) => x !== best.vec![i]) : -1;
          if (!best.vec || (differ >= 0 && acc[differ]! > best.vec[differ]!)) best.vec = acc;
          return;
        }
        for (let e = 0; e < g.u.length; e++) {
          const other = g.u[e] === first ? g.v[e]! : g.v[e] === first ? g.u[e]! : -1;
          if (other === -1 || used & (1 << other)) continue;
          go(
            used | (1 << first) | (1 << other),
            acc.map((x, i) => x + vals[i]![e]!),
          );
        }
      };
      go(0, new Array(k).fill(0));
      if (!best.vec) continue;
      const lm = new LexMatcher(n, g.u, g.v);
      // Objectives one at a time, or all at once (packed), must agree.
      const objectives = vals.map((vs) => ({ value: (e: number) => vs[e]!, bound: 3 * (n / 2), edgeMax: 3 }));
      if (round % 2 === 0) lm.optimize(objectives);
      else for (const o of objectives) lm.optimize([o]);
      const got = new Array(k).fill(0);
      for (let x = 0; x < n; x++) {
        const e = lm.matchedEdges[x]!;
        if (g.u[e] === x) for (let i = 0; i < k; i++) got[i] += vals[i]![e]!;
      }
      expect(got).toEqual(best.vec);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });
});
