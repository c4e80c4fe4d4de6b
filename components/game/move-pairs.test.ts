import { describe, expect, it } from "vitest";
import { pairMoves } from "./move-pairs";

describe("pairMoves", () => {
  it("numbers side 1 moves with side 2 replies", () => {
    expect(pairMoves([])).toEqual([]);
    expect(pairMoves(["d1-d5"])).toEqual([{ number: 1, first: "d1-d5", second: null }]);
    expect(pairMoves(["d1-d5", "f4-d4xd5", "e1-e3"])).toEqual([
      { number: 1, first: "d1-d5", second: "f4-d4xd5" },
      { number: 2, first: "e1-e3", second: null },
    ]);
  });
});
