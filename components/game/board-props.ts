// What the game page gives every game's board component (components/games/<game>/board.tsx,
// picked by game type in components/games/registry.ts).

export interface GameBoardProps {
  /** The position in the game's serialized form (GameView.position, or a replayed one). */
  position: string;
  /** The notation of the move that led to this position, if any: the board marks it. */
  lastMove: string | null;
  /** False (default): side 1's home rank at the bottom. */
  flipped?: boolean;
  /** Whether the user may move now (their turn, game running, not replaying). */
  canMove?: boolean;
  /** A legal move in the game's notation; the parent sends it and passes the next position. */
  onMove?: (move: string) => void;
  /** Only the board itself, small (the home page's games in play): no status line, scores, tray or buttons. */
  compact?: boolean;
}
