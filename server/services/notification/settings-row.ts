// A user's row of notification settings (notification_settings), written field by field.
import type { Db } from "@/db/client";
import { notificationSettings } from "@/db/schema";

export async function saveSettingsRow(db: Db, userId: string, set: Partial<typeof notificationSettings.$inferInsert>): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: notificationSettings.userId, set });
}
