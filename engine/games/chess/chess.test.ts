// Chess through the contract: the rules are chess.js's; these check that the
// game ends by itself where chess.js says so, and that records parse back.
import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { chess, chessAt, couldMate, TIMEOUT_DRAW, type ChessState } from "./chess";
import { WHITE_BARE_KING_BLACK_TO_MOVE } from "./test-games";

function playAll(moves: readonly string[], from: ChessState = chess.setup()): { state: ChessState; notations: string[] } {
  let state = from;
  const notations: string[] = [];
  for (const move of moves) {
    const outcome = chess.play(state, move);
    if (!outcome.ok) throw new Error(`${move}: ${outcome.reason}`);
    state = outcome.state;
    notations.push(outcome.notation);
  }
  return { state, notations };
}

describe("chess moves", () => {
  it("castles, takes en passant and promotes, in coordinates or algebraic notation", () => {
    const { state, notations } = playAll(["e4", "d5", "e4e5", "f5", "exf6", "Nc6", "fxg7", "Be6", "Nf3", "Qd7", "Bc4", "O-O-O", "e1g1", "a6", "g7h8n"]);
    expect(notations).toEqual(["e4", "d5", "e5", "f5", "exf6", "Nc6", "fxg7", "Be6", "Nf3", "Qd7", "Bc4", "O-O-O", "O-O", "a6", "gxh8=N"]);
    expect(state.moves).toContain("e8c8");
    expect(state.moves).toContain("e5f6");
    expect(state.moves.at(-1)).toBe("g7h8n");
  });

  it("asks for the promotion piece instead of guessing", () => {
    const { state } = playAll(["e4", "d5", "exd5", "c6", "dxc6", "Nf6", "cxb7", "Nbd7"]);
    expect(chess.play(state, "b7a8")).toEqual({ ok: false, reason: "a pawn reaching the last rank must be promoted (add q, r, b or n)" });
    expect(chess.play(state, "b7a8q")).toMatchObject({ ok: true, notation: "bxa8=Q" });
  });

  it("refuses illegal moves and moves into check", () => {
    expect(chess.play(chess.setup(), "e2e5")).toEqual({ ok: false, reason: "not a legal move here" });
    const { state } = playAll(["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"]);
    expect(chess.play(state, "Qxf7")).toMatchObject({ ok: true, notation: "Qxf7#", status: { over: true, winner: 1, reason: "checkmate" } });
  });
});

describe("games that end by themselves", () => {
  it("checkmate: fool's mate", () => {
    const { state } = playAll(["f3", "e5", "g4", "Qh4"]);
    expect(chess.status(state)).toEqual({ over: true, winner: 2, reason: "checkmate" });
    expect(chess.legalMoves(state)).toEqual([]);
  });

  it("stalemate is a draw", () => {
    // Sam Loyd's ten-move stalemate.
    const { state } = playAll([
      "e3",
      "a5",
      "Qh5",
      "Ra6",
      "Qxa5",
      "h5",
      "h4",
      "Rah6",
      "Qxc7",
      "f6",
      "Qxd7+",
      "Kf7",
      "Qxb7",
      "Qd3",
      "Qxb8",
      "Qh7",
      "Qxc8",
      "Kg6",
      "Qe6",
    ]);
    expect(chess.status(state)).toEqual({ over: true, winner: null, reason: "stalemate" });
  });

  it("threefold repetition is a draw", () => {
    const { state } = playAll(["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]);
    expect(chess.status(state)).toEqual({ over: true, winner: null, reason: "threefold repetition" });
  });

  it("insufficient material is a draw", () => {
    // Seeded games that capture whenever they can run down to bare kings (or a lone minor piece).
    const bare = walk(2, 400, (moves) => moves.filter((m) => m.captured).map((m) => m.lan));
    expect(bare.status).toEqual({ over: true, winner: null, reason: "insufficient material" });
    const game = new Chess();
    for (const uci of bare.state.moves) game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    expect(game.isInsufficientMaterial()).toBe(true);
  });

  it("the fifty-move rule is a draw", () => {
    // After 1.e4 e5, a hundred quiet moves (no pawn, no capture, never the same position twice).
    const seen = new Set<string>();
    const end = walk(
      11,
      102,
      (moves, state) => {
        if (state.moves.length < 2) return [["e2e4", "e7e5"][state.moves.length]!];
        const quiet = moves.filter((m) => m.piece !== "p" && !m.captured).filter((m) => !seen.has(m.after.split(" ").slice(0, 4).join(" ")));
        return quiet.map((m) => m.lan);
      },
      (state) => seen.add(chessAt(state).fen().split(" ").slice(0, 4).join(" ")),
    );
    expect(end.state.moves).toHaveLength(102);
    expect(end.status).toEqual({ over: true, winner: null, reason: "fifty-move rule" });
  });
});

/** A seeded game: at each turn a random pick among `prefer`'s moves (or any legal move), until the end or `maxPlies`. */
function walk(
  seed: number,
  maxPlies: number,
  prefer: (moves: ReturnType<Chess["moves"]> & { lan: string }[], state: ChessState) => string[],
  visit: (state: ChessState) => void = () => {},
): { state: ChessState; status: ReturnType<typeof chess.status> } {
  let random = seed;
  const next = () => (random = (random * 1103515245 + 12345) % 2147483648) / 2147483648;
  let state = chess.setup();
  visit(state);
  while (state.moves.length < maxPlies && !state.status.over) {
    const moves = chessAt(state).moves({ verbose: true });
    const preferred = prefer(moves, state);
    const pool = preferred.length > 0 ? preferred : moves.map((m) => m.lan);
    const outcome = chess.play(state, pool[Math.floor(next() * pool.length)]!);
    if (!outcome.ok) throw new Error(outcome.reason);
    state = outcome.state;
    visit(state);
  }
  return { state, status: chess.status(state) };
}

describe("flag falls (FIDE 6.9)", () => {
  it("a flag fall is a loss, unless the side with time left cannot mate: then a draw", () => {
    const { state } = playAll(WHITE_BARE_KING_BLACK_TO_MOVE);
    expect(chess.status(state).over).toBe(false);
    // Black, to move, flags: White (a bare king) cannot mate.
    expect(chess.status(chess.end(state, 1, "timeout"))).toEqual({ over: true, winner: null, reason: TIMEOUT_DRAW });
    // Had White flagged, Black (queen and pawns) wins.
    expect(chess.status(chess.end(state, 2, "timeout"))).toEqual({ over: true, winner: 2, reason: "timeout" });
    // Resignation is not a flag fall: a bare king still wins by it.
    expect(chess.status(chess.end(state, 1, "resignation"))).toEqual({ over: true, winner: 1, reason: "resignation" });
    // The draw survives storage.
    expect(chess.parse(chess.serialize(chess.end(state, 1, "timeout"))).status).toMatchObject({ reason: TIMEOUT_DRAW });
  });

  it("judges mating material by what is on the board", () => {
    const could = (fen: string, color: "w" | "b") => couldMate(new Chess(fen), color);
    expect(could("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "w")).toBe(false); // bare king
    expect(could("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "w")).toBe(true); // queen
    expect(could("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "w")).toBe(true); // a pawn may promote
    expect(could("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", "w")).toBe(false); // knight against a bare king
    expect(could("4k3/4p3/8/8/8/8/8/3NK3 w - - 0 1", "w")).toBe(true); // knight, and a pawn that can block its king in
    expect(could("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "w")).toBe(false); // bishop against a bare king
    expect(could("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", "w")).toBe(false); // bishops on one colour only: no mate
    expect(could("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", "w")).toBe(true); // opposite bishops
    expect(could("4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", "w")).toBe(true); // bishop and knight
  });
});

describe("state and records", () => {
  it("serializes and parses back, rebuilding repetitions from the moves", () => {
    const { state } = playAll(["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]);
    const again = chess.parse(chess.serialize(state));
    expect(chess.play(again, "Ng8")).toMatchObject({ ok: true, status: { over: true, reason: "threefold repetition" } });
    expect(() => chess.parse("-|e2e5")).toThrow("chess state: the moves are not a legal game");
    expect(() => chess.parse("x:checkmate|")).toThrow("chess state: bad status");
  });

  it("an older state can still be played after its successor was made", () => {
    const start = chess.setup();
    const a = chess.play(start, "e4");
    const b = chess.play(start, "d4");
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) {
      expect(a.state.moves).toEqual(["e2e4"]);
      expect(b.state.moves).toEqual(["d2d4"]);
      expect(chess.legalMoves(a.state)).toContain("d7d5");
    }
  });

  it("exports PGN that chess.js reads back", () => {
    const { notations } = playAll(["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    const pgn = chess.exportRecord({
      side1: "alice",
      side2: "bob",
      result: "1-0",
      endReason: "checkmate",
      startedAt: Date.UTC(2026, 10, 23),
      event: null,
      site: "https://moot.example",
      moves: notations,
    });
    expect(pgn).toContain('[White "alice"]');
    expect(pgn).toContain('[Date "2026.11.23"]');
    const back = new Chess();
    back.loadPgn(pgn);
    expect(back.history()).toEqual(notations);
    expect(back.isCheckmate()).toBe(true);
    expect(back.getHeaders()).toMatchObject({ Result: "1-0", Black: "bob", Termination: "normal" });
  });

  it("names how a game ended only with the PGN standard's Termination words", () => {
    const record = (endReason: string, result: "1-0" | "draw") =>
      chess.exportRecord({ side1: "a", side2: "b", result, endReason, startedAt: 0, event: null, site: "s", moves: ["e4"] });
    for (const reason of ["checkmate", "resignation", "agreement", "stalemate", "threefold repetition"]) {
      expect(record(reason, reason === "checkmate" || reason === "resignation" ? "1-0" : "draw")).toContain('[Termination "normal"]');
    }
    expect(record("timeout", "1-0")).toContain('[Termination "time forfeit"]');
    expect(record(TIMEOUT_DRAW, "draw")).toContain('[Termination "time forfeit"]');
  });
});
