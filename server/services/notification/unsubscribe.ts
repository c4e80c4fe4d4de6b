// One-click unsubscribe: a link carrying the user id and an HMAC of it (keyed with the
// site's secret), so it works without signing in and cannot be forged for someone
// else. Following it turns every e-mail kind and the digest off.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "@/db/client";
import { notificationSettings } from "@/db/schema";
import { channels } from "./channels";

function sign(userId: string): string {
  return createHmac("sha256", channels().secret).update(`unsubscribe:${userId}`).digest("base64url");
}

export function unsubscribeToken(userId: string): string {
  return `${userId}.${sign(userId)}`;
}

export function unsubscribeUrl(userId: string): string {
  return new URL(`/api/unsubscribe?token=${unsubscribeToken(userId)}`, channels().siteUrl).href;
}

/** The user id of a valid token, or null. */
export function verifyUnsubscribeToken(token: string): string | null {
  const [userId, mac] = token.split(".");
  if (!userId || !mac || !/^[0-9a-f-]{36}$/.test(userId)) return null;
  const want = Buffer.from(sign(userId));
  const got = Buffer.from(mac);
  return want.length === got.length && timingSafeEqual(want, got) ? userId : null;
}

/** Turns all e-mail off for the token's user; false for a bad token. */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const userId = verifyUnsubscribeToken(token);
  if (!userId) return false;
  await db
    .insert(notificationSettings)
    .values({ userId, emailKinds: [], emailDigest: false })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailKinds: [], emailDigest: false } });
  return true;
}
