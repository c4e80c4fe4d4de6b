// Creates a game inside the caller's transaction (a challenge being accepted, or a
// tournament round starting). On-site games start side 1's clock at once; games
// played elsewhere get the main time as their deadline for reporting a result.
import { getTableColumns, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games } from "@/db/schema";
import { catalogGame } from "@/engine/game-catalog";
import { onSiteGame } from "@/engine/games/registry";
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

// Rows per INSERT when a tournament round creates thousands of games at once.
const CHUNK = 20_000;

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
    position: onSiteGame(type.id)?.setup() ?? null,
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
 * Creates many games; returns id and tournament key of each. One INSERT … SELECT
 * FROM unnest(…) per CHUNK rows: the rows travel as one array per column, so a
 * 300,000-game round costs a few statements instead of hundreds of multi-row
 * VALUES lists with fourteen parameters a row.
 */
export async function createGames(tx: Db, inputs: readonly NewGame[], now: Date): Promise<{ id: string; key: string | null; side1Id: string; side2Id: string }[]> {
  const out: { id: string; key: string | null; side1Id: string; side2Id: string }[] = [];
  const columns = getTableColumns(games);
  for (let i = 0; i < inputs.length; i += CHUNK) {
    const rows = inputs.slice(i, i + CHUNK).map((input) => rowFor(input, now));
    const keys = Object.keys(rows[0]!) as (keyof typeof columns & keyof (typeof rows)[number])[];
    const names = sql.join(keys.map((k) => sql.identifier(columns[k].name)), sql`, `);
    const arrays = sql.join(
      keys.map((k) => sql`${sql.param(rows.map((r) => r[k] ?? null))}::${sql.raw(columns[k].getSQLType())}[]`),
      sql`, `,
    );
    const inserted = await tx.execute(
      sql`insert into ${games} (${names}) select * from unnest(${arrays}) returning id, tournament_game_key as key, side1_id as "side1Id", side2_id as "side2Id"`,
    );
    out.push(...(inserted as unknown as { rows: { id: string; key: string | null; side1Id: string; side2Id: string }[] }).rows);
  }
  return out;
}
