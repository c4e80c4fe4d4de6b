// Challenges outside tournaments: a signed-in player opens one (game, time control,
// side, rated or not), to anyone in the lobby or addressed to one player (from their
// profile, or a rematch from a finished game); another accepts and the game starts at
// once, with both players taken to the board. A directed challenge is seen and answered
// by its addressee alone, who is told in the inbox and may decline it.
import { randomInt } from "node:crypto";
import { and, count, desc, eq, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { challenges, games, notifications, playerRatings, tournaments, users, ratingOf, ratingColumns } from "@/db/schema";
import { catalogGame } from "@/engine/game-catalog";
import { timeControlLabel } from "@/lib/format-labels";
import { publishChanged, publishGameStarted } from "@/server/realtime/publish";
import { noticeGamesCreated } from "../notification/game-notices";
import { gameLink, notify } from "../notification/notify";
import { AppError } from "../errors";
import { afterCommit, pingAfterCommit, transaction } from "../transaction";
import { createGame } from "../game/create-game";
import { checkedGameSettings } from "../game/game-settings";
import { LOBBY_ROOM } from "@/lib/contracts";

export const MAX_OPEN_CHALLENGES = 5;

export interface ChallengeInput {
  gameType: string;
  initialMs: number;
  incrementMs: number;
  side: "side1" | "side2" | "random";
  rated: boolean;
  /** The game's own settings (a backgammon match's length); missing ones take the game's defaults. */
  gameSettings?: Record<string, number>;
  /** A directed challenge: the username of the one player who may accept it. */
  opponent?: string;
}

let lobbyVersion = 0;
function lobbyChanged(): void {
  // The lobby's "changed" signal only asks clients to refetch; a per-process counter
  // is enough because the data itself always comes from the database.
  lobbyVersion += 1;
  publishChanged(LOBBY_ROOM, lobbyVersion);
}

/**
 * A directed challenge's notice, found again by this key to resolve it: one per
 * challenger and addressee (they have at most one open challenge between them), which a
 * new challenge renews (RENEWED_KINDS), so challenging someone again and again leaves
 * them one notice, not one per challenge.
 */
const noticeKey = (creatorId: string, addresseeId: string) => `challenge:${creatorId}:${addresseeId}`;

/** The addressee of a directed challenge, by username: an account that exists, is not deleted, and is not the challenger. */
async function addresseeOf(tx: Db, userId: string, username: string): Promise<{ id: string; username: string }> {
  const [found] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), isNull(users.deletedAt)));
  if (!found) throw new AppError("NOT_FOUND", `There is no player called “${username}”.`);
  if (found.id === userId) throw new AppError("BAD_REQUEST", "You cannot challenge yourself.");
  return found;
}

type Opening = Omit<ChallengeInput, "opponent"> & {
  gameSettings: Record<string, number>;
  addressee: { id: string; username: string } | null;
  rematchOf?: string;
};

/**
 * Inserts a challenge within the limits (MAX_OPEN_CHALLENGES open, one open challenge
 * per addressee), telling the addressee of a directed one in the inbox, and the lobby
 * after commit; returns the row.
 */
async function openChallenge(tx: Db, userId: string, c: Opening, now: Date) {
  // Lock the creator's row so two quick submissions cannot both pass the limits.
  const [me] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).for("update");
  if (!me) throw new AppError("UNAUTHORIZED", "Your account no longer exists.");
  const [open] = await tx
    .select({
      n: count(),
      toAddressee: c.addressee ? sql<number>`count(*) filter (where ${challenges.addresseeId} = ${c.addressee.id})`.mapWith(Number) : sql<number>`0`,
    })
    .from(challenges)
    .where(and(eq(challenges.creatorId, userId), eq(challenges.status, "open")));
  if ((open?.n ?? 0) >= MAX_OPEN_CHALLENGES) {
    throw new AppError("TOO_MANY_REQUESTS", `You already have ${MAX_OPEN_CHALLENGES} open challenges. Cancel one first.`);
  }
  // One waiting question per player you challenge: a second would only be a second notice.
  if (c.addressee && (open?.toAddressee ?? 0) > 0) {
    throw new AppError("CONFLICT", `You have already challenged ${c.addressee.username}: wait for the answer, or cancel that challenge first.`);
  }
  const [created] = await tx
    .insert(challenges)
    .values({
      creatorId: userId,
      gameType: c.gameType,
      initialMs: c.initialMs,
      incrementMs: c.incrementMs,
      creatorSide: c.side,
      rated: c.rated,
      gameSettings: c.gameSettings,
      addresseeId: c.addressee?.id ?? null,
      rematchOf: c.rematchOf ?? null,
      createdAt: now,
    })
    .returning();
  if (c.addressee)
    await notify(
      tx,
      [
        {
          userId: c.addressee.id,
          kind: "challenge",
          payload: {
            from: me.username,
            game: catalogGame(c.gameType)?.name ?? c.gameType,
            timeControl: timeControlLabel(c.initialMs, c.incrementMs),
            rematch: c.rematchOf !== undefined,
          },
          // A rematch is answered on the finished game's page, where it was offered; any other on the lobby.
          link: c.rematchOf ? gameLink(c.rematchOf) : "/play",
          subject: noticeKey(userId, c.addressee.id),
          dedupeKey: noticeKey(userId, c.addressee.id),
        },
      ],
      now,
    );
  afterCommit(tx, lobbyChanged);
  return created!;
}

export async function createChallenge(db: Db, userId: string, input: ChallengeInput, now = new Date()) {
  if (!catalogGame(input.gameType)) throw new AppError("BAD_REQUEST", `Unknown game type “${input.gameType}”.`);
  const gameSettings = checkedGameSettings(input.gameType, input.gameSettings);
  return transaction(db, async (tx) => {
    const addressee = input.opponent === undefined ? null : await addresseeOf(tx, userId, input.opponent);
    return openChallenge(tx, userId, { ...input, gameSettings, addressee }, now);
  });
}

/**
 * Offers the opponent of a finished game the same game again: same game and settings,
 * same time control, rated as before, sides swapped. A directed challenge like any
 * other, remembered as a rematch of that game so its page can show and answer it.
 */
export async function offerRematch(db: Db, userId: string, gameId: string, now = new Date()) {
  return transaction(db, async (tx) => {
    const [g] = await tx
      .select({
        game: {
          gameType: games.gameType,
          side1Id: games.side1Id,
          side2Id: games.side2Id,
          status: games.status,
          rated: games.rated,
          initialMs: games.initialMs,
          incrementMs: games.incrementMs,
        },
        // The settings it was played with: its challenge's, else its tournament's (a position holds them, but not as values).
        challengeSettings: challenges.gameSettings,
        challengeRated: challenges.rated,
        tournamentSettings: tournaments.gameSettings,
      })
      .from(games)
      .leftJoin(challenges, eq(challenges.gameId, games.id))
      .leftJoin(tournaments, eq(tournaments.id, games.tournamentId))
      .where(eq(games.id, gameId));
    if (!g) throw new AppError("NOT_FOUND", "There is no such game.");
    const { game } = g;
    if (game.side1Id !== userId && game.side2Id !== userId) throw new AppError("FORBIDDEN", "Only the players of a game can offer a rematch.");
    if (game.status === "active") throw new AppError("CONFLICT", "The game is still being played: a rematch can be offered once it is over.");
    const opponentId = game.side1Id === userId ? game.side2Id : game.side1Id;
    const [opponent] = await tx.select({ id: users.id, username: users.username, deletedAt: users.deletedAt }).from(users).where(eq(users.id, opponentId));
    if (!opponent || opponent.deletedAt) throw new AppError("BAD_REQUEST", "Your opponent's account no longer exists.");
    const [theirs] = await tx
      .select({ id: challenges.id })
      .from(challenges)
      .where(and(eq(challenges.rematchOf, gameId), eq(challenges.creatorId, opponentId), eq(challenges.status, "open")));
    if (theirs) throw new AppError("CONFLICT", `${opponent.username} already offers you a rematch: accept it.`);
    return openChallenge(
      tx,
      userId,
      {
        gameType: game.gameType,
        initialMs: game.initialMs,
        incrementMs: game.incrementMs,
        // Sides swapped: the side the opponent played.
        side: game.side1Id === userId ? "side2" : "side1",
        rated: g.challengeRated ?? game.rated,
        gameSettings: g.challengeSettings ?? g.tournamentSettings ?? checkedGameSettings(game.gameType),
        addressee: { id: opponent.id, username: opponent.username },
        rematchOf: gameId,
      },
      now,
    );
  });
}

type ChallengeRow = typeof challenges.$inferSelect;

/** A directed challenge's notice is done once it is answered or withdrawn (the lobby and the inboxes hear after commit). */
async function resolveNotice(tx: Db, ch: ChallengeRow, now: Date): Promise<void> {
  afterCommit(tx, lobbyChanged);
  if (ch.addresseeId === null) return;
  // By its dedupe key: the one notice of this pair, found through its unique index.
  const rows = await tx
    .update(notifications)
    .set({ resolvedAt: now })
    .where(and(eq(notifications.dedupeKey, noticeKey(ch.creatorId, ch.addresseeId)), isNull(notifications.resolvedAt)))
    .returning({ userId: notifications.userId });
  pingAfterCommit(
    tx,
    rows.map((r) => r.userId),
  );
}

/**
 * Locks a challenge for the rest of the transaction; `mayAct` refuses a caller who may
 * not act on it (said before whether it is still open), then one gone or answered is refused.
 */
async function lockOpen(tx: Db, challengeId: string, mayAct: (ch: ChallengeRow) => void): Promise<ChallengeRow> {
  const [ch] = await tx.select().from(challenges).where(eq(challenges.id, challengeId)).for("update");
  if (!ch) throw new AppError("NOT_FOUND", "There is no such challenge.");
  mayAct(ch);
  if (ch.status !== "open") throw new AppError("CONFLICT", "This challenge is no longer open.");
  return ch;
}

export async function acceptChallenge(db: Db, userId: string, challengeId: string, now = new Date()) {
  return transaction(db, async (tx) => {
    const ch = await lockOpen(tx, challengeId, (c) => {
      if (c.creatorId === userId) throw new AppError("BAD_REQUEST", "You cannot accept your own challenge.");
      if (c.addresseeId !== null && c.addresseeId !== userId) throw new AppError("FORBIDDEN", "This challenge is addressed to another player.");
    });
    const creatorPlays1 = ch.creatorSide === "side1" || (ch.creatorSide === "random" && randomInt(2) === 0);
    const game = await createGame(
      tx,
      {
        gameType: ch.gameType,
        side1Id: creatorPlays1 ? ch.creatorId : userId,
        side2Id: creatorPlays1 ? userId : ch.creatorId,
        rated: ch.rated,
        initialMs: ch.initialMs,
        incrementMs: ch.incrementMs,
        settings: ch.gameSettings,
      },
      now,
    );
    await tx.update(challenges).set({ status: "accepted", gameId: game.id }).where(eq(challenges.id, ch.id));
    await noticeGamesCreated(tx, [game], now, ch.creatorId);
    // The challenger is taken to the board too (the accepter goes there with the answer).
    afterCommit(tx, () => publishGameStarted(ch.creatorId, game.id, ch.rematchOf ?? undefined));
    await resolveNotice(tx, ch, now);
    return { gameId: game.id };
  });
}

/** The addressee of a directed challenge says no; the challenger's pages learn it with their next refetch. */
export async function declineChallenge(db: Db, userId: string, challengeId: string, now = new Date()) {
  await transaction(db, async (tx) => {
    const ch = await lockOpen(tx, challengeId, (c) => {
      if (c.addresseeId !== userId) throw new AppError("FORBIDDEN", "Only the player a challenge is addressed to can decline it.");
    });
    await tx.update(challenges).set({ status: "declined" }).where(eq(challenges.id, ch.id));
    // The challenger is pinged without a notice: their open pages (a rematch offer) refetch.
    pingAfterCommit(tx, [ch.creatorId]);
    await resolveNotice(tx, ch, now);
  });
}

export async function cancelChallenge(db: Db, userId: string, challengeId: string, now = new Date()) {
  await transaction(db, async (tx) => {
    const ch = await lockOpen(tx, challengeId, (c) => {
      if (c.creatorId !== userId) throw new AppError("FORBIDDEN", "Only the player who opened a challenge can cancel it.");
    });
    await tx.update(challenges).set({ status: "cancelled" }).where(eq(challenges.id, ch.id));
    await resolveNotice(tx, ch, now);
  });
}

const addressee = alias(users, "addressee");

/**
 * The challenges the viewer may see in the lobby: every open one addressed to nobody,
 * and the directed ones the viewer opened or was sent (no one else learns of those).
 */
export async function listOpenChallenges(db: Db, viewerId: string | null, limit = 50) {
  const visible = viewerId
    ? or(isNull(challenges.addresseeId), eq(challenges.addresseeId, viewerId), eq(challenges.creatorId, viewerId))
    : isNull(challenges.addresseeId);
  return db
    .select({
      id: challenges.id,
      gameType: challenges.gameType,
      initialMs: challenges.initialMs,
      incrementMs: challenges.incrementMs,
      creatorSide: challenges.creatorSide,
      rated: challenges.rated,
      gameSettings: challenges.gameSettings,
      rematchOf: challenges.rematchOf,
      createdAt: challenges.createdAt,
      creator: { id: users.id, username: users.username, ...ratingColumns(playerRatings) },
      addressee: { id: addressee.id, username: addressee.username },
    })
    .from(challenges)
    .innerJoin(users, eq(users.id, challenges.creatorId))
    .leftJoin(addressee, eq(addressee.id, challenges.addresseeId))
    .leftJoin(playerRatings, ratingOf(playerRatings, challenges.creatorId, challenges.gameType))
    .where(and(eq(challenges.status, "open"), visible))
    .orderBy(desc(challenges.createdAt))
    .limit(limit);
}

/**
 * The latest rematch of a finished game between its players, as one of them sees it
 * (offered, accepted with its new game, declined or cancelled), or null: its page shows
 * the offer and its answer. Nobody else learns of it.
 */
export async function rematchOf(db: Db, viewerId: string, gameId: string) {
  const [row] = await db
    .select({ id: challenges.id, status: challenges.status, creatorId: challenges.creatorId, addresseeId: challenges.addresseeId, gameId: challenges.gameId })
    .from(challenges)
    .where(and(eq(challenges.rematchOf, gameId), or(eq(challenges.creatorId, viewerId), eq(challenges.addresseeId, viewerId))))
    .orderBy(desc(challenges.createdAt))
    .limit(1);
  return row ?? null;
}
