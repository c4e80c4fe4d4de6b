// Creates a game inside the caller's transaction (a challenge being accepted, or a
// tournament round starting). On-site games start side 1's clock at once; games
// played elsewhere get the main time as their deadline for reporting a result.
import type { Db } from "@/db/client";
import { games } from "@/db/schema";
import { newRowId } from "@/db/schema/ids";
import { catalogGame } from "@/engine/game-catalog";
import { onSiteGame } from "@/engine/games/registry";
import { insertMany } from "../bulk-insert";
import { AppError } from "../errors";
import type { GameRow } from "./game-view";

export interface NewGame {
  gameType: string;
  side1Id: string;
  side2Id: string;
  rated: boolean;
  initialMs: number;
  incrementMs: number;
  tournamentId?: string;
  tournamentGameKey?: string;
}

// The starting position of each on-site game, serialized once: a tournament round
// creates up to 300,000 games of one type.
const startPositions = new Map<string, string | null>();
function startPosition(typeId: string): string | null {
  if (!startPositions.has(typeId)) startPositions.set(typeId, onSiteGame(typeId)?.setup() ?? null);
  return startPositions.get(typeId)!;
}

function rowFor(input: NewGame, now: Date): typeof games.$inferInsert {
  const type = catalogGame(input.gameType);
  if (!type) throw new AppError("BAD_REQUEST", `Unknown game type “${input.gameType}”.`);
  if (input.side1Id === input.side2Id) throw new AppError("BAD_REQUEST", "A player cannot play against themselves.");
  return {
    gameType: type.id,
    side1Id: input.side1Id,
    side2Id: input.side2Id,
    rated: input.rated,
    initialMs: input.initialMs,
    incrementMs: input.incrementMs,
    position: startPosition(type.id),
    remaining1Ms: input.initialMs,
    remaining2Ms: input.initialMs,
    turnStartedAt: type.playedOnSite ? now : null,
    deadline: new Date(now.getTime() + input.initialMs),
    tournamentId: input.tournamentId ?? null,
    tournamentGameKey: input.tournamentGameKey ?? null,
    createdAt: now,
  };
}

export async function createGame(tx: Db, input: NewGame, now: Date): Promise<GameRow> {
  const [row] = await tx.insert(games).values(rowFor(input, now)).returning();
  return row!;
}

/**
 * Creates many games in a few statements (bulk-insert.ts); returns id and tournament key
 * of each. The ids are made here, so nothing is sent back: a 300,000-game round would
 * otherwise return 300,000 rows it already knows.
 */
export async function createGames(tx: Db, inputs: readonly NewGame[], now: Date): Promise<{ id: string; key: string | null; side1Id: string; side2Id: string }[]> {
  const rows = inputs.map((input) => ({ ...rowFor(input, now), id: newRowId() }));
  await insertMany(tx, games, rows, null);
  return rows.map((r) => ({ id: r.id, key: r.tournamentGameKey ?? null, side1Id: r.side1Id, side2Id: r.side2Id }));
}
