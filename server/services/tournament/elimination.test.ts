// Elimination through the server, on a real database: a drawn game of a one-game
// match becomes a new game on the site at once (the format says a draw reshapes its
// round, so the result log is folded without waiting for the round's other games),
// the third game of a best-of-3 match level at 1-1 comes when the round's games are
// all played, and a player who withdraws gives the opponent their match and their
// later matches as walkovers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { games } from "@/db/schema";
import { findGame, groupsOf, playableGames, standings, type TournamentState } from "@/engine/formats";
import type { SessionUser } from "@/server/auth/session";
import type { GameResult } from "@/lib/contracts";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { openTestDatabase, uniqueName } from "@/test/db";
import { liveState } from "./live-state";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

const GAME = "chess";

async function running(players: number, settings: Record<string, unknown>) {
  const organizer = await newPlayer(h);
  const field: SessionUser[] = [];
  for (let i = 0; i < players; i++) field.push(await newPlayer(h, { ratings: { [GAME]: 2000 - 10 * i } }));
  const t = await apiFor(h, organizer).tournament.create({
    name: `Elimination ${uniqueName("")}`,
    description: "",
    format: "elimination",
    settings: settings as never,
    gameType: GAME,
    timeControl: "3d+6h",
    rated: false,
    minPlayers: 2,
    maxPlayers: 16,
  });
  for (const p of field) await apiFor(h, p).tournament.join({ tournamentId: t.id });
  await apiFor(h, organizer).tournament.start({ tournamentId: t.id });
  const state = async () => (await liveState(h.db, t.id)) as TournamentState<"elimination">;
  /** The site game of an engine game key. */
  const siteGame = async (key: string) => {
    const [row] = await h.db
      .select({ id: games.id, status: games.status, side1Id: games.side1Id, side2Id: games.side2Id })
      .from(games)
      .where(and(eq(games.tournamentId, t.id), eq(games.tournamentGameKey, key)));
    return row;
  };
  const setResult = async (key: string, result: GameResult) => apiFor(h, organizer).game.setResult({ gameId: (await siteGame(key))!.id, result });
  return { organizer, field, id: t.id, state, siteGame, setResult };
}

describe("elimination on the server", () => {
  it("replays a drawn one-game match on the site at once, sides swapped", async () => {
    const { field, state, siteGame, setResult } = await running(4, { bracket: "single" });
    const [seed1, , , seed4] = field;
    await setResult("r1-g1-1", "draw");
    // The other semi-final is still in play, and the replay is already a game on the site.
    expect(findGame(await state(), "r1-g2-1")?.result).toBeUndefined();
    const replay = await siteGame("r1-g1-2");
    expect(replay).toMatchObject({ status: "active", side1Id: seed4!.id, side2Id: seed1!.id });
    expect(findGame(await state(), "r1-g1-2")?.replayOf).toBe("r1-g1-1");
  });

  it("gives a best-of-3 match level at 1-1 its third game once the round's games are played", async () => {
    const { state, siteGame, setResult } = await running(4, { bracket: "single", bestOf: 3 });
    expect(playableGames(await state()).map((g) => g.id)).toEqual(["r1-g1-1", "r1-g1-2", "r1-g2-1", "r1-g2-2"]);
    await setResult("r1-g1-1", "1-0");
    await setResult("r1-g1-2", "1-0"); // 1-1: the sides were swapped in game 2
    await setResult("r1-g2-1", "1-0");
    expect(await siteGame("r1-g1-3")).toBeUndefined();
    await setResult("r1-g2-2", "0-1"); // 2-0: decided
    const third = await siteGame("r1-g1-3");
    expect(third?.status).toBe("active");
    expect((await state()).rounds).toHaveLength(1);
    await setResult("r1-g1-3", "1-0");
    const s = await state();
    expect(s.rounds.map((r) => r.name)).toEqual(["Semi-finals", "Final"]);
  });

  it("gives the opponent of a player who withdraws their match, and later matches as walkovers", async () => {
    const { organizer, field, id, state, setResult } = await running(5, { bracket: "double" });
    // Seed 4 withdraws in round 1: seed 5 wins their match; seed 4's losers' bracket match is a walkover.
    await apiFor(h, organizer).tournament.withdraw({ tournamentId: id, playerId: field[3]!.id });
    const s1 = await state();
    expect(groupsOf(s1.rounds[0]!).find((g) => g.name === "W1-2")!.players).toEqual([field[3]!.id, field[4]!.id]);
    expect(findGame(s1, "r1-g2-1")?.result).toMatchObject({ reason: "withdrawal" });
    // Round 1 is complete (byes and the forfeit): round 2 is planned, seed 4 in no game of it.
    expect(s1.rounds).toHaveLength(2);
    for (const g of playableGames(s1)) expect([g.side1, g.side2]).not.toContain(field[3]!.id);
    // Dropped into the losers' bracket, seed 4 holds a match of their own with nobody to play: nobody goes on from it.
    const dropped = groupsOf(s1.rounds[1]!).find((g) => g.players.includes(field[3]!.id))!;
    expect(dropped).toMatchObject({ name: "L1-1", players: [field[3]!.id] });
    for (const g of playableGames(s1)) await setResult(g.id, "1-0");
    const s2 = await state();
    expect(groupsOf(s2.rounds[1]!).find((g) => g.name === "L1-1")!.ranking).toEqual([]);
    expect(groupsOf(s2.rounds[2]!).some((g) => g.players.includes(field[3]!.id))).toBe(false);
    expect(standings(s2).find((r) => r.player === field[3]!.id)).toMatchObject({ status: "withdrawn", values: { round: 2, losses: 2 } });
  });
});
