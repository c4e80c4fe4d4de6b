// Creates a game inside the caller's transaction (a challenge being accepted, or a
// tournament round starting). On-site games start side 1's clock at once (a live
// challenge game its first-move countdown); games played elsewhere get the main time
// as their deadline for reporting a result.
import type { Db } from "@/db/client";
import { gameDice, games, type GameRow } from "@/db/schema";
import { newRowId } from "@/db/schema/ids";
import { SLICE_ROWS, letGo } from "@/lib/let-go";
import { createClock, deadline as clockDeadline, firstMoveMs } from "@/engine/clock";
import { catalogGame } from "@/engine/game-catalog";
import { onSiteGame, type GameSettingValues } from "@/engine/games/registry";
import { insertMany } from "../bulk-insert";
import { AppError } from "../errors";
import { newDice } from "./dice";
import { onFirstMoveCountdown } from "./game-view";

export interface NewGame {
  gameType: string;
  /** The game's settings (a tournament's, checked when it was created); none: the defaults. */
  settings?: GameSettingValues;
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
// With its side to move, stored beside it (the rules say, not the ply).
const startPositions = new Map<string, { position: string | null; sideToMove: 1 | 2 }>();
function startPosition(typeId: string, settings: GameSettingValues = {}): { position: string | null; sideToMove: 1 | 2 } {
  const key = `${typeId} ${JSON.stringify(settings)}`;
  let start = startPositions.get(key);
  if (!start) {
    const rules = onSiteGame(typeId);
    const position = rules?.setup(settings) ?? null;
    start = { position, sideToMove: rules && position !== null ? rules.toMove(position) : 1 };
    startPositions.set(key, start);
  }
  return start;
}

function rowFor(input: NewGame, now: Date): typeof games.$inferInsert {
  const type = catalogGame(input.gameType);
  if (!type) throw new AppError("BAD_REQUEST", `Unknown game type “${input.gameType}”.`);
  if (input.side1Id === input.side2Id) throw new AppError("BAD_REQUEST", "A player cannot play against themselves.");
  // On the site: when side 1's flag falls (on a live challenge game, when its first-move
  // countdown ends); elsewhere: the end of the main time, to report the result by.
  const countdown = type.playedOnSite && onFirstMoveCountdown({ initialMs: input.initialMs, ply: 0, tournamentId: input.tournamentId ?? null });
  const due = clockDeadline({ ...createClock(input, now.getTime()), ...(countdown ? { firstMoveMs: firstMoveMs(input) } : {}) })!;
  return {
    gameType: type.id,
    side1Id: input.side1Id,
    side2Id: input.side2Id,
    rated: input.rated,
    initialMs: input.initialMs,
    incrementMs: input.incrementMs,
    ...startPosition(type.id, input.settings),
    remaining1Ms: input.initialMs,
    remaining2Ms: input.initialMs,
    turnStartedAt: type.playedOnSite ? now : null,
    deadline: new Date(due),
    tournamentId: input.tournamentId ?? null,
    tournamentGameKey: input.tournamentGameKey ?? null,
    createdAt: now,
  };
}

/** Whether games of this type roll dice, so each needs its committed seed (dice.ts). */
const hasDice = (gameType: string): boolean => onSiteGame(gameType)?.chance !== undefined;

export async function createGame(tx: Db, input: NewGame, now: Date): Promise<GameRow> {
  const [row] = await tx.insert(games).values(rowFor(input, now)).returning();
  if (hasDice(row!.gameType)) await tx.insert(gameDice).values(await newDice(row!.id));
  return row!;
}

/** A game created in bulk: its id and tournament key, and its players. */
export interface CreatedGame {
  id: string;
  key: string | null;
  side1Id: string;
  side2Id: string;
}

/**
 * Creates many games in a few statements (bulk-insert.ts); returns id and tournament key
 * of each. The ids are made here, so nothing is sent back: a 300,000-game round would
 * otherwise return 300,000 rows it already knows.
 */
export async function createGames(tx: Db, inputs: readonly NewGame[], now: Date): Promise<CreatedGame[]> {
  const { created, written } = await sendGames(tx, inputs, now);
  await written;
  return created;
}

/**
 * createGames without waiting for the insert: builds the rows and sends their insert,
 * and returns the games with `written`, which settles when the insert has. The caller builds
 * what follows (a round's notices) while the database inserts the games; its next
 * statements on `tx` queue behind the insert. It must await `written` before its
 * transaction ends.
 */
export async function sendGames(tx: Db, inputs: readonly NewGame[], now: Date): Promise<{ created: CreatedGame[]; written: Promise<void> }> {
  // Built in slices, the event loop let go between them (a 100,000-player round is 90,000 games).
  const rows: (ReturnType<typeof rowFor> & { id: string })[] = [];
  for (let i = 0; i < inputs.length; i += SLICE_ROWS) {
    if (i > 0) await letGo();
    for (const input of inputs.slice(i, i + SLICE_ROWS)) rows.push({ ...rowFor(input, now), id: newRowId() });
  }
  const written = (async () => {
    await insertMany(tx, games, rows, null);
    const dice = await Promise.all(rows.filter((r) => hasDice(r.gameType)).map((r) => newDice(r.id)));
    if (dice.length > 0) await insertMany(tx, gameDice, dice, null);
  })();
  // Awaited by the caller; this only keeps a failure from counting as unhandled before it does.
  written.catch(() => undefined);
  return { created: rows.map((r) => ({ id: r.id, key: r.tournamentGameKey ?? null, side1Id: r.side1Id, side2Id: r.side2Id })), written };
}
