// Standings, group standings, side balance and clinch marks after each result read
// what the previous versions remembered (tallies, entries, balances and marks per
// group object, sentences on demand). These properties play seeded tournaments of
// every format one result at a time (with the odd withdrawal) and check after every
// change that those readings equal a computation from scratch on a fresh copy of
// the state (JSON round trip: no object is shared with anything remembered). A
// second property checks the ranking itself against the straightforward sort it
// replaced.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Prng } from "../prng";
import { GAME_RESULTS } from "../result";
import { clinchTables } from "./registry";
import { groupsOf, phasesOf } from "./core";
import {
  getFormat,
  groupStanding,
  playableGames,
  recordResult,
  recordResults,
  roundStandings,
  standings,
  standingsTable,
  startTournament,
  standingsSteps,
  warmRoundTallies,
  withdraw,
} from "./registry";
import { sideBalanceReader, tournamentSideBalance, warmSideBalances } from "./side-balance";
import {
  explainOrder,
  placeOf,
  rowOf,
  rankSteps,
  rankTable,
  rowAt,
  rowCount,
  standingRows,
  STEP_ROWS,
  warmPlaceIndex,
  type RankEntry,
  type RankKey,
} from "./standings";
import { jsonRoundTrip, players } from "./testing";
import { FormatError, type FormatName, type FormatResult, type SettingsInput, type StandingRow, type TournamentState } from "./types";

function randomResult(rng: Prng, format: FormatName): FormatResult {
  // The diagonal race is played with dice: no draws.
  const outcome = GAME_RESULTS[rng.int(format === "diagonal" ? 2 : 3)]!;
  return outcome === "draw" ? { outcome, reason: "normal" } : { outcome, reason: "normal", margin: rng.int(5) };
}

/** Everything the cached readings give, and the same from scratch. */
function readings(state: TournamentState, fresh: boolean) {
  const s = fresh ? jsonRoundTrip(state) : state;
  const table = fresh ? standings(s) : standingRows(standingsTable(s));
  const groups = s.rounds.map((r) =>
    fresh ? roundStandings(s, r.number) : groupsOf(r).length === 0 ? roundStandings(s, r.number) : groupsOf(r).map((_, i) => groupStanding(s, r.number, i)),
  );
  let balance;
  if (fresh) {
    const b = tournamentSideBalance(s);
    balance = { games: b.games, sides: b.sides, players: s.players.filter((p) => b.players.has(p.id)).map((p) => [p.id, b.players.get(p.id)]) };
  } else {
    const b = sideBalanceReader(s);
    balance = { games: b.games, sides: b.sides, players: b.players().map((id) => [id, b.record(id)]) };
  }
  // Clinch marks of every third group of the round in play (a page's few groups).
  const every = (_: unknown, i: number) => i % 3 === 0;
  const round = s.rounds.at(-1);
  const clinch = fresh
    ? clinchTables(s).filter(every)
    : clinchTables(
        s,
        round
          ? groupsOf(round)
              .map((_, i) => i)
              .filter((i) => every(null, i))
          : [],
      );
  return { table, groups, balance, clinch };
}

const CASES: { format: FormatName; n: number; settings?: SettingsInput<FormatName> }[] = [
  { format: "groups", n: 37, settings: { partition: "fixed", groupSize: 4 } },
  { format: "groups", n: 30, settings: { partition: "balanced", maxGroupSize: 5, gamesPerPair: 2 } },
  { format: "league", n: 7 },
  { format: "diagonal", n: 26 },
  { format: "staged", n: 20 },
];

describe("cached standings equal a computation from scratch", () => {
  for (const { format, n, settings } of CASES) {
    it(`${format} ${JSON.stringify(settings ?? {})}: after every result of seeded tournaments`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (seed) => {
          const rng = Prng.fromSeed(seed);
          let s: TournamentState = startTournament(format, players(n), settings as never, seed);
          for (let step = 0; step < 2000 && s.status === "playing"; step++) {
            if (rng.int(40) === 0) {
              const playing = standings(s).filter((r) => r.status === "playing");
              const who = playing[rng.int(playing.length)];
              try {
                if (who) s = withdraw(s, who.player).state;
              } catch (e) {
                if (!(e instanceof FormatError)) throw e;
              }
            } else {
              const open = playableGames(s);
              if (open.length === 0) break;
              s = recordResult(s, open[rng.int(open.length)]!.id, randomResult(rng, format)).state;
            }
            expect(readings(s, false)).toEqual(readings(s, true));
          }
        }),
        { seed: 20261123, numRuns: format === "groups" || format === "diagonal" ? 4 : 8 },
      );
    });
  }
});

/** The ranking as it was written before columns and sentences on demand: sort the entries, explain every row. */
function referenceRank(entries: readonly RankEntry[], keys: readonly RankKey[]): StandingRow[] {
  const cmp = (a: RankEntry, b: RankEntry): number => {
    for (const k of keys) {
      const x = a.values[k.name] ?? 0;
      const y = b.values[k.name] ?? 0;
      if (x !== y) return k.better === "high" ? y - x : x - y;
    }
    return 0;
  };
  const sorted = entries.slice().sort(cmp);
  let rank = 1;
  return sorted.map((e, i) => {
    const prev = sorted[i - 1];
    const next = sorted[i + 1];
    if (prev && cmp(prev, e) !== 0) rank = i + 1;
    const shared = (prev !== undefined && cmp(prev, e) === 0) || (next !== undefined && cmp(e, next) === 0);
    return {
      player: e.player,
      rank,
      rankLabel: shared ? `${rank}=` : String(rank),
      values: e.values,
      why: next ? explainOrder(e, next, keys) : "",
      status: e.status,
    };
  });
}

describe("rankTable", () => {
  it("gives the rows, ranks and sentences of a plain sort, whatever the values", () => {
    const keys: RankKey[] = [
      { name: "a", label: "points", better: "high" },
      { name: "b", label: "losses", better: "low" },
      { name: "c", label: "percent", better: "high" },
    ];
    const entry = fc.record({
      a: fc.integer({ min: 0, max: 3 }),
      b: fc.integer({ min: 0, max: 2 }),
      c: fc.oneof(fc.constant(50), fc.double({ min: 0, max: 100, noNaN: true })),
      missing: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), (list) => {
        const entries: RankEntry[] = list.map((v, i) => ({
          player: `p${i}`,
          status: "playing",
          values: v.missing ? ({ a: v.a, c: v.c } as Record<string, number>) : { a: v.a, b: v.b, c: v.c },
        }));
        expect(standingRows(rankTable(entries, keys))).toEqual(referenceRank(entries, keys));
      }),
      { seed: 20261123, numRuns: 300 },
    );
  });
});

/** Two keys with few values, so that most rows tie and a change moves rows across long runs of ties. */
const TWO_KEYS: RankKey[] = [
  { name: "a", label: "points", better: "high" },
  { name: "b", label: "losses", better: "low" },
];
const twoValues = fc.record({ a: fc.integer({ min: 0, max: 3 }), b: fc.integer({ min: 0, max: 2 }) });

/** A row index a version's changes point at (its first change's), or 0. */
const c0 = (changes: readonly { at: number }[]): number => changes[0]?.at ?? 0;

describe("rankSteps", () => {
  it("sorts in runs merged two by two, a step at a time: the rows of a plain sort, whatever the run length", () => {
    const keys = TWO_KEYS;
    const values = twoValues;
    fc.assert(
      fc.property(fc.array(values, { maxLength: 90 }), fc.integer({ min: 1, max: 9 }), (list, stepRows) => {
        const entries: RankEntry[] = list.map((v, i) => ({ player: `p${i}`, status: "playing", values: v }));
        const steps = rankSteps(entries, keys, undefined, stepRows);
        let yields = 0;
        let step = steps.next();
        for (; !step.done; step = steps.next()) yields++;
        expect(standingRows(step.value)).toEqual(referenceRank(entries, keys));
        // At least a step per run sorted.
        expect(yields).toBeGreaterThanOrEqual(Math.floor(entries.length / stepRows));
      }),
      { seed: 20261127, numRuns: 300 },
    );
  });
});

describe("rankTable with the previous version's table", () => {
  it("merges the changed entries in: the rows, ranks and sentences of a plain sort, and every player's place", () => {
    const keys = TWO_KEYS;
    const values = twoValues;
    // Enough entries (48 or more) for up to three changes to be merged rather than sorted whole.
    const change = fc.record({ at: fc.nat(), values, same: fc.boolean() });
    fc.assert(
      fc.property(fc.array(values, { minLength: 48, maxLength: 160 }), fc.array(fc.array(change, { maxLength: 3 }), { maxLength: 8 }), (first, versions) => {
        let entries: RankEntry[] = first.map((v, i) => ({ player: `p${i}`, status: "playing", values: v }));
        let table = rankTable(entries, keys);
        for (const changes of versions) {
          entries = entries.slice();
          for (const c of changes) {
            const at = c.at % entries.length;
            // The same values in a new object are a change too, as a group's entries made again are.
            entries[at] = { ...entries[at]!, values: c.same ? { ...entries[at]!.values } : c.values };
          }
          const merged = rankTable(entries, keys, table);
          const reference = referenceRank(entries, keys);
          // Rows read one at a time (as a page reads them) before the whole list is made.
          expect(rowCount(merged)).toBe(reference.length);
          for (const i of [reference.length - 1, 0, c0(changes) % reference.length]) {
            const { why: _why, ...row } = reference[i]!;
            expect(rowAt(merged, i)).toEqual(row);
          }
          expect(rowAt(merged, reference.length)).toBeUndefined();
          expect(rowAt(merged, -1)).toBeUndefined();
          expect(standingRows(merged)).toEqual(reference);
          // The row read alone is the one in the list.
          expect(merged.rows[0]).toBe(rowAt(merged, 0));
          // Once the list is made, rows are read from it, and the ends stay ends.
          const mid = Math.floor(reference.length / 2);
          expect(rowAt(merged, mid)).toBe(merged.rows[mid]);
          expect(rowAt(merged, reference.length)).toBeUndefined();
          reference.forEach((row, i) => expect(placeOf(merged, row.player)).toBe(i));
          expect(placeOf(merged, "nobody")).toBeUndefined();
          if (reference.length > 0) expect(rowOf(merged, reference.at(-1)!.player)).toEqual(rowAt(merged, reference.length - 1));
          expect(rowOf(merged, "nobody")).toBeUndefined();
          if (changes.length === 0) expect(merged).toBe(table);
          table = merged;
        }
      }),
      { seed: 20261127, numRuns: 300 },
    );
  });
});

describe("side balance's players, read across versions in any order", () => {
  it("lists those with a decided game in the version read, also when an earlier version is read after a later one", () => {
    // 64 players: a version one result away differs in one group of 16, and is reached by counting that group again.
    const start = startTournament("groups", players(64), { partition: "fixed", groupSize: 4 } as never, 5);
    let later: TournamentState = start;
    const versions: TournamentState[] = [start];
    for (const g of playableGames(start).slice(0, 10)) {
      later = recordResult(later, g.id, { outcome: "1-0", reason: "normal" }).state;
      versions.push(later);
    }
    const scratch = (s: TournamentState) => {
      const b = tournamentSideBalance(jsonRoundTrip(s));
      return s.players.filter((p) => b.players.has(p.id)).map((p) => p.id);
    };
    // Latest first, then back to the start (nobody has played), then in a shuffled order.
    const order = [versions.length - 1, 0, 3, versions.length - 1, 1, 7, 0, 1, 2, 3, 2, 1, 0, 8, 9, 10, 9, 8];
    for (const i of order) expect(sideBalanceReader(versions[i]!).players()).toEqual(scratch(versions[i]!));
    expect(sideBalanceReader(start).players()).toEqual([]);
  });

  it("moves its totals across rounds released and back (a version read before a close after one read after it), with a withdrawal's forfeits", () => {
    const rng = Prng.fromSeed("side balance across rounds");
    let s: TournamentState = startTournament("groups", players(64), { partition: "fixed", groupSize: 4 } as never, 9);
    const versions: TournamentState[] = [s];
    for (let step = 0; step < 400 && s.status === "playing"; step++) {
      if (step === 30) s = withdraw(s, s.players[5]!.id).state;
      else {
        const open = playableGames(s);
        s = recordResult(s, open[rng.int(open.length)]!.id, randomResult(rng, "groups")).state;
      }
      versions.push(s);
    }
    expect(s.rounds.length).toBeGreaterThan(1);
    const whole = (v: TournamentState) => {
      const b = tournamentSideBalance(jsonRoundTrip(v));
      return { games: b.games, sides: b.sides, players: v.players.filter((p) => b.players.has(p.id)).map((p) => p.id) };
    };
    const read = (v: TournamentState) => {
      const b = sideBalanceReader(v);
      return { games: b.games, sides: b.sides, players: b.players() };
    };
    // Forward one version at a time, then back, then jumps both ways.
    const order = [...versions.keys(), ...[...versions.keys()].reverse(), ...versions.keys()].filter((_, i) => i % 3 === 0);
    for (let k = 0; k < 40; k++) order.push(rng.int(versions.length));
    // From the last version before each close to one with results in the round it released, and back.
    versions.forEach((v, i) => {
      if (i > 0 && v.rounds.length > versions[i - 1]!.rounds.length && i + 4 < versions.length) order.push(i - 1, i + 4, i - 1);
    });
    for (const i of order) expect(read(versions[i]!)).toEqual(whole(versions[i]!));
  });
});

describe("standings and side balance in steps", () => {
  for (const { format, n, settings } of CASES) {
    it(`${format}: made in steps, the readings are the same: at least a step per group for the standings, a step per group or phase for side balance`, () => {
      const rng = Prng.fromSeed(format);
      let s: TournamentState = startTournament(format, players(n), settings as never, 3);
      for (let step = 0; step < 60 && s.status === "playing"; step++) {
        const open = playableGames(s);
        s = recordResult(s, open[rng.int(open.length)]!.id, randomResult(rng, format)).state;
      }
      // A copy whose every object is new to the caches, as a state just read from the database.
      const cold = jsonRoundTrip(s);
      // A step per group at least for a format that makes its standings in steps (none without), and side balance one per group or phase.
      const groups = cold.rounds.reduce((k, r) => k + groupsOf(r).length, 0);
      const steps = standingsSteps(cold);
      let count = 0;
      while (!steps.next().done) count++;
      if (getFormat(format).standingsSteps) expect(count).toBeGreaterThanOrEqual(groups);
      else expect(count).toBe(0);
      expect([...warmSideBalances(cold)].length).toBe(cold.rounds.reduce((k, r) => k + groupsOf(r).length + phasesOf(r).length, 0));
      expect(readings(cold, false)).toEqual(readings(s, true));
    });
  }
});

describe("warmRoundTallies", () => {
  for (const { format, n, settings } of CASES) {
    it(`${format}: a round closed with its groups' tallies done ahead (the batch of its last results, or one at a time) is the round closed from scratch`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 30 }), fc.integer({ min: 1, max: 6 }), (seed, batch) => {
          const rng = Prng.fromSeed(`${format}/${seed}`);
          let warmed: TournamentState = startTournament(format, players(n), settings as never, seed);
          let cold = jsonRoundTrip(warmed);
          for (let step = 0; step < 200 && warmed.status === "playing"; step++) {
            // The tallies of the round in play, remembered per group object before the next results (as a close has them, warmed while it waits).
            const steps = [...warmRoundTallies(warmed)].length;
            expect(steps).toBe(groupsOf(warmed.rounds.at(-1)!).length);
            const open = playableGames(warmed);
            const results = open.slice(0, batch).map((g) => ({ gameId: g.id, result: randomResult(rng, format) }));
            warmed = recordResults(warmed, results).state;
            // The same results on a copy no cache has seen.
            cold = recordResults(jsonRoundTrip(cold), results).state;
            expect(jsonRoundTrip(warmed)).toEqual(jsonRoundTrip(cold));
          }
        }),
        { numRuns: 15 },
      );
    });
  }
});

describe("warmPlaceIndex", () => {
  it("makes the players' index in steps, once; placeOf then finds every player where the rows have them", () => {
    const n = STEP_ROWS + 1000;
    const entries: RankEntry[] = Array.from({ length: n }, (_, i) => ({ player: `p${i}`, status: "playing", values: { a: i % 4, b: i % 3 } }));
    const table = rankTable(entries, TWO_KEYS);
    expect([...warmPlaceIndex(table)].length).toBe(1);
    expect([...warmPlaceIndex(table)].length).toBe(0);
    for (let i = 0; i < n; i += 37) {
      const at = placeOf(table, `p${i}`)!;
      expect(rowAt(table, at)!.player).toBe(`p${i}`);
    }
    expect(placeOf(table, "nobody")).toBeUndefined();
  });
});
