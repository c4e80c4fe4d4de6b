import { describe, expect, it } from "vitest";
import { pairMoves } from "./move-pairs";

describe("pairMoves", () => {
  it("numbers attackers' moves with the defenders' replies", () => {
    expect(pairMoves([])).toEqual([]);
    expect(pairMoves(["d1-d5"])).toEqual([{ number: 1, attackers: "d1-d5", defenders: null }]);
    expect(pairMoves(["d1-d5", "f4-d4xd5", "e1-e3"])).toEqual([
      { number: 1, attackers: "d1-d5", defenders: "f4-d4xd5" },
      { number: 2, attackers: "e1-e3", defenders: null },
    ]);
  });
});
