// Copenhagen behind the contract: records export in the notation of the
// recorded games, and parse and replay back to the same result.
import { describe, expect, it } from "vitest";
import { brandubh, copenhagen } from "./tafl-games";
import { parseRecords, replayGame } from "./replay";

describe("Copenhagen records", () => {
  it("exports a finished game as a record line that replays to the same end", () => {
    let state = copenhagen.setup();
    const notations: string[] = [];
    for (let i = 0; i < 6; i++) {
      const outcome = copenhagen.play(state, copenhagen.legalMoves(state)[i * 3]!);
      if (!outcome.ok) throw new Error(outcome.reason);
      state = outcome.state;
      notations.push(outcome.notation);
    }
    const line = copenhagen.exportRecord({
      side1: "a",
      side2: "b",
      result: "0-1",
      endReason: "timeout",
      startedAt: 0,
      event: null,
      site: "x",
      moves: notations,
    });
    const [record] = parseRecords(line);
    expect(record).toMatchObject({ moves: notations, result: "defenders", timedOut: true });
    expect(replayGame(record!).movesReplayed).toBe(notations.length);
  });

  it("speaks of sides as 1 (attackers) and 2 (defenders)", () => {
    const ended = copenhagen.end(copenhagen.setup(), 1, "timeout");
    expect(copenhagen.status(ended)).toEqual({ over: true, winner: 1, reason: "timeout" });
    expect(copenhagen.status(copenhagen.end(copenhagen.setup(), null, "agreement"))).toEqual({ over: true, winner: null, reason: "agreement" });
  });
});

describe("Brandubh behind the contract", () => {
  it("is the 7×7 variant: its own start, positions and a record of a won game", () => {
    let state = brandubh.setup();
    expect(state.variant).toBe("brandubh");
    const notations: string[] = [];
    for (const move of ["g4-g6", "d5-e5", "g6-f6", "d4-d5", "f6-f7", "d5-a5", "f7-f6", "a5-a7"]) {
      const outcome = brandubh.play(state, move);
      if (!outcome.ok) throw new Error(outcome.reason);
      state = outcome.state;
      notations.push(outcome.notation);
    }
    expect(brandubh.status(state)).toEqual({ over: true, winner: 2, reason: "king escaped" });
    expect(brandubh.parse(brandubh.serialize(state))).toEqual(state);
    expect(() => brandubh.parse(copenhagen.serialize(copenhagen.setup()))).toThrow(/49/);
    expect(() => copenhagen.parse(brandubh.serialize(brandubh.setup()))).toThrow(/121/);
    const line = brandubh.exportRecord({
      side1: "a",
      side2: "b",
      result: "0-1",
      endReason: "king escaped",
      startedAt: 0,
      event: null,
      site: "x",
      moves: notations,
    });
    expect(line).toBe(`${notations.join(" ")},0,0,White\n`);
  });
});
