import { describe, expect, it } from "vitest";
import { findGame, gamesOf, groupsOf, playableGames } from "../core";
import { standingRows } from "../standings";
import type { FormatResult, GameWithId, Player, TournamentState } from "../types";
import { bracketSize, dropOrder, firstRoundSeeds, matchCount, matchName, parseMatchName, roundName, slotFeeder, slotSource } from "./bracket";
import { bracketOf, eliminationFormat as F, outcomesOf, type EliminationSettings } from "./elimination";
import { decidedBy } from "./match";
import { defaultSettings, validateSettings } from "../registry";
import { matchesOf, pairPick, playOut, winFor } from "./testing";

const players = (n: number): Player[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - i * 10 }));
const seedNo = (id: string) => Number(id.slice(1));
/** The better seed wins every game. */
const favourite = (g: GameWithId): FormatResult => winFor(g, seedNo(g.side1) < seedNo(g.side2) ? g.side1 : g.side2);
const start = (n: number, settings: Partial<EliminationSettings> = {}) => F.start(players(n), settings, "t", { gameType: "chess" });
const rows = (s: TournamentState<"elimination">) => standingRows(F.standings(s));
const record = (s: TournamentState<"elimination">, results: [string, FormatResult][]) =>
  F.recordResults(
    s,
    results.map(([gameId, result]) => ({ gameId, result })),
  );
const DRAW: FormatResult = { outcome: "draw", reason: "normal" };

describe("bracket shape", () => {
  it("pairs seeds in the standard order, so 1 and 2 can meet only in the final", () => {
    expect(firstRoundSeeds(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(firstRoundSeeds(4)).toEqual([1, 4, 2, 3]);
    for (const size of [2, 4, 8, 16, 64, 1024]) {
      const seeds = firstRoundSeeds(size);
      expect(new Set(seeds).size).toBe(size);
      // Seed 1 in the top half, seed 2 in the bottom half.
      expect(seeds.indexOf(1)).toBeLessThan(size / 2);
      expect(seeds.indexOf(2)).toBeGreaterThanOrEqual(size / 2);
      for (let i = 0; i < size; i += 2) expect(seeds[i]! + seeds[i + 1]!).toBe(size + 1);
    }
    expect([2, 3, 4, 5, 8, 9, 100].map(bracketSize)).toEqual([2, 4, 4, 8, 8, 16, 128]);
  });

  it("drops losers in the orders the module header names, and says where each slot comes from", () => {
    expect(dropOrder(2, [1, 2, 3, 4])).toEqual([4, 3, 2, 1]);
    expect(dropOrder(3, [1, 2, 3, 4])).toEqual([3, 4, 1, 2]);
    expect(dropOrder(4, [1, 2, 3, 4])).toEqual([2, 1, 4, 3]);
    expect(dropOrder(5, [1, 2, 3, 4])).toEqual([2, 1, 4, 3]);
    expect(dropOrder(7, ["only"])).toEqual(["only"]);
    expect([1, 2, 3, 4, 5, 6].map((r) => matchCount("L", r, 4))).toEqual([4, 4, 2, 2, 1, 1]);
    expect(slotSource(3, { side: "W", round: 1, index: 1 }, 1)).toBe("Seed 5");
    expect(slotSource(3, { side: "L", round: 2, index: 0 }, 0)).toBe("Loser of W2-2");
    expect(slotSource(3, { side: "L", round: 2, index: 0 }, 1)).toBe("Winner of L1-1");
    expect(slotSource(3, { side: "GF", round: 1, index: 0 }, 1)).toBe("Winner of L4-1");
    expect(roundName("double", 3, 2)).toBe("Winners' round 2, losers' round 1");
    expect(roundName("double", 3, 5)).toBe("Losers' final");
    expect(roundName("single", 4, 3)).toBe("Semi-finals");
    expect(parseMatchName("L12-3")).toEqual({ side: "L", round: 12, index: 2 });
    expect(parseMatchName("Group 1")).toBeNull();
  });
});

describe("slot feeders", () => {
  it("name, for every slot of every match, the seed or the earlier match its player came from", () => {
    for (const bracket of ["single", "double"] as const) {
      for (let n = bracket === "double" ? 3 : 2; n <= 40; n++) {
        const end = playOut(F.start(players(n), { bracket }, n), (g) => winFor(g, pairPick(g.side1, g.side2, n)));
        const { k } = bracketOf(end);
        const byName = new Map(
          end.rounds.flatMap((r) => groupsOf(r).map((g, i) => [g.name, { round: r.number, outcome: outcomesOf(end, r.number)[i]! }] as const)),
        );
        for (const r of end.rounds) {
          for (const g of groupsOf(r)) {
            const ref = parseMatchName(g.name)!;
            const fed = ([0, 1] as const).map((slot) => {
              const feeder = slotFeeder(k, ref, slot);
              if ("seed" in feeder) return end.players[feeder.seed - 1]?.id ?? null;
              const from = byName.get(matchName(feeder.from));
              return from ? from.outcome[feeder.take] : null;
            });
            expect(
              fed.filter((p) => p !== null),
              `${n} ${bracket} ${g.name}`,
            ).toEqual(g.players);
          }
        }
      }
    }
  });
});

describe("settings", () => {
  it("says what is wrong with each bad setting, in words", () => {
    expect(validateSettings("elimination", { bracket: "triple", bestOf: 4, grandFinalReset: "yes", rounds: 3 } as never, 8).map((p) => p.message)).toEqual([
      'an elimination has no setting "rounds" (known: bracket, grandFinalReset, bestOf)',
      'the bracket must be "single" or "double" (got "triple")',
      "the grand final reset must be true or false",
      "games per match must be odd, so a match cannot end level without draws (got 4)",
    ]);
    expect(validateSettings("elimination", { bestOf: 11 }, 8)[0]?.message).toBe("games per match must be between 1 and 9 (got 11)");
    expect(validateSettings("elimination", {}, 1)[0]?.message).toBe("an elimination needs at least 2 players (got 1)");
    expect(validateSettings("elimination", { bracket: "double" }, 2)[0]?.message).toBe("a double elimination needs at least 3 players (got 2)");
    expect(validateSettings("elimination", { bracket: "single" }, 2)).toEqual([]);
    expect(() => start(2, { bracket: "double" })).toThrow("a double elimination needs at least 3 players (got 2)");
    expect(defaultSettings("elimination")).toEqual({ bracket: "double", grandFinalReset: true, bestOf: 1 });
  });
});

describe("single elimination", () => {
  it("gives the byes to the highest seeds and places players by the round they went out in", () => {
    const s = start(5, { bracket: "single" });
    expect(groupsOf(s.rounds[0]!).map((g) => `${g.name}: ${g.players.join(" v ")}`)).toEqual(["W1-1: p1", "W1-2: p4 v p5", "W1-3: p2", "W1-4: p3"]);
    expect(s.audit[0]).toEqual({ round: 1, what: "bracket of 8 places for 5 players", decided: "byes to seeds 1–3" });
    const end = playOut(s, favourite);
    expect(end.champions).toEqual(["p1"]);
    expect(end.rounds.map((r) => r.name)).toEqual(["Quarter-finals", "Semi-finals", "Final"]);
    expect(rows(end).map((r) => `${r.rankLabel} ${r.player} ${r.status}`)).toEqual([
      "1 p1 champion",
      "2 p2 eliminated",
      "3= p3 eliminated",
      "3= p4 eliminated",
      "5 p5 eliminated",
    ]);
    expect(rows(end)[0]!.why).toBe("later round reached: champion vs Final");
    expect(rows(end)[1]!.why).toBe("later round reached: Final vs Semi-finals");
    expect(rows(end)[2]!.why).toBe("tied on round reached, losses: shared rank");
  });

  it("plays two players as one final", () => {
    const end = playOut(start(2, { bracket: "single" }), favourite);
    expect(end.rounds).toHaveLength(1);
    expect(end.champions).toEqual(["p1"]);
  });
});

describe("double elimination", () => {
  it("drops winners' bracket losers into the losers' bracket and crowns the grand final's winner", () => {
    const s = start(6);
    const t = playOut(s, favourite);
    expect(matchesOf(t).map((m) => `${m.round} ${m.name}: ${m.players.join(" v ")} -> ${m.ranking?.[0]}`)).toEqual([
      "1 W1-1: p1 -> p1",
      "1 W1-2: p4 v p5 -> p4",
      "1 W1-3: p2 -> p2",
      "1 W1-4: p3 v p6 -> p3",
      "2 W2-1: p1 v p4 -> p1",
      "2 W2-2: p2 v p3 -> p2",
      "2 L1-1: p5 -> p5",
      "2 L1-2: p6 -> p6",
      // Winners' round 2's losers drop reversed: p3 (loser of W2-2) meets the winner of L1-1.
      "3 W3-1: p1 v p2 -> p1",
      "3 L2-1: p3 v p5 -> p3",
      "3 L2-2: p4 v p6 -> p4",
      "4 L3-1: p3 v p4 -> p3",
      "5 L4-1: p2 v p3 -> p2",
      "6 Grand final: p1 v p2 -> p1",
    ]);
    expect(t.champions).toEqual(["p1"]);
    expect(rows(t).map((r) => r.rankLabel)).toEqual(["1", "2", "3", "4", "5=", "5="]);
    expect(t.audit.at(-1)).toEqual({ round: 6, what: "grand final", decided: "p1 is champion" });
  });

  it("resets the grand final when the losers' bracket winner wins it, and not when the setting is off", () => {
    // p2 wins every game against p1, so p1 (winners' bracket) loses the grand final and its reset.
    const upset = (g: GameWithId) => (g.side1 === "p2" || g.side2 === "p2" ? winFor(g, "p2") : favourite(g));
    // p2 loses to p1 only in the winners' final.
    let s = start(4);
    let beaten = false;
    const decide = (g: GameWithId, state: TournamentState<"elimination">): FormatResult => {
      const name = groupsOf(state.rounds.at(-1)!).find((x) => x.players.includes(g.side1))!.name;
      if (name === "W2-1" && !beaten) return ((beaten = true), winFor(g, "p1"));
      return upset(g);
    };
    const end = playOut(s, decide);
    expect(end.rounds.map((r) => r.name).slice(-2)).toEqual(["Grand final", "Grand final reset"]);
    expect(end.champions).toEqual(["p2"]);
    expect(
      rows(end)
        .slice(0, 2)
        .map((r) => `${r.player} ${r.values.round} ${r.values.losses}`),
    ).toEqual(["p2 6 1", "p1 5 2"]);
    // The reset's first game has the sides of the grand final's first game swapped.
    const final = gamesOf(groupsOf(end.rounds.at(-2)!)[0]!)[0]!;
    const reset = gamesOf(groupsOf(end.rounds.at(-1)!)[0]!)[0]!;
    expect([reset.side1, reset.side2]).toEqual([final.side2, final.side1]);

    beaten = false;
    s = start(4, { grandFinalReset: false });
    const noReset = playOut(s, decide);
    expect(noReset.rounds.at(-1)!.name).toBe("Grand final");
    expect(noReset.champions).toEqual(["p2"]);
    expect(noReset.audit.at(-1)?.decided).toBe("p2 is champion (no reset is played: the setting is off)");
  });
});

describe("matches of several games, and draws", () => {
  it("replays a drawn one-game match at once, sides swapped", () => {
    let s = start(4, { bracket: "single" });
    expect(F.reshapesRound?.(1, DRAW)).toBe(true);
    expect(F.reshapesRound?.(1, { outcome: "1-0", reason: "normal" })).toBe(false);
    const t = record(s, [["r1-g1-1", DRAW]]);
    expect(t.events).toEqual([{ type: "game-added", round: 1, gameId: "r1-g1-2" }]);
    s = t.state;
    expect(findGame(s, "r1-g1-2")).toEqual({ id: "r1-g1-2", side1: "p4", side2: "p1", replayOf: "r1-g1-1" });
    expect(s.rounds[0]!.pending).toBe(2);
    s = record(s, [["r1-g1-2", { outcome: "1-0", reason: "normal" }]]).state;
    s = record(s, [["r1-g2-1", { outcome: "1-0", reason: "normal" }]]).state;
    expect(s.rounds[0]!.groups && groupsOf(s.rounds[0]!).map((g) => g.ranking)).toEqual([
      ["p4", "p1"],
      ["p2", "p3"],
    ]);
  });

  it("releases (N+1)/2 games of a best-of-N match at once and one more while it is undecided", () => {
    let s = start(4, { bracket: "single", bestOf: 3 });
    expect(playableGames(s).map((g) => `${g.id} ${g.side1}-${g.side2}`)).toEqual(["r1-g1-1 p1-p4", "r1-g1-2 p4-p1", "r1-g2-1 p2-p3", "r1-g2-2 p3-p2"]);
    // Match 1 is 1-1, match 2 is 2-0: only match 1 gets a third game, once the round's games are played.
    let t = record(s, [
      ["r1-g1-1", { outcome: "1-0", reason: "normal" }],
      ["r1-g1-2", { outcome: "1-0", reason: "normal" }],
      ["r1-g2-1", { outcome: "1-0", reason: "normal" }],
    ]);
    expect(t.events).toEqual([]);
    t = record(t.state, [["r1-g2-2", { outcome: "0-1", reason: "normal" }]]);
    expect(t.events).toEqual([{ type: "game-added", round: 1, gameId: "r1-g1-3" }]);
    s = t.state;
    expect(findGame(s, "r1-g1-3")).toMatchObject({ side1: "p1", side2: "p4", replayOf: "r1-g1-2" });
    t = record(s, [["r1-g1-3", DRAW]]);
    // Level after three games: one more game, audited.
    expect(t.events).toEqual([{ type: "game-added", round: 1, gameId: "r1-g1-4" }]);
    expect(t.state.audit.at(-1)).toEqual({ round: 1, what: "W1-1 level after 3 games", decided: "one more game at a time until one is won" });
    t = record(t.state, [["r1-g1-4", { outcome: "1-0", reason: "normal" }]]);
    expect(t.events.map((e) => e.type)).toEqual(["round-complete", "round-released"]);
    expect(groupsOf(t.state.rounds[1]!)[0]!.players).toEqual(["p4", "p2"]);
  });

  it("decides a match when the trailing player can no longer catch up", () => {
    expect(decidedBy([2, 0], 2, 3)).toBe(0);
    expect(decidedBy([1.5, 0.5], 2, 3)).toBeNull();
    expect(decidedBy([1, 1], 3, 3)).toBeNull();
    expect(decidedBy([1, 2], 3, 3)).toBe(1);
    expect(decidedBy([2.5, 0.5], 3, 5)).toBeNull();
    expect(decidedBy([3, 0], 3, 5)).toBe(0);
    expect(decidedBy([0.5, 0.5], 1, 1)).toBeNull();
    expect(decidedBy([1.5, 2.5], 4, 3)).toBe(1);
  });
});

describe("withdrawals", () => {
  it("forfeits the current match, makes later matches walkovers, and places the player where they went out", () => {
    let s = start(8);
    // p5 withdraws during round 1: their game against p4 is forfeited.
    let t = F.withdraw(s, "p5");
    expect(findGame(t.state, "r1-g2-1")?.result).toEqual({ outcome: "1-0", reason: "withdrawal" });
    expect(t.state.withdrawals).toEqual([{ player: "p5", round: 1, treatment: "forfeit" }]);
    expect(t.state.audit.at(-1)).toEqual({ round: 1, what: "withdrawal of p5", decided: "r1-g2-1 forfeited; every later match of theirs is a walkover" });
    s = t.state;
    // p5 dropped into the losers' bracket, where their match is a walkover.
    t = F.recordResults(
      s,
      playableGames(s).map((g) => ({ gameId: g.id, result: favourite(g) })),
    );
    const l1 = groupsOf(t.state.rounds[1]!).find((g) => g.players.includes("p5"))!;
    expect(l1.name).toBe("L1-1");
    expect(gamesOf(l1)).toEqual([]);
    expect(t.state.audit.at(-1)).toEqual({ round: 2, what: "walkover in L1-1", decided: "p5 withdrew: p8 goes on" });
    expect(() => F.withdraw(t.state, "p5")).toThrow("p5 has already withdrawn");
    const end = playOut(t.state, favourite);
    const p5 = rows(end).find((r) => r.player === "p5")!;
    expect(p5.status).toBe("withdrawn");
    expect(p5.rankLabel).toBe("7=");
  });

  it("gives the match to the opponent of a player who withdraws while still level, and finishes a round left with walkovers only", () => {
    let s = start(3, { bracket: "single", bestOf: 3 });
    s = record(s, [["r1-g2-1", { outcome: "1-0", reason: "normal" }]]).state;
    // p2 leads p3 1-0; p2 withdraws: game 2 forfeited (1-1), and the match goes to p3.
    const t = F.withdraw(s, "p2");
    expect(t.events.map((e) => e.type)).toEqual(["round-complete", "round-released"]);
    expect(groupsOf(t.state.rounds[0]!)[1]!.ranking).toEqual(["p3", "p2"]);
    // The final p1 v p3; p1 withdraws before a game: p3 is champion by forfeit of both games.
    const end = F.withdraw(t.state, "p1");
    expect(end.state.status).toBe("finished");
    expect(end.state.champions).toEqual(["p3"]);
    expect(rows(end.state).map((r) => `${r.rankLabel} ${r.player} ${r.status}`)).toEqual(["1 p3 champion", "2 p1 withdrawn", "3 p2 withdrawn"]);
  });

  it("lets a player who is already out withdraw without changing anything", () => {
    let s = start(4, { bracket: "single" });
    s = F.recordResults(
      s,
      playableGames(s).map((g) => ({ gameId: g.id, result: favourite(g) })),
    ).state;
    const t = F.withdraw(s, "p4");
    expect(t.state.withdrawals.at(-1)?.treatment).toBe("removed");
    expect(playableGames(t.state)).toEqual(playableGames(s));
  });
});

describe("state", () => {
  it("survives a JSON round trip mid-tournament, is never mutated, and is deterministic", () => {
    const s = start(13, { bestOf: 3 });
    const before = JSON.stringify(s);
    const mid = playOutBatches(s, 3);
    expect(JSON.stringify(s)).toBe(before);
    const copy = JSON.parse(JSON.stringify(mid)) as TournamentState<"elimination">;
    expect(JSON.stringify(playOut(copy, favourite))).toBe(JSON.stringify(playOut(mid, favourite)));
    expect(JSON.stringify(start(13, { bestOf: 3 }))).toBe(before);
  });

  it("orders equal ratings at random with the tournament's seed and audits it", () => {
    const equal = Array.from({ length: 4 }, (_, i) => ({ id: `q${i}`, rating: 1500 }));
    const a = F.start(equal, {}, "seed-a");
    expect(a.audit[0]?.what).toBe("order of 4 players with equal rating 1500");
    expect(F.start(equal, {}, "seed-a").players).toEqual(a.players);
  });
});

function playOutBatches(s: TournamentState<"elimination">, batches: number): TournamentState<"elimination"> {
  for (let i = 0; i < batches; i++) {
    s = F.recordResults(
      s,
      playableGames(s).map((g) => ({ gameId: g.id, result: favourite(g) })),
    ).state;
  }
  return s;
}
