// Replays the 1,752 recorded Copenhagen games (fixtures/copenhagen-games.csv,
// a copy of shared/data) through the engine, move by move. The numbers below
// were measured and each stop was inspected: the 35 games that stop are all a
// defenders' move back into a position of a few plies before (34 back-and-forth
// shuffles, one three-move cycle), played under the server's older repetition
// rule.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseRecords, replayGame, summarizeReplays } from "./replay";

const csv = readFileSync(fileURLToPath(new URL("./fixtures/copenhagen-games.csv", import.meta.url)), "utf8");
const records = parseRecords(csv);
const replays = records.map(replayGame);

describe("replay of 1,752 real games", () => {
  it("reads every record", () => {
    expect(records).toHaveLength(1752);
    expect(records.filter((r) => r.timedOut)).toHaveLength(273);
  });

  it("agrees with every recorded capture and every result the engine decides", () => {
    expect(summarizeReplays(replays)).toEqual({
      games: 1752,
      fullyReplayed: 1717,
      movesReplayed: 85989,
      captureMismatches: 0,
      resultDisagreements: 0,
      stopped: { "repeats a position": 35 },
    });
  });

  it("ends games the way the records do", () => {
    const ends: Record<string, number> = {};
    for (const replay of replays) {
      if (replay.engineReason !== null) ends[replay.engineReason] = (ends[replay.engineReason] ?? 0) + 1;
    }
    expect(ends).toEqual({
      "king escaped": 233,
      "king captured": 43,
      "exit fort": 47,
      encircled: 23,
      "no legal moves": 20,
      timeout: 267,
    });
  });

  it("stops only on defenders shuffling back to where they just were", () => {
    for (const [index, replay] of replays.entries()) {
      if (replay.stopReason === null) continue;
      const moves = records[index]?.moves ?? [];
      // The refused move is the defenders' (an even move number) and returns a
      // piece to a square one of their last three moves left (34 games: the
      // very last move, i.e. a back-and-forth; one game a three-move cycle).
      const refused = replay.movesReplayed; // index of the refused move
      expect(refused % 2).toBe(1);
      const target = (moves[refused] ?? "").split("-")[1];
      const recentOrigins = [2, 4, 6].map((back) => (moves[refused - back] ?? "").split("-")[0]);
      expect(recentOrigins).toContain(target);
    }
  });

  it("detects a wrong capture and a wrong result", () => {
    const [wrongCapture] = parseRecords("d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe4,1,0,Ongoing");
    expect(wrongCapture && replayGame(wrongCapture)).toMatchObject({
      movesReplayed: 4,
      stopReason: "capture mismatch",
      captureMismatch: true,
      detail: "move 5 g3-e3xe4: engine played g3-e3xe2",
    });
    const escaped = records.findIndex((_, i) => replays[i]?.engineReason === "king escaped");
    const record = records[escaped];
    if (record === undefined) throw new Error("no escape in the records");
    expect(replayGame({ ...record, result: "attackers" })).toMatchObject({
      stopReason: null,
      engineResult: "defenders",
      resultDisagreement: true,
    });
  });
});
