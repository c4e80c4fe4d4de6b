// The players' current ratings in a tournament's game, as a start seeds them and a
// round's close plans the next round with them; and a digest of what was read, by which
// another process folding the same close ahead knows it reads the same ratings
// (snapshot-news.ts).
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { playerRatings, tournamentPlayers, type TournamentRow } from "@/db/schema";
import { INITIAL_RATING } from "@/engine/glicko2";
import { SLICE_ROWS, letGo } from "@/lib/let-go";

export interface ReadRatings {
  ratings: Map<string, number>;
  /** sha-1 of the text the ratings were read from: equal digests, equal ratings in the same order. */
  digest: string;
}

/**
 * Current ratings of the tournament's players in its game, with their digest: one
 * statement (a join), rather than the players and then their ratings by a list of
 * ids, which at 10,000 players sent the ids back and forth for a tenth of a close. In
 * the order the players joined (a start seeds them in that order).
 *
 * The pairs come back as one text value ("id rating,id rating,…"), not one row each:
 * at 100,000 players the driver's parsing and Drizzle's mapping of 100,000 rows held
 * the event loop for about 100 ms at a stretch during a close, which every request
 * the process serves waited behind; splitting one string costs a fraction of that. A
 * `real` prints as the shortest text that reads back as the same value, as the driver
 * reads it.
 */
export async function readRatings(db: Db, t: Pick<TournamentRow, "id" | "gameType">): Promise<ReadRatings> {
  const [row] = await db
    .select({
      pairs: sql<string | null>`string_agg(${tournamentPlayers.userId}::text || ' ' || coalesce(${playerRatings.rating}::text, ''), ','
        order by ${tournamentPlayers.joinedAt}, ${tournamentPlayers.userId})`,
    })
    .from(tournamentPlayers)
    .leftJoin(playerRatings, and(eq(playerRatings.userId, tournamentPlayers.userId), eq(playerRatings.gameType, t.gameType)))
    .where(eq(tournamentPlayers.tournamentId, t.id));
  const text = row?.pairs ?? "";
  const ratings = new Map<string, number>();
  // A few MB at 100,000 players: a few milliseconds.
  const digest = createHash("sha1").update(text).digest("base64");
  if (!text) return { ratings, digest };
  const pairs = text.split(",");
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i]!;
    // Hashing 100,000 ids into the map is tens of milliseconds: in slices too.
    if (i > 0 && i % SLICE_ROWS === 0) await letGo();
    const space = pair.indexOf(" ");
    const rating = pair.slice(space + 1);
    // A player without a rating row has never played the game rated: the initial rating.
    ratings.set(pair.slice(0, space), rating === "" ? INITIAL_RATING.rating : Number(rating));
  }
  return { ratings, digest };
}

/** The players' current ratings in the tournament's game, in the order they joined (readRatings). */
export async function currentRatings(db: Db, t: Pick<TournamentRow, "id" | "gameType">): Promise<Map<string, number>> {
  return (await readRatings(db, t)).ratings;
}
