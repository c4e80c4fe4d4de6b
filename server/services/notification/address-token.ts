// Links mailed to an address (one-click unsubscribe, confirming the address): the account
// id and an HMAC of the link's purpose, the id and the address, keyed with the site's
// secret. So a link works without signing in, cannot be forged for someone else, and
// stands only for the address it was mailed to: once the account's address changes,
// every older link stops working. Parsed strictly: `<account id>.<43 base64url
// characters>` and nothing more.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { channels } from "./channels";

export type AddressLinkPurpose = "unsubscribe" | "confirm-email";

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

function mac(purpose: AddressLinkPurpose, userId: string, email: string): string {
  return createHmac("sha256", channels().secret).update(`${purpose}:${userId}:${email.toLowerCase()}`).digest("base64url");
}

export function addressToken(purpose: AddressLinkPurpose, userId: string, email: string): string {
  return `${userId}.${mac(purpose, userId, email)}`;
}

/** The site address of a link for `path` carrying the token. */
export function addressLink(path: string, purpose: AddressLinkPurpose, userId: string, email: string): string {
  return new URL(`${path}?token=${addressToken(purpose, userId, email)}`, channels().siteUrl).href;
}

/** The live account whose current address the token was made for, or null. */
export async function accountForAddressToken(db: Db, purpose: AddressLinkPurpose, token: string) {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const [, userId, got] = m as unknown as [string, string, string];
  const [user] = await db
    .select({ id: users.id, email: users.email, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user?.email) return null;
  const want = Buffer.from(mac(purpose, user.id, user.email));
  return timingSafeEqual(want, Buffer.from(got)) ? { ...user, email: user.email } : null;
}
