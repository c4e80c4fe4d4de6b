// A player's side balance from the database agrees with the tournament engine's
// count of the same games, and the procedure refuses a bad id with a sentence.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { games } from "@/db/schema";
import { tournamentSideBalance, type TournamentState } from "@/engine/formats";
import { openTestDatabase } from "@/test/db";
import { apiFor, runningTournament } from "@/test/api-fixtures";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

describe("player side balance", () => {
  it("counts each finished game on the side the player had, per game", async () => {
    const t = await runningTournament(h, "groups", "chess-elsewhere", 3);
    const rows = await h.db.select().from(games).where(eq(games.tournamentId, t.tournamentId));
    // Side 1 wins the first three games, the fourth is drawn, side 2 wins the rest.
    const results = ["1-0", "1-0", "1-0", "draw", "0-1", "0-1"] as const;
    for (const [i, g] of rows.entries()) {
      await apiFor(h, t.organizer).game.setResult({ gameId: g.id, result: results[i % results.length]! });
    }
    const { state } = await apiFor(h, null).tournament.get({ tournamentId: t.tournamentId });
    const engine = tournamentSideBalance(state as TournamentState);
    for (const p of t.entrants) {
      const balance = await apiFor(h, null).player.sideBalance({ userId: p.id });
      expect(balance).toEqual([{ gameType: "chess-elsewhere", sides: engine.players.get(p.id) }]);
    }
    const [first] = await h.db
      .select()
      .from(games)
      .where(and(eq(games.tournamentId, t.tournamentId), eq(games.status, "finished")));
    expect(first).toBeDefined();
  });

  it("refuses a malformed id with a sentence", async () => {
    await expect(apiFor(h, null).player.sideBalance({ userId: "nope" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "That is not a player id." });
  });
});
