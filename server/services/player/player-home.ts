// The signed-in player's home page: what is waiting on them (the same list as "Your
// turn"), their tournaments still registering or running with their place,
// and the next deadlines (their games' flags, tournament starts and closing
// registrations), soonest first.
import { and, asc, eq, inArray, isNotNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { games, tournamentPlayers, tournaments, users } from "@/db/schema";
import { waitingItems } from "../notification/waiting";
import { tournamentStandings } from "../tournament/read-tournament";

const opponent1 = alias(users, "home_side1");
const opponent2 = alias(users, "home_side2");

export interface Deadline {
  readonly at: Date;
  readonly what: string;
  readonly href: string;
}

export async function playerHome(db: Db, userId: string, now = new Date()) {
  const [waiting, mine, myGames] = await Promise.all([
    waitingItems(db, userId),
    db
      .select({
        id: tournaments.id,
        name: tournaments.name,
        status: tournaments.status,
        format: tournaments.format,
        startsAt: tournaments.startsAt,
        registrationClosesAt: tournaments.registrationClosesAt,
      })
      .from(tournamentPlayers)
      .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
      .where(and(eq(tournamentPlayers.userId, userId), inArray(tournaments.status, ["registering", "running"])))
      .orderBy(asc(tournaments.createdAt))
      .limit(50),
    db
      .select({
        id: games.id,
        deadline: games.deadline,
        side1Id: games.side1Id,
        side1: opponent1.username,
        side2: opponent2.username,
        tournament: tournaments.name,
      })
      .from(games)
      .innerJoin(opponent1, eq(opponent1.id, games.side1Id))
      .innerJoin(opponent2, eq(opponent2.id, games.side2Id))
      .leftJoin(tournaments, eq(tournaments.id, games.tournamentId))
      .where(and(eq(games.status, "active"), isNotNull(games.deadline), or(eq(games.side1Id, userId), eq(games.side2Id, userId))))
      .orderBy(asc(games.deadline))
      .limit(10),
  ]);
  // Places from the cached standings (one computation per tournament version).
  const running = await Promise.all(
    mine.map(async (t) => {
      if (t.status !== "running") return { ...t, place: null, of: null };
      const { rows } = await tournamentStandings(db, t.id);
      const row = rows.find((r) => r.player === userId);
      return { ...t, place: row?.rankLabel ?? null, of: rows.length, standing: row?.status ?? null };
    }),
  );
  const deadlines: Deadline[] = [
    ...myGames.map((g) => ({
      at: g.deadline!,
      what: `Game against ${g.side1Id === userId ? g.side2 : g.side1}${g.tournament ? ` (${g.tournament})` : ""}`,
      href: `/games/${g.id}`,
    })),
    ...mine.flatMap((t) => [
      ...(t.status === "registering" && t.startsAt && t.startsAt > now ? [{ at: t.startsAt, what: `${t.name} starts`, href: `/tournaments/${t.id}` }] : []),
      ...(t.status === "registering" && t.registrationClosesAt && t.registrationClosesAt > now
        ? [{ at: t.registrationClosesAt, what: `${t.name}: registration closes`, href: `/tournaments/${t.id}` }]
        : []),
    ]),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .slice(0, 8);
  return { waiting, tournaments: running, deadlines };
}
