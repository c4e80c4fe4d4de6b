// The delivery channels this process is configured for, set once at start
// (server/index.ts) and by tests: e-mail only when SMTP_URL is set, Web Push always
// (VAPID keys from configuration or generated once and kept in the database).
import type { Transporter } from "nodemailer";
import type { PushAgent } from "./push-destination";

export interface EmailChannel {
  transport: Transporter;
  from: string;
}

export interface PushChannel {
  publicKey: string;
  privateKey: string;
  /** The VAPID "sub": a mailto: or https: contact for push services. */
  subject: string;
  /** Every push goes through it: public HTTPS on 443 only, unless its policy allows a test service. */
  agent: PushAgent;
}

export interface Channels {
  /** The site's public origin, for links in e-mails and pushes ("https://moot.example"). */
  siteUrl: string;
  /** siteUrl was configured (NEXTAUTH_URL), not guessed as http://localhost:PORT. */
  siteUrlConfigured?: boolean;
  email: EmailChannel | null;
  push: PushChannel | null;
  /** Signs unsubscribe links (the session secret). */
  secret: string;
}

const slot = globalThis as unknown as { __mootChannels?: Channels };

export function configureChannels(c: Channels): void {
  slot.__mootChannels = c;
}

export function channels(): Channels {
  return slot.__mootChannels ?? { siteUrl: "http://localhost:3000", email: null, push: null, secret: "" };
}
