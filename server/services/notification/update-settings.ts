// Saving a user's notification settings.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { type NotificationKind } from "@/lib/notification-kinds";
import { assertAddressFree, countConfirmationMail, queueConfirmationMail } from "./confirmation-mail";
import { saveSettingsRow } from "./settings-row";

export interface SettingsInput {
  email: string | null;
  emailKinds: NotificationKind[];
  emailDigest: boolean;
  reminderHours: number[];
}

/**
 * Saves the settings. A new address starts unconfirmed and gets the confirmation link
 * (counted against the limits first, so a refusal changes nothing); the same address
 * in another case keeps its confirmation.
 */
export async function updateSettings(db: Db, userId: string, input: SettingsInput, now = new Date()): Promise<void> {
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const changed = (input.email?.toLowerCase() ?? null) !== (current?.email?.toLowerCase() ?? null);
  if (changed && input.email) {
    await assertAddressFree(db, input.email, userId);
    await countConfirmationMail(userId, input.email, now);
  }
  await db.transaction(async (tx) => {
    if (changed) {
      await tx.update(users).set({ email: input.email, emailConfirmedAt: null }).where(eq(users.id, userId));
      if (input.email) await queueConfirmationMail(tx, userId, now);
    }
    await saveSettingsRow(tx, userId, {
      emailKinds: input.emailKinds,
      emailDigest: input.emailDigest,
      reminderHours: [...new Set(input.reminderHours)].sort((a, b) => b - a),
    });
  });
}
