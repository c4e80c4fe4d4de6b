// Move generation against GNU Backgammon: for each of the fixture's seeded random
// positions and rolls (scripts/gnubg-fixtures.py wrote them with gnubg's own
// legal-move lists), our legal turns must lead to exactly the boards gnubg's do.
// The fixture is committed, so this test runs without gnubg.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { boardFromGnubgId, gnubgId } from "./gnubg-id";
import { Prng } from "../../prng";
import { generateMoves, nextHops, playHop, SLOTS, type Hop } from "./moves";

interface OracleCase {
  id: string;
  dice: [number, number];
  after: string[];
}

const cases = gunzipSync(readFileSync(path.join(import.meta.dirname, "fixtures", "gnubg-moves.jsonl.gz")))
  .toString("utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as OracleCase);

describe("move generation agrees with GNU Backgammon", () => {
  it("has at least 10,000 positions and rolls, with entering, hitting, bearing off and no-move cases among them", () => {
    expect(cases.length).toBeGreaterThanOrEqual(10_000);
    const boards = cases.map((c) => boardFromGnubgId(c.id, 0, 15));
    expect(boards.filter((b) => b[25]! > 0).length).toBeGreaterThan(500);
    expect(boards.filter((b) => b[0]! > 0).length).toBeGreaterThan(500);
    expect(cases.filter((c) => c.after.length === 0).length).toBeGreaterThan(50);
    expect(cases.filter((c) => c.dice[0] === c.dice[1]).length).toBeGreaterThan(1000);
  });

  it("reads and writes gnubg position IDs", () => {
    for (const c of cases.slice(0, 500)) expect(gnubgId(boardFromGnubgId(c.id, 0, 15), 0)).toBe(c.id);
    for (const c of cases.slice(0, 500)) expect(gnubgId(boardFromGnubgId(c.id, 1, 15), 1)).toBe(c.id);
  });

  it("finds the same legal moves in every case", () => {
    const disagreements: string[] = [];
    for (const c of cases) {
      const ours = generateMoves(boardFromGnubgId(c.id, 0, 15), 0, c.dice[0], c.dice[1])
        .map((move) => gnubgId(move.after, 0))
        .sort();
      if (ours.join() !== c.after.join()) disagreements.push(`${c.id} ${c.dice.join("-")}: ours ${ours.length}, gnubg ${c.after.length}`);
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
    expect(disagreements.length).toBe(0);
  });
});

describe("a turn made hop by hop", () => {
  it("offers every hop of every legal turn, and any hops it offers end in a legal turn (first 1,000 cases)", () => {
    const prng = Prng.fromSeed("parts");
    for (const c of cases.slice(0, 1000)) {
      const board = boardFromGnubgId(c.id, 0, 15);
      const legal = generateMoves(board, 0, c.dice[0], c.dice[1]);
      const key = (b: Int8Array) => gnubgId(b, 0);
      const legalKeys = new Set(legal.map((move) => key(move.after)));
      for (const move of legal) {
        for (let k = 0; k < move.hops.length; k++) {
          const offered = nextHops(board, 0, c.dice, move.hops.slice(0, k), legal)!;
          expect(offered.some((hop) => hop.from === move.hops[k]!.from && hop.to === move.hops[k]!.to)).toBe(true);
        }
        expect(nextHops(board, 0, c.dice, move.hops, legal)).toEqual([]);
      }
      // A random walk through the offers always ends on a legal turn's board.
      if (legal.length === 0) continue;
      const made: Hop[] = [];
      const walked = Int8Array.from(board);
      for (let offered = nextHops(board, 0, c.dice, made, legal)!; offered.length > 0; offered = nextHops(board, 0, c.dice, made, legal)!) {
        const hop = offered[prng.int(offered.length)]!;
        made.push(hop);
        playHop(walked, 0, SLOTS, hop.from, hop.to);
      }
      expect(legalKeys.has(key(walked))).toBe(true);
    }
  });
});
