// A user's private calendar feed, found by the secret token in its URL: the deadline
// of each game waiting on them and the start of each tournament they joined.
import { aliasedTable, and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameReports, games, notificationSettings, tournamentPlayers, tournaments, users } from "@/db/schema";
import { catalogGame } from "@/engine/game-catalog";
import { channels } from "./channels";
import { EVENT_MS, calendar } from "./calendar";

/** The games whose deadline this user must meet: their move on the site, or a result to report or confirm. */
async function gamesWaitingOn(db: Db, userId: string) {
  const side1 = aliasedTable(users, "side1");
  const side2 = aliasedTable(users, "side2");
  const myMove = or(and(eq(games.side1Id, userId), eq(games.sideToMove, 1)), and(eq(games.side2Id, userId), eq(games.sideToMove, 2)));
  // Played elsewhere: waiting on both players until someone reports, then on the opponent.
  const offSiteOpen = and(
    sql`${games.position} is null`,
    or(eq(games.side1Id, userId), eq(games.side2Id, userId)),
    sql`not exists (select 1 from ${gameReports} where ${gameReports.gameId} = ${games.id} and ${gameReports.reporterId} = ${userId})`,
  );
  return db
    .select({ id: games.id, gameType: games.gameType, deadline: games.deadline, name1: side1.username, name2: side2.username, tournament: tournaments.name })
    .from(games)
    .innerJoin(side1, eq(side1.id, games.side1Id))
    .innerJoin(side2, eq(side2.id, games.side2Id))
    .leftJoin(tournaments, eq(tournaments.id, games.tournamentId))
    .where(and(eq(games.status, "active"), isNotNull(games.deadline), or(and(isNotNull(games.position), myMove), offSiteOpen)))
    .limit(500);
}

/** The user's private feed, or null for an unknown token. */
/** `origin`: the origin the feed's links name (originFor the request's host). */
export async function userCalendar(db: Db, token: string, origin = channels().siteUrl): Promise<string | null> {
  const link = (path: string) => new URL(path, origin).href;
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [owner] = await db
    .select({ id: users.id, username: users.username })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(eq(notificationSettings.calendarToken, token));
  if (!owner) return null;
  const cal = calendar(`Moot: ${owner.username}`);
  for (const g of await gamesWaitingOn(db, owner.id)) {
    const opponent = g.name1 === owner.username ? g.name2 : g.name1;
    cal.createEvent({
      id: `deadline-${g.id}@moot`,
      start: g.deadline!,
      end: new Date(g.deadline!.getTime() + EVENT_MS),
      summary: `Deadline: ${catalogGame(g.gameType)?.name ?? g.gameType} against ${opponent}`,
      description: `Your time runs out at this moment${g.tournament ? ` (${g.tournament})` : ""}.`,
      url: link(`/games/${g.id}`),
    });
  }
  const joined = await db
    .select({ id: tournaments.id, name: tournaments.name, startsAt: tournaments.startsAt, startedAt: tournaments.startedAt })
    .from(tournamentPlayers)
    .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
    .where(and(eq(tournamentPlayers.userId, owner.id), inArray(tournaments.status, ["registering", "running"])));
  for (const t of joined) {
    const start = t.startedAt ?? t.startsAt;
    if (!start) continue;
    cal.createEvent({
      id: `start-${t.id}@moot`,
      start,
      end: new Date(start.getTime() + EVENT_MS),
      summary: `${t.name} starts`,
      url: link(`/tournaments/${t.id}`),
    });
  }
  return cal.toString();
}
