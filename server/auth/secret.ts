// The session-signing secret: NEXTAUTH_SECRET when configured, otherwise one generated
// at first start and kept in the database, so a fresh `npm start` needs no set-up,
// sessions survive restarts, and every process sharing the database agrees on it.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appSettings } from "@/db/schema";

export async function loadAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: "auth_secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "auth_secret"));
  return row!.value;
}
