// One-click unsubscribe from e-mail (RFC 8058): mail clients POST to the link in the
// List-Unsubscribe header; a person following the link in the mail gets a page with
// one button (a GET changes nothing, since link scanners fetch GETs). No sign-in: the
// signed token says whose settings to change, and only while the address it was mailed
// to is still the account's.
import { sharedDatabase } from "@/db/client";
import { isUnsubscribeToken, unsubscribe } from "@/server/services/notification/unsubscribe";
import { plainPage, tokenOf } from "../plain-page";

const bad = () =>
  plainPage(
    "Unsubscribe",
    "<h1>This link does not work</h1><p>The unsubscribe link is incomplete, was changed, or was sent to an address the account no longer uses. Open your Moot settings to turn e-mail off.</p>",
    400,
  );

export async function GET(req: Request) {
  const { db } = await sharedDatabase();
  if (!(await isUnsubscribeToken(db, tokenOf(req)))) return bad();
  return plainPage(
    "Unsubscribe",
    `<h1>Stop Moot e-mails?</h1><form method="post"><button type="submit">Unsubscribe from all Moot e-mail</button></form><p>You can turn e-mails back on in your settings.</p>`,
  );
}

export async function POST(req: Request) {
  const { db } = await sharedDatabase();
  if (!(await unsubscribe(db, tokenOf(req)))) return bad();
  return plainPage("Unsubscribe", "<h1>You are unsubscribed</h1><p>Moot will send you no more e-mail. You can turn it back on in your settings.</p>");
}
