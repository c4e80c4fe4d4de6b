// The moderation queue: reported messages nobody has dealt with yet, for the people who
// may hide them (a tournament's organizer: its room and its games' rooms; a site admin:
// every room). Each is hidden (hide-message.ts) or kept, which closes its reports.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chatMessages, chatReports, games, tournaments, users } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { moderatedMessage } from "./chat-room";

const LIMIT = 100;

export interface ReportedMessage {
  messageId: string;
  /** Where the message was posted: the page to read it in. */
  link: string;
  /** "Spring Open", "Spring Open, a game" or "a game". */
  place: string;
  author: string;
  text: string;
  createdAt: Date;
  reports: number;
  reasons: string[];
}

export async function reportedMessages(db: Db, user: SessionUser): Promise<ReportedMessage[]> {
  // The tournament a room belongs to: its own, or its game's.
  const tournamentOfRoom = sql`case when ${chatMessages.roomKind} = 'tournament' then ${chatMessages.roomId} else ${games.tournamentId} end`;
  const rows = await db
    .select({
      messageId: chatMessages.id,
      roomKind: chatMessages.roomKind,
      roomId: chatMessages.roomId,
      tournament: tournaments.name,
      author: users.username,
      text: chatMessages.text,
      createdAt: chatMessages.createdAt,
      reports: sql<number>`count(*)::int`,
      reasons: sql<string[]>`array_agg(${chatReports.reason} order by ${chatReports.createdAt})`,
    })
    .from(chatReports)
    .innerJoin(chatMessages, eq(chatMessages.id, chatReports.messageId))
    .innerJoin(users, eq(users.id, chatMessages.authorId))
    .leftJoin(games, and(eq(chatMessages.roomKind, "game"), eq(games.id, chatMessages.roomId)))
    .leftJoin(tournaments, eq(tournaments.id, tournamentOfRoom))
    .where(and(isNull(chatReports.closedAt), isNull(chatMessages.hiddenAt), user.isAdmin ? undefined : eq(tournaments.organizerId, user.id)))
    .groupBy(chatMessages.id, tournaments.name, users.username)
    .orderBy(asc(chatMessages.createdAt))
    .limit(LIMIT);
  return rows.map((r) => ({
    messageId: r.messageId,
    link: r.roomKind === "game" ? `/games/${r.roomId}` : `/tournaments/${r.roomId}`,
    place: r.roomKind === "tournament" ? (r.tournament ?? "a tournament") : r.tournament ? `${r.tournament}, a game` : "a game",
    author: r.author,
    text: r.text,
    createdAt: r.createdAt,
    reports: r.reports,
    reasons: r.reasons.filter((reason) => reason.length > 0),
  }));
}

/** The moderator read the reports and keeps the message: its open reports are closed. */
export async function keepMessage(db: Db, user: SessionUser, messageId: string, now = new Date()): Promise<void> {
  await moderatedMessage(db, user, messageId);
  await db
    .update(chatReports)
    .set({ closedAt: now })
    .where(and(eq(chatReports.messageId, messageId), isNull(chatReports.closedAt)));
}
