// Configures the delivery channels at start: e-mail through nodemailer when SMTP_URL
// is set; Web Push with VAPID keys from the configuration or, when none are given,
// generated once and kept in the database (like the session secret), so every
// process and every restart signs with the same keys and subscriptions stay valid.
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import webpush from "web-push";
import type { Db } from "@/db/client";
import { appSettings } from "@/db/schema";
import type { Config } from "@/server/config";
import { configureChannels, type Channels } from "./channels";
import { PushAgent } from "./push-destination";

export async function loadVapidKeys(db: Db, cfg: Pick<Config, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY">): Promise<{ publicKey: string; privateKey: string }> {
  if (cfg.VAPID_PUBLIC_KEY && cfg.VAPID_PRIVATE_KEY) return { publicKey: cfg.VAPID_PUBLIC_KEY, privateKey: cfg.VAPID_PRIVATE_KEY };
  await db
    .insert(appSettings)
    .values({ key: "vapid_keys", value: JSON.stringify(webpush.generateVAPIDKeys()) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "vapid_keys"));
  return JSON.parse(row!.value) as { publicKey: string; privateKey: string };
}

export async function setUpChannels(db: Db, cfg: Config, secret: string): Promise<Channels> {
  const vapid = await loadVapidKeys(db, cfg);
  const c: Channels = {
    siteUrl: cfg.NEXTAUTH_URL ?? `http://localhost:${cfg.PORT}`,
    siteUrlConfigured: cfg.NEXTAUTH_URL !== undefined,
    email: cfg.SMTP_URL ? { transport: nodemailer.createTransport(cfg.SMTP_URL), from: cfg.MAIL_FROM } : null,
    push: { ...vapid, subject: cfg.VAPID_SUBJECT, agent: new PushAgent() },
    secret,
  };
  configureChannels(c);
  return c;
}
