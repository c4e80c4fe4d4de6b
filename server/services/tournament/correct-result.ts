// An organizer corrects the result of a finished game of the current round: the
// engine replaces the result (standings follow from results), the site game shows the
// corrected result, and the audit log records who changed what.
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games, tournamentResults, type GameRow } from "@/db/schema";
import { correctResult } from "@/engine/formats";
import type { GameResult } from "@/lib/contracts";
import { AppError } from "../errors";
import { nextVersion } from "../game/game-view";
import { saveSnapshot } from "./save-tournament";
import { engineCall, engineResult } from "./engine-call";
import { audit } from "./audit";
import { lockTournament } from "./lock-tournament";
import { lockedState } from "./close-round";

export async function correctTournamentResult(
  tx: Db,
  tournamentId: string,
  game: GameRow,
  input: { result: GameResult; margin?: number | null },
  actorId: string,
): Promise<void> {
  const t = await lockTournament(tx, tournamentId);
  if (t.status !== "running") throw new AppError("BAD_REQUEST", "Only results of a running tournament can be corrected.");
  const { state, seq } = await lockedState(tx, t);
  const corrected = engineResult(input.result, "set by organizer", input.margin ?? null);
  const next = engineCall(() => correctResult(state, game.tournamentGameKey!, corrected), "This result cannot be corrected");
  await tx
    .update(games)
    .set({ result: input.result, endReason: "corrected by organizer", margin: input.margin ?? null, version: nextVersion() })
    .where(eq(games.id, game.id));
  // The log keeps saying what the result is; the new snapshot already includes it.
  await tx
    .update(tournamentResults)
    .set({ outcome: corrected.outcome, reason: corrected.reason, margin: corrected.margin ?? null })
    .where(and(eq(tournamentResults.tournamentId, t.id), eq(tournamentResults.gameKey, game.tournamentGameKey!)));
  await saveSnapshot(tx, t.id, next, seq);
  await audit(tx, t.id, actorId, "result corrected", `${game.tournamentGameKey}: ${game.result} → ${input.result}`);
}
