// What browser and server both know about chat: the kinds of room, how long a message
// may be, the shape of a message as pages and socket events carry it, and which
// Socket.IO room a chat room's events go to (the room its page already watches).
import { gameRoom, tournamentRoom } from "./contracts";

/** A game's room (its players write, everyone reads) or a tournament's (its players and organizer write). */
export const CHAT_ROOM_KINDS = ["game", "tournament"] as const;
export type ChatRoomKind = (typeof CHAT_ROOM_KINDS)[number];

export interface ChatRoom {
  kind: ChatRoomKind;
  id: string;
}

/** Characters per message: a chat line, not a letter (lichess allows 140). */
export const MAX_CHAT_LENGTH = 300;
/** Characters per report reason. */
export const MAX_REPORT_REASON_LENGTH = 300;
/** Messages per page of history. */
export const CHAT_PAGE_SIZE = 30;

export interface ChatMessage {
  id: string;
  /** The Socket.IO room the message belongs to (`game:<id>`, `tournament:<id>`). */
  room: string;
  authorId: string;
  author: string;
  text: string;
  /** ISO instant: socket events carry JSON, so pages and events speak the same string. */
  createdAt: string;
}

/** The Socket.IO room that carries a chat room's events: the game's or tournament's own. */
export function chatSocketRoom(room: ChatRoom): string {
  return room.kind === "game" ? gameRoom(room.id) : tournamentRoom(room.id);
}

/** The server's order: by time, then id. */
const before = (a: ChatMessage, b: ChatMessage) => (a.createdAt === b.createdAt ? a.id < b.id : a.createdAt < b.createdAt);

/** Adds messages to a list kept in order, each once (a live message may also come in a fetched page). */
export function mergeMessages(list: readonly ChatMessage[], more: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (before(a, b) ? -1 : 1));
}

/**
 * The newest page fetched again (after a reconnect) over what is shown: within the
 * page's span it is the truth (a message hidden meanwhile is gone); older pages loaded
 * before stay, and so do live messages newer than the page (sent while it was fetched).
 */
export function refreshedMessages(shown: readonly ChatMessage[], page: readonly ChatMessage[]): ChatMessage[] {
  const [first, last] = [page[0], page.at(-1)];
  // An empty newest page: the room has no message left to show.
  if (!first || !last) return [];
  return mergeMessages(
    shown.filter((m) => before(m, first) || before(last, m)),
    page,
  );
}
