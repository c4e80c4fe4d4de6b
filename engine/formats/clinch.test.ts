import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clinchMarks, type ClinchInput, type ClinchRule } from "./clinch";
import { clinchTables } from "./registry";
import { rankGroup } from "./staged/staged-ranking";
import { startTournament, recordResults } from "./registry";
import { players as somePlayers, WIN1, WIN2 } from "./testing";
import type { Game, GameResult } from "./types";
import { gamesOf, groupsOf } from "./core";

// ---------------------------------------------------------------------------
// Brute force: every completion of the remaining games (and, for the ladder,
// every margin from a small set for each decisive one), ranked by a reference
// evaluator written independently of the engine's search.

function* completions(count: number, outcomes: readonly GameResult[]): Generator<GameResult[]> {
  const pick = new Array<number>(count).fill(0);
  for (;;) {
    yield pick.map((i) => outcomes[i] as GameResult);
    let k = 0;
    while (k < count && pick[k] === outcomes.length - 1) pick[k++] = 0;
    if (k === count) return;
    pick[k]!++;
  }
}

/** For each player: [qualifies in some completion, misses in some completion]. */
function bruteForce(input: ClinchInput): Map<string, [boolean, boolean]> {
  const seen = new Map(input.players.map((p) => [p, [false, false] as [boolean, boolean]]));
  const outcomes: GameResult[] = input.drawsPossible ? ["1-0", "draw", "0-1"] : ["1-0", "0-1"];
  const rule = input.rule;
  for (const os of completions(input.remaining.length, outcomes)) {
    const games = [...input.played, ...input.remaining.map((g, i) => ({ ...g, outcome: os[i] as GameResult, margin: 0 }))];
    if (rule.kind === "points") {
      const keys = new Map(input.players.map((p) => [p, [0, 0, 0]]));
      for (const g of games) {
        for (const side of [1, 2] as const) {
          const k = keys.get(side === 1 ? g.side1 : g.side2);
          if (!k) continue;
          const won = g.outcome !== "draw" && (g.outcome === "1-0") === (side === 1);
          const lost = g.outcome !== "draw" && !won;
          k[0]! += won ? rule.points.win : lost ? rule.points.loss : rule.points.draw;
          k[1]! += won ? 1 : 0;
          k[2]! += won && side === rule.blackSide ? 1 : 0;
        }
      }
      const used = (p: string) => {
        const k = keys.get(p)!;
        return [k[0]!, ...rule.tiebreaks.map((t) => (t === "wins" ? k[1]! : k[2]!))];
      };
      const above = (q: string, p: string) => {
        const [x, y] = [used(q), used(p)];
        for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
        return false;
      };
      for (const p of input.players) {
        const qualifies = !input.cannotQualify?.includes(p) && input.players.filter((q) => q !== p && above(q, p)).length < rule.places;
        seen.get(p)![qualifies ? 0 : 1] = true;
      }
    } else {
      const decisive = input.remaining.map((_, i) => i).filter((i) => os[i] !== "draw");
      for (const ms of completions(decisive.length, ["1-0", "0-1"])) {
        // Margins 0 or 2 for the decisive games not played yet.
        const margin = new Map(decisive.map((gi, j) => [gi, ms[j] === "1-0" ? 0 : 2]));
        const all: Game[] = [
          ...input.played.map((g) => ({ side1: g.side1, side2: g.side2, result: { outcome: g.outcome, reason: "normal" as const, margin: g.margin } })),
          ...input.remaining.map((g, i) => ({
            side1: g.side1,
            side2: g.side2,
            result: { outcome: os[i] as GameResult, reason: "normal" as const, margin: margin.get(i) ?? 0 },
          })),
        ];
        const { order } = rankGroup({ players: input.players, games: all, step4: (id) => rule.step4[id] ?? 0, step4Label: "rating" });
        order.forEach((p, i) => (seen.get(p)![i < rule.places ? 0 : 1] = true));
      }
    }
  }
  return seen;
}

const OUTCOME = fc.constantFrom<GameResult>("1-0", "draw", "0-1");

const arbTable = (rule: fc.Arbitrary<ClinchRule>, opts: { barred?: boolean } = {}) =>
  fc
    .integer({ min: 2, max: 5 })
    .chain((n) =>
      fc.record({
        n: fc.constant(n),
        games: fc.array(fc.record({ a: fc.nat(n - 1), b: fc.nat(n - 1), result: fc.option(OUTCOME, { nil: undefined }), margin: fc.nat(3) }), {
          maxLength: 16,
        }),
        drawsPossible: fc.boolean(),
        rule,
        barred: opts.barred
          ? fc.subarray(
              Array.from({ length: n }, (_, i) => `p${i}`),
              { maxLength: 1 },
            )
          : fc.constant([]),
      }),
    )
    .map(({ n, games, drawsPossible, rule, barred }): ClinchInput => {
      const valid = games.filter((g) => g.a !== g.b).map((g, i) => ({ ...g, id: `g${i}`, side1: `p${g.a}`, side2: `p${g.b}` }));
      const played = valid
        .filter((g) => g.result && (drawsPossible || g.result !== "draw"))
        .map((g) => ({ id: g.id, side1: g.side1, side2: g.side2, outcome: g.result as GameResult, margin: g.result === "draw" ? 0 : g.margin }));
      const playedIds = new Set(played.map((g) => g.id));
      const remaining = valid
        .filter((g) => !playedIds.has(g.id))
        .slice(0, 6)
        .map((g) => ({ id: g.id, side1: g.side1, side2: g.side2 }));
      return { players: Array.from({ length: n }, (_, i) => `p${i}`), played, remaining, drawsPossible, rule, cannotQualify: barred, swingLimit: 0 };
    });

const groupsRule = fc.constant<ClinchRule>({ kind: "points", points: { win: 2, draw: 1, loss: 0 }, tiebreaks: [], blackSide: 1, places: 1 });
const leagueRule = fc
  .record({
    win: fc.integer({ min: 1, max: 4 }),
    drawBelow: fc.integer({ min: 1, max: 3 }),
    lossBelow: fc.integer({ min: 0, max: 2 }),
    blackSide: fc.constantFrom<1 | 2>(1, 2),
    tiebreaks: fc.constantFrom<("wins" | "winsAsBlack")[]>([], ["wins"], ["wins", "winsAsBlack"]),
    places: fc.integer({ min: 1, max: 3 }),
  })
  .map(({ win, drawBelow, lossBelow, blackSide, tiebreaks, places }): ClinchRule => {
    const draw = Math.max(0, win - drawBelow);
    // A loss may score below zero: the rule book only asks win > draw >= loss.
    return { kind: "points", points: { win, draw, loss: draw - lossBelow - (places === 3 ? 1 : 0) }, tiebreaks, blackSide, places };
  });
const ladderRule = fc
  .record({ places: fc.integer({ min: 1, max: 3 }), step4: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 5, maxLength: 5 }) })
  .map(({ places, step4 }): ClinchRule => ({ kind: "ladder", places, step4: Object.fromEntries(step4.map((v, i) => [`p${i}`, v])) }));

function check(input: ClinchInput, exact: boolean): void {
  const truth = bruteForce(input);
  for (const mark of clinchMarks(input)) {
    const [canQualify, canMiss] = truth.get(mark.player)!;
    const where = `${mark.player} in ${JSON.stringify(input)}`;
    if (mark.status === "clinched") expect(canMiss, `clinched but can miss: ${where}`).toBe(false);
    if (mark.status === "out") expect(canQualify, `out but can qualify: ${where}`).toBe(false);
    if (exact && !mark.undecided) {
      if (!canMiss) expect(mark.status, `needlessly open (always qualifies): ${where}`).toBe("clinched");
      if (!canQualify) expect(mark.status, `needlessly open (never qualifies): ${where}`).toBe("out");
    }
  }
}

describe("clinch marks against brute force over every completion (≤ 5 players, ≤ 6 games left)", () => {
  it("win 2 / draw 1 groups (top score advances, max-flow): never wrong, never needlessly open", () => {
    fc.assert(
      fc.property(arbTable(groupsRule), (input) => check(input, true)),
      { numRuns: 400 },
    );
  });

  it("leagues with any points, tiebreaks, places and a barred player: never wrong, never needlessly open", () => {
    fc.assert(
      fc.property(arbTable(leagueRule, { barred: true }), (input) => check(input, true)),
      { numRuns: 400 },
    );
  });

  it("the staged ladder (head-to-head, margins, earlier rank): never wrong", () => {
    fc.assert(
      fc.property(arbTable(ladderRule), (input) => check(input, false)),
      { numRuns: 150 },
    );
  });
});

describe("clinch marks", () => {
  const rule: ClinchRule = { kind: "points", points: { win: 2, draw: 1, loss: 0 }, tiebreaks: [], blackSide: 1, places: 1 };

  it("names the single results that would settle an open player", () => {
    // a 2, b 1, c 1 (win 2, draw 1); a–b and b–c to play. A win over b settles it for
    // both: a clinches the top score, b cannot reach it any more.
    const input: ClinchInput = {
      players: ["a", "b", "c"],
      played: [
        { id: "g1", side1: "a", side2: "c", outcome: "1-0" },
        { id: "g2", side1: "b", side2: "c", outcome: "draw" },
      ],
      remaining: [
        { id: "g3", side1: "a", side2: "b" },
        { id: "g4", side1: "b", side2: "c" },
      ],
      drawsPossible: true,
      rule,
    };
    const marks = Object.fromEntries(clinchMarks(input).map((m) => [m.player, m]));
    expect(marks.a!.status).toBe("open");
    expect(marks.a!.swings).toContainEqual({ game: "g3", side1: "a", side2: "b", outcome: "1-0", makes: "clinched" });
    expect(marks.a!.ifWinsAll).toBe("clinched");
    expect(marks.b!.swings).toContainEqual({ game: "g3", side1: "a", side2: "b", outcome: "1-0", makes: "out" });
    expect(marks.b!.rivals).toEqual(["a", "c"]);
    // c can still tie a on 3 (c beats b, a and b draw), so c is open; b beating c ends it.
    expect(marks.c!.status).toBe("open");
    expect(marks.c!.swings).toContainEqual({ game: "g4", side1: "b", side2: "c", outcome: "1-0", makes: "out" });
  });

  it("says 'not decided yet' (open, undecided) when the search budget runs out", () => {
    // A 10-player 3/1/0 league with many games left and a tiny budget.
    const ids = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const remaining = ids.flatMap((a, i) => ids.slice(i + 1).map((b, j) => ({ id: `g${i}-${j}`, side1: a, side2: b })));
    const marks = clinchMarks({
      players: ids,
      played: [],
      remaining,
      drawsPossible: true,
      rule: { kind: "points", points: { win: 3, draw: 1, loss: 0 }, tiebreaks: ["wins"], blackSide: 1, places: 3 },
      budget: 5,
      swingLimit: 0,
    });
    expect(marks.every((m) => m.status === "open")).toBe(true);
    expect(marks.some((m) => m.undecided)).toBe(true);
  });

  it("is deterministic: the same input gives the same marks", () => {
    const input: ClinchInput = { players: ["a", "b"], played: [], remaining: [{ id: "g", side1: "a", side2: "b" }], drawsPossible: false, rule };
    expect(clinchMarks(input)).toEqual(clinchMarks(input));
  });
});

describe("clinch tables per format", () => {
  it("group elimination: a group of 4 moves from open to decided as results arrive", () => {
    let state = startTournament("groups", somePlayers(4), {}, 1);
    const first = clinchTables(state);
    expect(first).toHaveLength(1);
    expect(first[0]!.marks.map((m) => m.status)).toEqual(["open", "open", "open", "open"]);
    // p1 wins every game: after their sixth win nobody can catch them.
    const games = gamesOf(groupsOf(state.rounds[0]!)[0]!).map((g, i) => ({ g, id: `r1-g1-${i + 1}` }));
    const p1 = games.filter(({ g }) => g.side1 === "p1" || g.side2 === "p1");
    state = recordResults(
      state,
      p1.map(({ g, id }) => ({ gameId: id, result: g.side1 === "p1" ? WIN1 : WIN2 })),
    ).state;
    const marks = clinchTables(state)[0]!.marks;
    expect(marks.find((m) => m.player === "p1")!.status).toBe("clinched");
    expect(marks.filter((m) => m.player !== "p1").every((m) => m.status === "out")).toBe(true);
  });

  it("league and staged give one table per live table; diagonal none", () => {
    expect(clinchTables(startTournament("league", somePlayers(6), {}, 1)).map((t) => [t.group, t.goal])).toEqual([[null, "win"]]);
    const staged = clinchTables(startTournament("staged", somePlayers(16), {}, 1));
    expect(staged.map((t) => [t.group, t.places])).toEqual([
      ["Blue", 4],
      ["Yellow", 4],
      ["Red", 4],
      ["Green", 4],
    ]);
    expect(clinchTables(startTournament("diagonal", somePlayers(8), {}, 1))).toEqual([]);
  });
});
