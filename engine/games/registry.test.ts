// Every game in the registry keeps the contract the server and pages rely on.
import { describe, expect, it } from "vitest";
import { ON_SITE_GAMES, onSiteGame } from "./registry";

describe.each(ON_SITE_GAMES.map((game) => [game.id, game] as const))("the %s game keeps the contract", (_id, game) => {
  it("starts with side 1 to move and nothing played", () => {
    const start = game.setup();
    expect(game.toMove(start)).toBe(1);
    expect(game.ply(start)).toBe(0);
    expect(game.status(start)).toEqual({ over: false });
    expect(game.legalMoves(start).length).toBeGreaterThan(0);
    expect(() => game.check(start)).not.toThrow();
  });

  it("plays a legal move, hands the turn over and never changes its input", () => {
    const start = game.setup();
    const move = game.legalMoves(start)[0]!;
    const outcome = game.play(start, move);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(game.toMove(outcome.position)).toBe(2);
    expect(game.ply(outcome.position)).toBe(1);
    expect(game.ply(start)).toBe(0);
    // The notation plays the same move again (replays and records use it).
    expect(game.replay([outcome.notation])).toEqual([start, outcome.position]);
  });

  it("refuses unreadable and illegal moves with a reason in words", () => {
    for (const move of ["", "zz", "a1-a1", "h9-h9-h9"]) {
      const outcome = game.play(game.setup(), move);
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.reason).toMatch(/^[a-z]/);
    }
  });

  it("ends from outside the rules and refuses moves afterwards", () => {
    const ended = game.end(game.setup(), 2, "resignation");
    expect(game.status(ended)).toEqual({ over: true, winner: 2, reason: "resignation" });
    expect(game.legalMoves(ended)).toEqual([]);
    expect(game.play(ended, game.legalMoves(game.setup())[0]!).ok).toBe(false);
    expect(game.describeReason("resignation")).toBe("resignation");
    expect(game.describeReason("timeout")).toBe("time ran out");
  });

  it("refuses a damaged position", () => {
    expect(() => game.check("nonsense")).toThrow(/state/);
  });
});

describe("the registry", () => {
  it("knows each game once and nothing else", () => {
    const ids = ON_SITE_GAMES.map((game) => game.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(onSiteGame("race")).toBeUndefined();
  });
});
