// Whether the caller has asked to join and waits for an answer.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentRequests } from "@/db/schema";

/** Whether the caller has asked to join and waits for an answer. */
export async function myRequest(db: Db, userId: string, tournamentId: string): Promise<boolean> {
  const [r] = await db
    .select({ userId: tournamentRequests.userId })
    .from(tournamentRequests)
    .where(and(eq(tournamentRequests.tournamentId, tournamentId), eq(tournamentRequests.userId, userId), isNull(tournamentRequests.declinedAt)));
  return !!r;
}
