// One-click unsubscribe from e-mail (RFC 8058): mail clients POST to the link in the
// List-Unsubscribe header; a person following the link in the mail gets a page with
// one button (a GET changes nothing, since link scanners fetch GETs). No sign-in: the
// signed token says whose settings to change.
import { sharedDatabase } from "@/db/client";
import { unsubscribe, verifyUnsubscribeToken } from "@/server/services/notification/unsubscribe";

const page = (body: string, status = 200) =>
  new Response(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Unsubscribe · Moot</title></head><body style="font-family:system-ui;max-width:32rem;margin:3rem auto;padding:0 1rem">${body}</body></html>`, {
    status,
    headers: { "content-type": "text/html; charset=utf-8" },
  });

const BAD = page("<h1>This link does not work</h1><p>The unsubscribe link is incomplete or was changed. Open your Moot settings to turn e-mail off.</p>", 400);

export async function GET(req: Request) {
  const token = new URL(req.url).searchParams.get("token") ?? "";
  if (!verifyUnsubscribeToken(token)) return BAD;
  return page(`<h1>Stop Moot e-mails?</h1><form method="post"><button type="submit">Unsubscribe from all Moot e-mail</button></form><p>You can turn e-mails back on in your settings.</p>`);
}

export async function POST(req: Request) {
  const token = new URL(req.url).searchParams.get("token") ?? "";
  const { db } = await sharedDatabase();
  if (!(await unsubscribe(db, token))) return BAD;
  return page("<h1>You are unsubscribed</h1><p>Moot will send you no more e-mail. You can turn it back on in your settings.</p>");
}
