// Where links handed back to a visitor point. Outside server/services so the CSV
// export's route handler (a page route, which reads nothing from services) may ask too.
import { channels } from "@/server/services/notification/channels";

// A host name, IPv4 or [IPv6] address, with an optional port: nothing else goes into a link.
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin for links handed to the person making a request (their calendar feed, a
 * CSV's game links, a feed's events): the configured public URL when there is one;
 * without it, the host they reached the site by (the Host header, as next-auth does
 * then), since the guessed http://localhost:PORT names the wrong machine for anyone
 * else. Mails and pushes, which no request carries, keep siteUrl.
 */
export function originFor(host: string | null | undefined): string {
  const c = channels();
  if (c.siteUrlConfigured || !host || !HOST.test(host)) return c.siteUrl;
  return `${new URL(c.siteUrl).protocol}//${host}`;
}
