// What a board asks the rules: ghost, touch squares, latest placement, trays.
import { describe, expect, it } from "vitest";
import { polyomino as game } from "./game";
import { playAll } from "./test-games";
import { ghost, lastPlacement, pieceShape, remainingPieces, touchSquares } from "./view";

describe("what the board shows", () => {
  const begun = playAll(["open V3 I1", "choose blue-red"]);
  const afterBlue = playAll(["open V3 I1", "choose blue-red", "blue V3:0@a19"]);

  it("shows a ghost where a piece would lie, with the reason it may not, clipped to the board", () => {
    expect(ghost(begun, "blue V3:0@a19")).toEqual({ squares: ["a19", "b19", "a20"], reason: null });
    expect(ghost(begun, "blue V3:0@b19")).toEqual({ squares: ["b19", "c19", "b20"], reason: "blue's first piece must cover its corner, a20" });
    expect(ghost(begun, "blue V3:0@t19")).toEqual({ squares: ["t19", "t20"], reason: "the piece would reach off the board" });
    expect(ghost(begun, "blue I2:0@a20").reason).toBe("blue's first piece is V3, as A named it");
    expect(ghost(begun, "nonsense")).toMatchObject({ squares: [] });
    expect(ghost(game.setup(), "blue V3:0@a19")).toMatchObject({ squares: [] });
  });

  it("shows where the colour to move may touch its own: its start corner first, then its free diagonals", () => {
    expect(touchSquares(game.setup())).toEqual([]);
    expect(touchSquares(begun)).toEqual(["a20"]);
    const yellowMoved = playAll(["open V3 I1", "choose blue-red", "blue V3:0@a19", "yellow I1:0@t20", "red I1:0@t1", "green I1:0@a1"]);
    // Blue covers a19, b19, a20: of their diagonals b18, a18 and b20 touch blue along an edge; c18 and c20 do not.
    expect(touchSquares(yellowMoved)).toEqual(["c18", "c20"]);
    expect(touchSquares(afterBlue)).toEqual(["t20"]);
  });

  it("marks the latest placement and keeps the trays", () => {
    expect(lastPlacement(begun)).toBeNull();
    expect(lastPlacement(afterBlue)).toEqual({ colour: "blue", squares: ["a19", "b19", "a20"] });
    expect(lastPlacement(game.parse(game.serialize(afterBlue)))).toEqual(lastPlacement(afterBlue));
    expect(remainingPieces(afterBlue, 0)).toHaveLength(20);
    expect(remainingPieces(afterBlue, 0)).not.toContain("V3");
    expect(remainingPieces(afterBlue, 1)).toHaveLength(21);
    expect(pieceShape("V3", 0)).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(pieceShape("V3", 9)).toBeNull();
    expect(pieceShape("Q1", 0)).toBeNull();
  });
});
