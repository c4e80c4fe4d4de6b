// An admin sends a failed delivery again.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { outbox } from "@/db/schema";

/** Puts a failed delivery back in the queue (an admin fixed the cause). */
export async function retryDelivery(db: Db, id: string): Promise<void> {
  await db.update(outbox).set({ status: "pending", attempts: 0, nextAttemptAt: new Date() }).where(eq(outbox.id, id));
}
