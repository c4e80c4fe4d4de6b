// A user's private calendar feed: /api/calendar/<secret token>.ics (no sign-in, since
// calendar apps fetch it on their own; the token is the key and can be rotated).
import { sharedDatabase } from "@/db/client";
import { userCalendar } from "@/server/services/notification/user-calendar";
import { originFor } from "@/server/public-origin";

export async function GET(req: Request, ctx: { params: Promise<{ file: string }> }) {
  const { file } = await ctx.params;
  const { db } = await sharedDatabase();
  const body = file.endsWith(".ics") ? await userCalendar(db, file.slice(0, -4), originFor(req.headers.get("host"))) : null;
  if (body === null)
    return new Response("There is no calendar at this address (the link may have been replaced by a new one).\n", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  return new Response(body, { headers: { "content-type": "text/calendar; charset=utf-8", "cache-control": "private, no-store" } });
}
