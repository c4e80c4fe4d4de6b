// The rules page of each game played on the site, by game type id: one line per
// game, beside the board registry (registry.ts) but apart from it so the game
// page's browser bundle does not carry every game's rules text. A test checks
// that every game of engine/games/registry.ts has one.
import { BACKGAMMON_GUIDE, HYPERGAMMON_GUIDE, NACKGAMMON_GUIDE } from "./backgammon/rules";
import { CHESS_GUIDE } from "./chess/rules";
import type { GameGuide } from "./guide";
import { POLYOMINO_GUIDE } from "./polyomino/rules";
import { BRANDUBH_GUIDE, COPENHAGEN_GUIDE } from "./tafl/rules";

const GUIDES: Readonly<Record<string, GameGuide>> = {
  hnefatafl: COPENHAGEN_GUIDE,
  brandubh: BRANDUBH_GUIDE,
  chess: CHESS_GUIDE,
  // Ready for the game's registration (engine/games/polyomino); its page appears with it.
  "four-colour-onsite": POLYOMINO_GUIDE,
  backgammon: BACKGAMMON_GUIDE,
  nackgammon: NACKGAMMON_GUIDE,
  hypergammon: HYPERGAMMON_GUIDE,
};

/** The content of a game's rules page (app/rules/[game]). */
export function guideFor(gameType: string): GameGuide | undefined {
  return Object.hasOwn(GUIDES, gameType) ? GUIDES[gameType] : undefined;
}
