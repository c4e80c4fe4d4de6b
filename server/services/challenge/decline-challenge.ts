// The addressee of a directed challenge says no.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { challenges } from "@/db/schema";
import { AppError } from "../errors";
import { pingAfterCommit, transaction } from "../transaction";
import { lockOpen, resolveNotice } from "./lock-challenge";

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
