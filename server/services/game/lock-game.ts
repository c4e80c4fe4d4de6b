// The game's lock: one writer at a time per game row, held to the end of the
// transaction. Every change to a game starts here, and a finished tournament game
// locks its game before its tournament (tournament/record-result.ts), so results
// racing each other are applied one after the other.
import { eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { games, tournaments, users, type GameRow } from "@/db/schema";
import { AppError } from "../errors";

/** Locks a game row for the rest of the transaction (one writer at a time per game). */
export async function lockGame(tx: Db, gameId: string): Promise<GameRow> {
  const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for("update");
  if (!game) throw new AppError("NOT_FOUND", "There is no such game.");
  return game;
}

/** What a game's notices say besides the game: its players' names and its tournament. */
export interface GameContext {
  name: (userId: string) => string;
  tournament: { id: string; name: string; organizerId: string } | null;
}

/** The players' names and the game's tournament, in one statement (it runs in every finished game's transaction). */
export async function gameContext(tx: Db, game: Pick<GameRow, "side1Id" | "side2Id" | "tournamentId">): Promise<GameContext> {
  const rows = await tx
    .select({ id: users.id, username: users.username, tournament: { id: tournaments.id, name: tournaments.name, organizerId: tournaments.organizerId } })
    .from(users)
    .leftJoin(tournaments, game.tournamentId ? eq(tournaments.id, game.tournamentId) : sql`false`)
    .where(inArray(users.id, [game.side1Id, game.side2Id]));
  return contextFrom(new Map(rows.map((p) => [p.id, p.username])), rows[0]?.tournament ?? null);
}

/** A game's context from the names and tournament a statement read with its lock. */
export function contextFrom(names: ReadonlyMap<string, string>, tournament: GameContext["tournament"]): GameContext {
  return { name: (id) => names.get(id) ?? "your opponent", tournament };
}

const side1 = alias(users, "side1");
const side2 = alias(users, "side2");

/**
 * Locks a game row for the rest of the transaction (as lockGame does), with what a
 * move's notice says: the players' names and the game's tournament. One statement
 * where lockGame and then the notice took two; every move runs it.
 */
export async function lockGameWithContext(tx: Db, gameId: string): Promise<{ game: GameRow; context: GameContext }> {
  // A named prepared statement (see prepared.ts): PostgreSQL plans this four-table join
  // once per connection instead of at every move.
  const [row] = await tx
    .select({
      game: games,
      name1: side1.username,
      name2: side2.username,
      tournament: { id: tournaments.id, name: tournaments.name, organizerId: tournaments.organizerId },
    })
    .from(games)
    .leftJoin(side1, eq(side1.id, games.side1Id))
    .leftJoin(side2, eq(side2.id, games.side2Id))
    .leftJoin(tournaments, eq(tournaments.id, games.tournamentId))
    .where(eq(games.id, sql.placeholder("gameId")))
    .for("update", { of: games })
    .prepare("moot_lock_game_with_context")
    .execute({ gameId });
  if (!row) throw new AppError("NOT_FOUND", "There is no such game.");
  const names = new Map<string, string>();
  if (row.name1 !== null) names.set(row.game.side1Id, row.name1);
  if (row.name2 !== null) names.set(row.game.side2Id, row.name2);
  return { game: row.game, context: contextFrom(names, row.tournament) };
}
