// Tournaments of the games played on the site, on a real database through the real
// services: a game that its rules end carries the game's margin (the four-colour
// game's points difference, backgammon's checkers left) into the tournament, where
// the formats' tiebreaks read it; and the staged championship's drawn knockout game
// is replayed as a new game on the site, roles swapped, from the start position.
import type { GameTypeId } from "@/engine/game-catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { games, tournaments } from "@/db/schema";
import { getFormat, playableGames, roundGamesWithIds, type TournamentState } from "@/engine/formats";
import { onSiteGame } from "@/engine/games/registry";
import { Prng } from "@/engine/prng";
import type { SessionUser } from "@/server/auth/session";
import { makeMove } from "@/server/services/play/make-move";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { openTestDatabase, uniqueName } from "@/test/db";
import { liveState } from "./live-state";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

const api = (user: SessionUser | null) => apiFor(h, user);

const creation = (format: "staged" | "diagonal", gameType: GameTypeId, gameSettings?: Record<string, number>) => ({
  name: `${gameType} ${uniqueName("")}`,
  description: "",
  format,
  gameType,
  gameSettings,
  timeControl: "3d+6h",
  rated: false,
  minPlayers: getFormat(format).minPlayers,
  maxPlayers: Math.min(getFormat(format).maxPlayers, 64),
});

async function running(format: "staged" | "diagonal", gameType: GameTypeId, n: number, gameSettings?: Record<string, number>) {
  const organizer = await newPlayer(h);
  const t = await api(organizer).tournament.create(creation(format, gameType, gameSettings));
  const players: SessionUser[] = [];
  for (let i = 0; i < n; i++) {
    const p = await newPlayer(h);
    await api(p).tournament.join({ tournamentId: t.id });
    players.push(p);
  }
  await api(organizer).tournament.start({ tournamentId: t.id });
  const byId = (id: string) => players.find((p) => p.id === id)!;
  return { organizer, tournamentId: t.id, players, byId };
}

const state = async (id: string): Promise<TournamentState> => (await liveState(h.db, id))!;

/** The engine's record of a game, by its key, in any round. */
const engineGame = (s: TournamentState, key: string) => s.rounds.flatMap((_, i) => roundGamesWithIds(s, i + 1)).find((g) => g.id === key)!;

async function siteGame(tournamentId: string, key: string) {
  const [g] = await h.db
    .select()
    .from(games)
    .where(and(eq(games.tournamentId, tournamentId), eq(games.tournamentGameKey, key)));
  return g!;
}

/**
 * Plays a site game to the end its rules give it, each move sent by the player whose
 * turn the server names, chosen by a seeded generator (no doubles: the cube is tested
 * elsewhere). Dice games get their rolls from the server (the move "roll" before the
 * first one).
 */
async function playByTheRules(gameId: string, byId: (id: string) => SessionUser, seed: string) {
  const prng = Prng.fromSeed(seed);
  for (let actions = 0; ; actions++) {
    if (actions > 5000) throw new Error("the game did not end");
    const [g] = await h.db.select().from(games).where(eq(games.id, gameId));
    if (g!.status !== "active") return g!;
    const rules = onSiteGame(g!.gameType)!;
    const legal = rules.legalMoves(g!.position!).filter((m) => m !== "double");
    const move = legal.length === 0 ? "roll" : legal[prng.int(legal.length)]!;
    const player = byId(g!.sideToMove === 1 ? g!.side1Id : g!.side2Id);
    // Straight to the game service, past the router's per-minute move limit (tested in
    // abuse.test.ts): random play with real dice can take one player past 120 moves a
    // minute here, and did in CI.
    await makeMove(h.db, player.id, { gameId, ply: g!.ply, move });
  }
}

describe("tournaments of games played on the site", () => {
  it("staged, four-colour game: a game ended by the rules gives the standings its points difference; a drawn semi-final is replayed on the site with the roles swapped", async () => {
    const { organizer, tournamentId, byId } = await running("staged", "four-colour-onsite", 16);
    const rules = onSiteGame("four-colour-onsite")!;

    // One group game played through, move by move.
    const first = playableGames(await state(tournamentId))[0]!;
    const played = await playByTheRules((await siteGame(tournamentId, first.id)).id, byId, "staged-margin");
    expect(played.endReason === "points" || played.endReason === "equal points").toBe(true);
    const margin = rules.margin(played.position!);
    expect(margin).not.toBeNull();
    expect(played.margin).toBe(margin);
    const inEngine = engineGame(await state(tournamentId), first.id);
    expect(inEngine.result).toMatchObject({ margin });

    // The rest by the organizer, side 1 winning, up to the semi-finals; the first semi-final is drawn.
    let drawn: { key: string; side1: string; side2: string } | null = null;
    for (let step = 0; step < 12 && !drawn; step++) {
      for (const g of playableGames(await state(tournamentId))) {
        const site = await siteGame(tournamentId, g.id);
        const knockout = (await state(tournamentId)).rounds.length >= 4;
        const result = knockout && !drawn ? "draw" : "1-0";
        await api(organizer).game.setResult({ gameId: site.id, result });
        if (result === "draw") drawn = { key: g.id, side1: site.side1Id, side2: site.side2Id };
      }
    }
    expect(drawn).not.toBeNull();
    const replay = playableGames(await state(tournamentId)).find((g) => g.replayOf === drawn!.key);
    expect(replay).toBeDefined();
    const site = await siteGame(tournamentId, replay!.id);
    // A new game on the site: roles swapped, from the start, its clock running.
    expect([site.side1Id, site.side2Id]).toEqual([drawn!.side2, drawn!.side1]);
    expect(site).toMatchObject({ status: "active", gameType: "four-colour-onsite", ply: 0, position: rules.setup(), sideToMove: 1 });
    expect(site.turnStartedAt).not.toBeNull();
  });

  it("diagonal race, Hypergammon: a match ended by the rules gives the tiebreak the checkers the loser had left", async () => {
    const { tournamentId, byId } = await running("diagonal", "hypergammon", 5);
    const rules = onSiteGame("hypergammon")!;
    const first = playableGames(await state(tournamentId))[0]!;
    const played = await playByTheRules((await siteGame(tournamentId, first.id)).id, byId, "race-margin");
    expect(played.endReason).toBe("match");
    const margin = rules.margin(played.position!)!;
    expect(margin).toBeGreaterThan(0);
    expect(margin).toBeLessThanOrEqual(3);
    expect(played.margin).toBe(margin);
    const inEngine = engineGame(await state(tournamentId), first.id);
    expect(inEngine.result).toMatchObject({ outcome: played.result, margin });
  });

  it("diagonal race, Backgammon: the organizer's match length is every game's, 1 allowed; a bad one is refused with a sentence and creates nothing", async () => {
    const organizer = await newPlayer(h);
    // This organizer's: other test files create tournaments in the same database meanwhile.
    const theirs = () => h.db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.organizerId, organizer.id));
    for (const [gameType, gameSettings, message] of [
      ["backgammon", { matchLength: 0 }, "Match length (points) must be a whole number from 1 to 25."],
      ["backgammon", { matchLength: 26 }, "Match length (points) must be a whole number from 1 to 25."],
      ["backgammon", { cube: 2 }, "Backgammon has no setting “cube”."],
      ["hnefatafl", { matchLength: 3 }, "Copenhagen Hnefatafl 11×11 has no setting “matchLength”."],
    ] as const) {
      await expect(api(organizer).tournament.create(creation("diagonal", gameType, gameSettings))).rejects.toMatchObject({ code: "BAD_REQUEST", message });
    }
    await expect(api(organizer).tournament.create(creation("diagonal", "backgammon", { matchLength: 2.5 }))).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await theirs()).toEqual([]);

    const { tournamentId, byId } = await running("diagonal", "backgammon", 5, { matchLength: 1 });
    expect((await api(null).tournament.get({ tournamentId })).gameSettings).toEqual({ matchLength: 1 });
    const rules = onSiteGame("backgammon")!;
    const first = playableGames(await state(tournamentId))[0]!;
    const site = await siteGame(tournamentId, first.id);
    expect(site.position).toBe(rules.setup({ matchLength: 1 }));
    expect(site.position).not.toBe(rules.setup());
    // One game decides a 1-point match; its record replays from the match's own start.
    const played = await playByTheRules(site.id, byId, "one-point");
    const final = JSON.parse(played.position!) as { matchLength: number; game: number };
    expect(final).toMatchObject({ matchLength: 1, game: 1 });
    expect(rules.startOf(played.position!)).toBe(site.position);
    const view = await api(null).game.get({ gameId: site.id });
    expect(
      rules
        .replay(
          view.moves.map((m) => m.notation),
          rules.startOf(played.position!),
        )
        .at(-1),
    ).toBe(played.position);

    // A tournament that never set it plays the default.
    const plain = await running("diagonal", "backgammon", 3);
    expect((await api(null).tournament.get({ tournamentId: plain.tournamentId })).gameSettings).toEqual({ matchLength: 3 });
  });
});
