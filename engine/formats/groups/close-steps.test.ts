// A round's close in steps (Format.closeHeldRoundSteps) is the close recordResults
// makes on the round's last result: the server folds a group elimination round so
// (live-state.ts, foldInSlices), and another process folds the same round the other
// way when it cannot (snapshot-news.ts), so the two must agree to the last field.
import { describe, expect, it } from "vitest";
import { Prng, seedPrng } from "../../prng";
import { closeHeldRoundSteps, closesHeldRoundInSteps, playableGames, recordResults, startTournament } from "../registry";
import { drawResult, simulatedPlayers } from "../simulate";
import { GAME_FAMILIES } from "../game-types";
import type { ResultInput, SettingsInput, TournamentState, Transition } from "../types";

/** The steps run to their end, counted. */
function drain<T>(steps: Generator<void, T>): { value: T; yields: number } {
  let yields = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return { value: step.value, yields };
    yields++;
  }
}

/**
 * Plays the tournament out round by round with seeded results and ratings that move
 * (some equal, so the rating order's ties are drawn), comparing at each round's close
 * the close made both ways. Returns the yields of each stepped close.
 */
function compareEveryClose(n: number, settings: SettingsInput<"groups">, seed: string): number[] {
  const players = simulatedPlayers(n);
  let state: TournamentState = startTournament("groups", players, settings, seed, { gameType: "tafl" });
  const rng = new Prng(seedPrng(`${seed}:results`));
  const rating = new Map(players.map((p) => [p.id, p.rating]));
  const yields: number[] = [];
  while (state.status === "playing") {
    const results: ResultInput[] = playableGames(state).map((g) => ({
      gameId: g.id,
      result: drawResult(rng, rating.get(g.side1)!, rating.get(g.side2)!, GAME_FAMILIES.tafl),
    }));
    // Ratings as the server passes them at a close: every player's, a few of them equal.
    for (const p of players) rating.set(p.id, Math.round(rating.get(p.id)! + rng.float() * 40 - 20) - (rng.float() < 0.1 ? rating.get(p.id)! % 10 : 0));
    const ratings = new Map(rating);
    const whole: Transition = recordResults(state, results, { ratings });
    const held = recordResults(state, results, { ratings, hold: true });
    expect(held.state.rounds.at(-1)).toMatchObject({ status: "playing", pending: 0 });
    const closed = drain(closeHeldRoundSteps(held.state, { ratings }));
    expect(closed.value.state).toStrictEqual(whole.state);
    expect([...held.events, ...closed.value.events]).toStrictEqual(whole.events);
    // The held state is left as it was: readers go on seeing it until the close commits.
    expect(held.state.rounds.at(-1)).toMatchObject({ status: "playing", pending: 0 });
    yields.push(closed.yields);
    state = whole.state;
  }
  return yields;
}

describe("group elimination's close in steps", () => {
  it("is the close of the round's last result, round after round to the champion: fixed groups, balanced groups, two games a pair", () => {
    expect(closesHeldRoundInSteps(startTournament("groups", simulatedPlayers(8), { partition: "fixed", groupSize: 4 }, "s"))).toBe(true);
    for (const [n, settings, seed] of [
      [37, { partition: "fixed", groupSize: 4 }, "a"],
      [250, { partition: "balanced", maxGroupSize: 8 }, "b"],
      [61, { partition: "fixed", groupSize: 3, gamesPerPair: 2 }, "c"],
    ] as const) {
      expect(compareEveryClose(n, settings, seed).length).toBeGreaterThan(1);
    }
  });

  it("yields between its steps at 12,000 players (3,000 groups)", () => {
    const yields = compareEveryClose(12_000, { partition: "fixed", groupSize: 4 }, "big");
    // Once after 2,500 groups judged, once after ordering by rating; round 2 has fewer than 2,500 groups to plan.
    expect(yields[0]).toBe(2);
  });

  it("refuses a round that is not complete and open", () => {
    const state = startTournament("groups", simulatedPlayers(8), { partition: "fixed", groupSize: 4 }, "s");
    expect(() => drain(closeHeldRoundSteps(state))).toThrow("the current round is not complete and open");
    expect(closesHeldRoundInSteps(startTournament("league", simulatedPlayers(6), {}, "s"))).toBe(false);
    expect(() => closeHeldRoundSteps(startTournament("league", simulatedPlayers(6), {}, "s"))).toThrow("closes a round in one step");
  });
});
