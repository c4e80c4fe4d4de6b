// Each rule in which tafl variants differ, tested one at a time: the same
// position played under Brandubh, Copenhagen or a variant with that one
// parameter switched, on drawn boards (top rank first). Also the exit-fort
// rule's dependence on how many attackers are left.
import { describe, expect, it } from "vitest";
import { ATTACKERS, boardFromDiagram, DEFENDERS, type SideCode } from "./board";
import { deserializeState, legalMoves, newGame, pieceAt, serializeState, stateFromDiagram, tryMove, type GameState } from "./game";
import { parseMove } from "./notation";
import { applyMove, checkMove, createPosition, type EndReason } from "./position";
import { isExitFort } from "./rules";
import { BRANDUBH, COPENHAGEN, withRules, type Variant } from "./variant";

/** Plays `moves` under variant `v` from a drawn position; returns the end reason (null: still on) and the captures of the last move. */
function playOn(v: Variant, toMove: SideCode, rows: readonly string[], ...moves: string[]): { reason: EndReason | null; captured: number } {
  const position = createPosition(boardFromDiagram(rows, v), toMove, 0, [], v);
  for (const text of moves) {
    const move = parseMove(text, v);
    if (move === null) throw new Error(`unreadable ${text}`);
    const illegal = checkMove(position, move.from, move.to);
    if (illegal !== null) throw new Error(`${text}: ${illegal}`);
    applyMove(position, move.from, move.to);
  }
  return { reason: position.reason, captured: position.captureCount };
}

function played(state: GameState, ...moves: string[]): GameState {
  return moves.reduce((s, move) => {
    const outcome = tryMove(s, move);
    if (!outcome.ok) throw new Error(`${move} refused: ${outcome.reason}`);
    return outcome.state;
  }, state);
}

describe("Brandubh start", () => {
  it("has a 7×7 cross: eight attackers, four defenders, the king on d4, attackers to move", () => {
    const state = newGame("brandubh");
    expect(state.variant).toBe("brandubh");
    expect(state.board).toHaveLength(49);
    expect(state.board.split("a").length - 1).toBe(8);
    expect(state.board.split("d").length - 1).toBe(4);
    expect(pieceAt(state, "d4")).toBe("king");
    expect(pieceAt(state, "d7")).toBe("attacker");
    expect(pieceAt(state, "a4")).toBe("attacker");
    expect(pieceAt(state, "d5")).toBe("defender");
    expect(state.toMove).toBe("attackers");
    expect(legalMoves(state).length).toBeGreaterThan(0);
    expect(legalMoves(state).every((m) => /^[a-g][1-7]$/.test(m.from) && /^[a-g][1-7]$/.test(m.to))).toBe(true);
  });

  it("refuses squares off the 7×7 board and keeps corners and throne for the king", () => {
    const state = newGame("brandubh");
    expect(tryMove(state, "d7-h7")).toEqual({ ok: false, reason: "unreadable move" });
    expect(tryMove(state, "a4-a1")).toEqual({ ok: false, reason: "only the king may stop on a corner" });
    const kingLeft = played(state, "d6-f6", "d5-e5", "b4-b5", "d4-d5", "b5-b6");
    expect(tryMove(kingLeft, "c4-d4")).toEqual({ ok: false, reason: "only the king may stop on the throne" });
  });

  it("lets the king win on a corner", () => {
    const state = stateFromDiagram([".......", ".K.....", ".......", ".......", "...D...", ".......", "...A..."], "defenders", "brandubh");
    const won = tryMove(played(state, "b6-b5", "d1-d2"), "b5-a5");
    expect(won.ok && won.status).toEqual({ over: false });
    const escape = tryMove(played(state, "b6-a6", "d1-d2"), "a6-a7");
    expect(escape.ok && escape.status).toEqual({ over: true, winner: "defenders", reason: "king escaped" });
  });
});

describe("how many attackers capture the king", () => {
  const open = ["...A...", ".AK....", ".......", ".......", ".......", ".......", ".....D."];

  it("two in the open under Brandubh, four under Copenhagen", () => {
    expect(playOn(BRANDUBH, ATTACKERS, open, "d7-d6").reason).toBe("king captured");
    expect(playOn(withRules(BRANDUBH, { kingCapturedBy: 4 }), ATTACKERS, open, "d7-d6").reason).toBeNull();
  });

  it("two on the edge and against a corner under Brandubh; never on the edge under Copenhagen", () => {
    const edge = ["....A..", ".......", "......D", ".......", ".......", ".......", "..AK..."];
    expect(playOn(BRANDUBH, ATTACKERS, edge, "e7-e1").reason).toBe("king captured");
    expect(playOn(withRules(BRANDUBH, { kingCapturedBy: 4 }), ATTACKERS, edge, "e7-e1").reason).toBeNull();
    const corner = ["..A....", ".......", ".......", ".......", ".......", "......D", ".K....."];
    expect(playOn(BRANDUBH, ATTACKERS, corner, "c7-c1").reason).toBe("king captured");
  });

  it("four on the throne even under Brandubh", () => {
    const throne = ["...A...", ".......", ".......", "..AKA..", ".......", "......D", "...A..."];
    const three = playOn(BRANDUBH, ATTACKERS, throne, "d7-d5");
    expect(three.reason).toBeNull();
    expect(playOn(BRANDUBH, ATTACKERS, throne, "d7-d5", "g2-g3", "d1-d3").reason).toBe("king captured");
  });

  it("beside the throne: the throne is never hostile to the king under Brandubh, but is the fourth side under Copenhagen", () => {
    const beside = ["...A...", ".......", "..AKA..", ".......", ".......", "......D", "......."];
    expect(playOn(BRANDUBH, ATTACKERS, beside, "d7-d6").reason).toBeNull();
    expect(playOn(withRules(BRANDUBH, { kingCapturedBy: 4 }), ATTACKERS, beside, "d7-d6").reason).toBe("king captured");
  });

  it("captures the king only by the attackers' move", () => {
    const walkIn = ["...A...", ".A.A...", "..K....", ".......", ".......", "......A", ".....D."];
    expect(playOn(BRANDUBH, DEFENDERS, walkIn, "c5-c6").reason).toBeNull();
  });
});

describe("armed king", () => {
  const mover = [".......", ".K.....", ".......", ".......", "..AD...", "......A", "......."];
  const anvil = ["...D...", ".......", ".......", ".......", ".KA....", "......A", "......."];

  it("captures as a moving piece only when armed", () => {
    expect(playOn(BRANDUBH, DEFENDERS, mover, "b6-b3").captured).toBe(1);
    expect(playOn(withRules(BRANDUBH, { kingArmed: false }), DEFENDERS, mover, "b6-b3").captured).toBe(0);
  });

  it("serves as the far jaw only when armed", () => {
    expect(playOn(BRANDUBH, DEFENDERS, anvil, "d7-d3").captured).toBe(1);
    expect(playOn(withRules(BRANDUBH, { kingArmed: false }), DEFENDERS, anvil, "d7-d3").captured).toBe(0);
  });
});

describe("shield walls", () => {
  const wall = [".......", "....A..", ".......", "......K", ".......", "..AA...", ".ADD..."];

  it("are a Copenhagen rule, not a Brandubh one", () => {
    expect(playOn(BRANDUBH, ATTACKERS, wall, "e6-e1").captured).toBe(0);
    expect(playOn(withRules(BRANDUBH, { shieldWalls: true }), ATTACKERS, wall, "e6-e1").captured).toBe(2);
  });
});

describe("exit forts", () => {
  const fort = [".A...A.", "...D...", ".......", ".......", "..D....", "..D.D..", "..DKD.."];

  it("are a Copenhagen rule, not a Brandubh one", () => {
    expect(playOn(withRules(BRANDUBH, { exitForts: true }), DEFENDERS, fort, "d6-d3").reason).toBe("exit fort");
    expect(playOn(BRANDUBH, DEFENDERS, fort, "d6-d3").reason).toBeNull();
  });
});

describe("encirclement", () => {
  const ring = [".......", "..AAA..", ".A...A.", ".A.K.A.", ".A.D.A.", "..A.A..", "...A..."];

  it("wins for the attackers under both rule sets, and not when switched off", () => {
    expect(playOn(BRANDUBH, ATTACKERS, ring, "d1-d2").reason).toBe("encircled");
    expect(playOn(withRules(BRANDUBH, { encirclement: false }), ATTACKERS, ring, "d1-d2").reason).toBeNull();
  });
});

describe("exit fort and the attackers left", () => {
  const E = "...........";
  // Open-sided: d3 has empty squares on both sides, so two attackers could capture it.
  const openSided = (attackers: string) => [E, E, attackers, E, "...D.......", E, E, E, E, "..D.D......", "..DKD......"];

  it("is breakable by two attackers", () => {
    const state = stateFromDiagram(openSided(".A.......A."), "defenders");
    const outcome = tryMove(state, "d7-d3");
    expect(outcome.ok && outcome.status).toEqual({ over: false });
  });

  it("stands when a single attacker is left, who can capture nothing without a second jaw", () => {
    const state = stateFromDiagram(openSided(".A........."), "defenders");
    const outcome = tryMove(state, "d7-d3");
    expect(outcome.ok && outcome.status).toEqual({ over: true, winner: "defenders", reason: "exit fort" });
  });

  it("still falls to a single attacker where a corner is the second jaw", () => {
    // a2 stands between the corner a1 and the empty a3: one attacker on a3 captures it.
    const cornered = [E, E, E, E, E, E, E, ".......A...", ".D.........", "D.D........", ".KD........"];
    const board = boardFromDiagram(cornered, COPENHAGEN);
    expect(isExitFort(COPENHAGEN, board, 1, 1)).toBe(false);
    const capped = [...cornered];
    capped[8] = "DD.........";
    expect(isExitFort(COPENHAGEN, boardFromDiagram(capped, COPENHAGEN), 1, 1)).toBe(true);
    expect(isExitFort(COPENHAGEN, boardFromDiagram(capped, COPENHAGEN), 1, 2)).toBe(true);
  });
});

describe("Brandubh games end to end", () => {
  it("plays random games where generator, validator and serialization agree, and games end in several ways", () => {
    let seed = 11; // a fixed-seed linear congruential generator: the same games every run
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const ends = new Set<string>();
    for (let game = 0; game < 60; game++) {
      let state = newGame("brandubh");
      for (let ply = 0; ply < 400 && !state.status.over; ply++) {
        const moves = legalMoves(state);
        expect(moves.length).toBeGreaterThan(0);
        const move = moves[Math.floor(random() * moves.length)]!;
        const outcome = tryMove(state, move);
        if (!outcome.ok) throw new Error(`generated ${move.from}-${move.to} refused: ${outcome.reason}`);
        state = outcome.state;
        expect(deserializeState(serializeState(state), "brandubh")).toEqual(state);
      }
      if (state.status.over) ends.add(state.status.reason);
    }
    expect(ends.size).toBeGreaterThan(1);
    expect(() => deserializeState(serializeState(newGame("brandubh")), "copenhagen")).toThrow(/121/);
  });
});
