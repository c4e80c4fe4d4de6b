// End reasons that the server writes and the pages explain, shared by both.

/**
 * The side to move ran out of time before making its first move: a challenge
 * game is aborted (no result, unrated), a tournament game is an unrated forfeit.
 */
export const NO_FIRST_MOVE = "no first move";

/** A player aborted a live challenge game before both sides had moved (no result, unrated). */
export const ABORTED_BY_PLAYER = "aborted by a player";
