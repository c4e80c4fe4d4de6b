// A dice game's dice record (docs/dice.md, "The record") from its game view: what the
// game page downloads and what `npm run verify-dice` and the /dice/verify page read.
// The rolls are the record entries the game's rules read as rolls, numbered in order.
import { onSiteGame } from "@/engine/games/registry";
import type { DiceRecord } from "@/engine/verifiable-dice";
import type { GameView } from "./contracts";

/** The record of a view's dice, or null for a game without dice. While the game runs its server seed is empty. */
export function diceRecordOf(view: Pick<GameView, "gameType" | "dice" | "moves">): DiceRecord | null {
  const readRoll = onSiteGame(view.gameType)?.chance?.readRoll;
  if (!view.dice || !readRoll) return null;
  const dice = view.moves.map((move) => readRoll(move.notation)).filter((values): values is number[] => values !== null);
  return {
    scheme: view.dice.scheme,
    commitment: view.dice.commitment,
    serverSeed: view.dice.serverSeed ?? "",
    playerSeeds: [view.dice.playerSeeds[0] ?? "", view.dice.playerSeeds[1] ?? ""],
    rolls: dice.map((values, i) => ({ n: i + 1, dice: values })),
    faces: view.dice.faces,
  };
}
