// Tafl (Copenhagen hnefatafl 11×11, Brandubh 7×7): the public face of the
// engine for the server and the browser. game.ts holds the immutable state API; notation and board
// helpers are re-exported for display. The replay checker (replay.ts) and the
// fast mutable core (position.ts) are imported directly by the few callers
// that need them: tests, scripts and benchmarks.

export {
  agreeDraw,
  boardSize,
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
  type EndOutcome,
  type EndReason,
  type GameState,
  type TaflStatus,
  type IllegalReason,
  type Move,
  type MoveOutcome,
  type Piece,
  type Side,
} from "./game";
export { formatMove, parseMove, type MoveText } from "./notation";
export { BRANDUBH, COPENHAGEN, VARIANTS, type TaflRules, type Variant, type VariantId } from "./variant";
