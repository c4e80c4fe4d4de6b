// The private calendar feed's secret, renewed: the old address stops working.
import { randomBytes } from "node:crypto";
import type { Db } from "@/db/client";
import { channels } from "./channels";
import { saveSettingsRow } from "./settings-row";

/** A new secret for the calendar feed; the old URL stops working. */
export async function rotateCalendarToken(db: Db, userId: string, origin = channels().siteUrl): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await saveSettingsRow(db, userId, { calendarToken: token });
  return new URL(`/api/calendar/${token}.ics`, origin).href;
}
