// Copenhagen behind the contract: records export in the notation of the
// recorded games, and parse and replay back to the same result.
import { describe, expect, it } from "vitest";
import { copenhagen } from "./copenhagen";
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
    const line = copenhagen.exportRecord({ side1: "a", side2: "b", result: "0-1", endReason: "timeout", startedAt: 0, event: null, site: "x", moves: notations });
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
