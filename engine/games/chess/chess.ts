// Chess behind the game contract (engine/games/contract.ts). Every rule comes
// from chess.js: legal moves, castling, en passant, promotion, check, mate,
// stalemate, threefold repetition, the fifty-move rule and insufficient
// material; the last four end the game as a draw by themselves. A flag fall is a
// loss unless the side with time left could not mate at all, then a draw (`end`).
//
// A state is the list of moves from the standard start (UCI, e.g. "e2e4",
// "e7e8q") and the status: chess.js learns repetitions only from moves it has
// played, so the moves, not a FEN, are the truth. Replaying them on every call
// would be quadratic over a game, so the chess.js instance behind a state is
// kept in a WeakMap and handed on to the state a move produces; a state whose
// instance has been handed on (an older position asked again) is rebuilt from
// its moves. States stay immutable and JSON-safe.

import { Chess, type Move as ChessMove, type PieceSymbol, type Square } from "chess.js";
import { isEndReason, type CommonEndReason, type GameRules, type PositionStatus, type RecordInfo, type SideNumber } from "../contract";

export interface ChessState {
  /** The moves since the standard start, in UCI ("e2e4", "e7e8q"). */
  readonly moves: readonly string[];
  readonly status: ChessStatus;
}

const ONGOING: ChessStatus = { over: false };
const instances = new WeakMap<ChessState, Chess>();

/** The chess.js game at `state`: callers must not change it. */
export function chessAt(state: ChessState): Chess {
  let game = instances.get(state);
  if (!game) {
    game = new Chess();
    for (const uci of state.moves) game.move(uciToMove(uci));
    instances.set(state, game);
  }
  return game;
}

const UCI = /^([a-h][1-8])-?([a-h][1-8])=?([qrbnQRBN])?$/;

function uciToMove(uci: string): { from: Square; to: Square; promotion?: PieceSymbol } {
  const match = UCI.exec(uci);
  if (!match) throw new Error(`chess state: bad move “${uci}”`);
  const promotion = match[3]?.toLowerCase() as PieceSymbol | undefined;
  return { from: match[1] as Square, to: match[2] as Square, ...(promotion ? { promotion } : {}) };
}

function toUci(move: ChessMove): string {
  return `${move.from}${move.to}${move.promotion ?? ""}`;
}

/** What the rules say about the position on the board (not resignations or time). */
function statusOf(game: Chess): ChessStatus {
  if (game.isCheckmate()) return { over: true, winner: game.turn() === "w" ? 2 : 1, reason: "checkmate" };
  if (game.isStalemate()) return { over: true, winner: null, reason: "stalemate" };
  if (game.isInsufficientMaterial()) return { over: true, winner: null, reason: "insufficient material" };
  if (game.isThreefoldRepetition()) return { over: true, winner: null, reason: "threefold repetition" };
  if (game.isDrawByFiftyMoves()) return { over: true, winner: null, reason: "fifty-move rule" };
  return ONGOING;
}

function play(state: ChessState, text: string): ReturnType<GameRules<ChessState, ChessEndReason>["play"]> {
  if (state.status.over) return { ok: false, reason: "game is over" };
  const input = text.trim();
  const game = chessAt(state);
  let made: ChessMove;
  try {
    // Coordinates ("e2e4", "e7-e8=Q") or standard algebraic notation ("Nf3", "O-O", "exd8=Q+").
    made = UCI.test(input) ? game.move(uciToMove(input)) : game.move(input, { strict: false });
  } catch {
    const needsPromotion = UCI.test(input) && !/[qrbn]$/i.test(input) && game.moves({ verbose: true }).some((m) => m.from === input.slice(0, 2) && m.promotion);
    return { ok: false, reason: needsPromotion ? "a pawn reaching the last rank must be promoted (add q, r, b or n)" : "not a legal move here" };
  }
  const next: ChessState = { moves: [...state.moves, toUci(made)], status: statusOf(game) };
  // The instance now holds the new position: it moves on with the new state.
  instances.delete(state);
  instances.set(next, game);
  return { ok: true, state: next, notation: made.san, status: next.status };
}

/** The end reason of a flag fall against a side that cannot mate (FIDE Laws, article 6.9). */
export const TIMEOUT_DRAW = "timeout vs insufficient material";

/** Chess's own end reasons, in words completing "won by …" / "drawn by …". */
const REASONS = {
  checkmate: "checkmate",
  stalemate: "stalemate",
  "insufficient material": "insufficient material",
  "threefold repetition": "threefold repetition",
  "fifty-move rule": "the fifty-move rule",
  [TIMEOUT_DRAW]: "time running out against a side that cannot mate",
} as const;
type ChessEndReason = keyof typeof REASONS;
type ChessStatus = PositionStatus<ChessEndReason | CommonEndReason>;

/**
 * Whether `color` could still mate by some series of legal moves, for a flag fall
 * (FIDE 6.9: the flag loses "unless the opponent cannot checkmate by any possible
 * series of legal moves", then it is a draw). Decided by material, the way chess
 * servers do it, erring towards "could mate": a bare king never mates; a lone knight
 * or bishop mates nobody but a king with pieces of its own to block it in; bishops
 * only, every bishop on the board on one colour of square, never mate.
 */
export function couldMate(game: Chess, color: "w" | "b"): boolean {
  const own: { type: PieceSymbol; dark: boolean }[] = [];
  let opponentPieces = 0;
  let lightBishops = 0;
  let darkBishops = 0;
  let otherThanBishops = 0;
  game.board().forEach((row, r) =>
    row.forEach((square, f) => {
      if (!square || square.type === "k") return;
      const dark = (r + f) % 2 === 1;
      if (square.type !== "b") otherThanBishops++;
      else if (dark) darkBishops++;
      else lightBishops++;
      if (square.color === color) own.push({ type: square.type, dark });
      else opponentPieces++;
    }),
  );
  if (own.length === 0) return false;
  if (own.some((p) => p.type === "p" || p.type === "r" || p.type === "q")) return true;
  if (otherThanBishops === 0 && (lightBishops === 0 || darkBishops === 0)) return false;
  return own.length > 1 || opponentPieces > 0;
}

function end(state: ChessState, winner: SideNumber | null, reason: CommonEndReason): ChessState {
  if (state.status.over) return state;
  if (reason === "timeout" && winner !== null && !couldMate(chessAt(state), winner === 1 ? "w" : "b")) {
    return { moves: state.moves, status: { over: true, winner: null, reason: TIMEOUT_DRAW } };
  }
  return { moves: state.moves, status: { over: true, winner, reason } };
}

// "<status>|<moves>": status "-" while running, else "<1|2|=>:<reason>" ("=" a draw).
function serialize(state: ChessState): string {
  const status = state.status.over ? `${state.status.winner ?? "="}:${state.status.reason}` : "-";
  return `${status}|${state.moves.join(" ")}`;
}

function parse(text: string): ChessState {
  const bar = text.indexOf("|");
  if (bar < 0) throw new Error("chess state: expected “<status>|<moves>”");
  const statusText = text.slice(0, bar);
  const movesText = text.slice(bar + 1);
  const moves = movesText === "" ? [] : movesText.split(" ");
  if (moves.length > 6000 || moves.some((m) => !UCI.test(m))) throw new Error("chess state: bad move list");
  let status: ChessStatus = ONGOING;
  if (statusText !== "-") {
    const [winnerText, reason] = statusText.split(":");
    const winner = winnerText === "1" ? 1 : winnerText === "2" ? 2 : winnerText === "=" ? null : undefined;
    if (winner === undefined || reason === undefined || !isEndReason(REASONS, reason)) throw new Error("chess state: bad status");
    status = { over: true, winner, reason };
  }
  const state: ChessState = { moves, status };
  try {
    chessAt(state);
  } catch {
    throw new Error("chess state: the moves are not a legal game");
  }
  return state;
}

const PGN_RESULT = { "1-0": "1-0", "0-1": "0-1", draw: "1/2-1/2" } as const;

function pgnDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, "0")}.${String(d.getUTCDate()).padStart(2, "0")}`;
}

/**
 * The PGN standard (section 9.8.1) allows only its own words in `Termination`:
 * a game ended by the rules or by a player (mate, resignation, agreement, …) is
 * "normal"; a flag fall is "time forfeit", also when it was drawn for want of
 * mating material. How exactly it ended stays in the site's own words elsewhere.
 */
function pgnTermination(endReason: string): "normal" | "time forfeit" {
  return endReason === "timeout" || endReason === TIMEOUT_DRAW ? "time forfeit" : "normal";
}

/** The game in PGN, with the seven standard tags and how it ended. */
function exportRecord(info: RecordInfo): string {
  const game = new Chess();
  for (const san of info.moves) game.move(san);
  game.setHeader("Event", info.event ?? "Casual game");
  game.setHeader("Site", info.site);
  game.setHeader("Date", pgnDate(info.startedAt));
  game.setHeader("Round", "-");
  game.setHeader("White", info.side1);
  game.setHeader("Black", info.side2);
  game.setHeader("Result", info.result ? PGN_RESULT[info.result] : "*");
  if (info.endReason) game.setHeader("Termination", pgnTermination(info.endReason));
  return `${game.pgn()}\n`;
}

export const chess: GameRules<ChessState, ChessEndReason> = {
  // Chess played elsewhere, its results reported, is "chess-elsewhere" (engine/game-catalog.ts).
  id: "chess",
  name: "Chess",
  family: "chess",
  sideNames: ["White", "Black"],
  drawsPossible: true,
  moveExample: "e4",
  record: { extension: "pgn", mimeType: "application/x-chess-pgn" },
  reasons: REASONS,
  setup: () => ({ moves: [], status: ONGOING }),
  serialize,
  parse,
  toMove: (state) => (state.moves.length % 2 === 0 ? 1 : 2),
  ply: (state) => state.moves.length,
  status: (state) => state.status,
  legalMoves: (state) => (state.status.over ? [] : chessAt(state).moves({ verbose: true }).map(toUci)),
  play,
  end,
  exportRecord,
};
