// Challenges outside tournaments: a signed-in player opens one (game, time control,
// side, rated or not), to anyone in the lobby or addressed to one player (from their
// profile, or a rematch from a finished game); another accepts and the game starts at
// once. A directed challenge is seen and answered by its addressee alone, who is told
// in the inbox. This file opens one within the limits; each answer has its own file.
import type { GameTypeId } from "@/engine/game-catalog";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { challenges, users } from "@/db/schema";
import { catalogGame } from "@/engine/game-catalog";
import { timeControlLabel } from "@/lib/format-labels";
import { publishChanged } from "@/server/realtime/publish";
import { gameLink, notify } from "../notification/notify";
import { AppError } from "../errors";
import { afterCommit } from "../transaction";
import { LOBBY_ROOM } from "@/lib/contracts";

export const MAX_OPEN_CHALLENGES = 5;

export interface ChallengeInput {
  gameType: GameTypeId;
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
export function lobbyChanged(): void {
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
export const noticeKey = (creatorId: string, addresseeId: string) => `challenge:${creatorId}:${addresseeId}`;

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
export async function openChallenge(tx: Db, userId: string, c: Opening, now: Date) {
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
