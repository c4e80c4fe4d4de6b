import { describe, expect, it } from "vitest";
import { boardGeometry, squareLabel } from "./board-geometry";

const { fileLabels, moveCursor, rankLabels, screenPosition, screenRows, squareAt, squareFromPoint } = boardGeometry(11);

describe("screen layout", () => {
  it("puts rank 11 on top and a on the left by default", () => {
    const rows = screenRows(false);
    expect(rows[0]?.[0]).toBe("a11");
    expect(rows[0]?.[10]).toBe("k11");
    expect(rows[10]?.[0]).toBe("a1");
    expect(rows[5]?.[5]).toBe("f6");
    expect(fileLabels(false).join("")).toBe("abcdefghijk");
    expect(rankLabels(false)[0]).toBe("11");
  });

  it("turns the board round when flipped: rank 1 on top, files k→a", () => {
    const rows = screenRows(true);
    expect(rows[0]?.[0]).toBe("k1");
    expect(rows[10]?.[10]).toBe("a11");
    expect(rows[5]?.[5]).toBe("f6");
    expect(fileLabels(true).join("")).toBe("kjihgfedcba");
    expect(rankLabels(true)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]);
  });

  it("lists every square once and maps screen positions back to squares", () => {
    for (const flipped of [false, true]) {
      const all = screenRows(flipped).flat();
      expect(new Set(all).size).toBe(121);
      for (const square of all) {
        const at = screenPosition(square, flipped);
        expect(at).not.toBeNull();
        expect(squareAt(at!.row, at!.col, flipped)).toBe(square);
      }
    }
    expect(screenPosition("l1", false)).toBeNull();
    expect(screenPosition("a12", false)).toBeNull();
  });

  it("draws a chess board 8×8 with rank 8 on top", () => {
    const chess = boardGeometry(8);
    expect(chess.screenRows(false)[0]).toEqual(["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"]);
    expect(chess.screenRows(true)[0]?.[0]).toBe("h1");
    expect(chess.screenPosition("i1", false)).toBeNull();
    expect(chess.moveCursor("h8", "ArrowRight", false)).toBe("h8");
  });
});

describe("keyboard cursor", () => {
  it("moves in screen directions, so up is up also when flipped", () => {
    expect(moveCursor("e5", "ArrowUp", false)).toBe("e6");
    expect(moveCursor("e5", "ArrowDown", false)).toBe("e4");
    expect(moveCursor("e5", "ArrowRight", false)).toBe("f5");
    expect(moveCursor("e5", "ArrowLeft", false)).toBe("d5");
    expect(moveCursor("e5", "ArrowUp", true)).toBe("e4");
    expect(moveCursor("e5", "ArrowRight", true)).toBe("d5");
  });

  it("stops at the edges", () => {
    expect(moveCursor("a11", "ArrowUp", false)).toBe("a11");
    expect(moveCursor("a11", "ArrowLeft", false)).toBe("a11");
    expect(moveCursor("k1", "ArrowDown", false)).toBe("k1");
    expect(moveCursor("a1", "ArrowUp", true)).toBe("a1");
  });

  it("jumps to row ends and board corners", () => {
    expect(moveCursor("e5", "Home", false)).toBe("a5");
    expect(moveCursor("e5", "End", false)).toBe("k5");
    expect(moveCursor("e5", "Home", false, true)).toBe("a11");
    expect(moveCursor("e5", "End", false, true)).toBe("k1");
    expect(moveCursor("e5", "Home", true)).toBe("k5");
    expect(moveCursor("e5", "PageUp", false)).toBe("e11");
    expect(moveCursor("e5", "PageDown", false)).toBe("e1");
  });

  it("ignores other keys", () => {
    expect(moveCursor("e5", "x", false)).toBeNull();
    expect(moveCursor("e5", "Enter", false)).toBeNull();
  });
});

describe("pointer position", () => {
  const rect = { left: 100, top: 50, width: 440, height: 440 };
  it("finds the square under the pointer", () => {
    expect(squareFromPoint(101, 51, rect, false)).toBe("a11");
    expect(squareFromPoint(539, 489, rect, false)).toBe("k1");
    expect(squareFromPoint(100 + 5 * 40 + 20, 50 + 5 * 40 + 20, rect, false)).toBe("f6");
    expect(squareFromPoint(101, 51, rect, true)).toBe("k1");
  });
  it("is null off the board", () => {
    expect(squareFromPoint(99, 60, rect, false)).toBeNull();
    expect(squareFromPoint(200, 490, rect, false)).toBeNull();
    expect(squareFromPoint(200, 200, { left: 0, top: 0, width: 0, height: 0 }, false)).toBeNull();
  });
});

describe("accessible names", () => {
  it("names the square first, then what is on it and what it is", () => {
    expect(squareLabel("f6", { piece: "king", notes: ["throne"] })).toBe("f6 king, throne");
    expect(squareLabel("d1", { piece: "attacker" })).toBe("d1 attacker");
    expect(squareLabel("c3", { piece: null, target: true })).toBe("c3 empty, legal target");
    expect(squareLabel("a1", { piece: null, notes: ["corner"] })).toBe("a1 empty, corner");
    expect(squareLabel("e5", { piece: "defender", selected: true })).toBe("e5 defender, selected");
    expect(squareLabel("d5", { piece: null, captured: true, lastMove: "from" })).toBe("d5 empty, last move from here, captured");
  });
});
