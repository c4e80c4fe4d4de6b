// Brandubh on the site, on a real database: a challenge and a tournament game are
// set up as 7×7 games and refereed by the Brandubh rules through the game contract.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { onSiteGame } from "@/engine/games/registry";
import { openTestDatabase } from "@/test/db";
import { apiFor, newPlayer, runningTournament } from "@/test/api-fixtures";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

const ESCAPE = ["g4-g6", "d5-e5", "g6-f6", "d4-d5", "f6-f7", "d5-a5", "f7-f6", "a5-a7"];

describe("Brandubh", () => {
  it("is played from a challenge to the king's escape, and rated", async () => {
    const [attacker, defender] = [await newPlayer(h), await newPlayer(h)];
    const ch = await apiFor(h, attacker).challenge.create({ gameType: "brandubh", timeControl: "3d+6h", side: "side1", rated: true });
    const { gameId } = await apiFor(h, defender).challenge.accept({ challengeId: ch.id });
    const start = await apiFor(h, attacker).game.get({ gameId });
    expect(start.gameType).toBe("brandubh");
    expect(start.position).toBe(onSiteGame("brandubh")!.setup());
    // An 11×11 move is refused in words, not with a server error.
    await expect(apiFor(h, attacker).game.move({ gameId, ply: 0, move: "k1-k2" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    for (const [ply, move] of ESCAPE.entries()) await apiFor(h, ply % 2 === 0 ? attacker : defender).game.move({ gameId, ply, move });
    const end = await apiFor(h, defender).game.get({ gameId });
    expect(end).toMatchObject({ status: "finished", result: "0-1", endReason: "king escaped", rated: true });
    expect(end.moves.map((m) => m.notation)).toEqual(ESCAPE);
  });

  it("is played in a tournament whose game it is", async () => {
    const t = await runningTournament(h, "league", "brandubh", 4);
    expect(t.game.gameType).toBe("brandubh");
    expect(t.game.position).toBe(onSiteGame("brandubh")!.setup());
    await apiFor(h, t.side1).game.move({ gameId: t.game.id, ply: 0, move: "d2-b2" });
    const view = await apiFor(h, t.side1).game.get({ gameId: t.game.id });
    expect(view.moves.map((m) => m.notation)).toEqual(["d2-b2"]);
  });
});
