// A game's own settings as a request gives them (a backgammon match's length), checked
// by the game's rules (checkGameSettings) and refused with the rules' sentence.
// Tournaments and challenges both store what this returns and hand it to createGame.
import { checkGameSettings, onSiteGame } from "@/engine/games/registry";
import type { GameSettingValues } from "@/engine/games/contract";
import { AppError } from "../errors";

/** Every setting the game has, defaults filled in; {} for a game without settings (or not played on the site). */
export function checkedGameSettings(gameType: string, values: GameSettingValues = {}): Record<string, number> {
  try {
    return checkGameSettings(onSiteGame(gameType), values);
  } catch (e) {
    throw new AppError("BAD_REQUEST", (e as Error).message);
  }
}
