// Creates a game inside the caller's transaction (a challenge being accepted, or a
// tournament round starting). On-site games start side 1's clock at once (a live
// challenge game its first-move countdown); games played elsewhere get the main time
// as their deadline for reporting a result.
import type { Db } from "@/db/client";
import { gameDice, games, type GameRow } from "@/db/schema";
import { rowIdBlock } from "@/db/schema/ids";
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

/** A new game but for who plays it: what every game of a tournament's round has in common. */
type GameKind = Omit<NewGame, "side1Id" | "side2Id" | "tournamentGameKey">;

/** What a new game's row holds beside its players and tournament key. */
type SharedColumns = Omit<typeof games.$inferInsert, "id" | "side1Id" | "side2Id" | "tournamentGameKey">;

/** The columns of a new game that do not depend on who plays it: the same for every game of a tournament's round. */
function sharedColumns(input: GameKind, now: Date): SharedColumns {
  const type = catalogGame(input.gameType);
  if (!type) throw new AppError("BAD_REQUEST", `Unknown game type “${input.gameType}”.`);
  // On the site: when side 1's flag falls (on a live challenge game, when its first-move
  // countdown ends); elsewhere: the end of the main time, to report the result by.
  const countdown = type.playedOnSite && onFirstMoveCountdown({ initialMs: input.initialMs, ply: 0, tournamentId: input.tournamentId ?? null });
  const due = clockDeadline({ ...createClock(input, now.getTime()), ...(countdown ? { firstMoveMs: firstMoveMs(input) } : {}) })!;
  return {
    gameType: type.id,
    rated: input.rated,
    initialMs: input.initialMs,
    incrementMs: input.incrementMs,
    ...startPosition(type.id, input.settings),
    remaining1Ms: input.initialMs,
    remaining2Ms: input.initialMs,
    turnStartedAt: type.playedOnSite ? now : null,
    deadline: new Date(due),
    tournamentId: input.tournamentId ?? null,
    createdAt: now,
  };
}

function checkPlayers(side1Id: string, side2Id: string): void {
  if (side1Id === side2Id) throw new AppError("BAD_REQUEST", "A player cannot play against themselves.");
}

/** Whether games of this type roll dice, so each needs its committed seed (dice.ts). */
const hasDice = (gameType: string): boolean => onSiteGame(gameType)?.chance !== undefined;

export async function createGame(tx: Db, input: NewGame, now: Date): Promise<GameRow> {
  checkPlayers(input.side1Id, input.side2Id);
  const [row] = await tx
    .insert(games)
    .values({ ...sharedColumns(input, now), side1Id: input.side1Id, side2Id: input.side2Id, tournamentGameKey: input.tournamentGameKey ?? null })
    .returning();
  if (hasDice(row!.gameType)) await tx.insert(gameDice).values(await newDice(row!.id));
  return row!;
}

/** A game created in bulk: its id, players and tournament key (the columns that differ between a round's games). */
export interface CreatedGame {
  id: string;
  side1Id: string;
  side2Id: string;
  tournamentGameKey: string;
}

/** Games of one kind (a tournament round's): what they share, and each one's players and tournament key. */
export interface NewGames {
  shared: GameKind;
  pairs: readonly { side1Id: string; side2Id: string; tournamentGameKey: string }[];
}

/**
 * Creates many games in a few statements (bulk-insert.ts) without waiting for the
 * insert: returns the games (their ids are made here, so nothing is sent back: a
 * 300,000-game round would otherwise return 300,000 rows it already knows) with
 * `written`, which settles when the insert has. The caller builds what follows (a
 * round's notices) while the database inserts the games; its next statements on `tx`
 * queue behind the insert. It must await `written` before its transaction ends.
 *
 * What the games share is worked out once and sent once (insertMany's inEveryRow):
 * building every column of every row was most of a 10,000-player start's own work
 * before its first insert went out.
 */
export async function sendGames(tx: Db, { shared, pairs }: NewGames, now: Date): Promise<{ created: CreatedGame[]; written: Promise<void> }> {
  const columns = sharedColumns(shared, now);
  const created: CreatedGame[] = [];
  const nextId = rowIdBlock();
  for (const { side1Id, side2Id, tournamentGameKey } of pairs) {
    // In slices: a 100,000-player round is up to 300,000 games.
    if (created.length > 0 && created.length % SLICE_ROWS === 0) await letGo();
    checkPlayers(side1Id, side2Id);
    created.push({ id: nextId(), side1Id, side2Id, tournamentGameKey });
  }
  const written = (async () => {
    await insertMany(tx, games, created, null, { inEveryRow: columns });
    if (hasDice(columns.gameType)) await insertMany(tx, gameDice, await Promise.all(created.map((g) => newDice(g.id))), null);
  })();
  // Awaited by the caller; this only keeps a failure from counting as unhandled before it does.
  written.catch(() => undefined);
  return { created, written };
}
