// A finished game's result, from side 1's point of view: the one list every layer
// speaks (the engine's formats and ratings, the stored `games.result`, the pages).
// It lives in the engine because the engine may import nothing else; lib/contracts.ts
// re-exports it for the rest.

export const GAME_RESULTS = ["1-0", "0-1", "draw"] as const;
export type GameResult = (typeof GAME_RESULTS)[number];
