// Migration 0025 gives on-site chess the id "chess" (it was "chess-onsite") and chess
// played elsewhere "chess-elsewhere" (it was "chess"). A database holding both old ids,
// with a player rated in each, comes out with every row where it was and only the ids
// changed: the ratings and their history follow their games.
import { afterEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { DbHandle } from "./client";
import { challenges, games, playerRatings, ratingHistory, tournaments } from "./schema";
import type { GameTypeId } from "@/engine/game-catalog";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { migrateBefore, openEmptyDatabase } from "@/test/migrations";

let h: DbHandle | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** An id of before the migration (no longer a GameTypeId). */
const old = (id: string) => id as GameTypeId;
const RENAMED: Record<string, string> = { chess: "chess-elsewhere", "chess-onsite": "chess" };

async function everyRow(db: DbHandle["db"]) {
  const byId = <T extends { id: string }>(rows: T[]) => rows.sort((x, y) => x.id.localeCompare(y.id));
  return {
    games: byId(await db.select().from(games)),
    challenges: byId(await db.select().from(challenges)),
    // Named columns: the schema's tournaments table is of a later migration (0026 moved its state out).
    tournaments: byId(
      await db.select({ id: tournaments.id, name: tournaments.name, gameType: tournaments.gameType, seed: tournaments.seed }).from(tournaments),
    ),
    ratings: (await db.select().from(playerRatings)).sort((x, y) => `${x.userId} ${x.gameType}`.localeCompare(`${y.userId} ${y.gameType}`)),
    history: byId(await db.select().from(ratingHistory)),
  };
}

describe("migration 0025: the chess ids", () => {
  it("moves on-site chess to 'chess' and reported chess to 'chess-elsewhere', ratings and history with them", async () => {
    h = await openEmptyDatabase("moot_chess_ids");
    await migrateBefore(h, "_chess_ids");
    const [ann, bob] = [await newPlayer(h), await newPlayer(h)];
    // Ann is rated in both chesses (the key user + game meets its old self mid-rename) and in hnefatafl.
    const rating = (userId: string, gameType: string, value: number) => ({
      userId,
      gameType: old(gameType),
      rating: value,
      rd: value / 20,
      volatility: 0.06,
      ratedGames: value % 7,
      updatedAt: new Date(Date.UTC(2026, 0, 1, value % 24)),
    });
    await h.db
      .insert(playerRatings)
      .values([rating(ann.id, "chess", 1612), rating(ann.id, "chess-onsite", 1845), rating(ann.id, "hnefatafl", 1503), rating(bob.id, "chess-onsite", 1398)]);
    const game = (gameType: string) => ({
      gameType: old(gameType),
      side1Id: ann.id,
      side2Id: bob.id,
      status: "finished" as const,
      result: "1-0" as const,
      initialMs: 1000,
      incrementMs: 0,
      remaining1Ms: 1000,
      remaining2Ms: 1000,
    });
    const played = await h.db
      .insert(games)
      .values([game("chess"), game("chess-onsite"), game("hnefatafl")])
      .returning({ id: games.id, gameType: games.gameType });
    await h.db.insert(ratingHistory).values(
      played.flatMap((g, i) => [
        { userId: ann.id, gameId: g.id, gameType: g.gameType, rating: 1600 + i, rd: 80, at: new Date(Date.UTC(2026, 0, 2, i)) },
        { userId: bob.id, gameId: g.id, gameType: g.gameType, rating: 1400 - i, rd: 90, at: new Date(Date.UTC(2026, 0, 2, i)) },
      ]),
    );
    const challenge = (gameType: string) => ({
      creatorId: bob.id,
      gameType: old(gameType),
      initialMs: 60_000,
      incrementMs: 0,
      creatorSide: "random" as const,
      rated: true,
    });
    await h.db.insert(challenges).values([challenge("chess"), challenge("chess-onsite")]);
    for (const gameType of ["chess", "chess-onsite", "hnefatafl"])
      await h.db.execute(
        sql`insert into tournaments (name, organizer_id, format, settings, game_type, initial_ms, increment_ms, min_players, max_players, seed)
          values (${`${gameType} cup`}, ${ann.id}, 'league', '{}', ${gameType}, 60000, 0, 2, 8, ${gameType})`,
      );
    const before = await everyRow(h.db);

    await h.migrate();
    const after = await everyRow(h.db);
    const renamed = <T extends { gameType: string }>(rows: T[]) => rows.map((r) => ({ ...r, gameType: RENAMED[r.gameType] ?? r.gameType }));
    expect(after.games).toEqual(renamed(before.games));
    expect(after.challenges).toEqual(renamed(before.challenges));
    expect(after.tournaments).toEqual(renamed(before.tournaments));
    expect(after.history).toEqual(renamed(before.history));
    expect(after.ratings).toEqual(renamed(before.ratings).sort((x, y) => `${x.userId} ${x.gameType}`.localeCompare(`${y.userId} ${y.gameType}`)));
    // As the site shows them: Ann's on-site chess rating is now her "chess" one.
    const profile = await apiFor(h, null).player.byUsername({ username: ann.username });
    expect(Object.fromEntries(profile.ratings.map((r) => [r.gameType, Math.round(r.rating)]))).toEqual({
      chess: 1845,
      "chess-elsewhere": 1612,
      hnefatafl: 1503,
    });
    const [onSite] = await h.db.select({ gameType: tournaments.gameType }).from(tournaments).where(eq(tournaments.name, "chess-onsite cup"));
    expect(onSite!.gameType).toBe("chess");
  });
});
