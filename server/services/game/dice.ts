// The server's part of the verifiable dice (commit–reveal, docs/dice.md): each game
// with chance gets a secret server seed and its published SHA-256 when it is made; the
// players may add seeds of their own before the first roll; whenever a position waits
// for dice, the server derives the next rolls (engine/verifiable-dice.ts) and plays
// them inside the caller's transaction, so a roll is stored like a move and a restart
// or another process derives the same ones. This is the one module that reads the
// server seed; views show it only once the game is over.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameDice } from "@/db/schema";
import type { GameEndReason, OnSiteGame, PlayResult } from "@/engine/games/registry";
import { commitment, DICE_SCHEME, rollDice } from "@/engine/verifiable-dice";
import type { BoardChange, DiceView, GameMove } from "@/lib/contracts";

type DiceRow = typeof gameDice.$inferSelect;

/** A new game's dice: 32 bytes from the operating system's generator, and their commitment. */
export async function newDice(gameId: string): Promise<typeof gameDice.$inferInsert> {
  const serverSeed = randomBytes(32).toString("hex");
  return { gameId, serverSeed, commitment: await commitment(serverSeed) };
}

/** What the public sees of a game's dice: the server seed only once the game is over. */
export function diceView(row: DiceRow, over: boolean): DiceView {
  return {
    scheme: DICE_SCHEME,
    commitment: row.commitment,
    playerSeeds: [row.seed1, row.seed2],
    serverSeed: over ? row.serverSeed : null,
    rolls: row.rolls,
    faces: 6,
  };
}

export async function readDice(db: Db, gameId: string): Promise<DiceRow | null> {
  const [row] = await db.select().from(gameDice).where(eq(gameDice.gameId, gameId));
  return row ?? null;
}

/** Sets a player's own seed; the caller holds the game's lock and has checked that no roll was made. */
export async function setPlayerSeed(tx: Db, gameId: string, side: 1 | 2, seed: string): Promise<void> {
  await tx
    .update(gameDice)
    .set(side === 1 ? { seed1: seed } : { seed2: seed })
    .where(eq(gameDice.gameId, gameId));
}

/** The record entries the dice made and where they left the game. */
export interface Rolled {
  notations: string[];
  last: Extract<PlayResult<GameEndReason>, { ok: true }>;
  /** The dice as they are after the rolls (absent when none were made). */
  dice?: DiceView;
}

// A roll that passes hands the dice to the other side, which may pass too; no real
// position passes this often, so more means a bug in a game's rules, not a long game.
const MOST_ROLLS_IN_A_ROW = 1000;

/**
 * Rolls while `position` waits for dice (the caller holds the game's lock): each roll
 * is the next number of the game's sequence, derived from the stored seeds (a seed not
 * given counts as empty, and from the first roll on the seeds are fixed). Returns null
 * when the position waits for no dice.
 */
export async function rollWhilePending(tx: Db, gameId: string, rules: OnSiteGame<GameEndReason>, position: string): Promise<Rolled | null> {
  const chance = rules.chance;
  if (!chance?.pending(position)) return null;
  const row = await readDice(tx, gameId);
  if (!row) throw new Error(`game ${gameId} waits for dice but has none`);
  const seeds = { serverSeed: row.serverSeed, playerSeeds: [row.seed1 ?? "", row.seed2 ?? ""] as const };
  const notations: string[] = [];
  let n = row.rolls;
  let last: Rolled["last"] | null = null;
  for (let request = chance.pending(position); request; request = last.status.over ? null : chance.pending(last.position)) {
    if (notations.length === MOST_ROLLS_IN_A_ROW) throw new Error(`game ${gameId}: ${MOST_ROLLS_IN_A_ROW} rolls in a row`);
    n += 1;
    const rolled = chance.roll(last?.position ?? position, await rollDice(seeds, n, request.dice, request.faces));
    if (!rolled.ok) throw new Error(`game ${gameId}: the rules refused the server's roll ${n}: ${rolled.reason}`);
    notations.push(rolled.notation);
    last = rolled;
  }
  const [after] = await tx
    .update(gameDice)
    .set({ rolls: n, seed1: sql`coalesce(${gameDice.seed1}, '')`, seed2: sql`coalesce(${gameDice.seed2}, '')` })
    .where(eq(gameDice.gameId, gameId))
    .returning();
  return { notations, last: last!, dice: diceView(after!, false) };
}

/** Record entries made in one change from ply `afterPly` on (a move and the rolls after it), each with the clocks as they stand after it. */
export function rollEntries(notations: readonly string[], afterPly: number, [remaining1Ms, remaining2Ms]: readonly [number, number], now: Date): GameMove[] {
  return notations.map((notation, i) => ({ ply: afterPly + 1 + i, notation, remaining1Ms, remaining2Ms, playedAt: now.getTime() }));
}

/** The board change of those entries: the first, then the rest. */
export function entriesChange(entries: readonly GameMove[]): BoardChange {
  return { kind: "move", move: entries[0]!, ...(entries.length > 1 ? { then: entries.slice(1) } : {}) };
}
