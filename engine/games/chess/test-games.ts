// Recorded move lists the tests of chess (engine and server) share.

/**
 * A seeded game (capture-first random moves, seed 1) after which White has only its
 * king and Black, to move, a queen and two pawns: a flag fall of Black's is a draw,
 * since White cannot mate (FIDE 6.9).
 */
export const WHITE_BARE_KING_BLACK_TO_MOVE: readonly string[] = [
  "f2f3", "g8f6", "a2a4", "a7a6", "c2c4", "f6e4", "f3e4", "h7h5", "e4e5", "h8g8", "d2d4", "g7g6", "a1a2", "c7c5", "d4c5",
  "g8g7", "d1d7", "c8d7", "e1d2", "d7a4", "d2c3", "f7f6", "e5f6", "e7f6", "a2a4", "f8c5", "a4a6", "a8a6", "c1e3", "c5e3",
  "h2h3", "e3g1", "h1g1", "a6a1", "g2g4", "a1b1", "g4h5", "b1b2", "c3b2", "g6h5", "g1g7", "d8d6", "g7b7", "d6f8", "b7b8",
  "e8d7", "c4c5", "f8c5", "b8c8", "d7c8", "b2b1", "c5a3", "b1c2", "a3h3", "e2e4", "h3f1", "e4e5", "f6e5", "c2b2",
];
