// The games Moot knows: those played on the site (board, clocks, refereed moves)
// come from the game registry (engine/games/registry.ts); the others are played
// elsewhere and their results reported.
// `family` says how tournament formats treat the sides (engine/formats game types).

import type { GameFamily } from "./games/contract";
import { ON_SITE_GAME_IDS, onSiteGame, type OnSiteGameId } from "./games/registry";

/** A game's id as stored in every game_type column: one of the site's games or of those played elsewhere. */
export type GameTypeId = OnSiteGameId | ReportedGameId;

export interface CatalogGame {
  readonly id: GameTypeId;
  readonly name: string;
  readonly family: GameFamily;
  readonly playedOnSite: boolean;
  /** Names of side 1 (moves first) and side 2, as players say them. */
  readonly sideNames: readonly [string, string];
  readonly drawsPossible: boolean;
  /** What a result's margin counts, if the game has one. */
  readonly marginLabel: string | null;
}

type ReportedGame = Omit<CatalogGame, "id" | "playedOnSite">;

/** The games played elsewhere, by id: their results are reported. */
const REPORTED = {
  "tafl-other": {
    name: "Other tafl variant",
    family: "tafl",
    sideNames: ["Attackers", "Defenders"],
    drawsPossible: true,
    marginLabel: "pieces left",
  },
  "chess-elsewhere": {
    name: "Chess (played elsewhere)",
    family: "chess",
    sideNames: ["White", "Black"],
    drawsPossible: true,
    marginLabel: null,
  },
  "four-colour": {
    name: "Four-colour game (A/B roles)",
    family: "roles",
    sideNames: ["A", "B"],
    drawsPossible: true,
    marginLabel: "points difference",
  },
  race: {
    name: "Race game (dice)",
    family: "race",
    sideNames: ["First player", "Second player"],
    drawsPossible: false,
    marginLabel: "points",
  },
} as const satisfies Readonly<Record<string, ReportedGame>>;

type ReportedGameId = keyof typeof REPORTED;

export const GAME_CATALOG: readonly CatalogGame[] = [
  ...ON_SITE_GAME_IDS.map((id): CatalogGame => {
    const game = onSiteGame(id)!;
    return {
      id,
      name: game.name,
      family: game.family,
      playedOnSite: true,
      sideNames: game.sideNames,
      drawsPossible: game.drawsPossible,
      marginLabel: game.marginLabel,
    };
  }),
  ...(Object.keys(REPORTED) as ReportedGameId[]).map((id): CatalogGame => ({ id, playedOnSite: false, ...REPORTED[id] })),
];

/** Every game type id, as a tuple (zod's `z.enum` takes it). */
export const GAME_IDS = GAME_CATALOG.map((g) => g.id) as [GameTypeId, ...GameTypeId[]];

export function isGameTypeId(id: unknown): id is GameTypeId {
  return typeof id === "string" && GAME_CATALOG.some((g) => g.id === id);
}

export function catalogGame(id: string): CatalogGame | undefined {
  return GAME_CATALOG.find((g) => g.id === id);
}

/**
 * Ids a game on the site had before, and its id now: links and bookmarks still carry
 * them. On-site chess was "chess-onsite" until migration 0025 gave it "chess" (and
 * chess played elsewhere, "chess" before, "chess-elsewhere").
 */
const FORMER_GAME_IDS: Readonly<Record<string, GameTypeId>> = { "chess-onsite": "chess" };

/** The game a URL names (`?game=`, `/rules/<game>`), by its id or a former one; undefined for anything else. */
export function gameIdFromUrl(param: unknown): GameTypeId | undefined {
  if (isGameTypeId(param)) return param;
  return typeof param === "string" && Object.hasOwn(FORMER_GAME_IDS, param) ? FORMER_GAME_IDS[param] : undefined;
}
