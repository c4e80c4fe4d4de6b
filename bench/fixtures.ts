// What the server benchmarks build in bulk before they measure: rated players and
// registered group-elimination tournaments. Joining one by one is not what they
// measure, so rows are inserted directly, 5,000 a statement.
import type { GameTypeId } from "@/engine/game-catalog";
import type { Db } from "@/db/client";
import { playerRatings, tournamentPlayers, users } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { createTournament } from "@/server/services/tournament/create-tournament";

const CHUNK = 5000;
/** The game the benchmark tournaments play (on the site, so every game is created). */
export const BENCH_GAME: GameTypeId = "hnefatafl";

export interface BenchPlayer {
  id: string;
  username: string;
}

/**
 * `count` players named `<prefix><n>`, each with a rating in BENCH_GAME spread over
 * 1000–2499, as real entrants have: equal ratings would make round 1's seeding one
 * long random tie.
 */
export async function benchPlayers(db: Db, count: number, prefix: string): Promise<BenchPlayer[]> {
  const people: BenchPlayer[] = [];
  for (let i = 0; i < count; i += CHUNK) {
    const n = Math.min(CHUNK, count - i);
    const made = await db
      .insert(users)
      .values(Array.from({ length: n }, (_, k) => ({ username: `${prefix}${i + k}`, passwordHash: "x" })))
      .returning({ id: users.id, username: users.username });
    await db.insert(playerRatings).values(
      made.map((p, k) => ({
        userId: p.id,
        gameType: BENCH_GAME,
        rating: 1000 + (((i + k) * 7919) % 1500),
        rd: 60,
        volatility: 0.06,
        ratedGames: 20,
        updatedAt: new Date(),
      })),
    );
    people.push(...made);
  }
  return people;
}

/** The organizer as the services see them. */
export const asOrganizer = (p: BenchPlayer): SessionUser => ({ id: p.id, username: p.username, isAdmin: false });

/** A registering group elimination (groups of four) named `name`, with `players` entered. */
export async function benchTournament(db: Db, organizer: SessionUser, name: string, players: readonly BenchPlayer[]): Promise<{ id: string }> {
  const t = await createTournament(db, organizer, {
    name,
    description: "",
    format: "groups",
    settings: { partition: "fixed", groupSize: 4 },
    gameType: BENCH_GAME,
    timeControl: "3d+6h",
    rated: true,
    minPlayers: 4,
    maxPlayers: players.length,
  } as never);
  for (let i = 0; i < players.length; i += CHUNK) {
    await db.insert(tournamentPlayers).values(players.slice(i, i + CHUNK).map((p) => ({ tournamentId: t.id, userId: p.id })));
  }
  return t;
}
