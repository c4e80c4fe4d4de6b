// Site game ids by engine key, for linking a tournament's tables to its games.
import { and, eq, like } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games } from "@/db/schema";

/** Site game ids by engine key, for linking a tournament's tables to its games. */
export async function gameLinks(db: Db, tournamentId: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ id: games.id, key: games.tournamentGameKey })
    .from(games)
    .where(and(eq(games.tournamentId, tournamentId), like(games.tournamentGameKey, "r%")));
  const links: Record<string, string> = {};
  for (const r of rows) if (r.key && !r.key.includes("~")) links[r.key] = r.id;
  return links;
}
