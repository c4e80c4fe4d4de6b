// Real games from the recorded Copenhagen games, for tests that play whole games.
import { readFileSync } from "node:fs";
import { parseRecords, replayGame, type GameRecord } from "@/engine/games/tafl/replay";

let records: GameRecord[] | undefined;
function allRecords(): GameRecord[] {
  records ??= parseRecords(readFileSync("engine/games/tafl/fixtures/copenhagen-games.csv", "utf8"));
  return records;
}

/** The shortest recorded game the engine itself ends for the given reason, as move texts. */
export function shortestGameEndingIn(reason: string): { moves: string[]; winner: string } {
  let best: { moves: string[]; winner: string } | null = null;
  for (const record of allRecords()) {
    const replay = replayGame(record);
    if (replay.stopReason !== null || replay.engineReason !== reason) continue;
    if (!best || record.moves.length < best.moves.length) best = { moves: [...record.moves], winner: replay.engineResult! };
  }
  if (!best) throw new Error(`no recorded game ends in ${reason}`);
  return best;
}
