import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VEC_WIDTH, vec, vecAt, vecChanges, vecItems, vecPush, vecSet, vecSize, type Vec, type VecOwner } from "./vec";

const arbOps = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant("set" as const), at: fc.nat(), value: fc.integer() }),
    fc.record({ kind: fc.constant("push" as const), value: fc.integer() }),
  ),
  { maxLength: 80 },
);

/** Sizes around the level boundaries: one leaf, two levels, three levels. */
const arbSize = fc.oneof(fc.nat(3 * VEC_WIDTH), fc.constantFrom(VEC_WIDTH ** 2 - 1, VEC_WIDTH ** 2, VEC_WIDTH ** 2 + 1, 2 * VEC_WIDTH ** 2 + 7));

describe("persistent vector", () => {
  it("behaves like an array under set and push, never changes an old vector, and its JSON depends only on the items", () => {
    fc.assert(
      fc.property(arbSize, arbOps, (size, ops) => {
        const model = Array.from({ length: size }, (_, i) => i);
        let v: Vec<number> = vec(model.slice()); // vec takes a short array over
        const history: { v: Vec<number>; json: string; items: number[] }[] = [];
        for (const op of ops) {
          history.push({ v, json: JSON.stringify(v), items: model.slice() });
          if (op.kind === "push") {
            model.push(op.value);
            v = vecPush(v, op.value);
          } else if (model.length > 0) {
            const at = op.at % model.length;
            model[at] = op.value;
            v = vecSet(v, at, op.value);
          }
        }
        expect(vecSize(v)).toBe(model.length);
        expect(vecItems(v)).toEqual(model);
        for (let i = 0; i < model.length; i += 7) expect(vecAt(v, i)).toBe(model[i]);
        expect(vecAt(v, model.length)).toBeUndefined();
        expect(vecAt(v, -1)).toBeUndefined();
        // Equal items give equal JSON, however the vector was built.
        expect(JSON.stringify(v)).toBe(JSON.stringify(vec(model)));
        // Plain JSON: survives a round trip as a working vector.
        expect(vecItems(JSON.parse(JSON.stringify(v)) as Vec<number>)).toEqual(model);
        // Old versions are untouched.
        for (const h of history) {
          expect(JSON.stringify(h.v)).toBe(h.json);
          expect(vecItems(h.v)).toEqual(h.items);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("vecChanges finds the indexes whose items differ between two versions, or says null past the limit or for other sizes", () => {
    fc.assert(
      fc.property(arbSize, fc.array(fc.record({ at: fc.nat(), fresh: fc.boolean() }), { maxLength: 12 }), fc.nat(14), (size, sets, limit) => {
        const items = Array.from({ length: size }, (_, i) => ({ i }));
        const before = vec(items.slice());
        let after = before;
        const model = items.slice();
        for (const s of sets) {
          if (size === 0) break;
          const at = s.at % size;
          // The same object again (changes nothing) or a new one.
          const item = s.fresh ? { i: -at } : model[at]!;
          model[at] = item;
          after = vecSet(after, at, item);
        }
        const differ = model.flatMap((x, i) => (x !== items[i] ? [i] : []));
        expect(vecChanges(before, after, limit)).toEqual(differ.length > limit ? null : differ);
        expect(vecChanges(after, after, limit)).toEqual([]);
        expect(vecChanges(before, vecPush(after, { i: -1 }), 100)).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it("copies one path per change: everything else is shared", () => {
    const items = Array.from({ length: VEC_WIDTH ** 3 }, (_, i) => ({ i }));
    const before = vec(items);
    const after = vecSet(before, 12_345, { i: -1 });
    const arrays = (v: Vec<unknown>): Set<unknown> => {
      const out = new Set<unknown>();
      const walk = (node: unknown): void => {
        if (!Array.isArray(node)) return;
        out.add(node);
        node.forEach(walk);
      };
      walk((v as unknown as { root: unknown }).root);
      return out;
    };
    const old = arrays(before);
    const fresh = [...arrays(after)].filter((a) => !old.has(a));
    expect(fresh).toHaveLength(3); // root, one inner node, one leaf: the trie's height + 1
    expect(vecItems(after).filter((x, i) => x !== items[i])).toEqual([{ i: -1 }]);
  });

  it("reads a plain array of any length (snapshots stored before vectors) and changes it into the canonical form", () => {
    const legacy = Array.from({ length: 100 }, (_, i) => i) as unknown as Vec<number>;
    expect(vecSize(legacy)).toBe(100);
    expect(vecAt(legacy, 99)).toBe(99);
    expect(vecItems(legacy)).toBe(legacy); // no copy
    const changed = vecSet(legacy, 5, -5);
    expect(vecAt(legacy, 5)).toBe(5);
    const expected = Array.from({ length: 100 }, (_, i) => (i === 5 ? -5 : i));
    expect(JSON.stringify(changed)).toBe(JSON.stringify(vec(expected)));
    expect(JSON.stringify(vecPush(legacy, 100))).toBe(JSON.stringify(vec([...vecItems(legacy), 100])));
  });

  it("a batch's owner lets later changes reuse what the batch made, and never touches the original", () => {
    for (const size of [10, 1000]) {
      const original = vec(Array.from({ length: size }, (_, i) => i));
      const json = JSON.stringify(original);
      const owner: VecOwner = new Set();
      const once = vecSet(original, 3, -3, owner);
      const twice = vecSet(once, 4, -4, owner);
      expect(twice).toBe(once); // changed in place: the batch made `once`
      expect(vecItems(twice).slice(0, 6)).toEqual([0, 1, 2, -3, -4, 5]);
      expect(JSON.stringify(original)).toBe(json);
      expect(JSON.stringify(twice)).toBe(JSON.stringify(vecSet(vecSet(original, 3, -3), 4, -4)));
    }
  });

  it("refuses an index outside the vector", () => {
    expect(() => vecSet(vec([1, 2, 3]), 3, 0)).toThrow(RangeError);
    expect(() => vecSet(vec(Array.from({ length: 50 }, () => 0)), -1, 0)).toThrow(RangeError);
  });
});
