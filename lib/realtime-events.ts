// The Socket.IO protocol: typed events in both directions, shared by server and browser.
import type { ChatMessage } from "./chat";
import type { GameUpdate } from "./contracts";

export interface RealtimeUser {
  id: string;
  username: string;
}

export interface ServerToClientEvents {
  /** A room's data changed; `version` grows by one per change so gaps are visible. */
  changed: (msg: { room: string; version: number }) => void;
  /** One change to a game (sent to its room), stamped with the server's clock; see GameUpdate. */
  gameUpdate: (update: GameUpdate) => void;
  /** The user's inbox changed (sent to the user's own room): refetch the bell. */
  inbox: () => void;
  /**
   * A challenge the user opened was accepted (sent to the user's own room): the game to go
   * to; `after`, for a rematch, the finished game it repeats (whose page follows it too).
   */
  gameStarted: (msg: { gameId: string; after?: string }) => void;
  /** A chat message posted in the game or tournament room it names (sent to that room). Never carries game state. */
  chatMessage: (msg: ChatMessage) => void;
  /** A chat message an organizer or admin hid: every page drops it. */
  chatHidden: (msg: { room: string; messageId: string }) => void;
}

/** Rooms a client may watch: a game, a tournament, or the lobby. */
export const WATCHABLE_ROOM = /^(game|tournament):[0-9a-f-]{36}$|^lobby$/;

/** How many rooms one socket may watch at once (each costs server memory). */
export const MAX_WATCHED_ROOMS = 50;

export interface ClientToServerEvents {
  /** Who the server thinks this socket is (null = anonymous, read-only). */
  whoami: (ack: (user: RealtimeUser | null) => void) => void;
  /** Start receiving a room's events; the ack says whether it was accepted, and if not why. */
  watch: (room: string, ack?: (ok: boolean, reason?: string) => void) => void;
  unwatch: (room: string) => void;
}
