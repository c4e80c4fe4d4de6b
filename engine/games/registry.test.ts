// Every game in the registry keeps the contract the server and pages rely on, and so
// do the games written but not registered yet (they wait for a board): backgammon,
// the first with dice.
import { describe, expect, it } from "vitest";
import type { GameRules, SideNumber } from "./contract";
import { ON_SITE_GAME_IDS, ON_SITE_GAMES, onSite, onSiteGame, type OnSiteGame } from "./registry";

/** The position once the dice it waits for are rolled (faces, faces − 1, …), with the rolls' record entries. */
function rolled(game: OnSiteGame, position: string): { position: string; entries: string[] } {
  const entries: string[] = [];
  for (let wanted = game.chance?.pending(position); wanted; wanted = game.chance!.pending(position)) {
    const outcome = game.chance!.roll(
      position,
      Array.from({ length: wanted.dice }, (_, i) => Math.max(1, wanted!.faces - i)),
    );
    if (!outcome.ok) throw new Error(outcome.reason);
    entries.push(outcome.notation);
    position = outcome.position;
  }
  return { position, entries };
}

const GAMES = ON_SITE_GAMES;

describe.each(GAMES.map((game) => [game.id, game] as const))("the %s game keeps the contract", (_id, game) => {
  it("starts with side 1 to move and nothing played", () => {
    const start = game.setup();
    expect(game.toMove(start)).toBe(1);
    expect(game.ply(start)).toBe(0);
    expect(game.status(start)).toEqual({ over: false });
    expect(game.legalMoves(rolled(game, start).position).length).toBeGreaterThan(0);
    expect(() => game.check(start)).not.toThrow();
  });

  it("plays a legal move, hands the turn over and never changes its input", () => {
    const start = game.setup();
    const { position, entries } = rolled(game, start);
    const move = game.legalMoves(position)[0]!;
    const outcome = game.play(position, move);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(game.toMove(outcome.position)).toBe(2);
    expect(game.ply(outcome.position)).toBe(entries.length + 1);
    expect(game.ply(start)).toBe(0);
    // The notation plays the same move again (replays and records use it, after the rolls).
    expect(game.replay([...entries, outcome.notation]).slice(-2)).toEqual([position, outcome.position]);
  });

  it("refuses unreadable and illegal moves with a reason in words", () => {
    for (const move of ["", "zz", "a1-a1", "h9-h9-h9"]) {
      const outcome = game.play(game.setup(), move);
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.reason).toMatch(/^[a-z]/);
    }
  });

  it("ends from outside the rules and refuses moves afterwards", () => {
    const ended = game.end(game.setup(), 2, "resignation");
    expect(game.status(ended)).toEqual({ over: true, winner: 2, reason: "resignation" });
    expect(game.legalMoves(ended)).toEqual([]);
    expect(game.play(ended, game.legalMoves(rolled(game, game.setup()).position)[0]!).ok).toBe(false);
    expect(game.describeReason("resignation")).toBe("resignation");
    expect(game.describeReason("timeout")).toBe("time ran out");
  });

  it("refuses a damaged position", () => {
    expect(() => game.check("nonsense")).toThrow(/state/);
  });
});

describe("the registry", () => {
  it("knows each game once and nothing else", () => {
    const ids = ON_SITE_GAMES.map((game) => game.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Each game is filed under its own id.
    expect(ON_SITE_GAME_IDS).toEqual(ids);
    expect(onSiteGame("race")).toBeUndefined();
    expect(onSiteGame("toString")).toBeUndefined();
  });
});

// A toy dice race (one die a turn; the first side past 6 wins; a 6 is no move), so
// the wrapping of `chance` and `parts` is tested apart from any real game.
interface Toy {
  readonly at: [number, number];
  readonly toMove: SideNumber;
  readonly die: number | null;
  readonly entries: number;
}
const toy: GameRules<Toy> = {
  id: "toy-dice",
  name: "Toy dice race",
  family: "race",
  sideNames: ["First", "Second"],
  drawsPossible: false,
  moveExample: "go 3",
  record: { extension: "txt", mimeType: "text/plain" },
  reasons: { home: "getting home" },
  setup: () => ({ at: [0, 0], toMove: 1, die: null, entries: 0 }),
  serialize: (state) => JSON.stringify(state),
  parse(text) {
    const state = JSON.parse(text) as Toy;
    if (!Array.isArray(state.at)) throw new Error("not a toy state");
    return state;
  },
  toMove: (state) => state.toMove,
  ply: (state) => state.entries,
  status: (state) =>
    state.at[0] > 6 ? { over: true, winner: 1, reason: "home" } : state.at[1] > 6 ? { over: true, winner: 2, reason: "home" } : { over: false },
  legalMoves: (state) => (state.die === null ? [] : [`go ${state.die}`]),
  play(state, move) {
    if (state.die === null || move !== `go ${state.die}`) return { ok: false, reason: "roll first" };
    const at: [number, number] = [...state.at];
    at[state.toMove - 1] = at[state.toMove - 1]! + state.die;
    const next: Toy = { at, toMove: state.toMove === 1 ? 2 : 1, die: null, entries: state.entries + 1 };
    return { ok: true, state: next, notation: move, status: toy.status(next) };
  },
  end: (state) => state,
  exportRecord: (info) => info.moves.join("\n"),
  chance: {
    pending: (state) => (state.die === null ? { dice: 1, faces: 6 } : null),
    roll(state, values) {
      const die = values[0]!;
      if (state.die !== null) return { ok: false, reason: "the die is already rolled" };
      // A 6 cannot be moved: the side passes by itself, and the entry says so.
      const next: Toy =
        die === 6 ? { ...state, toMove: state.toMove === 1 ? 2 : 1, entries: state.entries + 1 } : { ...state, die, entries: state.entries + 1 };
      return { ok: true, state: next, notation: die === 6 ? "roll 6 (no move)" : `roll ${die}`, status: toy.status(next) };
    },
    readRoll: (notation) => (notation.startsWith("roll ") ? [Number(notation.split(" ")[1])] : null),
  },
  parts: {
    next: (state, made) => (made.length === 0 ? toy.legalMoves(state) : made.length === 1 && toy.legalMoves(state).includes(made[0]!) ? [] : null),
    join: (_state, parts) => parts.join(" "),
    split: (_state, move) => [move],
  },
};

describe("a game with dice, as the registry wraps it", () => {
  const game = onSite(toy);

  it("waits for dice, takes them, passes by itself and replays rolls from the record", () => {
    let position = game.setup();
    expect(game.chance!.pending(position)).toEqual({ dice: 1, faces: 6 });
    expect(game.legalMoves(position)).toEqual([]);
    const entries: string[] = [];
    const positions = [position];
    for (const step of ["r4", "go 4", "r6", "r5", "go 5"]) {
      const outcome = step.startsWith("r") ? game.chance!.roll(position, [Number(step.slice(1))]) : game.play(position, step);
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      entries.push(outcome.notation);
      position = outcome.position;
      positions.push(position);
    }
    expect(entries).toEqual(["roll 4", "go 4", "roll 6 (no move)", "roll 5", "go 5"]);
    expect(game.toMove(position)).toBe(2);
    expect(game.ply(position)).toBe(5);
    expect(game.replay(entries)).toEqual(positions);
    expect(game.parts!.split(positions[4]!, "go 5")).toEqual(["go 5"]);
    expect(game.parts!.next(positions[4]!, [])).toEqual(["go 5"]);
    expect(game.parts!.next(positions[4]!, ["go 5"])).toEqual([]);
    expect(game.parts!.next(positions[4]!, ["go 4"])).toBeNull();
  });

  it("leaves games without dice without chance or parts", () => {
    for (const plain of ON_SITE_GAMES.filter((game) => game.family !== "race")) {
      expect(plain.chance).toBeUndefined();
      expect(plain.parts).toBeUndefined();
    }
  });
});
