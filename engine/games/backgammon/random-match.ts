// Whole matches played by seeded chance, for tests and the benchmark: random dice,
// a random legal turn, now and then a double, mostly taken. Every decision comes
// from the seeded generator, so a seed names one match.
import { Prng } from "../../prng";
import type { BackgammonRules, BgState } from "./game";

export interface PlayedMatch {
  /** The record: rolls and actions as the rules wrote them. */
  readonly entries: string[];
  readonly final: BgState;
}

export function randomMatch(rules: BackgammonRules, seed: string | number): PlayedMatch {
  const prng = Prng.fromSeed(seed);
  const chance = rules.chance!;
  let state = rules.setup();
  const entries: string[] = [];
  while (!state.status.over) {
    const outcome = chance.pending(state)
      ? chance.roll(state, [1 + prng.int(6), 1 + prng.int(6)])
      : rules.play(state, pick(prng, state, rules.legalMoves(state)));
    if (!outcome.ok) throw new Error(`a random match made an illegal step: ${outcome.reason}`);
    entries.push(outcome.notation);
    state = outcome.state;
  }
  return { entries, final: state };
}

function pick(prng: Prng, state: BgState, moves: readonly string[]): string {
  if (state.phase === "decide") return prng.float() < 0.03 ? "double" : "roll";
  if (state.phase === "cube") return prng.float() < 0.75 ? "take" : "drop";
  return moves[prng.int(moves.length)]!;
}
