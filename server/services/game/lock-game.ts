// The game's lock: one writer at a time per game row, held to the end of the
// transaction. Every change to a game starts here, and a finished tournament game
// locks its game before its tournament (tournament/record-result.ts), so results
// racing each other are applied one after the other.
import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games, tournaments, users, type GameRow } from "@/db/schema";
import { AppError } from "../errors";
import { executePrepared } from "../prepared";

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

const gameColumns = Object.entries(getTableColumns(games));

/**
 * The game's row with its players' names and its tournament, up to the game's id: the
 * text of the lock every move takes, and of the one a game's end takes
 * (rating/lock-to-finish.ts), which wraps it. Written once as SQL: building it through
 * Drizzle's select builder cost about 0.1–0.3 ms a call, more than running it.
 */
export const GAME_WITH_CONTEXT = `select games.*, s1.username as "moot_name1", s2.username as "moot_name2",
      t.id as "moot_tournament_id", t.name as "moot_tournament_name", t.organizer_id as "moot_organizer_id"
    from games left join users s1 on s1.id = games.side1_id left join users s2 on s2.id = games.side2_id
      left join tournaments t on t.id = games.tournament_id
    where games.id = `;

/** A row of GAME_WITH_CONTEXT as the game row and its context. */
export function withContextFrom(row: Record<string, unknown>): { game: GameRow; context: GameContext } {
  const game = Object.fromEntries(
    gameColumns.map(([key, column]) => {
      const value = row[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as GameRow;
  const names = new Map<string, string>();
  if (row.moot_name1 !== null) names.set(game.side1Id, row.moot_name1 as string);
  if (row.moot_name2 !== null) names.set(game.side2Id, row.moot_name2 as string);
  const tournament =
    row.moot_tournament_id === null
      ? null
      : { id: row.moot_tournament_id as string, name: row.moot_tournament_name as string, organizerId: row.moot_organizer_id as string };
  return { game, context: contextFrom(names, tournament) };
}

const LOCK_HEAD = sql.raw(GAME_WITH_CONTEXT);
const LOCK_TAIL = sql.raw(`::uuid for update of games`);

/**
 * Locks a game row for the rest of the transaction (as lockGame does), with what a
 * move's notice says: the players' names and the game's tournament. One statement
 * where lockGame and then the notice took two; every move runs it, as a prepared
 * statement (prepared.ts): PostgreSQL plans the four-table join once per connection.
 */
export async function lockGameWithContext(tx: Db, gameId: string): Promise<{ game: GameRow; context: GameContext }> {
  const { rows } = await executePrepared(tx, sql`${LOCK_HEAD}${gameId}${LOCK_TAIL}`);
  if (!rows[0]) throw new AppError("NOT_FOUND", "There is no such game.");
  return withContextFrom(rows[0]);
}
