// What server and browser both speak, defined once: the game view sent by tRPC, the
// game update sent by Socket.IO, the outcome and status unions stored in the database (the Drizzle
// schema types its columns with these lists), and the names of realtime rooms.
// Notification kinds and their wording live beside it in lib/notification-kinds.ts.

import type { FormatName } from "@/engine/formats";
import type { CommonEndReason } from "@/engine/games/registry";
import type { GameResult } from "@/engine/result";
import type { EndReason } from "./game-endings";

/** A finished game's result, from side 1's point of view (defined in the engine, which imports nothing of ours). */
export { GAME_RESULTS, type GameResult } from "@/engine/result";

/**
 * "void": removed by a tournament's withdrawal rule; "aborted": a challenge game whose
 * side to move ran out of time before its first move, or that a player aborted before
 * both sides had moved (no result, unrated).
 */
export const GAME_STATUSES = ["active", "finished", "void", "aborted"] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** A reported result waits for the opponent ("pending") or for an organizer ("disputed"). */
export const REPORT_STATUSES = ["pending", "disputed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** "declined": a challenge addressed to one player, who said no. */
export const CHALLENGE_STATUSES = ["open", "accepted", "cancelled", "declined"] as const;

/** The side a challenge's creator wants. */
export const CHALLENGE_SIDES = ["side1", "side2", "random"] as const;

export const TOURNAMENT_STATUSES = ["registering", "running", "finished", "cancelled"] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/**
 * What the site records in a tournament's public audit trail (tournament_audit.action):
 * an organizer's or a player's action, or, with no actor, a step the site took itself
 * (a scheduled start, a round or phase released, the end).
 */
export const TOURNAMENT_AUDIT_ACTIONS = [
  "created",
  "edited",
  "started",
  "cancelled",
  "announcement",
  "invite link renewed",
  "approved",
  "late entry",
  "removed",
  "withdrew",
  "disqualified",
  "role chosen",
  "result set",
  "result corrected",
  "result disputed",
  "round started",
  "phase released",
  "finished",
] as const;
export type TournamentAuditAction = (typeof TOURNAMENT_AUDIT_ACTIONS)[number];

export interface GamePlayer {
  id: string;
  username: string;
  /** Rating and deviation in this game's type. */
  rating: number;
  rd: number;
}

/** What a game looks like to a player or spectator (server/services/game/game-view.ts makes it). */
export interface GameView {
  id: string;
  gameType: string;
  status: GameStatus;
  result: GameResult | null;
  endReason: EndReason | null;
  margin: number | null;
  rated: boolean;
  side1: GamePlayer;
  side2: GamePlayer;
  initialMs: number;
  incrementMs: number;
  /** The board in the game's serialized form (games played on the site only; read it through engine/games/registry). */
  position: string | null;
  /** Moves played so far. */
  ply: number;
  moves: GameMove[];
  /** Remaining time per side as of turnStartedAt; the side to move's clock runs from then. */
  clock: { remaining1Ms: number; remaining2Ms: number; toMove: 1 | 2; turnStartedAt: number | null; deadline: number | null };
  drawOfferBy: 1 | 2 | null;
  /** A game with dice: its commit–reveal dice (docs/dice.md); null for games without. */
  dice: DiceView | null;
  /** `id` names this report: an answer names the report it confirms or disputes (a changed report gets a new id). */
  report: {
    id: string;
    reporterId: string;
    result: GameResult;
    margin: number | null;
    status: ReportStatus;
    confirmAt: number;
    disputeReason: string | null;
  } | null;
  /** The tournament the game belongs to; `roleChooser` is the staged format's higher seed who may still pick A or B. */
  tournament: { id: string; name: string; format: FormatName; organizerId: string; roleChooser: string | null } | null;
  version: number;
  createdAt: number;
  finishedAt: number | null;
  /** The server's clock when this view was made, so clients can correct their own. */
  serverNow: number;
}

/**
 * A dice game's seeds as the public may see them: the commitment from the start, each
 * player's seed (null: not given yet; it counts as empty once the dice roll), and the
 * server seed only once the game is over (null while it runs: it would tell the rolls).
 */
export interface DiceView {
  scheme: string;
  commitment: string;
  playerSeeds: [string | null, string | null];
  serverSeed: string | null;
  /** Rolls made so far; once nonzero the player seeds are fixed. */
  rolls: number;
  faces: number;
}

/** One move of a game: its notation and each side's remaining time once it was made. */
export interface GameMove {
  ply: number;
  notation: string;
  remaining1Ms: number;
  remaining2Ms: number;
  playedAt: number;
}

/**
 * What a change did to the board, for a client to do the same with the game's rules
 * (lib/game-update.ts): a move played, or the game ended from outside its rules
 * (resignation, time, agreement), which the rules also write into the position.
 * In a dice game `move` is the first record entry the change made and `then` the rolls
 * the server made after it (a roll that passes or plays a forced move may be followed
 * by another).
 */
export type BoardChange = { kind: "move"; move: GameMove; then?: GameMove[] } | { kind: "end"; winner: 1 | 2 | null; reason: CommonEndReason };

/** A game's fields that an update may set: all but the move list and the position, whose size grows with the game. */
export type GameFields = Omit<GameView, "id" | "moves" | "position" | "version" | "serverNow">;

/**
 * One change to a game as its realtime room receives it (the `gameUpdate` event),
 * bounded in size whatever the game's length: the board is never sent, only what
 * changed it. `version` is the game's version after the change: a client applies the
 * update only to the view of version − 1, and on a gap fetches the whole GameView.
 */
export interface GameUpdate {
  gameId: string;
  version: number;
  /** The server's clock when the update was made. */
  serverNow: number;
  board: BoardChange | null;
  /** The fields the change set (a move: ply, clock, draw offer; other changes: all of them). */
  set: Partial<GameFields>;
}

// Realtime rooms (Socket.IO): who may watch which is checked by WATCHABLE_ROOM in
// lib/realtime-events.ts.
/** Open challenges and tournament lists: one "something changed" signal for the lobby pages. */
export const LOBBY_ROOM = "lobby";
export const gameRoom = (gameId: string) => `game:${gameId}`;
export const tournamentRoom = (tournamentId: string) => `tournament:${tournamentId}`;
/** A signed-in user's own room (their inbox); joined by the server, never watched. */
export const userRoom = (userId: string) => `user:${userId}`;
