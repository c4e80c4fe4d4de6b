// Recording a result copies a bounded amount of the state (structural sharing),
// the stored JSON works as a state, snapshots stored with plain arrays still load,
// and batch and one-at-a-time recording give the same state in every format.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Prng } from "../prng";
import { gamesOf, groupIndexOf, groupsOf, phasesOf, warmGroupIndex } from "./core";
import { findGame, playableGames, recordResult, recordResults, standings, startTournament, withdraw } from "./registry";
import { DRAW, WIN1, WIN2, favouriteWins, jsonRoundTrip, players } from "./testing";
import type { FormatName, FormatResult, Round, TournamentState } from "./types";
import { vecAt, vecItems, vecSize } from "./vec";

/** The state as stored before vectors existed: every list a plain array. */
function plainArrays(state: TournamentState): TournamentState {
  const round = (r: Round) => ({
    ...r,
    groups: groupsOf(r).map((g) => ({ ...g, games: gamesOf(g).slice() })),
    ...(r.phases ? { phases: phasesOf(r).map((p) => ({ ...p, games: gamesOf(p).slice() })) } : {}),
  });
  return jsonRoundTrip({ ...state, rounds: state.rounds.map(round) }) as unknown as TournamentState;
}

describe("structural sharing", () => {
  it("recording one result leaves every other group the same object, and the old state unchanged", () => {
    const before = startTournament("groups", players(400), { partition: "fixed", groupSize: 4 }, 1);
    const groupsBefore = before.rounds[0]!.groups;
    expect(vecSize(groupsBefore)).toBe(100);
    const json = JSON.stringify(before);
    const after = recordResult(before, "r1-g37-5", WIN1).state;
    const groupsAfter = after.rounds[0]!.groups;
    for (let i = 0; i < 100; i++) {
      if (i === 36) expect(vecAt(groupsAfter, i)).not.toBe(vecAt(groupsBefore, i));
      else expect(vecAt(groupsAfter, i)).toBe(vecAt(groupsBefore, i));
    }
    // Inside the touched group, the other games are shared too.
    const touchedBefore = gamesOf(vecAt(groupsBefore, 36)!);
    const touchedAfter = gamesOf(vecAt(groupsAfter, 36)!);
    touchedAfter.forEach((g, i) => (i === 4 ? expect(g.result).toEqual(WIN1) : expect(g).toBe(touchedBefore[i])));
    expect(JSON.stringify(before)).toBe(json);
    expect(after.players).toBe(before.players);
  });

  it("shares the diagonal race's one long game list except one path", () => {
    const before = startTournament("diagonal", players(500), {}, 1);
    const circle = vecAt(before.rounds[0]!.groups, 0)!;
    expect(vecSize(circle.games)).toBe(1000);
    const after = recordResult(before, "r1-g1-700", WIN2).state;
    const gamesBefore = gamesOf(circle);
    const gamesAfter = gamesOf(vecAt(after.rounds[0]!.groups, 0)!);
    expect(gamesAfter.filter((g, i) => g !== gamesBefore[i])).toEqual([{ ...gamesBefore[699], result: WIN2 }]);
  });

  it("the stored JSON is a working state: same games, standings and next results as the original", () => {
    for (const format of ["groups", "diagonal", "league", "staged"] as const) {
      const n = format === "league" ? 10 : format === "staged" ? 20 : 300;
      let s: TournamentState = startTournament(format, players(n), {}, 3);
      const open = playableGames(s);
      s = recordResults(
        s,
        open.slice(0, Math.max(1, open.length - 1)).map((g) => ({ gameId: g.id, result: WIN1 })),
      ).state;
      const stored = jsonRoundTrip(s);
      expect(stored).toEqual(s);
      expect(playableGames(stored)).toEqual(playableGames(s));
      expect(standings(stored)).toEqual(standings(s));
      const last = playableGames(s).map((g) => ({ gameId: g.id, result: DRAW }));
      expect(recordResults(stored, last)).toEqual(recordResults(s, last));
    }
  });

  it("loads a snapshot stored with plain arrays (migration 0004 and earlier code) and goes on from it", () => {
    for (const format of ["groups", "diagonal", "league", "staged"] as const) {
      const n = format === "league" ? 9 : format === "staged" ? 16 : 300;
      let s: TournamentState = startTournament(format, players(n), {}, 5);
      s = recordResults(
        s,
        playableGames(s)
          .slice(0, 3)
          .map((g) => ({ gameId: g.id, result: WIN1 })),
      ).state;
      const old = plainArrays(s);
      expect(Array.isArray(old.rounds[0]!.groups)).toBe(true);
      expect(playableGames(old)).toEqual(playableGames(s));
      expect(standings(old)).toEqual(standings(s));
      const id = playableGames(s)[0]!.id;
      expect(findGame(old, id)).toEqual(findGame(s, id));
      const rest = playableGames(s).map((g) => ({ gameId: g.id, result: WIN2 }));
      const fromOld = recordResults(old, rest);
      const fromNew = recordResults(s, rest);
      expect(fromOld.events).toEqual(fromNew.events);
      expect(plainArrays(fromOld.state)).toEqual(plainArrays(fromNew.state));
      expect(withdraw(old, "p2").state.withdrawals).toEqual(withdraw(s, "p2").state.withdrawals);
    }
  });
});

describe("batch and one at a time", () => {
  const RESULTS: readonly FormatResult[] = [WIN1, WIN2, DRAW, { outcome: "1-0", reason: "normal", margin: 3 }];
  const SIZES: Readonly<Record<FormatName, readonly [number, number]>> = {
    groups: [2, 80],
    diagonal: [2, 60],
    league: [4, 12],
    staged: [16, 28],
    swiss: [6, 40],
    // The default bracket is double, which needs three players (a single one takes two).
    elimination: [3, 80],
  };

  it("give identical states and events for every format (seeded random tournaments)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<FormatName>("groups", "diagonal", "league", "staged", "swiss", "elimination"),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        (format, size, seed) => {
          const [lo, hi] = SIZES[format];
          const n = lo + (size % (hi - lo + 1));
          const rng = Prng.fromSeed(seed);
          const draws = format !== "groups"; // groups rounds of all draws would never end
          let batched: TournamentState = startTournament(format, players(n), {}, seed);
          let single = batched;
          for (let step = 0; step < 200 && batched.status === "playing"; step++) {
            const open = playableGames(batched);
            expect(playableGames(single)).toEqual(open);
            // A random part of the open games, in random order, each with a random result.
            const chosen = rng.shuffle(open.slice()).slice(0, 1 + rng.int(open.length));
            const inputs = chosen.map((g) => ({ gameId: g.id, result: RESULTS[rng.int(draws ? RESULTS.length : 2)]! }));
            const json = JSON.stringify(batched);
            const batch = recordResults(batched, inputs);
            expect(JSON.stringify(batched)).toBe(json); // a batch changes in place only what it made itself
            const events = [];
            for (const input of inputs) {
              const t = recordResult(single, input.gameId, input.result);
              events.push(...t.events);
              single = t.state;
            }
            batched = batch.state;
            expect(events).toEqual(batch.events);
            expect(single).toEqual(batched);
          }
          expect(JSON.stringify(single)).toBe(JSON.stringify(batched));
        },
      ),
      { numRuns: 60 },
    );
  });
});

it("vecItems of a round's groups lists them in order", () => {
  const s = startTournament("groups", players(200), { groupSize: 4 }, 1);
  expect(vecItems(s.rounds[0]!.groups).map((g) => g.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Group ${i + 1}`));
});

it("groupIndexOf finds each player's group of each round as a scan of the groups would, at every version and after a JSON round trip, in every format", () => {
  const formats: readonly [FormatName, number][] = [
    ["groups", 70],
    ["diagonal", 40],
    ["league", 8],
    ["staged", 21],
    ["swiss", 15],
    ["elimination", 20],
  ];
  for (const [format, n] of formats) {
    let s: TournamentState = startTournament(format, players(n), {}, 7);
    const everyone = [...s.players.map((p) => p.id), "nobody"];
    for (let step = 0; step < 100 && s.status === "playing"; step++) {
      for (const state of [s, jsonRoundTrip(s)])
        for (const round of state.rounds)
          for (const p of everyone)
            expect(groupIndexOf(round, p), `${format} ${round.number} ${p}`).toBe(groupsOf(round).findIndex((g) => g.players.includes(p)));
      // Half the open games a step, so that some versions are between a round's first and last result.
      const open = playableGames(s);
      s = recordResults(
        s,
        open.slice(0, Math.max(1, Math.ceil(open.length / 2))).map((g) => ({ gameId: g.id, result: favouriteWins(g) })),
      ).state;
    }
    expect(s.status, format).toBe("finished");
  }
});

it("warmGroupIndex makes a round's group index in steps, once: groupIndexOf then finds each player as a scan would", () => {
  // 2,500 groups: more than one step's worth.
  const s = startTournament("groups", players(10_000), { groupSize: 4 }, 3);
  const round = s.rounds[0]!;
  expect([...warmGroupIndex(round)].length).toBe(1);
  // Made: nothing to do again.
  expect([...warmGroupIndex(round)].length).toBe(0);
  for (const p of [...s.players.filter((_, i) => i % 97 === 0).map((p) => p.id), "nobody"])
    expect(groupIndexOf(round, p), p).toBe(groupsOf(round).findIndex((g) => g.players.includes(p)));
});
