// The player who opened a challenge withdraws it.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { challenges } from "@/db/schema";
import { AppError } from "../errors";
import { transaction } from "../transaction";
import { lockOpen, resolveNotice } from "./lock-challenge";

export async function cancelChallenge(db: Db, userId: string, challengeId: string, now = new Date()) {
  await transaction(db, async (tx) => {
    const ch = await lockOpen(tx, challengeId, (c) => {
      if (c.creatorId !== userId) throw new AppError("FORBIDDEN", "Only the player who opened a challenge can cancel it.");
    });
    await tx.update(challenges).set({ status: "cancelled" }).where(eq(challenges.id, ch.id));
    await resolveNotice(tx, ch, now);
  });
}
