// A tournament's public schedule as a calendar feed.
import { aliasedTable, and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games, tournaments, users } from "@/db/schema";
import { channels } from "./channels";
import { EVENT_MS, calendar } from "./calendar";

/** A tournament's schedule: registration close, start, and the deadline of every game in play. */
export async function tournamentCalendar(db: Db, tournamentId: string, origin = channels().siteUrl): Promise<string | null> {
  const link = (path: string) => new URL(path, origin).href;
  const [t] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!t) return null;
  const cal = calendar(t.name);
  const url = link(`/tournaments/${t.id}`);
  if (t.registrationClosesAt)
    cal.createEvent({
      id: `closes-${t.id}@moot`,
      start: t.registrationClosesAt,
      end: new Date(t.registrationClosesAt.getTime() + EVENT_MS),
      summary: `${t.name}: registration closes`,
      url,
    });
  const start = t.startedAt ?? t.startsAt;
  if (start) cal.createEvent({ id: `start-${t.id}@moot`, start, end: new Date(start.getTime() + EVENT_MS), summary: `${t.name} starts`, url });
  const side1 = aliasedTable(users, "side1");
  const side2 = aliasedTable(users, "side2");
  const open = await db
    .select({ id: games.id, key: games.tournamentGameKey, deadline: games.deadline, name1: side1.username, name2: side2.username })
    .from(games)
    .innerJoin(side1, eq(side1.id, games.side1Id))
    .innerJoin(side2, eq(side2.id, games.side2Id))
    .where(and(eq(games.tournamentId, t.id), eq(games.status, "active"), isNotNull(games.deadline)))
    .limit(2000);
  for (const g of open) {
    cal.createEvent({
      id: `deadline-${g.id}@moot`,
      start: g.deadline!,
      end: new Date(g.deadline!.getTime() + EVENT_MS),
      summary: `${t.name}: ${g.name1} vs ${g.name2} (deadline)`,
      url: link(`/games/${g.id}`),
    });
  }
  return cal.toString();
}
