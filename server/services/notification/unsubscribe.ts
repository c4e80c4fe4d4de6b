// One-click unsubscribe: a link bound to the account and its current address
// (address-token.ts), so it works without signing in, cannot be forged for someone else
// and dies when the address changes. Following it turns every e-mail kind and the digest off.
import type { Db } from "@/db/client";
import { notificationSettings } from "@/db/schema";
import { accountForAddressToken, addressLink } from "./address-token";

export function unsubscribeUrl(userId: string, email: string): string {
  return addressLink("/api/unsubscribe", "unsubscribe", userId, email);
}

/** True when the token is a live unsubscribe link (the page that asks before acting). */
export async function isUnsubscribeToken(db: Db, token: string): Promise<boolean> {
  return (await accountForAddressToken(db, "unsubscribe", token)) !== null;
}

/** Turns all e-mail off for the token's user; false for a bad token. */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const user = await accountForAddressToken(db, "unsubscribe", token);
  if (!user) return false;
  await db
    .insert(notificationSettings)
    .values({ userId: user.id, emailKinds: [], emailDigest: false })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailKinds: [], emailDigest: false } });
  return true;
}
