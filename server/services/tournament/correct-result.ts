// An organizer corrects the result of a finished game of the current round: the
// engine replaces the result (standings follow from results), the site game shows the
// corrected result, and the audit log records who changed what.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games } from "@/db/schema";
import { correctResult } from "@/engine/formats";
import { AppError } from "../errors";
import type { GameRow } from "../game/game-view";
import { announce, audit, engineCall, engineResult, lockTournament, saveTournament, stateOf } from "./tournament-row";

export async function correctTournamentResult(
  tx: Db,
  tournamentId: string,
  game: GameRow,
  input: { result: "1-0" | "0-1" | "draw"; margin?: number | null },
  actorId: string,
): Promise<() => void> {
  const t = await lockTournament(tx, tournamentId);
  if (t.status !== "running") throw new AppError("BAD_REQUEST", "Only results of a running tournament can be corrected.");
  const next = engineCall(
    () => correctResult(stateOf(t), game.tournamentGameKey!, engineResult(input.result, "set by organizer", input.margin ?? null)),
    "This result cannot be corrected",
  );
  await tx
    .update(games)
    .set({ result: input.result, endReason: "corrected by organizer", margin: input.margin ?? null })
    .where(eq(games.id, game.id));
  const version = await saveTournament(tx, t.id, { state: next });
  await audit(tx, t.id, actorId, "result corrected", `${game.tournamentGameKey}: ${game.result} → ${input.result}`);
  return () => announce(t.id, version);
}
