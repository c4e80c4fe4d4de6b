import { describe, expect, it } from "vitest";
import {
  FORMAT_NAMES,
  champions,
  pendingGames,
  playableGames,
  recordResult,
  recordResults,
  standings,
  startTournament,
  validateSettings,
  withdraw,
} from "./registry";
import { GAME_RESULTS } from "../result";
import { parseGameId } from "./core";
import { simulate, simulatedPlayers, simulationReport } from "./simulate";
import { WIN1, favouriteWins, jsonRoundTrip, playOut, players } from "./testing";

describe("registry and the shared lifecycle", () => {
  it("knows the formats and rejects an unknown one with a message", () => {
    expect(FORMAT_NAMES).toEqual(["groups", "league", "diagonal", "staged", "swiss", "elimination"]);
    expect(validateSettings("chess960" as never, undefined, 8)[0]?.message).toContain("unknown format");
  });

  it("refuses bad starts with every problem in the message", () => {
    expect(() =>
      startTournament(
        "groups",
        [
          { id: "a", rating: 1 },
          { id: "a", rating: 2 },
        ],
        { groupSize: 99 },
        1,
      ),
    ).toThrow("group size must be between 2 and 16 (got 99); player a is entered twice");
  });

  it("parses deterministic game ids", () => {
    expect(parseGameId("r3-g12-7")).toEqual({ round: 3, kind: "g", container: 12, n: 7 });
    expect(parseGameId("r1-p4-2")).toEqual({ round: 1, kind: "p", container: 4, n: 2 });
    expect(parseGameId("x")).toBeNull();
  });

  it("reports what a result released: nothing, a round, the end", () => {
    let s = startTournament("groups", players(8), {}, 1);
    const games = playableGames(s);
    expect(pendingGames(s)).toBe(games.length);
    expect(() => recordResult(s, "r2-g1-1", WIN1)).toThrow("game r2-g1-1 is not in the current round (1)");
    expect(() => recordResult(s, "r1-g9-1", WIN1)).toThrow("unknown game id r1-g9-1");
    expect(() => recordResult(s, "r1-g1-1", { outcome: "2-0" as never, reason: "normal" })).toThrow(/"1-0", "0-1" or "draw"/);
    const last = games.pop()!;
    s = recordResults(
      s,
      games.map((g) => ({ gameId: g.id, result: favouriteWins(g) })),
    ).state;
    expect(pendingGames(s)).toBe(1);
    const t = recordResult(s, last.id, favouriteWins(last));
    expect(t.events).toEqual([
      { type: "round-complete", round: 1 },
      { type: "round-released", round: 2 },
    ]);
    const end = recordResults(
      t.state,
      playableGames(t.state).map((g) => ({ gameId: g.id, result: favouriteWins(g) })),
    );
    expect(end.events.at(-1)).toEqual({ type: "finished", champions: ["p1"] });
    expect(champions(end.state)).toEqual(["p1"]);
    expect(champions(t.state)).toEqual([]);
    expect(() => recordResult(end.state, last.id, WIN1)).toThrow(/finished/);
    expect(() => withdraw(end.state, "p2")).toThrow(/finished/);
  });

  it("never mutates the state it is given", () => {
    const s = startTournament("league", players(6), {}, 1);
    const before = JSON.stringify(s);
    recordResults(
      s,
      playableGames(s).map((g) => ({ gameId: g.id, result: WIN1 })),
    );
    withdraw(s, "p3");
    expect(JSON.stringify(s)).toBe(before);
  });

  it("standings rows say why each is above the next", () => {
    const s = simulate({ format: "groups", players: simulatedPlayers(12), seed: 5 });
    const rows = standings(s);
    for (const r of rows.slice(0, -1)) expect(r.why).not.toBe("");
    expect(rows.at(-1)?.why).toBe("");
  });
});

describe("simulation report", () => {
  it("has the documented JSON shape for every format", () => {
    const cases = [
      ["groups", 10, { partition: "balanced", maxGroupSize: 4 }],
      ["league", 6, {}],
      ["diagonal", 20, {}],
      ["staged", 16, {}],
    ] as const;
    for (const [format, n, settings] of cases) {
      const report = jsonRoundTrip(simulationReport(simulate({ format, players: simulatedPlayers(n), settings, seed: 9 })));
      expect(Object.keys(report)).toEqual(["format", "settings", "players", "rounds", "standings", "champions", "audit"]);
      expect(report.players[0]).toEqual({ id: "p1", rating: 2400 });
      for (const r of report.rounds) {
        expect(Object.keys(r)).toEqual(["number", "name", format === "league" ? "phases" : "groups", "advanced"]);
        for (const g of [...(r.groups ?? []), ...(r.phases ?? [])].flatMap((c) => c.games)) {
          expect(GAME_RESULTS).toContain(g.result);
          if (format === "league") expect(typeof g.phase).toBe("number");
        }
      }
      expect(report.standings[0]).toMatchObject({ rank: 1 });
      expect(Object.keys(report.standings[0]!)).toEqual(["player", "rank", "values"]);
      expect(report.champions.length).toBeGreaterThan(0);
    }
  });

  it("simulated players are p1..pN with distinct ratings, p1 strongest", () => {
    for (const n of [2, 28, 1500, 100_000]) {
      const ps = simulatedPlayers(n);
      expect(ps[0]?.id).toBe("p1");
      expect(new Set(ps.map((p) => p.rating)).size).toBe(n);
      for (let i = 1; i < n; i++) expect(ps[i]!.rating).toBeLessThan(ps[i - 1]!.rating);
    }
  });
});

describe("every format resumes exactly after a JSON round trip mid-tournament", () => {
  const cases = [
    ["groups", 23, { partition: "balanced", maxGroupSize: 5 }],
    ["league", 7, {}],
    ["diagonal", 30, { lossesCarryOver: false, eliminationLosses: 3 }],
    ["staged", 21, {}],
  ] as const;
  for (const [format, n, settings] of cases) {
    it(format, () => {
      let s = startTournament(format, simulatedPlayers(n), settings, `rt-${format}`);
      for (let i = 0; i < 2 && s.status === "playing"; i++) {
        const open = playableGames(s);
        s = recordResults(
          s,
          open.slice(0, Math.ceil(open.length * 0.7)).map((g) => ({ gameId: g.id, result: favouriteWins(g) })),
        ).state;
      }
      const reloaded = jsonRoundTrip(s);
      expect(reloaded).toEqual(s);
      const a = playOut(reloaded, favouriteWins);
      const b = playOut(s, favouriteWins);
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      expect(JSON.stringify(standings(a))).toBe(JSON.stringify(standings(b)));
    });
  }
});
