// An open challenge, locked for its answer, and its addressee's notice resolved once
// it is answered or withdrawn.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { challenges, notifications } from "@/db/schema";
import { AppError } from "../errors";
import { afterCommit, pingAfterCommit } from "../transaction";
import { lobbyChanged, noticeKey } from "./open-challenge";

type ChallengeRow = typeof challenges.$inferSelect;

/** A directed challenge's notice is done once it is answered or withdrawn (the lobby and the inboxes hear after commit). */
export async function resolveNotice(tx: Db, ch: ChallengeRow, now: Date): Promise<void> {
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
export async function lockOpen(tx: Db, challengeId: string, mayAct: (ch: ChallengeRow) => void): Promise<ChallengeRow> {
  const [ch] = await tx.select().from(challenges).where(eq(challenges.id, challengeId)).for("update");
  if (!ch) throw new AppError("NOT_FOUND", "There is no such challenge.");
  mayAct(ch);
  if (ch.status !== "open") throw new AppError("CONFLICT", "This challenge is no longer open.");
  return ch;
}
