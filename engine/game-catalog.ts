// The games Moot knows: those played on the site (board, clocks, refereed moves)
// come from the game registry (engine/games/registry.ts); the others are played
// elsewhere and their results reported.
// `family` says how tournament formats treat the sides (engine/formats game types).

import type { GameFamily } from "./games/contract";
import { ON_SITE_GAMES } from "./games/registry";

export interface CatalogGame {
  readonly id: string;
  readonly name: string;
  readonly family: GameFamily;
  readonly playedOnSite: boolean;
  /** Names of side 1 (moves first) and side 2, as players say them. */
  readonly sideNames: readonly [string, string];
  readonly drawsPossible: boolean;
  /** What a result's margin counts, if the game has one. */
  readonly marginLabel: string | null;
}

export const GAME_CATALOG: readonly CatalogGame[] = [
  ...ON_SITE_GAMES.map((game) => ({
    id: game.id,
    name: game.name,
    family: game.family,
    playedOnSite: true,
    sideNames: game.sideNames,
    drawsPossible: game.drawsPossible,
    marginLabel: game.marginLabel,
  })),
  {
    id: "tafl-other",
    name: "Other tafl variant",
    family: "tafl",
    playedOnSite: false,
    sideNames: ["Attackers", "Defenders"],
    drawsPossible: true,
    marginLabel: "pieces left",
  },
  {
    id: "chess",
    name: "Chess (played elsewhere)",
    family: "chess",
    playedOnSite: false,
    sideNames: ["White", "Black"],
    drawsPossible: true,
    marginLabel: null,
  },
  {
    id: "four-colour",
    name: "Four-colour game (A/B roles)",
    family: "roles",
    playedOnSite: false,
    sideNames: ["A", "B"],
    drawsPossible: true,
    marginLabel: "points difference",
  },
  {
    id: "race",
    name: "Race game (dice)",
    family: "race",
    playedOnSite: false,
    sideNames: ["First player", "Second player"],
    drawsPossible: false,
    marginLabel: "points",
  },
];

export const GAME_IDS = GAME_CATALOG.map((g) => g.id) as [string, ...string[]];

export function catalogGame(id: string): CatalogGame | undefined {
  return GAME_CATALOG.find((g) => g.id === id);
}
