// A persistent vector: the list type of the tournament state where a list can be
// long (a round's groups, a group's or phase's games). Replacing one item copies
// one path of at most VEC_WIDTH-item arrays per level (3 levels hold 1M items)
// and shares everything else with the old vector, so recording a result costs the
// same at 100 players as at 100,000 (docs/architecture.md, "Tournaments").
//
// It is plain JSON, so the state is still stored and sent as is:
// - up to VEC_WIDTH items: a plain array of the items;
// - more: { size, height, root }, a trie whose root (height h) is an array of up
//   to VEC_WIDTH nodes of height h-1, and a node of height 0 is an array of items.
//   Items fill the leaves from the left.
// That form is a function of the items alone (equal lists give equal JSON, however
// they were built). A plain array of any length is also accepted, the form
// snapshots stored before this type existed use; the first change turns a long
// one into a trie.
//
// The type is opaque: read through vecSize / vecAt / vecItems, change through
// vecSet / vecPush, which never modify what the caller did not make itself: a
// batch of changes may pass a VecOwner, the set of arrays and objects made during
// that batch, which nobody else has seen yet and which later changes of the same
// batch update in place (a whole round's results in one call then copy each path
// once, not once per result).

export const VEC_WIDTH = 32;
const BITS = 5;
const MASK = VEC_WIDTH - 1;

declare const vecItemsType: unique symbol;
/** A list stored with structural sharing. Opaque: use the vec* functions. */
export interface Vec<T> {
  readonly [vecItemsType]: readonly T[];
}

type Node = readonly unknown[];
interface Trie {
  readonly size: number;
  readonly height: number;
  readonly root: Node;
}

type Form<T> = readonly T[] | Trie;

/** What one batch of changes has made (and so may change in place): see the header. */
export type VecOwner = Set<object>;

/** The array to write into: `node` itself if this batch made it, else a copy the batch now owns. */
function writable(node: readonly unknown[], owner: VecOwner | undefined): unknown[] {
  if (owner?.has(node)) return node as unknown[];
  const copy = node.slice();
  owner?.add(copy);
  return copy;
}
const form = <T>(v: Vec<T>): Form<T> => v as unknown as Form<T>;
const wrap = <T>(f: Form<T>): Vec<T> => f as unknown as Vec<T>;

/**
 * A vector of these items. A short array becomes the vector itself (planning a
 * 100,000-player round makes 25,000 of them: no copy), so the caller must not
 * change it afterwards.
 */
export function vec<T>(items: readonly T[]): Vec<T> {
  if (items.length <= VEC_WIDTH) return wrap(items);
  let level: Node[] = [];
  for (let i = 0; i < items.length; i += VEC_WIDTH) level.push(items.slice(i, i + VEC_WIDTH));
  let height = 0;
  while (level.length > 1) {
    const up: Node[] = [];
    for (let i = 0; i < level.length; i += VEC_WIDTH) up.push(level.slice(i, i + VEC_WIDTH));
    level = up;
    height++;
  }
  return wrap<T>({ size: items.length, height, root: level[0] as Node });
}

export function vecSize(v: Vec<unknown>): number {
  const f = form(v);
  return Array.isArray(f) ? f.length : (f as Trie).size;
}

/** The item at this 0-based index, or undefined outside the vector. */
export function vecAt<T>(v: Vec<T>, index: number): T | undefined {
  const f = form(v);
  if (Array.isArray(f)) return f[index] as T | undefined;
  const t = f as Trie;
  if (!Number.isInteger(index) || index < 0 || index >= t.size) return undefined;
  let node = t.root;
  for (let shift = t.height * BITS; shift > 0; shift -= BITS) node = node[(index >>> shift) & MASK] as Node;
  return node[index & MASK] as T;
}

/**
 * Every item in order, as an array to read (never to modify): the stored array
 * itself for a short vector, a fresh one (O(size)) for a trie.
 */
export function vecItems<T>(v: Vec<T>): readonly T[] {
  const f = form(v);
  if (Array.isArray(f)) return f as readonly T[];
  const out: T[] = [];
  const walk = (node: Node, height: number): void => {
    if (height === 0) for (const item of node) out.push(item as T);
    else for (const child of node) walk(child as Node, height - 1);
  };
  walk((f as Trie).root, (f as Trie).height);
  return out;
}

/**
 * A vector with the item at `index` (0-based, inside the vector) replaced. Copies
 * one path (what `owner` holds is changed in place instead).
 */
export function vecSet<T>(v: Vec<T>, index: number, item: T, owner?: VecOwner): Vec<T> {
  const f = form(v);
  const size = vecSize(v);
  if (!Number.isInteger(index) || index < 0 || index >= size) throw new RangeError(`index ${index} is outside a list of ${size}`);
  if (Array.isArray(f)) {
    if (f.length > VEC_WIDTH) return vecSet(vec(f as readonly T[]), index, item, owner);
    const copy = writable(f, owner);
    copy[index] = item;
    return wrap(copy as T[]);
  }
  const t = f as Trie;
  const setIn = (node: Node, shift: number): Node => {
    const copy = writable(node, owner);
    const slot = (index >>> shift) & MASK;
    copy[slot] = shift === 0 ? item : setIn(node[slot] as Node, shift - BITS);
    return copy;
  };
  const root = setIn(t.root, t.height * BITS);
  if (owner?.has(t)) {
    (t as { root: Node }).root = root;
    return v;
  }
  const changed: Trie = { size: t.size, height: t.height, root };
  owner?.add(changed);
  return wrap<T>(changed);
}

/** A vector with `item` appended. */
export function vecPush<T>(v: Vec<T>, item: T): Vec<T> {
  const f = form(v);
  if (Array.isArray(f)) {
    if (f.length < VEC_WIDTH) return wrap([...(f as readonly T[]), item]);
    return vec([...(f as readonly T[]), item]);
  }
  const t = f as Trie;
  const index = t.size;
  // A full trie grows a level: the old root becomes the first child.
  if (index === VEC_WIDTH ** (t.height + 1)) return vecPush(wrap<T>({ size: t.size, height: t.height + 1, root: [t.root] }), item);
  const pushIn = (node: Node | undefined, shift: number): Node => {
    const copy = node ? node.slice() : [];
    const slot = (index >>> shift) & MASK;
    copy[slot] = shift === 0 ? item : pushIn(copy[slot] as Node | undefined, shift - BITS);
    return copy;
  };
  return wrap<T>({ size: t.size + 1, height: t.height, root: pushIn(t.root, t.height * BITS) });
}

/**
 * The indexes (ascending) whose items differ between two versions of a vector of one
 * size, found without visiting the subtrees they share: after one result, one path
 * of a 25,000-group round. Null when their sizes or forms differ, or when more than
 * `limit` items do.
 */
export function vecChanges<T>(a: Vec<T>, b: Vec<T>, limit: number): number[] | null {
  const fa = form(a);
  const fb = form(b);
  const out: number[] = [];
  if (fa === fb) return out;
  if (Array.isArray(fa) || Array.isArray(fb)) {
    if (!Array.isArray(fa) || !Array.isArray(fb) || fa.length !== fb.length) return null;
    for (let i = 0; i < fa.length; i++) {
      if (fa[i] !== fb[i] && out.push(i) > limit) return null;
    }
    return out;
  }
  const ta = fa as Trie;
  const tb = fb as Trie;
  if (ta.size !== tb.size || ta.height !== tb.height) return null;
  // Nodes of the same path hold the same number of items in both: the sizes are equal.
  const walk = (x: Node, y: Node, height: number, first: number): boolean => {
    if (x === y) return true;
    const span = VEC_WIDTH ** height;
    for (let s = 0; s < x.length; s++) {
      if (height === 0) {
        if (x[s] !== y[s] && out.push(first + s) > limit) return false;
      } else if (!walk(x[s] as Node, y[s] as Node, height - 1, first + s * span)) return false;
    }
    return true;
  };
  return walk(ta.root, tb.root, ta.height, 0) ? out : null;
}
