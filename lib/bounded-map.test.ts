import { describe, expect, it } from "vitest";
import { setBounded } from "./bounded-map";

describe("setBounded", () => {
  it("keeps the most recently set entries, and setting a key again makes it the newest", () => {
    const map = new Map<string, number>();
    for (const [k, v] of [
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ] as const)
      setBounded(map, k, v, 3);
    setBounded(map, "a", 10, 3); // "a" is now the newest; nothing is dropped
    expect([...map]).toEqual([
      ["b", 2],
      ["c", 3],
      ["a", 10],
    ]);
    setBounded(map, "d", 4, 3); // "b" was set least recently
    expect([...map]).toEqual([
      ["c", 3],
      ["a", 10],
      ["d", 4],
    ]);
  });
});
