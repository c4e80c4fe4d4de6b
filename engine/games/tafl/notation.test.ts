import { describe, expect, it } from "vitest";
import { parseSquare as parseSquareOn, squareName as squareNameOn } from "./board";
import { formatMove, parseMove } from "./notation";
import { parseRecords } from "./replay";
import { BRANDUBH, COPENHAGEN } from "./variant";

const parseSquare = (text: string) => parseSquareOn(text, COPENHAGEN);
const squareName = (sq: number) => squareNameOn(sq, COPENHAGEN);

describe("squares", () => {
  it("maps names to indices both ways", () => {
    expect(parseSquare("a1")).toBe(0);
    expect(parseSquare("k1")).toBe(10);
    expect(parseSquare("f6")).toBe(60);
    expect(parseSquare("k11")).toBe(120);
    for (const bad of ["l1", "a0", "a12", "A1", "", "f06"]) expect(parseSquare(bad)).toBe(-1);
    for (let sq = 0; sq < 121; sq++) expect(parseSquare(squareName(sq))).toBe(sq);
  });

  it("knows the 7×7 board's squares", () => {
    expect(parseSquareOn("d4", BRANDUBH)).toBe(24);
    expect(parseSquareOn("g7", BRANDUBH)).toBe(48);
    for (const bad of ["h1", "a8", "k11"]) expect(parseSquareOn(bad, BRANDUBH)).toBe(-1);
    for (let sq = 0; sq < 49; sq++) expect(parseSquareOn(squareNameOn(sq, BRANDUBH), BRANDUBH)).toBe(sq);
    expect(parseMove("d1-d2", BRANDUBH)).toEqual({ from: 3, to: 10, captures: [] });
    expect(parseMove("d1-h1", BRANDUBH)).toBeNull();
  });
});

describe("moves", () => {
  it("parses moves with and without captures", () => {
    expect(parseMove("d1-d3")).toEqual({ from: 3, to: 25, captures: [] });
    expect(parseMove("d3-d2xe2")).toEqual({ from: 25, to: 14, captures: [15] });
    expect(parseMove(" K4-K2xK3xJ2 ")).toEqual({
      from: parseSquare("k4"),
      to: parseSquare("k2"),
      captures: [parseSquare("k3"), parseSquare("j2")],
    });
    expect(parseMove("a10-a11")).toEqual({ from: 99, to: 110, captures: [] });
  });

  it("rejects what is not a move", () => {
    for (const bad of ["d1d3", "d1-", "d1-d3x", "d1-d3xz9", "d1-m3", "timeout", ""]) expect(parseMove(bad)).toBeNull();
  });

  it("prints the canonical form", () => {
    expect(formatMove(3, 25)).toBe("d1-d3");
    expect(formatMove(25, 14, [15])).toBe("d3-d2xe2");
    expect(formatMove(99, 110, [100, 88])).toBe("a10-a11xb10xa9");
  });
});

describe("game records", () => {
  it("reads moves, counts, results and timeout markers", () => {
    const [first, second] = parseRecords("d1-d3 e5-e2 g1-g3xf3,1,0,Black\r\nh1-h3 f8-i8 timeout,0,0,White\n\n");
    expect(first).toEqual({
      moves: ["d1-d3", "e5-e2", "g1-g3xf3"],
      attackerCaptures: 1,
      defenderCaptures: 0,
      result: "attackers",
      timedOut: false,
    });
    expect(second).toMatchObject({ moves: ["h1-h3", "f8-i8"], result: "defenders", timedOut: true });
  });

  it("names a malformed line", () => {
    expect(() => parseRecords("d1-d3,0,0,Black\nd1-d3,0,0,Maybe")).toThrow(/line 2/);
  });
});
