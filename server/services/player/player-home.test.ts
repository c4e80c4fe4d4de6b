// The signed-in player's home on a real database: the move waiting on them, their
// running tournament with their place, and their game's deadline; nothing for a
// player with nothing going on; refused to anonymous callers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { openTestDatabase } from "@/test/db";
import { apiFor, newPlayer, runningTournament } from "@/test/api-fixtures";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

describe("player home", () => {
  it("lists the move waiting on a player, their tournament with their place, and the game's deadline", async () => {
    const t = await runningTournament(h, "league", "hnefatafl", 4);
    // Hnefatafl: side 1 (attackers) moves first.
    const home = await apiFor(h, t.side1).player.home();
    expect(home.waiting.map((g) => g.gameId)).toContain(t.game.id);
    const mine = home.tournaments.find((x) => x.id === t.tournamentId);
    expect(mine).toMatchObject({ status: "running", of: 4 });
    expect(mine?.place).toMatch(/^\d=?$/);
    expect(home.deadlines.some((d) => d.href === `/games/${t.game.id}` && d.what.startsWith(`Game against ${t.side2.username}`))).toBe(true);
    expect(home.newcomer).toBe(false);
    // The organizer plays in none of it, yet runs it: it is theirs, and they are no newcomer.
    const organizer = await apiFor(h, t.organizer).player.home();
    expect(organizer.tournaments).toEqual([]);
    expect(organizer.organizing).toEqual([{ id: t.tournamentId, name: expect.any(String), status: "running" }]);
    expect(organizer.newcomer).toBe(false);
    const other = await apiFor(h, t.side2).player.home();
    expect(other.waiting.map((g) => g.gameId)).not.toContain(t.game.id);
  });

  it("is empty for a newcomer and refused to anonymous callers", async () => {
    const me = await newPlayer(h);
    expect(await apiFor(h, me).player.home()).toEqual({ waiting: [], tournaments: [], organizing: [], deadlines: [], newcomer: true });
    await expect(apiFor(h, null).player.home()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
