// Creates a game inside the caller's transaction (a challenge being accepted, or a
// tournament round starting). On-site games start side 1's clock at once; games
// played elsewhere get the main time as their deadline for reporting a result.
import type { Db } from "@/db/client";
import { games } from "@/db/schema";
import { catalogGame } from "@/engine/game-catalog";
import { newGame, serializeState } from "@/engine/hnefatafl";
import { AppError } from "../errors";
import type { GameRow } from "./game-view";

export interface NewGame {
  gameType: string;
  side1Id: string;
  side2Id: string;
  rated: boolean;
  initialMs: number;
  incrementMs: number;
}

export async function createGame(tx: Db, input: NewGame, now: Date): Promise<GameRow> {
  const type = catalogGame(input.gameType);
  if (!type) throw new AppError("BAD_REQUEST", `Unknown game type “${input.gameType}”.`);
  if (input.side1Id === input.side2Id) throw new AppError("BAD_REQUEST", "A player cannot play against themselves.");
  const [row] = await tx
    .insert(games)
    .values({
      gameType: type.id,
      side1Id: input.side1Id,
      side2Id: input.side2Id,
      rated: input.rated,
      initialMs: input.initialMs,
      incrementMs: input.incrementMs,
      position: type.playedOnSite ? serializeState(newGame()) : null,
      remaining1Ms: input.initialMs,
      remaining2Ms: input.initialMs,
      turnStartedAt: type.playedOnSite ? now : null,
      deadline: new Date(now.getTime() + input.initialMs),
      createdAt: now,
    })
    .returning();
  return row!;
}
