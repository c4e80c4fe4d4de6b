// The Swiss's clinch marks against brute force: small Swisses with random scores,
// withdrawals and games in play, every result of the round in play and every
// pairing (bye included) and result of each later round enumerated. A mark must
// hold in every outcome ("clinched": fewer than k others on the player's points or
// more; "out": k others above); with only the round in play left the marks are
// exact. Then the marks through the format, on a played tournament.
import { describe, expect, it } from "vitest";
import { gamesOf, groupsOf } from "../core";
import { Prng } from "../../prng";
import type { ClinchStatus } from "../clinch";
import { swissClinch, type SwissClinchInput } from "./clinch";
import { addSwissPlayer, recordSwissResults, startSwiss, swissFormat, type SwissState } from "./swiss";

/** Every pairing of `players` (one bye when odd). */
function pairings(players: number[]): { games: [number, number][]; bye: number | null }[] {
  if (players.length === 0) return [{ games: [], bye: null }];
  if (players.length % 2 === 1) return players.flatMap((bye, i) => pairings(players.filter((_, j) => j !== i)).map((p) => ({ games: p.games, bye })));
  const [first, ...rest] = players;
  return rest.flatMap((other, i) =>
    pairings(rest.filter((_, j) => j !== i)).map((p) => ({ games: [[first!, other] as [number, number], ...p.games], bye: null })),
  );
}

/** Every final score vector (half-points) the remaining games and rounds can give. */
function finals(input: SwissClinchInput): number[][] {
  const outcomes: [number, number][] = input.drawsPossible
    ? [
        [2, 0],
        [1, 1],
        [0, 2],
      ]
    : [
        [2, 0],
        [0, 2],
      ];
  const play = (from: Set<string>, games: [number, number][], bye: number | null): Set<string> => {
    const states = new Set<string>();
    for (const key of from) {
      let partial = [key.split(",").map(Number)];
      if (bye !== null) partial = partial.map((s) => s.map((x, i) => (i === bye ? x + 2 : x)));
      for (const [a, b] of games) partial = partial.flatMap((s) => outcomes.map(([x, y]) => s.map((v, i) => (i === a ? v + x : i === b ? v + y : v))));
      for (const s of partial) states.add(s.join(","));
    }
    return states;
  };
  let states = play(
    new Set([input.scores.join(",")]),
    input.pending.map(([a, b]) => [a, b]),
    null,
  );
  const active = input.scores.map((_, i) => i).filter((i) => input.active[i]);
  for (let r = 0; r < input.futureRounds; r++) {
    const next = new Set<string>();
    for (const p of pairings(active)) for (const s of play(states, p.games, p.bye)) next.add(s);
    states = next;
  }
  return [...states].map((s) => s.split(",").map(Number));
}

function bruteForce(input: SwissClinchInput): { clinched: boolean; out: boolean }[] {
  const all = finals(input);
  return input.scores.map((_, p) => ({
    clinched: all.every((s) => s.filter((x, q) => q !== p && x >= s[p]!).length < input.places),
    out: all.every((s) => s.filter((x, q) => q !== p && x > s[p]!).length >= input.places),
  }));
}

function randomSwiss(rng: Prng): SwissClinchInput {
  const n = 3 + rng.int(4);
  const futureRounds = rng.int(3);
  const active = Array.from({ length: n }, () => rng.int(6) !== 0);
  const scores = Array.from({ length: n }, () => rng.int(9));
  const free = scores.map((_, i) => i).filter((i) => active[i]);
  const pending: [number, number][] = [];
  while (free.length >= 2 && rng.int(3) !== 0) {
    const a = free.splice(rng.int(free.length), 1)[0]!;
    const b = free.splice(rng.int(free.length), 1)[0]!;
    pending.push([a, b]);
  }
  return { scores, active, pending, futureRounds, places: 1 + rng.int(3), drawsPossible: rng.int(4) !== 0, lateEntrantMax: 0 };
}

describe("Swiss clinch marks", () => {
  it("hold in every outcome of small Swisses, and are exact with only the round in play left", () => {
    const rng = Prng.fromSeed("swiss-clinch");
    let clinchedSeen = 0;
    let outSeen = 0;
    for (let c = 0; c < 400; c++) {
      const input = randomSwiss(rng);
      const ours = swissClinch(input);
      const truth = bruteForce(input);
      ours.forEach((status, p) => {
        const t = truth[p]!;
        const where = JSON.stringify({ ...input, player: p, status, truth: t });
        if (status === "clinched") expect(t.clinched, where).toBe(true);
        if (status === "out") expect(t.out, where).toBe(true);
        if (input.futureRounds === 0) expect(status, where).toBe<ClinchStatus>(t.clinched ? "clinched" : t.out ? "out" : "open");
        if (status === "clinched") clinchedSeen++;
        if (status === "out") outSeen++;
      });
    }
    // The cases are not all open: the test says something.
    expect(clinchedSeen).toBeGreaterThan(50);
    expect(outSeen).toBeGreaterThan(50);
  }, 120_000);

  it("marks a clear leader clinched before the last round, with later rounds still to pair", () => {
    // Six players, two rounds to come after the round in play: 8 half-points ahead of everyone who could catch up.
    const marks = swissClinch({
      scores: [12, 2, 2, 2, 0, 0],
      active: [true, true, true, true, true, true],
      pending: [],
      futureRounds: 2,
      places: 1,
      drawsPossible: true,
      lateEntrantMax: 0,
    });
    expect(marks).toEqual(["clinched", "out", "out", "out", "out", "out"]);
    // A late entrant who could still reach the leader's points keeps it open.
    expect(
      swissClinch({
        scores: [4, 0, 0, 0],
        active: [true, true, true, true],
        pending: [],
        futureRounds: 2,
        places: 1,
        drawsPossible: true,
        lateEntrantMax: 4,
      })[0],
    ).toBe("open");
  });

  it("marks the prize places through the format: none while open, every place decided after the last result", () => {
    const field = Array.from({ length: 8 }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - 10 * i }));
    let state: SwissState = startSwiss(field, { rounds: 3, prizePlaces: 2, lateEntries: "none" }, "clinch");
    const play = (s: SwissState, upTo = Infinity): SwissState => {
      const round = s.rounds.at(-1)!;
      const results = gamesOf(groupsOf(round)[0]!)
        .map((g, i) => ({ g, gameId: `r${round.number}-g1-${i + 1}` }))
        .filter(({ g }) => !g.result)
        .slice(0, upTo)
        .map(({ g, gameId }) => ({
          gameId,
          result: { outcome: Number(g.side1.slice(1)) < Number(g.side2.slice(1)) ? "1-0" : "0-1", reason: "normal" } as const,
        }));
      return recordSwissResults(s, results).state;
    };
    const [table] = swissFormat.clinchTables(state, state.rounds[0]!);
    expect(table).toMatchObject({ round: 1, group: null, goal: "top", places: 2 });
    expect(table!.marks.every((m) => m.status === "open")).toBe(true);
    state = play(play(state));
    // The last round in play, one game left: p1 (3 wins after it) has clinched a prize place.
    state = play(state, 3);
    const last = swissFormat.clinchTables(state, state.rounds.at(-1)!)[0]!;
    expect(last.marks.find((m) => m.player === "p1")?.status).toBe("clinched");
    expect(last.marks.filter((m) => m.status === "out").length).toBeGreaterThan(0);
    expect(last.note).toContain("points alone");
  });

  it("counts a late entry that could still reach a player's points", () => {
    const field = Array.from({ length: 6 }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - 10 * i }));
    const state = addSwissPlayer(startSwiss(field, { rounds: 5, lateEntries: "last" }, "late-clinch"), { id: "late", rating: 1000 });
    expect(swissFormat.clinchTables(state, state.rounds[0]!)[0]!.marks.some((m) => m.status === "clinched")).toBe(false);
  });
});
