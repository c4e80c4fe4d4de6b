// Rule-by-rule tests of the Copenhagen engine through its public API, on small
// drawn positions (rank 11 on top, as in the rules document).
import { describe, expect, it } from "vitest";
import {
  agreeDraw,
  deserializeState,
  legalMoves,
  legalTargets,
  newGame,
  pieceAt,
  resign,
  serializeState,
  stateFromDiagram,
  timeout,
  tryMove,
  type GameState,
  type MoveOutcome,
  type Side,
} from "./game";

type Played = Extract<MoveOutcome, { ok: true }>;

function play(state: GameState, move: string): Played {
  const outcome = tryMove(state, move);
  if (!outcome.ok) throw new Error(`${move} refused: ${outcome.reason}`);
  return outcome;
}

function playAll(state: GameState, moves: string): GameState {
  return moves.split(" ").reduce((s, move) => play(s, move).state, state);
}

function refusal(state: GameState, move: string): string {
  const outcome = tryMove(state, move);
  return outcome.ok ? "accepted" : outcome.reason;
}

/** A position from a diagram with the given side to move (rank 11 first). */
function setup(toMove: Side, ...rows: string[]): GameState {
  return stateFromDiagram(rows, toMove);
}

const E = "...........";

describe("start and movement", () => {
  it("starts with 24 attackers, 12 defenders and the king on the throne, attackers to move", () => {
    const state = newGame();
    expect(state.board.split("a").length - 1).toBe(24);
    expect(state.board.split("d").length - 1).toBe(12);
    expect(pieceAt(state, "f6")).toBe("king");
    expect(pieceAt(state, "d1")).toBe("attacker");
    expect(pieceAt(state, "f4")).toBe("defender");
    expect(state.toMove).toBe("attackers");
    expect(state.status).toEqual({ over: false });
    expect(legalMoves(state)).toHaveLength(116);
  });

  it("moves like a rook, without jumping", () => {
    const state = newGame();
    expect(legalTargets(state, "d1").sort()).toEqual(["b1", "c1", "d2", "d3", "d4", "d5"].sort());
    expect(refusal(state, "d1-d6")).toBe("blocked");
    expect(refusal(state, "f2-f5")).toBe("blocked");
    expect(refusal(state, "d1-e2")).toBe("not a straight line");
    expect(refusal(state, "f4-f3")).toBe("not your piece");
    expect(refusal(state, "c3-c4")).toBe("no piece there");
    expect(refusal(state, "d1-d1")).toBe("must move");
    expect(refusal(state, "z1-d1")).toBe("unreadable move");
  });

  it("lets only the king stop on the throne and the corners, but anyone pass the empty throne", () => {
    const state = setup("attackers", E, E, E, E, ".....A.....", E, E, E, ".K.........", E, ".A.........");
    expect(refusal(state, "f7-f6")).toBe("only the king may stop on the throne");
    expect(legalTargets(state, "f7")).toContain("f5");
    expect(legalTargets(state, "f7")).not.toContain("f6");
    expect(refusal(state, "b1-a1")).toBe("only the king may stop on a corner");
    const defenders = play(state, "f7-f1").state;
    expect(legalTargets(defenders, "b3")).toContain("b11");
    const escaped = play(defenders, "b3-a3").state;
    expect(play(play(escaped, "f1-e1").state, "a3-a1").status).toEqual({
      over: true,
      winner: "defenders",
      reason: "king escaped",
    });
  });

  it("uses the record notation for moves and captures", () => {
    const first = play(newGame(), "d1-d3");
    expect(first.notation).toBe("d1-d3");
    expect(first.captures).toEqual([]);
    const objectMove = tryMove(newGame(), { from: "d1", to: "d3" });
    expect(objectMove.ok && objectMove.state).toEqual(first.state);
  });
});

describe("captures", () => {
  it("captures by sandwich, passing over the empty throne, and moving into a sandwich is safe", () => {
    const state = setup("attackers", E, E, ".K...A.....", E, E, E, "...AD......", E, E, E, E);
    const moved = play(state, "f9-f5");
    expect(moved.captures).toEqual(["e5"]);
    expect(pieceAt(moved.state, "e5")).toBeNull();
    const safe = setup("defenders", E, E, ".K..D......", E, E, E, "...A.A.....", E, E, E, "..........A");
    const into = play(safe, "e9-e5");
    expect(into.captures).toEqual([]);
    expect(pieceAt(into.state, "e5")).toBe("defender");
  });

  it("captures custodially, several pieces at once", () => {
    const state = setup("attackers", E, E, ".K.........", E, "....A......", "....D......", "..ADDD.A...", E, E, E, "....A......");
    expect(refusal(state, "e1-e5")).toBe("blocked");
    const open = setup("attackers", E, E, ".K.........", E, "....A......", "....D......", "..AD.DA....", E, E, E, "....A......");
    const capture = play(open, "e1-e5");
    expect(capture.captures.toSorted()).toEqual(["d5", "e6", "f5"]);
    expect(capture.notation).toMatch(/^e1-e5(x(d5|e6|f5)){3}$/);
  });

  it("treats the corners as hostile to both sides and the edge as hostile to none", () => {
    const corner = setup("attackers", E, E, ".K.........", E, E, E, E, E, E, E, ".D..A......");
    expect(play(corner, "e1-c1").captures).toEqual(["b1"]);
    const againstCorner = setup("defenders", E, E, ".K.........", E, E, E, E, "..D........", E, "A..........", E);
    expect(play(againstCorner, "c4-a4").captures).toEqual([]);
    const twoUp = setup("defenders", E, E, ".K.........", E, E, E, E, E, "..D........", "A..........", E);
    expect(play(twoUp, "c3-a3").captures).toEqual(["a2"]);
    const edge = setup("attackers", E, E, ".K.........", E, E, E, "D..........", E, E, E, ".A.........");
    expect(play(edge, "b1-b5").captures).toEqual([]);
  });

  it("makes the throne hostile to attackers always and to defenders only when empty", () => {
    // Empty throne, defender on f7: the attacker on f8 captures it.
    const emptyThroneDefender = setup("attackers", E, E, E, "........A..", ".....D.....", E, E, E, E, ".K.........", E);
    expect(play(emptyThroneDefender, "i8-f8").captures).toEqual(["f7"]);
    // King on the throne: the throne does not help against the defender.
    const occupied = setup("attackers", E, E, E, "........A..", ".....D.....", ".....K.....", E, E, E, E, E);
    expect(play(occupied, "i8-f8").captures).toEqual([]);
    // Attacker beside the empty throne is captured against it.
    const emptyThroneAttacker = setup("defenders", E, E, E, "........D..", ".....A.....", E, E, E, E, ".K.........", E);
    expect(play(emptyThroneAttacker, "i8-f8").captures).toEqual(["f7"]);
    // And beside the occupied throne too (the king is armed).
    const kingOnThrone = setup("defenders", E, E, E, "........D..", ".....A.....", ".....K.....", E, E, E, E, E);
    expect(play(kingOnThrone, "i8-f8").captures).toEqual(["f7"]);
  });

  it("arms the king: he captures by moving and as the far piece", () => {
    const moving = setup("defenders", E, E, E, "....K......", E, "....A......", "....D......", E, E, E, ".A.........");
    expect(play(moving, "e8-e7").captures).toEqual(["e6"]);
    const anvil = setup("defenders", E, E, E, E, E, E, E, "..KA.......", E, E, "....D.....A");
    expect(play(anvil, "e1-e4").captures).toEqual(["d4"]);
  });
});

describe("shield walls", () => {
  it("captures a bracketed row along the edge with enemies in front", () => {
    const state = setup("attackers", E, E, ".K.........", E, E, E, ".....A.....", E, E, "...AA......", "..ADD......");
    const result = play(state, "f5-f1");
    expect(result.captures.toSorted()).toEqual(["d1", "e1"]);
  });

  it("lets a corner stand for one bracket", () => {
    const state = setup("attackers", E, E, ".K.........", E, E, E, "...A.......", E, E, ".AA........", ".DD........");
    expect(play(state, "d5-d1").captures.toSorted()).toEqual(["b1", "c1"]);
  });

  it("spares a king in the row but takes the defenders beside him", () => {
    const state = setup("attackers", E, E, E, E, E, E, "......A....", E, E, "...AAA.....", "..ADKD.....");
    const result = play(state, "g5-g1");
    expect(result.captures.toSorted()).toEqual(["d1", "f1"]);
    expect(pieceAt(result.state, "e1")).toBe("king");
    expect(result.status.over).toBe(false);
  });

  it("needs an enemy in front of every member", () => {
    const state = setup("attackers", E, E, ".K.........", E, E, E, ".....A.....", E, E, "...A.......", "..ADD......");
    expect(play(state, "f5-f1").captures).toEqual([]);
  });

  it("works for the defenders against an attacker row, with the king as a bracket", () => {
    const state = setup("defenders", "..KAA......", "...DD......", E, E, E, E, ".....D.....", E, E, E, ".A.........");
    expect(play(state, "f5-f11").captures.toSorted()).toEqual(["d11", "e11"]);
  });
});

describe("king capture", () => {
  it("takes four attackers in the open", () => {
    const open = setup("attackers", E, E, E, E, E, "....A......", "...AK.....D", "....A......", E, E, ".....A.....");
    expect(play(open, "f1-f5").status).toEqual({ over: true, winner: "attackers", reason: "king captured" });
  });

  it("takes four on the throne and three beside it", () => {
    const onThrone = setup("attackers", E, E, "......A....", E, ".....A.....", "....AK.....", ".....A.....", E, E, E, ".D.........");
    expect(play(onThrone, "g9-g6").status).toMatchObject({ winner: "attackers", reason: "king captured" });
    const beside = setup("attackers", E, E, E, E, E, E, ".....KA....", ".....A.....", E, E, "....A.....D");
    expect(play(beside, "e1-e5").status).toMatchObject({ winner: "attackers", reason: "king captured" });
  });

  it("does not take three in the open, nor any number on the edge", () => {
    const three = setup("attackers", E, E, E, E, E, E, E, "....K......", "....A......", E, "...A.A....D");
    const afterOne = play(three, "d1-d4");
    expect(afterOne.status.over).toBe(false);
    const edge = setup("attackers", E, E, E, E, E, "A..........", "K..........", "A..........", E, E, ".A........D");
    expect(play(edge, "b1-b5").status.over).toBe(false);
  });
});

describe("game ends", () => {
  it("needs the fort to be closed", () => {
    const open = setup("defenders", E, E, ".A.......A.", E, "....D......", ".......A...", E, E, E, "..D..D.....", "..DK.D.....");
    expect(play(open, "e7-e3").status.over).toBe(false);
  });

  it("ends the game with an exit fort once the wall cannot be captured", () => {
    const almost = setup("defenders", E, E, ".A.......A.", E, "....D......", ".......A...", E, E, "...D.......", "..D..D.....", "..DK.D.....");
    expect(play(almost, "e7-e3").status).toEqual({ over: true, winner: "defenders", reason: "exit fort" });
  });

  it("does not count a fort with a capturable wall piece or an attacker inside", () => {
    const weak = setup("defenders", E, E, ".A.......A.", E, "...D.......", E, E, E, E, "..D.D......", "..DKD......");
    expect(play(weak, "d7-d3").status.over).toBe(false);
    const propped = setup("defenders", E, E, ".A.......A.", E, "...D.......", E, E, E, "..D........", "..D.D......", "..DKD......");
    expect(play(propped, "d7-d3").status).toMatchObject({ reason: "exit fort" });
    const invaded = setup("defenders", E, E, ".A.......A.", E, "...D.......", E, E, E, "..D........", "..D.D......", "..DKA......");
    expect(play(invaded, "d7-d3").status.over).toBe(false);
  });

  it("lets the attackers win by encircling every defender", () => {
    const ring = [E, E, "....AAA....", "...A...A...", "..A.....A..", "..A..K..A..", "..A...D.A..", "...A...A...", "....A.A....", E, ".....A....."];
    expect(play(stateFromDiagram(ring, "attackers"), "f1-f3").status).toEqual({
      over: true,
      winner: "attackers",
      reason: "encircled",
    });
    const outside = [...ring];
    outside[9] = ".D.........";
    expect(play(stateFromDiagram(outside, "attackers"), "f1-f3").status.over).toBe(false);
  });

  it("makes a side that cannot move lose", () => {
    const state = setup("attackers", E, E, ".A.........", E, E, "A..........", "K..........", "A..........", E, E, ".........A.");
    expect(play(state, "b9-b5").status).toEqual({ over: true, winner: "attackers", reason: "no legal moves" });
  });

  it("gives the defenders the game when no attacker is left", () => {
    const state = setup("defenders", E, E, ".K.........", E, E, E, E, E, "...D.......", "...A.......", "....D......");
    expect(play(state, "e1-d1").status).toEqual({ over: true, winner: "defenders", reason: "no attackers left" });
  });

  it("refuses moves after the end, and ends by resignation, agreement or time once only", () => {
    const state = newGame();
    const resigned = resign(state, "defenders");
    expect(resigned.ok && resigned.state.status).toEqual({ over: true, winner: "attackers", reason: "resignation" });
    if (!resigned.ok) throw new Error("resign refused");
    expect(refusal(resigned.state, "d1-d3")).toBe("game is over");
    expect(legalMoves(resigned.state)).toEqual([]);
    expect(agreeDraw(resigned.state)).toEqual({ ok: false, reason: "game is over" });
    const drawn = agreeDraw(state);
    expect(drawn.ok && drawn.state.status).toEqual({ over: true, winner: null, reason: "agreement" });
    const flagged = timeout(state, "attackers");
    expect(flagged.ok && flagged.state.status).toEqual({ over: true, winner: "defenders", reason: "timeout" });
  });
});

describe("defenders' repetition rule", () => {
  it("refuses a defenders' move that recreates an earlier position, and only that", () => {
    const state = playAll(newGame(), "a4-b4 e7-e8 b4-a4");
    expect(refusal(state, "e8-e7")).toBe("repeats a position");
    expect(legalTargets(state, "e8")).not.toContain("e7");
    expect(legalTargets(state, "e8")).toContain("d8");
    // The attackers may repeat as they like.
    const attackersRepeat = playAll(newGame(), "a4-b4 e7-e8 b4-a4 e8-d8 a4-b4");
    expect(attackersRepeat.ply).toBe(5);
  });

  it("forgets positions before a capture, which can never recur", () => {
    const state = setup("attackers", E, E, ".K.........", E, E, E, "...AD......", E, E, E, ".....A....A");
    expect(state.history).toHaveLength(1);
    const captured = play(state, "f1-f5");
    expect(captured.captures).toEqual(["e5"]);
    expect(captured.state.history).toHaveLength(0);
    expect(play(captured.state, "b9-b8").state.history).toHaveLength(1);
  });
});

describe("serialization", () => {
  it("round-trips a state through one compact string", () => {
    const state = playAll(newGame(), "a4-b4 e7-e8 b4-a4 e8-d8");
    const text = serializeState(state);
    expect(text.length).toBeLessThan(200);
    expect(deserializeState(text)).toEqual(state);
    expect(refusal(deserializeState(text), "a4-b4")).toBe("accepted");
    const over = resign(state, "attackers");
    if (!over.ok) throw new Error("resign refused");
    expect(deserializeState(serializeState(over.state))).toEqual(over.state);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it("rejects damaged text with a reason", () => {
    const text = serializeState(newGame());
    expect(() => deserializeState(text.slice(1))).toThrow(/board/);
    expect(() => deserializeState(text.replace("k", "d"))).toThrow(/king/);
    expect(() => deserializeState(text.replace("/a/", "/x/"))).toThrow(/side/);
    expect(() => deserializeState(`${text}/extra`)).toThrow(/fields/);
    expect(() => deserializeState(text.replace("/-/", "/a:bored/"))).toThrow(/status/);
  });
});
