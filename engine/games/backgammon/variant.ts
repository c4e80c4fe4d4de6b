// The backgammon family's variants as data: each is a start position and a number
// of checkers a side over the same rules module, so Nackgammon and Hypergammon are
// parameter sets, not copies (docs/backgammon.md gives the sources).

export type VariantId = "backgammon" | "nackgammon" | "hypergammon";

export interface Variant {
  readonly id: VariantId;
  readonly name: string;
  /** Checkers a side. */
  readonly checkers: number;
  /** Each side's start, from its own point of view: point (1–24) → checkers. */
  readonly start: Readonly<Record<number, number>>;
  /** The gnubg name of the variation (the .mat file's `Variation` line). */
  readonly gnubgVariation: string;
}

export const VARIANTS: Readonly<Record<VariantId, Variant>> = {
  backgammon: { id: "backgammon", name: "Backgammon", checkers: 15, start: { 24: 2, 13: 5, 8: 3, 6: 5 }, gnubgVariation: "Standard" },
  // Nackgammon (Nick "Nack" Ballard): two back checkers more, taken from the mid and six points.
  nackgammon: { id: "nackgammon", name: "Nackgammon", checkers: 15, start: { 24: 2, 23: 2, 13: 4, 8: 3, 6: 4 }, gnubgVariation: "Nackgammon" },
  // Hypergammon: three checkers a side, on the 24, 23 and 22 points.
  hypergammon: { id: "hypergammon", name: "Hypergammon", checkers: 3, start: { 24: 1, 23: 1, 22: 1 }, gnubgVariation: "Hypergammon3" },
};
