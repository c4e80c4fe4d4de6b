// A player's record on each side of each game they finished (attackers against
// defenders in tafl, white against black in chess), so players see how they fare
// with either side. One grouped query over the player's finished games.
import { and, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games } from "@/db/schema";
import type { SideRecord } from "@/engine/formats";

export interface PlayerSideBalance {
  readonly gameType: string;
  /** The player's record on side 1 and on side 2. */
  readonly sides: readonly [SideRecord, SideRecord];
}

export async function playerSideBalance(db: Db, userId: string): Promise<PlayerSideBalance[]> {
  // One grouped query per side, each on its own index (games_side1_idx, games_side2_idx).
  const bySide = await Promise.all(
    ([games.side1Id, games.side2Id] as const).map((column) =>
      db
        .select({ gameType: games.gameType, result: games.result, n: count() })
        .from(games)
        .where(and(eq(column, userId), eq(games.status, "finished")))
        .groupBy(games.gameType, games.result),
    ),
  );
  const byType = new Map<string, [SideRecord, SideRecord]>();
  bySide.forEach((rows, i) => {
    const side = i === 0 ? 1 : 2;
    for (const r of rows) {
      if (r.result !== "1-0" && r.result !== "0-1" && r.result !== "draw") continue;
      let sides = byType.get(r.gameType);
      if (!sides)
        byType.set(
          r.gameType,
          (sides = [
            { wins: 0, draws: 0, losses: 0 },
            { wins: 0, draws: 0, losses: 0 },
          ]),
        );
      const rec = sides[i]!;
      const n = Number(r.n);
      if (r.result === "draw") rec.draws += n;
      else if ((r.result === "1-0") === (side === 1)) rec.wins += n;
      else rec.losses += n;
    }
  });
  return [...byType].sort(([a], [b]) => a.localeCompare(b)).map(([gameType, sides]) => ({ gameType, sides }));
}
