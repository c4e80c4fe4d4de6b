// The link in the confirmation mail: a page with one button (a GET changes nothing,
// since link scanners fetch GETs), whose POST confirms the account's current address.
// No sign-in: the signed token names the account and the address it was mailed to.
import { sharedDatabase } from "@/db/client";
import { accountForAddressToken } from "@/server/services/notification/address-token";
import { confirmEmail } from "@/server/services/notification/confirm-email";
import { ADDRESS_TAKEN } from "@/server/services/notification/confirmation-mail";
import { plainPage, tokenOf } from "../plain-page";

const TITLE = "Confirm your e-mail address";
const bad = () =>
  plainPage(
    TITLE,
    "<h1>This link does not work</h1><p>The link is incomplete, was changed, or was sent to an address the account no longer uses. Open your Moot settings to send a new one.</p>",
    400,
  );

export async function GET(req: Request) {
  const { db } = await sharedDatabase();
  if (!(await accountForAddressToken(db, "confirm-email", tokenOf(req)))) return bad();
  return plainPage(TITLE, `<h1>${TITLE}</h1><form method="post"><button type="submit">Confirm this address</button></form>`);
}

export async function POST(req: Request) {
  const { db } = await sharedDatabase();
  const outcome = await confirmEmail(db, tokenOf(req));
  if (outcome === "taken") return plainPage(TITLE, `<h1>Not confirmed</h1><p>${ADDRESS_TAKEN}</p>`, 409);
  if (outcome === "invalid") return bad();
  return plainPage(TITLE, "<h1>Address confirmed</h1><p>Moot will now send this address the e-mails you chose in your settings.</p>");
}
