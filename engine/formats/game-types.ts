// Game families as far as formats care: what the two sides are called, which side
// counts as "black" for the league's wins-as-black tiebreak, and whether a game can
// end drawn (the simulator needs that). A family (tafl, chess, …) is not a game: each
// game (engine/game-catalog.ts, `GameTypeId`) belongs to one.

import type { GameFamily } from "../games/contract";

export type { GameFamily };

export interface FamilyTraits {
  readonly name: GameFamily;
  readonly title: string;
  /** Names of side 1 and side 2 (side 1 moves first). */
  readonly sides: readonly [string, string];
  /** The side whose wins count as "wins as black". */
  readonly blackSide: 1 | 2;
  readonly drawsPossible: boolean;
  /** Whether results carry a margin (pieces left, points difference). */
  readonly hasMargin: boolean;
}

export const GAME_FAMILIES: Readonly<Record<GameFamily, FamilyTraits>> = {
  // Tafl: attackers move first and win less often, so they are "black".
  tafl: { name: "tafl", title: "Tafl", sides: ["attacker", "defender"], blackSide: 1, drawsPossible: true, hasMargin: true },
  // Chess-like: white moves first; black is the side that moves second.
  chess: { name: "chess", title: "Chess-like", sides: ["white", "black"], blackSide: 2, drawsPossible: true, hasMargin: false },
  // A picks the opening pieces, B the colours. No colour convention, so, as in
  // chess-like games, the side that moves second (B) counts as black.
  roles: { name: "roles", title: "A/B roles", sides: ["A", "B"], blackSide: 2, drawsPossible: true, hasMargin: true },
  // Dice race games: no draws; the second player counts as black.
  race: { name: "race", title: "Race (dice)", sides: ["first", "second"], blackSide: 2, drawsPossible: false, hasMargin: true },
};

export function isGameFamily(value: unknown): value is GameFamily {
  return typeof value === "string" && Object.hasOwn(GAME_FAMILIES, value);
}
