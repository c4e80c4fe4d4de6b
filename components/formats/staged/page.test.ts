import { describe, expect, it } from "vitest";
import { stagedPathText } from "./page";

describe("stagedPathText", () => {
  it("says what the staged path does for the player count", () => {
    expect(stagedPathText(16)).toMatch(/^round 1 plays 4 groups of 4 /);
    expect(stagedPathText(30)).toMatch(/^round 1 plays 4 groups of 8, 8, 7, 7 /);
    expect(stagedPathText(12)).toBe("the staged championship needs 16 to 32 players.");
  });
});
