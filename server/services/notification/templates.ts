// One template per channel, all from the one wording in lib/notification-kinds.ts:
// the Web Push payload (read by public/sw.js), and e-mails (single and daily digest)
// with plain-text and HTML parts and a one-click unsubscribe link, and the mail that
// confirms an address.
import { describe, type NotificationKind, type NotificationPayload } from "@/lib/notification-kinds";

export interface PushPayload {
  title: string;
  body: string;
  /** Absolute URL the click opens. */
  url: string;
  /** Lets the browser replace an older push about the same thing. */
  tag: string;
}

export function pushPayload(
  n: { id: string; kind: NotificationKind; payload: NotificationPayload; link: string; subject: string },
  siteUrl: string,
): PushPayload {
  const { title, body } = describe(n.kind, n.payload);
  return { title, body, url: new URL(n.link, siteUrl).href, tag: `${n.kind}:${n.subject}` };
}

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function footer(unsubscribeUrl: string, settingsUrl: string) {
  return {
    text: `\n\n--\nYou get this because of your Moot notification settings: ${settingsUrl}\nUnsubscribe from all Moot e-mail with one click: ${unsubscribeUrl}\n`,
    html: `<hr><p style="font-size:12px;color:#666">You get this because of your <a href="${escapeHtml(settingsUrl)}">Moot notification settings</a>. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from all Moot e-mail</a>.</p>`,
  };
}

export function notificationMail(n: { kind: NotificationKind; payload: NotificationPayload; link: string }, siteUrl: string, unsubscribeUrl: string): Mail {
  const { title, body } = describe(n.kind, n.payload);
  const url = new URL(n.link, siteUrl).href;
  const foot = footer(unsubscribeUrl, new URL("/settings", siteUrl).href);
  return {
    subject: `${title}: ${body}`.slice(0, 180),
    text: `${body}\n\nOpen it on Moot: ${url}${foot.text}`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(url)}">Open it on Moot</a></p>${foot.html}`,
  };
}

export function digestMail(
  items: readonly { kind: NotificationKind; payload: NotificationPayload; link: string }[],
  siteUrl: string,
  unsubscribeUrl: string,
): Mail {
  const lines = items.map((n) => ({ ...describe(n.kind, n.payload), url: new URL(n.link, siteUrl).href }));
  const foot = footer(unsubscribeUrl, new URL("/settings", siteUrl).href);
  const inbox = new URL("/inbox", siteUrl).href;
  return {
    subject: `Moot: ${items.length} unread notification${items.length === 1 ? "" : "s"}`,
    text: `${lines.map((l) => `* ${l.body}\n  ${l.url}`).join("\n")}\n\nYour inbox: ${inbox}${foot.text}`,
    html: `<ul>${lines.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.body)}</a></li>`).join("")}</ul><p><a href="${escapeHtml(inbox)}">Your inbox</a></p>${foot.html}`,
  };
}

/** The one mail an address gets before it is confirmed: the link that confirms it, and nothing else. */
export function confirmationMail(username: string, confirmUrl: string): Mail {
  const text = `Someone (we hope you) entered this address for the Moot account "${username}". Until you confirm it, Moot sends it nothing else.`;
  return {
    subject: "Moot: confirm your e-mail address",
    text: `${text}\n\nConfirm it: ${confirmUrl}\n\nIf this was not you, ignore this mail; no more will follow.\n`,
    html: `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(confirmUrl)}">Confirm this address</a></p><p>If this was not you, ignore this mail; no more will follow.</p>`,
  };
}
