import { describe, expect, it } from "vitest";
import { gameKeyWords } from "./tournament-view";

describe("gameKeyWords", () => {
  it("names a group's game and a league phase's game in words", () => {
    expect(gameKeyWords("r2-g15-3")).toBe("round 2, group 15, game 3");
    expect(gameKeyWords("r1-p4-2")).toBe("round 1, phase 4, game 2");
  });
  it("leaves anything else as it is", () => {
    expect(gameKeyWords("r2-x1-1")).toBe("r2-x1-1");
  });
});
