// The tafl rule sets the engine plays, as data: one rules module, with the board
// size, the start position and every rule in which the games differ as
// parameters. Copenhagen Hnefatafl (11×11) and Brandubh (7×7) are two values of
// the same type; docs/tafl.md cites the rule texts and explains each parameter.
//
// Shared by every variant (not parameters): attackers move first; pieces move
// like rooks; only the king may stop on the throne and the corners, and any
// piece may pass over the empty throne; captures are custodial and active;
// corners are hostile to everyone, the throne to attackers always and to
// defenders when empty; the king wins on a corner; a side with no legal move
// loses; the defenders may not repeat a position.

import { boardFromDiagram, geometry, type Geometry } from "./board";

export type VariantId = "copenhagen" | "brandubh";

export interface TaflRules {
  readonly id: VariantId;
  readonly name: string;
  readonly size: number;
  /** The start position, top rank first ('.' empty, 'A' attacker, 'D' defender, 'K' king). */
  readonly start: readonly string[];
  /** The king takes part in captures, as a moving piece and as the far jaw. */
  readonly kingArmed: boolean;
  /**
   * How many attackers capture the king. 4: all four neighbours attackers (or
   * three and the empty throne), never on the edge. 2: like any other piece,
   * between two attackers or an attacker and a corner; on the throne all four
   * sides (the throne is never hostile to the king).
   */
  readonly kingCapturedBy: 2 | 4;
  /** Shield-wall captures of rows of pieces on the edge. */
  readonly shieldWalls: boolean;
  /** The defenders win with an unbreakable fort round the king on the edge. */
  readonly exitForts: boolean;
  /** The attackers win by enclosing every remaining defender in rings. */
  readonly encirclement: boolean;
}

/** A rule set with its board tables, as the engine's functions take it. */
export type Variant = TaflRules & Geometry;

function variant(rules: TaflRules): Variant {
  const made: Variant = { ...geometry(rules.size), ...rules };
  boardFromDiagram(rules.start, made); // throws at load time on a bad diagram
  return made;
}

/** Copenhagen Hnefatafl, RULES-copenhagen.md (aagenielsen.dk). */
export const COPENHAGEN: Variant = variant({
  id: "copenhagen",
  name: "Copenhagen Hnefatafl 11×11",
  size: 11,
  start: [
    "...AAAAA...",
    ".....A.....",
    "...........",
    "A....D....A",
    "A...DDD...A",
    "AA.DDKDD.AA",
    "A...DDD...A",
    "A....D....A",
    "...........",
    ".....A.....",
    "...AAAAA...",
  ],
  kingArmed: true,
  kingCapturedBy: 4,
  shieldWalls: true,
  exitForts: true,
  encirclement: true,
});

/** Brandubh as played by the World Tafl Federation and at aagenielsen.dk (see docs/tafl.md). */
export const BRANDUBH: Variant = variant({
  id: "brandubh",
  name: "Brandubh 7×7",
  size: 7,
  start: [
    "...A...", //
    "...A...",
    "...D...",
    "AADKDAA",
    "...D...",
    "...A...",
    "...A...",
  ],
  kingArmed: true,
  kingCapturedBy: 2,
  shieldWalls: false,
  exitForts: false,
  encirclement: true,
});

export const VARIANTS: Readonly<Record<VariantId, Variant>> = { copenhagen: COPENHAGEN, brandubh: BRANDUBH };

/** A variant with some rules changed, e.g. for tests of one rule at a time. */
export function withRules(base: Variant, changes: Partial<Omit<TaflRules, "id" | "size">>): Variant {
  return variant({ ...base, ...changes });
}
