import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Prng, seedPrng } from "./prng";

describe("prng", () => {
  it("is deterministic for a seed and differs between seeds", () => {
    const a = Prng.fromSeed("moot");
    const b = Prng.fromSeed("moot");
    const c = Prng.fromSeed("moot2");
    const xs = Array.from({ length: 20 }, () => a.nextU32());
    expect(Array.from({ length: 20 }, () => b.nextU32())).toEqual(xs);
    expect(Array.from({ length: 20 }, () => c.nextU32())).not.toEqual(xs);
    expect(seedPrng(42)).toEqual(seedPrng("42"));
  });

  it("resumes exactly after a JSON round trip of its state", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 50 }), (seed, skip) => {
        const p = Prng.fromSeed(seed);
        for (let i = 0; i < skip; i++) p.nextU32();
        const resumed = new Prng(JSON.parse(JSON.stringify(p.state)));
        for (let i = 0; i < 10; i++) expect(resumed.nextU32()).toBe(p.nextU32());
      }),
    );
  });

  it("int stays in range and shuffle is a permutation", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const p = Prng.fromSeed(seed);
        for (let i = 0; i < 20; i++) {
          const x = p.int(n);
          expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
        }
        const items = Array.from({ length: n % 30 }, (_, i) => i);
        expect(p.shuffle(items).sort((x, y) => x - y)).toEqual(items);
      }),
    );
  });

  it("float is roughly uniform", () => {
    const p = Prng.fromSeed(7);
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const k = Math.floor(p.float() * 10);
      buckets[k] = (buckets[k] ?? 0) + 1;
    }
    for (const b of buckets) expect(Math.abs(b - 10_000)).toBeLessThan(500);
  });
});
