// What server and browser both speak, defined once: the game view sent by tRPC and
// Socket.IO alike, the outcome and status unions stored in the database (the Drizzle
// schema types its columns with these lists), and the names of realtime rooms.
// Notification kinds and their wording live beside it in lib/notification-kinds.ts.

/** A finished game's result, from side 1's point of view. */
export const GAME_RESULTS = ["1-0", "0-1", "draw"] as const;
export type GameResult = (typeof GAME_RESULTS)[number];

/**
 * "void": removed by a tournament's withdrawal rule; "aborted": a challenge game whose
 * side to move ran out of time before its first move (no result, unrated).
 */
export const GAME_STATUSES = ["active", "finished", "void", "aborted"] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** A reported result waits for the opponent ("pending") or for an organizer ("disputed"). */
export const REPORT_STATUSES = ["pending", "disputed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const CHALLENGE_STATUSES = ["open", "accepted", "cancelled"] as const;

/** The side a challenge's creator wants. */
export const CHALLENGE_SIDES = ["side1", "side2", "random"] as const;

export const TOURNAMENT_STATUSES = ["registering", "running", "finished", "cancelled"] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

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
  endReason: string | null;
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
  moves: { ply: number; notation: string; remaining1Ms: number; remaining2Ms: number; playedAt: number }[];
  /** Remaining time per side as of turnStartedAt; the side to move's clock runs from then. */
  clock: { remaining1Ms: number; remaining2Ms: number; toMove: 1 | 2; turnStartedAt: number | null; deadline: number | null };
  drawOfferBy: 1 | 2 | null;
  report: { reporterId: string; result: GameResult; margin: number | null; status: ReportStatus; confirmAt: number } | null;
  /** The tournament the game belongs to; `roleChooser` is the staged format's higher seed who may still pick A or B. */
  tournament: { id: string; name: string; format: string; organizerId: string; roleChooser: string | null } | null;
  version: number;
  createdAt: number;
  finishedAt: number | null;
  /** The server's clock when this view was made, so clients can correct their own. */
  serverNow: number;
}

// Realtime rooms (Socket.IO): who may watch which is checked by WATCHABLE_ROOM in
// lib/realtime-events.ts.
/** Open challenges and tournament lists: one "something changed" signal for the lobby pages. */
export const LOBBY_ROOM = "lobby";
export const gameRoom = (gameId: string) => `game:${gameId}`;
export const tournamentRoom = (tournamentId: string) => `tournament:${tournamentId}`;
/** A signed-in user's own room (their inbox); joined by the server, never watched. */
export const userRoom = (userId: string) => `user:${userId}`;
