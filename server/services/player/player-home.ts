// The signed-in player's home page: what is waiting on them (the same list as "Your
// turn"), their tournaments still registering or running with their place, the
// tournaments they organize (an organizer who plays in none is not "in no
// tournament"), whether the account is new (a newcomer is not "welcomed back"),
// and the next deadlines (their games' flags, tournament starts and closing
// registrations), soonest first.
import { and, asc, eq, inArray, isNotNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { games, tournamentPlayers, tournaments, users } from "@/db/schema";
import { rowCount, rowOf } from "@/engine/formats";
import { waitingItems } from "../notification/waiting";
import { tournamentStandings } from "../tournament/read-tournament";

const opponent1 = alias(users, "home_side1");
const opponent2 = alias(users, "home_side2");

/** How long an account that has done nothing yet is greeted as new. */
const NEWCOMER_MS = 7 * 24 * 3600_000;

export interface Deadline {
  readonly at: Date;
  readonly what: string;
  readonly href: string;
}

export async function playerHome(db: Db, userId: string, now = new Date()) {
  const [waiting, mine, myGames, organizing, [account]] = await Promise.all([
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
    db
      .select({ id: tournaments.id, name: tournaments.name, status: tournaments.status })
      .from(tournaments)
      .where(and(eq(tournaments.organizerId, userId), inArray(tournaments.status, ["registering", "running"])))
      .orderBy(asc(tournaments.createdAt))
      .limit(50),
    db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
  ]);
  // Places from the cached standings (one computation per tournament version).
  const running = await Promise.all(
    mine.map(async (t) => {
      if (t.status !== "running") return { ...t, place: null, of: null };
      const table = await tournamentStandings(db, t.id);
      // The player's row alone (placeOf's index): a 100,000-row table is not made whole for one row.
      const row = rowOf(table, userId);
      return { ...t, place: row?.rankLabel ?? null, of: rowCount(table), standing: row?.status ?? null };
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
  // Nothing played and nothing joined yet: a newcomer, whatever the clock says.
  const newcomer =
    mine.length === 0 && myGames.length === 0 && organizing.length === 0 && (account ? now.getTime() - account.createdAt.getTime() < NEWCOMER_MS : true);
  return { waiting, tournaments: running, organizing, deadlines, newcomer };
}
