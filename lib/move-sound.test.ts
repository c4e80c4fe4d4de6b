import { describe, expect, it } from "vitest";
import { shouldSound } from "./move-sound";

describe("shouldSound", () => {
  it("a visible tab sounds every move while enabled; none when switched off", () => {
    expect(shouldSound({ enabled: true, hidden: false, key: "g:3", lastPlayed: "g:3" })).toBe(true);
    expect(shouldSound({ enabled: false, hidden: false, key: "g:3", lastPlayed: null })).toBe(false);
  });
  it("a hidden tab sounds a move only if no tab has sounded it", () => {
    expect(shouldSound({ enabled: true, hidden: true, key: "g:4", lastPlayed: "g:3" })).toBe(true);
    expect(shouldSound({ enabled: true, hidden: true, key: "g:4", lastPlayed: "g:4" })).toBe(false);
    expect(shouldSound({ enabled: false, hidden: true, key: "g:4", lastPlayed: null })).toBe(false);
  });
});
