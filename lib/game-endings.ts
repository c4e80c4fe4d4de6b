// End reasons that the server writes and the pages explain, shared by both: what
// games.end_reason holds is a game's own reason (its rules, or resignation, time,
// agreement: engine/games/registry.ts `GameEndReason`) or one of the server's below.
import type { GameEndReason } from "@/engine/games/registry";

/**
 * The side to move ran out of time before making its first move: a challenge
 * game is aborted (no result, unrated), a tournament game is an unrated forfeit.
 */
export const NO_FIRST_MOVE = "no first move";

/** A player aborted a live challenge game before both sides had moved (no result, unrated). */
export const ABORTED_BY_PLAYER = "aborted by a player";

/** The reasons the server itself ends (or voids, or aborts) a game for, apart from any game's rules. */
export const SERVER_END_REASONS = [
  "reported",
  "reported (confirmed after 48 hours)",
  "set by organizer",
  "corrected by organizer",
  "withdrawal",
  "voided by a withdrawal",
  "tournament cancelled",
  NO_FIRST_MOVE,
  ABORTED_BY_PLAYER,
] as const;
export type ServerEndReason = (typeof SERVER_END_REASONS)[number];

/** Why a game ended, as games.end_reason stores it. */
export type EndReason = GameEndReason | ServerEndReason;
