// Who may do what in a chat room, the one place that decides it:
// - a game's room: its two players write; everyone (spectators, signed out too) reads,
//   as the game itself is public. Spectators have no room of their own in a game: a
//   room the players could read would let onlookers coach them, and one they could
//   not read would be a second place to moderate for nothing the tournament's room
//   does not already offer; spectators talk in the tournament's room.
// - a tournament's room: its registered players and its organizer write; everyone reads.
// - site admins write and moderate everywhere; an organizer moderates (hides messages
//   in) the tournament's room and the rooms of its games.
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games, tournamentPlayers, tournaments, chatMessages } from "@/db/schema";
import { chatSocketRoom, type ChatMessage, type ChatRoom } from "@/lib/chat";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "../errors";

export interface RoomAccess {
  /** Null when the viewer may write; otherwise the sentence saying why not. */
  cannotWrite: string | null;
  canModerate: boolean;
}

/** Who the room belongs to: a game's two players and its tournament's organizer, or a tournament's organizer; NOT_FOUND when it does not exist. */
async function roomOwners(db: Db, room: ChatRoom): Promise<{ players: string[] | null; organizerId: string | null }> {
  if (room.kind === "game") {
    const [g] = await db
      .select({ side1Id: games.side1Id, side2Id: games.side2Id, organizerId: tournaments.organizerId })
      .from(games)
      .leftJoin(tournaments, eq(tournaments.id, games.tournamentId))
      .where(eq(games.id, room.id));
    if (!g) throw new AppError("NOT_FOUND", "There is no such game.");
    return { players: [g.side1Id, g.side2Id], organizerId: g.organizerId };
  }
  const [t] = await db.select({ organizerId: tournaments.organizerId }).from(tournaments).where(eq(tournaments.id, room.id));
  if (!t) throw new AppError("NOT_FOUND", "There is no such tournament.");
  // A tournament's players are many: whether one person is among them is asked by roomAccess alone.
  return { players: null, organizerId: t.organizerId };
}

/** The organizer who moderates the room (null: a game outside any tournament, which only site admins moderate). */
export async function roomOrganizer(db: Db, room: ChatRoom): Promise<string | null> {
  return (await roomOwners(db, room)).organizerId;
}

/** What `user` (null: signed out) may do in the room; NOT_FOUND when the game or tournament does not exist. */
export async function roomAccess(db: Db, room: ChatRoom, user: SessionUser | null): Promise<RoomAccess> {
  const { players, organizerId } = await roomOwners(db, room);
  if (!user) return { cannotWrite: "Sign in to chat.", canModerate: false };
  const canModerate = user.isAdmin || (organizerId !== null && organizerId === user.id);
  if (players) {
    return {
      cannotWrite:
        players.includes(user.id) || user.isAdmin
          ? null
          : `Only the players write in a game's chat; spectators read it${organizerId !== null ? ", and talk in the tournament's chat" : ""}.`,
      canModerate,
    };
  }
  if (canModerate) return { cannotWrite: null, canModerate };
  const [member] = await db
    .select({ userId: tournamentPlayers.userId })
    .from(tournamentPlayers)
    .where(and(eq(tournamentPlayers.tournamentId, room.id), eq(tournamentPlayers.userId, user.id)));
  return { cannotWrite: member ? null : "Only the tournament's players and its organizer write here; join the tournament to chat.", canModerate };
}

/** A stored message as pages and socket events carry it. */
export function chatMessageOf(row: {
  id: string;
  roomKind: ChatRoom["kind"];
  roomId: string;
  authorId: string;
  author: string;
  text: string;
  createdAt: Date;
}): ChatMessage {
  return {
    id: row.id,
    room: chatSocketRoom({ kind: row.roomKind, id: row.roomId }),
    authorId: row.authorId,
    author: row.author,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The message's room, after checking that `user` may moderate it (the room's organizer or a site admin). */
export async function moderatedMessage(db: Db, user: SessionUser, messageId: string): Promise<{ room: ChatRoom; hidden: boolean }> {
  const [m] = await db
    .select({ roomKind: chatMessages.roomKind, roomId: chatMessages.roomId, hiddenAt: chatMessages.hiddenAt })
    .from(chatMessages)
    .where(eq(chatMessages.id, messageId));
  if (!m) throw new AppError("NOT_FOUND", "There is no such message.");
  const room = { kind: m.roomKind, id: m.roomId };
  if (!(await roomAccess(db, room, user)).canModerate) {
    throw new AppError("FORBIDDEN", "Only the tournament's organizer (or a site admin) may hide or keep messages here.");
  }
  return { room, hidden: m.hiddenAt !== null };
}
