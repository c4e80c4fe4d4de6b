// Sign-out: the session's id goes on the revoked list until its token would have expired
// anyway, so a copy of the cookie taken before sign-out is refused everywhere
// (server/auth/session.ts), and every process is told to forget it (session-changes.ts).
// Rows whose token has expired are dropped on the way.
import { lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { revokedSessions } from "@/db/schema";
import { announceSessionChange } from "@/server/auth/session-changes";

export async function revokeSession(db: Db, sid: string, expiresAt: Date, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(revokedSessions).values({ sid, expiresAt }).onConflictDoNothing();
    await tx.delete(revokedSessions).where(lt(revokedSessions.expiresAt, now));
  });
  await announceSessionChange({ sid });
}
