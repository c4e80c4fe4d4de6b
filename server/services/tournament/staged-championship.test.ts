// A whole staged championship of the four-colour game (FORMATS.md §4), 28 players,
// every game played on the site through the game service: the Freestyle pre-game
// (A names blue's and red's first pieces, B chooses colours), then seeded random
// legal placements to the end the rules give. From round 2 on the higher seed
// chooses A or B through the service; one semi-final is played to a draw (a seeded
// random game found to end in equal points) and its replay, roles switched, is a new
// game on the site.
//
// The standings are then checked against the rule book written out again here, from
// the games as the site stored them (sides, results, margins), not by asking the
// format's code: round-1 snake groups and parity roles, the five-step group ranking,
// the drawn groupings of rounds 2 and 3, the semi-final and final pairings and their
// seeds, the champion, third place and every row of the final table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { games } from "@/db/schema";
import { playableGames, vecItems, type Round, type TournamentState } from "@/engine/formats";
import { onSiteGame } from "@/engine/games/registry";
import { drawnRandomGame } from "@/engine/games/polyomino/test-games";
import { Prng } from "@/engine/prng";
import type { GameResult } from "@/lib/contracts";
import type { SessionUser } from "@/server/auth/session";
import { makeMove } from "@/server/services/play/make-move";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { openTestDatabase, uniqueName } from "@/test/db";
import { liveState } from "./live-state";
import { chooseRole } from "./choose-role";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

const GAME = "four-colour-onsite";
const rules = onSiteGame(GAME)!;
const PLAYERS = 28;

/** The moves of a seeded random game from the start: each ply uniform among the legal moves (pre-game included). */
function randomMoves(seed: string): string[] {
  const prng = Prng.fromSeed(seed);
  const moves: string[] = [];
  let position = rules.setup();
  while (!rules.status(position).over) {
    const legal = rules.legalMoves(position);
    const move = legal[prng.int(legal.length)]!;
    const played = rules.play(position, move);
    if (!played.ok) throw new Error(`${move}: ${played.reason}`);
    moves.push(move);
    position = played.position;
  }
  return moves;
}

interface SiteGame {
  key: string;
  side1: string;
  side2: string;
  result: GameResult;
  margin: number;
}

describe("the staged championship of the four-colour game, played on the site", () => {
  it("28 players, every game played through the services with the pre-game and random legal moves, run to the champion and third place; every standing follows the rule book", async () => {
    const started = performance.now();
    const organizer = await newPlayer(h);
    // Distinct ratings, so the round-1 seeding (by rating) is known here independently.
    const players: SessionUser[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await newPlayer(h, { ratings: { [GAME]: 2000 - 10 * i } }));
    const byId = new Map(players.map((p) => [p.id, p]));
    const t = await apiFor(h, organizer).tournament.create({
      name: `Staged ${uniqueName("")}`,
      description: "",
      format: "staged",
      gameType: GAME,
      timeControl: "3d+6h",
      rated: false,
      minPlayers: 16,
      maxPlayers: PLAYERS,
    });
    for (const p of players) await apiFor(h, p).tournament.join({ tournamentId: t.id });
    await apiFor(h, organizer).tournament.start({ tournamentId: t.id });
    const state = async (): Promise<TournamentState> => (await liveState(h.db, t.id))!;

    const rng = Prng.fromSeed("staged 28");
    const semiDraw = drawnRandomGame();
    /** Role choices made, by game key: who chose, and what. */
    const chosen = new Map<string, { chooser: string; role: "A" | "B" }>();
    let moves = 0;
    let played = 0;
    for (let step = 0; ; step++) {
      expect(step, "the championship did not finish").toBeLessThan(400);
      const s = await state();
      if (s.status === "finished") break;
      const open = playableGames(s);
      expect(open.length, `round ${s.rounds.length} has no game to play`).toBeGreaterThan(0);
      // The higher seeds' choices first, in order (the seeded draws stay in one order),
      // then the round's games side by side, as players play them.
      const sites = [];
      for (const g of open) {
        let [site] = await h.db
          .select()
          .from(games)
          .where(and(eq(games.tournamentId, t.id), eq(games.tournamentGameKey, g.id)));
        expect(site!.position).toBe(rules.setup());
        if (g.chooser) {
          // The higher seed's choice, made on the site before the first move (half the time B).
          const role = rng.float() < 0.5 ? "A" : "B";
          if (role === "B") await chooseRole(h.db, byId.get(g.chooser)!, site!.id, "B");
          chosen.set(g.id, { chooser: g.chooser, role });
          [site] = await h.db.select().from(games).where(eq(games.id, site!.id));
        }
        sites.push({ key: g.id, ...site! });
      }
      await inParallel(sites, 6, async (site) => {
        // The first semi-final's first game ends in equal points.
        const record = site.key === "r4-g1-1" ? semiDraw : randomMoves(`game ${site.key}`);
        // The pre-game is the first two moves: A (side 1) opens, B chooses colours.
        expect(record[0]).toMatch(/^open /);
        expect(record[1]).toMatch(/^choose /);
        let position = site.position!;
        for (const [ply, move] of record.entries()) {
          const mover = rules.toMove(position) === 1 ? site.side1Id : site.side2Id;
          await makeMove(h.db, mover, { gameId: site.id, ply, move });
          const next = rules.play(position, move);
          if (!next.ok) throw new Error(next.reason);
          position = next.position;
          moves++;
        }
        const [end] = await h.db.select().from(games).where(eq(games.id, site.id));
        expect(end).toMatchObject({ status: "finished", position, margin: rules.margin(position) });
        expect(end!.endReason === "points" || end!.endReason === "equal points").toBe(true);
        played++;
      });
    }
    const playedMs = performance.now() - started;
    // What it cost, for the report.
    console.log(
      `staged championship of 28: ${played} games, ${moves} moves through the game service in ${Math.round(playedMs / 1000)} s (${(playedMs / moves).toFixed(1)} ms a move)`,
    );

    // ---- The games as the site stored them.
    const s = await state();
    const rows = await h.db.select().from(games).where(eq(games.tournamentId, t.id));
    expect(rows.every((r) => r.status === "finished" && r.result !== null)).toBe(true);
    expect(rows).toHaveLength(played);
    const site: SiteGame[] = rows.map((r) => ({
      key: r.tournamentGameKey!,
      side1: r.side1Id,
      side2: r.side2Id,
      result: r.result as SiteGame["result"],
      margin: r.margin ?? 0,
    }));
    const inRound = (n: number) => site.filter((g) => g.key.startsWith(`r${n}-`));
    expect(inRound(1)).toHaveLength(4 * 21);
    expect(inRound(2)).toHaveLength(4 * 6);
    expect(inRound(3)).toHaveLength(2 * 6);

    // ---- Round 1: seeds by rating, snake groups Blue, Yellow, Red, Green of seven.
    const seeds = players.map((p) => p.id); // created strongest first
    expect(s.rounds[0]!.seeds).toEqual(seeds);
    const snake = [
      [1, 8, 9, 16, 17, 24, 25],
      [2, 7, 10, 15, 18, 23, 26],
      [3, 6, 11, 14, 19, 22, 27],
      [4, 5, 12, 13, 20, 21, 28],
    ];
    const r1Groups = snake.map((g) => g.map((seed) => seeds[seed - 1]!));
    const rating = (id: string) => 2000 - 10 * seeds.indexOf(id);
    // Everyone plays everyone once; A (side 1) by seed parity within the group.
    for (const group of r1Groups) {
      for (let a = 0; a < 7; a++) {
        for (let b = a + 1; b < 7; b++) {
          const pair = inRound(1).filter(
            (g) => new Set([g.side1, g.side2]).size === 2 && [g.side1, g.side2].includes(group[a]!) && [g.side1, g.side2].includes(group[b]!),
          );
          expect(pair).toHaveLength(1);
          const playerA = (a + 1 + b + 1) % 2 === 0 ? group[a] : group[b];
          expect(pair[0]!.side1).toBe(playerA);
        }
      }
    }

    // ---- The group ranking, step by step, from the stored games.
    const orders: string[][][] = []; // orders[round - 1][group]: the order the site used
    const checkGroups = (round: number, groups: string[][], step4: (id: string) => number) => {
      const used: string[][] = [];
      groups.forEach((members, gi) => {
        const ranking = [...storedGroups(s.rounds[round - 1]!)[gi]!.ranking!];
        expect(new Set(ranking)).toEqual(new Set(members));
        const classes = rankByTheBook(members, inRound(round), step4);
        // The site's order lists the classes in this order; inside a class (tied on
        // every step) a recorded random draw decides.
        let at = 0;
        for (const cls of classes) {
          expect(new Set(ranking.slice(at, at + cls.length)), `round ${round} group ${gi + 1}: ${ranking.join(" ")}`).toEqual(new Set(cls));
          at += cls.length;
        }
        used.push(ranking);
      });
      orders.push(used);
    };
    checkGroups(1, r1Groups, rating);

    // ---- Round 2: the top 4 of each round-1 group, by the drawn grouping.
    const r2Table = [
      ["B1 Y2 R3 G4", "B2 Y3 R4 G1", "B3 Y4 R1 G2", "B4 Y1 R2 G3"],
      ["B1 Y2 R4 G3", "B2 Y4 R3 G1", "B3 Y1 R2 G4", "B4 Y3 R1 G2"],
      ["B1 Y3 R2 G4", "B2 Y4 R1 G3", "B3 Y1 R4 G2", "B4 Y2 R3 G1"],
      ["B1 Y3 R4 G2", "B2 Y1 R3 G4", "B3 Y4 R2 G1", "B4 Y2 R1 G3"],
      ["B1 Y4 R2 G3", "B2 Y3 R1 G4", "B3 Y2 R4 G1", "B4 Y1 R3 G2"],
      ["B1 Y4 R3 G2", "B2 Y1 R4 G3", "B3 Y2 R1 G4", "B4 Y3 R2 G1"],
    ];
    const r2Grouping = s.rounds[1]!.grouping!;
    expect(s.audit.some((a) => a.round === 2 && /grouping/.test(a.what) && a.decided === `grouping ${r2Grouping + 1} of 6`)).toBe(true);
    const at = (round: number, letters: string, code: string) => orders[round - 1]![letters.indexOf(code[0]!)]![Number(code.slice(1)) - 1]!;
    // Seeded #1, #2, #3, #4 in that order.
    const r2Groups = r2Table[r2Grouping]!.map((g) =>
      g
        .split(" ")
        .sort((x, y) => Number(x.slice(1)) - Number(y.slice(1)))
        .map((code) => at(1, "BYRG", code)),
    );
    expect(storedGroups(s.rounds[1]!).map((g) => g.players)).toEqual(r2Groups);
    checkRoundRobin(inRound(2), r2Groups, chosen);
    const r1Rank = (id: string) => orders[0]!.find((o) => o.includes(id))!.indexOf(id) + 1;
    checkGroups(2, r2Groups, (id) => -r1Rank(id));

    // ---- Round 3: the top 2 of each round-2 group; the two #1s above the two #2s, each
    // pair by round-2 score %, head-to-head (any earlier game), round-1 rank.
    const r3Table = [
      ["T1 E1 B2 S2", "B1 S1 T2 E2"],
      ["T1 B1 E2 S2", "E1 S1 T2 B2"],
      ["T1 S1 B2 E2", "B1 E1 T2 S2"],
    ];
    const r3Grouping = s.rounds[2]!.grouping!;
    const percent = (round: number, id: string) => {
      const mine = inRound(round).filter((g) => g.side1 === id || g.side2 === id);
      return mine.reduce((sum, g) => sum + pointsOf(g, id), 0) / mine.length;
    };
    // Head-to-head as the round was planned: the games of rounds 1 and 2.
    const headToHead = (id: string, other: string) =>
      site
        .filter((g) => /^r[12]-/.test(g.key) && [g.side1, g.side2].includes(id) && [g.side1, g.side2].includes(other))
        .reduce((sum, g) => sum + pointsOf(g, id), 0);
    const r3Stored = storedGroups(s.rounds[2]!).map((g) => g.players);
    const r3Groups = r3Table[r3Grouping]!.map((g, gi) => {
      const codes = g.split(" ").map((code) => at(2, "TEBS", code));
      const ordered = (pair: string[]) => {
        const [a, b] = pair as [string, string];
        const keys = [(id: string) => percent(2, id), (id: string) => headToHead(id, id === a ? b : a), (id: string) => -r1Rank(id)];
        const decided = keys.find((k) => k(a) !== k(b));
        // Still equal: a recorded random draw; take the site's order.
        if (!decided) return r3Stored[gi]!.filter((p) => pair.includes(p));
        return decided(a) > decided(b) ? [a, b] : [b, a];
      };
      return [...ordered(codes.slice(0, 2)), ...ordered(codes.slice(2))];
    });
    expect(r3Stored).toEqual(r3Groups);
    checkRoundRobin(inRound(3), r3Groups, chosen);
    const r2Rank = (id: string) => orders[1]!.find((o) => o.includes(id))!.indexOf(id) + 1;
    checkGroups(3, r3Groups, (id) => -r2Rank(id));

    // ---- Semi-finals: I#1 v II#2 and II#1 v I#2, the #1 the higher seed (the chooser);
    // a draw is replayed, roles switched, until one wins.
    const [one, two] = orders[2] as [string[], string[]];
    const knockout = (round: number, name: string, higher: string, lower: string) => {
      const list = inRound(round)
        .filter((g) => [g.side1, g.side2].sort().join() === [higher, lower].sort().join())
        .sort((x, y) => Number(x.key.split("-")[2]) - Number(y.key.split("-")[2]));
      expect(list.length, name).toBeGreaterThan(0);
      // The first game's roles: the higher seed's choice (A unless they chose B).
      const first = chosen.get(list[0]!.key);
      expect(first?.chooser, name).toBe(higher);
      expect(list[0]!.side1, name).toBe(first!.role === "A" ? higher : lower);
      for (let i = 1; i < list.length; i++) {
        expect(list[i - 1]!.result, `${name}: only a draw is replayed`).toBe("draw");
        expect([list[i]!.side1, list[i]!.side2], `${name}: the replay switches the roles`).toEqual([list[i - 1]!.side2, list[i - 1]!.side1]);
      }
      const last = list.at(-1)!;
      expect(last.result).not.toBe("draw");
      const winner = last.result === "1-0" ? last.side1 : last.side2;
      return { winner, loser: winner === higher ? lower : higher, games: list.length };
    };
    const semi1 = knockout(4, "Semi-final 1", one[0]!, two[1]!);
    const semi2 = knockout(4, "Semi-final 2", two[0]!, one[1]!);
    expect(semi1.games + semi2.games, "a semi-final was drawn and replayed").toBeGreaterThan(2);
    expect(inRound(4)).toHaveLength(semi1.games + semi2.games);

    // ---- Final and third place: the winners and the losers; the higher seed has the
    // better round-3 score %, then round-2 score %.
    const seeded = (a: string, b: string) => {
      const keys = [(id: string) => percent(3, id), (id: string) => percent(2, id)];
      const decided = keys.find((k) => k(a) !== k(b));
      return decided ? (decided(a) > decided(b) ? [a, b] : [b, a]) : null;
    };
    const finalSeeds = seeded(semi1.winner, semi2.winner) ?? [
      chosen.get("r5-g1-1")!.chooser,
      [semi1.winner, semi2.winner].find((p) => p !== chosen.get("r5-g1-1")!.chooser)!,
    ];
    const thirdSeeds = seeded(semi1.loser, semi2.loser) ?? [
      chosen.get("r5-g2-1")!.chooser,
      [semi1.loser, semi2.loser].find((p) => p !== chosen.get("r5-g2-1")!.chooser)!,
    ];
    const final = knockout(5, "Final", finalSeeds[0]!, finalSeeds[1]!);
    const third = knockout(5, "Third place", thirdSeeds[0]!, thirdSeeds[1]!);
    expect(inRound(5)).toHaveLength(final.games + third.games);
    expect(s.champions).toEqual([final.winner]);

    // ---- The final table the site shows: champion, runner-up, third, fourth; then by
    // the round reached, the place in that round's group, and the score % there.
    const standings = await apiFor(h, null).tournament.standings({ tournamentId: t.id });
    expect(standings.total).toBe(PLAYERS);
    const table = standings.rows;
    expect(table.slice(0, 4).map((r) => [r.player, r.rank])).toEqual([
      [final.winner, 1],
      [final.loser, 2],
      [third.winner, 3],
      [third.loser, 4],
    ]);
    expect(table[0]!.status).toBe("champion");
    const reached = (id: string) => [1, 2, 3].filter((n) => orders[n - 1]!.some((o) => o.includes(id))).at(-1)!;
    const placeIn = (round: number, id: string) => orders[round - 1]!.find((o) => o.includes(id))!.indexOf(id) + 1;
    const key = (id: string) => [reached(id), -placeIn(reached(id), id), percent(reached(id), id)];
    const better = (a: string, b: string) => {
      const [ka, kb] = [key(a), key(b)];
      const i = ka.findIndex((v, j) => v !== kb[j]);
      return i >= 0 && ka[i]! > kb[i]!;
    };
    const rest = table.slice(4);
    expect(rest.map((r) => reached(r.player))).toEqual([3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, ...Array<number>(12).fill(1)]);
    for (const [i, row] of rest.entries()) {
      expect(row.status).toBe("eliminated");
      // Its rank: one more than the players above it on the rules' keys (ties share).
      const above = rest.filter((r) => better(r.player, row.player)).length;
      expect(row.rank, `row ${i + 5}`).toBe(5 + above);
      if (i > 0) expect(better(row.player, rest[i - 1]!.player), `row ${i + 5} is below a worse row`).toBe(false);
    }
  }, 180_000);
});

/** Runs `run` on every item, at most `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

/** Points (win 1, draw ½) of `id` in a game. */
function pointsOf(g: SiteGame, id: string): number {
  if (g.result === "draw") return 0.5;
  return (g.result === "1-0") === (g.side1 === id) ? 1 : 0;
}

/** Points difference of `id` in a game: + the margin for the winner, − for the loser. */
function marginOf(g: SiteGame, id: string): number {
  if (g.result === "draw") return 0;
  return pointsOf(g, id) === 1 ? g.margin : -g.margin;
}

/** A round's groups as the site stored them (players in seed order, final order once complete). */
const storedGroups = (round: Round) => vecItems(round.groups);

/** Everyone in a group played everyone once; A is the higher seed unless they chose B. */
function checkRoundRobin(played: SiteGame[], groups: string[][], chosen: Map<string, { chooser: string; role: "A" | "B" }>) {
  for (const group of groups) {
    for (let a = 0; a < group.length; a++) {
      for (let b = a + 1; b < group.length; b++) {
        const [hi, lo] = [group[a]!, group[b]!];
        const pair = played.filter((g) => [g.side1, g.side2].sort().join() === [hi, lo].sort().join());
        expect(pair).toHaveLength(1);
        const choice = chosen.get(pair[0]!.key);
        expect(choice?.chooser).toBe(hi);
        expect(pair[0]!.side1).toBe(choice!.role === "A" ? hi : lo);
      }
    }
  }
}

/**
 * The rule book's ranking inside a group (FORMATS.md §4), as ordered classes: each
 * class is a set of players tied on every step (a random draw orders them).
 *   1. score % (win 1, draw ½); 2. among those still tied, score in the games between
 *   them only, recomputed among the still tied after every split; 3. points difference
 *   per game; 4. `step4` (higher is better).
 */
function rankByTheBook(members: readonly string[], roundGames: SiteGame[], step4: (id: string) => number): string[][] {
  const inGroup = new Set(members);
  const mine = (id: string) => roundGames.filter((g) => inGroup.has(g.side1) && inGroup.has(g.side2) && (g.side1 === id || g.side2 === id));
  const percent = (id: string) => mine(id).reduce((s, g) => s + pointsOf(g, id), 0) / mine(id).length;
  const perGame = (id: string) => mine(id).reduce((s, g) => s + marginOf(g, id), 0) / mine(id).length;
  const among = (set: string[]) => (id: string) =>
    mine(id)
      .filter((g) => set.includes(g.side1) && set.includes(g.side2))
      .reduce((s, g) => s + pointsOf(g, id), 0);
  const steps = (set: string[]): ((id: string) => number)[] => [among(set), perGame, step4];
  const order = (set: string[], criteria: ((id: string) => number)[]): string[][] => {
    if (set.length === 1) return [set];
    const [first, ...later] = criteria;
    if (!first) return [set];
    const values = [...new Set(set.map(first))].sort((a, b) => b - a);
    if (values.length === 1) return order(set, later);
    // A split: every smaller set still tied starts again at the head-to-head step.
    return values.flatMap((v) => {
      const cls = set.filter((id) => first(id) === v);
      return cls.length === 1 ? [cls] : order(cls, steps(cls));
    });
  };
  return order(members.slice(), [percent, ...steps(members.slice())]);
}
