// Maximum-weight matching in a general graph: Edmonds' blossom algorithm with the
// dual updates of Galil ("Efficient algorithms for finding maximum matching in
// graphs", ACM Computing Surveys 1986), O(n^3).
//
// Why our own and not a package: the Dutch pairing (dutch.ts) optimizes a long
// lexicographic list of criteria. It does so in stages (lexmatch.ts), and each
// stage needs the optimal dual solution of the previous one (vertex duals and the
// odd sets with a positive dual) to restrict the next stage to the previous
// stage's optimal matchings. The npm ports of this algorithm (edmonds-blossom)
// return the matching only.
//
// Weights are integers held in doubles; they must stay below 2^50 so that every
// dual value stays an exact integer. With integer weights every slack between two
// S-vertices is even, so no step leaves the integers (checked).
//
// Vocabulary: an edge k joins endpoint[2k] and endpoint[2k+1]; "p" names an edge
// end (p ^ 1 is the other end, p >> 1 the edge). Vertex duals are stored doubled
// (dual[v] = 2·y_v), so the slack of edge k is dual[u] + dual[v] - 2·w[k] plus
// twice the duals of the blossoms holding both ends.

export interface MatchingGraph {
  readonly n: number;
  /** Edge k joins u[k] and v[k] (u != v). */
  readonly u: Int32Array;
  readonly v: Int32Array;
  readonly w: Float64Array;
}

export interface MatchingResult {
  /** Partner of each vertex, or -1. */
  readonly mate: Int32Array;
  /** Edge index of each vertex's matched edge, or -1. */
  readonly mateEdge: Int32Array;
  /** Doubled vertex duals (0..n-1), then blossom duals (n..2n-1). */
  readonly dual: Float64Array;
  /** The blossoms alive at the end with a positive dual: their vertices. */
  readonly positiveSets: readonly (readonly number[])[];
  /** For each edge, its slack under the final duals (0 = tight), blossom duals included. */
  slack(edge: number): number;
}

export const MAX_WEIGHT = 2 ** 50;

/**
 * A maximum-weight matching; with maxCardinality, the maximum-weight matching
 * among those of maximum cardinality (then vertex duals may be negative, and the
 * duals prove optimality among perfect matchings when the result is perfect).
 */
export function maxWeightMatching(graph: MatchingGraph, maxCardinality: boolean): MatchingResult {
  const n = graph.n;
  const m = graph.u.length;
  const endpoint = new Int32Array(2 * m);
  let maxWeight = 0;
  for (let k = 0; k < m; k++) {
    endpoint[2 * k] = graph.u[k]!;
    endpoint[2 * k + 1] = graph.v[k]!;
    const w = graph.w[k]!;
    if (!(Math.abs(w) < MAX_WEIGHT) || !Number.isInteger(w)) throw new Error(`matching weight ${w} is not an integer below 2^50`);
    if (w > maxWeight) maxWeight = w;
  }
  const weight = graph.w;
  // neighbend[v]: the remote ends p of v's edges, as one flat array with offsets.
  const degree = new Int32Array(n + 1);
  for (let k = 0; k < m; k++) {
    degree[endpoint[2 * k]! + 1]!++;
    degree[endpoint[2 * k + 1]! + 1]!++;
  }
  for (let v = 0; v < n; v++) degree[v + 1]! += degree[v]!;
  const neighStart = degree.slice();
  const neighEnd = new Int32Array(2 * m);
  {
    const fill = neighStart.slice(0, n);
    for (let k = 0; k < m; k++) {
      neighEnd[fill[endpoint[2 * k]!]!++] = 2 * k + 1;
      neighEnd[fill[endpoint[2 * k + 1]!]!++] = 2 * k;
    }
  }

  const mate = new Int32Array(n).fill(-1); // remote end p of the matched edge
  const label = new Int8Array(2 * n); // 0 free, 1 S, 2 T, 5 breadcrumb
  const labelEnd = new Int32Array(2 * n).fill(-1);
  const inBlossom = new Int32Array(n);
  for (let v = 0; v < n; v++) inBlossom[v] = v;
  const blossomParent = new Int32Array(2 * n).fill(-1);
  const blossomChilds: (number[] | null)[] = new Array(2 * n).fill(null);
  const blossomBase = new Int32Array(2 * n).fill(-1);
  for (let v = 0; v < n; v++) blossomBase[v] = v;
  const blossomEndps: (number[] | null)[] = new Array(2 * n).fill(null);
  const bestEdge = new Int32Array(2 * n).fill(-1);
  const blossomBestEdges: (number[] | null)[] = new Array(2 * n).fill(null);
  const unusedBlossoms: number[] = [];
  for (let b = 2 * n - 1; b >= n; b--) unusedBlossoms.push(b);
  const dual = new Float64Array(2 * n);
  for (let v = 0; v < n; v++) dual[v] = maxWeight;
  const allowEdge = new Uint8Array(m);
  let queue: number[] = [];

  const eu = graph.u;
  const ev = graph.v;
  const w2 = new Float64Array(m);
  for (let k = 0; k < m; k++) w2[k] = 2 * weight[k]!;
  const slack = (k: number): number => dual[eu[k]!]! + dual[ev[k]!]! - w2[k]!;

  const leaves = (b: number, out: number[]): number[] => {
    if (b < n) out.push(b);
    else for (const t of blossomChilds[b]!) leaves(t, out);
    return out;
  };

  const assignLabel = (w: number, t: number, p: number): void => {
    for (;;) {
      const b = inBlossom[w]!;
      label[w] = label[b] = t;
      labelEnd[w] = labelEnd[b] = p;
      bestEdge[w] = bestEdge[b] = -1;
      if (t === 1) {
        leaves(b, queue);
        return;
      }
      // t === 2: the mate of the blossom's base becomes an S-vertex.
      const base = blossomBase[b]!;
      const mp = mate[base]!;
      w = endpoint[mp]!;
      t = 1;
      p = mp ^ 1;
    }
  };

  /** Traces back from v and w: the base of a new blossom, or -1 for an augmenting path. */
  const scanBlossom = (v0: number, w0: number): number => {
    const path: number[] = [];
    let base = -1;
    let v = v0;
    let w = w0;
    while (v !== -1 || w !== -1) {
      let b = inBlossom[v]!;
      if (label[b]! & 4) {
        base = blossomBase[b]!;
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelEnd[b] === -1) v = -1;
      else {
        v = endpoint[labelEnd[b]!]!;
        b = inBlossom[v]!;
        v = endpoint[labelEnd[b]!]!;
      }
      if (w !== -1) {
        const t = v;
        v = w;
        w = t;
      }
    }
    for (const b of path) label[b] = 1;
    return base;
  };

  const addBlossom = (base: number, k: number): void => {
    let v = endpoint[2 * k]!;
    let w = endpoint[2 * k + 1]!;
    const bb = inBlossom[base]!;
    let bv = inBlossom[v]!;
    let bw = inBlossom[w]!;
    const b = unusedBlossoms.pop()!;
    blossomBase[b] = base;
    blossomParent[b] = -1;
    blossomParent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomParent[bv] = b;
      path.push(bv);
      endps.push(labelEnd[bv]!);
      v = endpoint[labelEnd[bv]!]!;
      bv = inBlossom[v]!;
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomParent[bw] = b;
      path.push(bw);
      endps.push(labelEnd[bw]! ^ 1);
      w = endpoint[labelEnd[bw]!]!;
      bw = inBlossom[w]!;
    }
    blossomChilds[b] = path;
    blossomEndps[b] = endps;
    label[b] = 1;
    labelEnd[b] = labelEnd[bb]!;
    dual[b] = 0;
    for (const x of leaves(b, [])) {
      if (label[inBlossom[x]!] === 2) queue.push(x);
      inBlossom[x] = b;
    }
    // The least-slack edges from the new blossom to each neighbouring S-blossom.
    const bestTo = new Map<number, number>();
    for (const child of path) {
      const lists: number[][] = [];
      const known = blossomBestEdges[child];
      if (known) lists.push(known);
      else {
        const ks: number[] = [];
        for (const x of leaves(child, [])) for (let q = neighStart[x]!; q < neighStart[x + 1]!; q++) ks.push(neighEnd[q]! >> 1);
        lists.push(ks);
      }
      for (const list of lists) {
        for (const e of list) {
          let j = endpoint[2 * e + 1]!;
          if (inBlossom[j] === b) j = endpoint[2 * e]!;
          const bj = inBlossom[j]!;
          if (bj !== b && label[bj] === 1) {
            const cur = bestTo.get(bj);
            if (cur === undefined || slack(e) < slack(cur)) bestTo.set(bj, e);
          }
        }
      }
      blossomBestEdges[child] = null;
      bestEdge[child] = -1;
    }
    const best = [...bestTo.values()];
    blossomBestEdges[b] = best;
    let be = -1;
    for (const e of best) if (be === -1 || slack(e) < slack(be)) be = e;
    bestEdge[b] = be;
  };

  const at = <T>(list: readonly T[], j: number): T => list[((j % list.length) + list.length) % list.length] as T;

  const expandBlossom = (b: number, endStage: boolean): void => {
    const childs = blossomChilds[b]!;
    const endps = blossomEndps[b]!;
    for (const s of childs) {
      blossomParent[s] = -1;
      if (s < n) inBlossom[s] = s;
      else if (endStage && dual[s] === 0) expandBlossom(s, endStage);
      else for (const x of leaves(s, [])) inBlossom[x] = s;
    }
    if (!endStage && label[b] === 2) {
      // Relabel the sub-blossoms on the even path from the entry child to the base.
      const entryChild = inBlossom[endpoint[labelEnd[b]! ^ 1]!]!;
      let j = childs.indexOf(entryChild);
      let jstep: number;
      let endptrick: number;
      if (j & 1) {
        j -= childs.length;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      let p = labelEnd[b]!;
      while (j !== 0) {
        label[endpoint[p ^ 1]!] = 0;
        label[endpoint[at(endps, j - endptrick) ^ endptrick ^ 1]!] = 0;
        assignLabel(endpoint[p ^ 1]!, 2, p);
        allowEdge[at(endps, j - endptrick) >> 1] = 1;
        j += jstep;
        p = at(endps, j - endptrick) ^ endptrick;
        allowEdge[p >> 1] = 1;
        j += jstep;
      }
      let bv = at(childs, j);
      label[endpoint[p ^ 1]!] = label[bv] = 2;
      labelEnd[endpoint[p ^ 1]!] = labelEnd[bv] = p;
      bestEdge[bv] = -1;
      j += jstep;
      while (at(childs, j) !== entryChild) {
        bv = at(childs, j);
        if (label[bv] === 1) {
          j += jstep;
          continue;
        }
        let labelled = -1;
        for (const x of leaves(bv, [])) {
          if (label[x] !== 0) {
            labelled = x;
            break;
          }
        }
        if (labelled !== -1) {
          label[labelled] = 0;
          label[endpoint[mate[blossomBase[bv]!]!]!] = 0;
          assignLabel(labelled, 2, labelEnd[labelled]!);
        }
        j += jstep;
      }
    }
    label[b] = -1;
    labelEnd[b] = -1;
    blossomChilds[b] = null;
    blossomEndps[b] = null;
    blossomBase[b] = -1;
    blossomBestEdges[b] = null;
    bestEdge[b] = -1;
    unusedBlossoms.push(b);
  };

  /** Swaps matched and unmatched edges on the even path through b from v to the base. */
  const augmentBlossom = (b: number, v: number): void => {
    let t = v;
    while (blossomParent[t] !== b) t = blossomParent[t]!;
    if (t >= n) augmentBlossom(t, v);
    const childs = blossomChilds[b]!;
    const endps = blossomEndps[b]!;
    const i = childs.indexOf(t);
    let j = i;
    let jstep: number;
    let endptrick: number;
    if (i & 1) {
      j -= childs.length;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j !== 0) {
      j += jstep;
      t = at(childs, j);
      const p = at(endps, j - endptrick) ^ endptrick;
      if (t >= n) augmentBlossom(t, endpoint[p]!);
      j += jstep;
      t = at(childs, j);
      if (t >= n) augmentBlossom(t, endpoint[p ^ 1]!);
      mate[endpoint[p]!] = p ^ 1;
      mate[endpoint[p ^ 1]!] = p;
    }
    blossomChilds[b] = childs.slice(i).concat(childs.slice(0, i));
    blossomEndps[b] = endps.slice(i).concat(endps.slice(0, i));
    blossomBase[b] = blossomBase[blossomChilds[b]![0]!]!;
  };

  const augmentMatching = (k: number): void => {
    const ends: [number, number][] = [
      [endpoint[2 * k]!, 2 * k + 1],
      [endpoint[2 * k + 1]!, 2 * k],
    ];
    for (const [s0, p0] of ends) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inBlossom[s]!;
        if (bs >= n) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelEnd[bs] === -1) break;
        const t = endpoint[labelEnd[bs]!]!;
        const bt = inBlossom[t]!;
        s = endpoint[labelEnd[bt]!]!;
        const j = endpoint[labelEnd[bt]! ^ 1]!;
        if (bt >= n) augmentBlossom(bt, j);
        mate[j] = labelEnd[bt]!;
        p = labelEnd[bt]! ^ 1;
      }
    }
  };

  for (let stage = 0; stage < n; stage++) {
    label.fill(0);
    bestEdge.fill(-1);
    for (let b = n; b < 2 * n; b++) blossomBestEdges[b] = null;
    allowEdge.fill(0);
    queue = [];
    for (let v = 0; v < n; v++) if (mate[v] === -1 && label[inBlossom[v]!] === 0) assignLabel(v, 1, -1);
    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop()!;
        for (let q = neighStart[v]!; q < neighStart[v + 1]!; q++) {
          const p = neighEnd[q]!;
          const k = p >> 1;
          const w = endpoint[p]!;
          if (inBlossom[v] === inBlossom[w]) continue;
          let kslack = 0;
          if (!allowEdge[k]) {
            kslack = dual[v]! + dual[w]! - w2[k]!;
            if (kslack <= 0) allowEdge[k] = 1;
          }
          if (allowEdge[k]) {
            const bw = inBlossom[w]!;
            if (label[bw] === 0) assignLabel(w, 2, p ^ 1);
            else if (label[bw] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) addBlossom(base, k);
              else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelEnd[w] = p ^ 1;
            }
          } else if (label[inBlossom[w]!] === 1) {
            const b = inBlossom[v]!;
            if (bestEdge[b] === -1 || kslack < slack(bestEdge[b]!)) bestEdge[b] = k;
          } else if (label[w] === 0) {
            if (bestEdge[w] === -1 || kslack < slack(bestEdge[w]!)) bestEdge[w] = k;
          }
        }
      }
      if (augmented) break;

      let deltaType = -1;
      let delta = 0;
      let deltaEdge = -1;
      let deltaBlossom = -1;
      if (!maxCardinality) {
        deltaType = 1;
        delta = Infinity;
        for (let v = 0; v < n; v++) if (dual[v]! < delta) delta = dual[v]!;
      }
      for (let v = 0; v < n; v++) {
        if (label[inBlossom[v]!] === 0 && bestEdge[v] !== -1) {
          const d = slack(bestEdge[v]!);
          if (deltaType === -1 || d < delta) {
            delta = d;
            deltaType = 2;
            deltaEdge = bestEdge[v]!;
          }
        }
      }
      for (let b = 0; b < 2 * n; b++) {
        if (blossomParent[b] === -1 && label[b] === 1 && bestEdge[b] !== -1) {
          const kslack = slack(bestEdge[b]!);
          if (kslack % 2 !== 0) throw new Error("matching: odd slack between S-blossoms (weights not integers?)");
          const d = kslack / 2;
          if (deltaType === -1 || d < delta) {
            delta = d;
            deltaType = 3;
            deltaEdge = bestEdge[b]!;
          }
        }
      }
      for (let b = n; b < 2 * n; b++) {
        if (blossomBase[b]! >= 0 && blossomParent[b] === -1 && label[b] === 2 && (deltaType === -1 || dual[b]! < delta)) {
          delta = dual[b]!;
          deltaType = 4;
          deltaBlossom = b;
        }
      }
      if (deltaType === -1) {
        // No further improvement possible (maxCardinality): an optimum is reached.
        deltaType = 1;
        delta = Infinity;
        for (let v = 0; v < n; v++) if (dual[v]! < delta) delta = dual[v]!;
        delta = Math.max(0, delta);
      }
      for (let v = 0; v < n; v++) {
        const l = label[inBlossom[v]!];
        if (l === 1) dual[v]! -= delta;
        else if (l === 2) dual[v]! += delta;
      }
      for (let b = n; b < 2 * n; b++) {
        if (blossomBase[b]! >= 0 && blossomParent[b] === -1) {
          if (label[b] === 1) dual[b]! += delta;
          else if (label[b] === 2) dual[b]! -= delta;
        }
      }
      if (deltaType === 1) break;
      if (deltaType === 2) {
        allowEdge[deltaEdge] = 1;
        let i = endpoint[2 * deltaEdge]!;
        if (label[inBlossom[i]!] === 0) i = endpoint[2 * deltaEdge + 1]!;
        queue.push(i);
      } else if (deltaType === 3) {
        allowEdge[deltaEdge] = 1;
        queue.push(endpoint[2 * deltaEdge]!);
      } else {
        expandBlossom(deltaBlossom, false);
      }
    }
    if (!augmented) break;
    for (let b = n; b < 2 * n; b++) {
      if (blossomParent[b] === -1 && blossomBase[b]! >= 0 && label[b] === 1 && dual[b] === 0) expandBlossom(b, true);
    }
  }

  const mateVertex = new Int32Array(n).fill(-1);
  const mateEdge = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    if (mate[v]! >= 0) {
      mateVertex[v] = endpoint[mate[v]!]!;
      mateEdge[v] = mate[v]! >> 1;
    }
  }
  // Blossom ancestry of each vertex, outermost first, for the true slacks.
  const chains: Int32Array[] = new Array(n);
  for (let v = 0; v < n; v++) {
    const chain: number[] = [];
    for (let b = blossomParent[v]!; b !== -1; b = blossomParent[b]!) chain.push(b);
    chain.reverse();
    chains[v] = Int32Array.from(chain);
  }
  const positiveSets: number[][] = [];
  for (let b = n; b < 2 * n; b++) if (blossomBase[b]! >= 0 && dual[b]! > 0) positiveSets.push(leaves(b, []));
  return {
    mate: mateVertex,
    mateEdge,
    dual,
    positiveSets,
    slack(k: number): number {
      const a = chains[endpoint[2 * k]!]!;
      const b = chains[endpoint[2 * k + 1]!]!;
      let s = slack(k);
      for (let i = 0; i < a.length && i < b.length && a[i] === b[i]; i++) s += 2 * dual[a[i]!]!;
      return s;
    },
  };
}
