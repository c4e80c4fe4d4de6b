import { describe, expect, it } from "vitest";
import { gamesOf, groupsOf, simulate, simulatedPlayers, type TournamentState } from "@/engine/formats";
import { actionSentence, engineSentence, linkify, type Segment } from "./audit-entries";
import type { PlayerNames } from "./model";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const GAME_CODE = /\br\d+-[gp]\d+-\d+\b/;

function words(segments: readonly Segment[]): string {
  return segments.map((s) => (s.type === "text" ? s.text : s.type === "player" ? s.name : s.label)).join("");
}

function named(state: TournamentState): PlayerNames {
  return Object.fromEntries(state.players.map((p, i) => [p.id, { username: `player${i + 1}` }]));
}

/** The audit sentence of the seed-order draw among `n` players who share one rating. */
function tieSentence(n: number): string {
  const s = simulate({ format: "groups", players: simulatedPlayers(n).map((p) => ({ ...p, rating: 1500 })), seed: 7 });
  return words(
    engineSentence(
      s.audit.find((e) => e.what.startsWith("order of"))!,
      { names: named(s), state: s },
    ),
  );
}

describe("audit sentences", () => {
  const state = simulate({ format: "staged", players: simulatedPlayers(28), seed: "demo-3" });
  const names = named(state);

  it("name every player and game of the engine's entries: no raw id and no game code is left", () => {
    expect(state.audit.length).toBeGreaterThan(0);
    for (const entry of state.audit) {
      const text = words(engineSentence(entry, { names, state }));
      expect(text).not.toMatch(GAME_CODE);
      for (const p of state.players) expect(text).not.toContain(p.id);
      expect(text).toMatch(/[.)]$/);
    }
  });

  it("a staged grouping draw shows the groups drawn and the groupings it could have been", () => {
    const entry = state.audit.find((e) => e.what === "round 2 grouping")!;
    const text = words(engineSentence(entry, { names, state }));
    expect(text).toMatch(/^A random draw picked grouping \d of the 6 the rule book allows for round 2/);
    expect(text).toContain("group T: player");
    expect(text).toContain("The other groupings were: ");
    expect(text.match(/\d\. Blue 1/g)).toHaveLength(5);
  });

  it("an equal-rating shuffle says how many orders were possible", () => {
    const text = tieSentence(4);
    expect(text).toContain("4 players had the same rating (1500)");
    expect(text).toContain("each of the 24 possible orders was equally likely");
    expect(text).not.toMatch(UUID);
  });

  it("a shuffle of many tied players gives the count of orders as its magnitude, not a 158-digit number", () => {
    const text = tieSentence(100);
    expect(text).toContain("100 players had the same rating (1500)");
    expect(text).toContain("each of the 100! (about 9.3 × 10^157) possible orders was equally likely");
    // 18! is the largest written out: a double holds it exactly.
    expect(tieSentence(18)).toContain("each of the 6,402,373,705,728,000 possible orders");
  });

  it("site actions read as sentences with the game's players instead of its code", () => {
    const game = gamesOf(groupsOf(state.rounds[0]!)[0]!)[0]!;
    const ctx = { names, state };
    const corrected = words(actionSentence("result corrected", "r1-g1-1: 1-0 → draw", ctx));
    expect(corrected).toBe(
      `corrected the result of ${names[game.side1]!.username} vs ${names[game.side2]!.username} (round 1) from a win for ${names[game.side1]!.username} to a draw.`,
    );
    expect(words(actionSentence("started", "28 players; round 1 has 84 games.", ctx))).toBe("started the tournament: 28 players; round 1 has 84 games.");
    const withdrawn = words(actionSentence("withdrew", `Player ${state.players[0]!.id} withdrew.`, ctx));
    expect(withdrawn).toBe("recorded a withdrawal: Player player1 withdrew.");
    const late = words(actionSentence("late entry", `Player ${state.players[0]!.id} entered late and plays from round 2.`, ctx));
    expect(late).toBe("recorded a late entry: Player player1 entered late and plays from round 2.");
    expect(linkify("r9-g1-1", ctx)).toEqual([{ type: "game", id: "r9-g1-1", label: "a round 9 game" }]);
  });
});
