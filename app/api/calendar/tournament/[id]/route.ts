// A tournament's schedule as .ics: registration close, start, and open games' deadlines.
import { sharedDatabase } from "@/db/client";
import { tournamentCalendar } from "@/server/services/notification/tournament-calendar";
import { originFor } from "@/server/public-origin";

export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  const { db } = await sharedDatabase();
  const body = /^[0-9a-f-]{36}$/.test(id) ? await tournamentCalendar(db, id, originFor(req.headers.get("host"))) : null;
  if (body === null) return new Response("There is no such tournament.\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(body, {
    headers: { "content-type": "text/calendar; charset=utf-8", "content-disposition": `attachment; filename="tournament-${id}.ics"` },
  });
}
