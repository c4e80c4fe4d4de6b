// CSV downloads of a tournament: /tournaments/<id>/export/standings (or
// cross-tables, results), and the files its format offers (the Swiss's trf). The
// data is what the public page shows, read through the same tRPC procedure; the
// file is named after the tournament.
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { CSV_KINDS, tournamentCsv } from "@/components/tournament/csv";
import { formatFiles } from "@/components/formats/pages";
import { originFor } from "@/server/public-origin";
import { api } from "@/server/trpc/page-caller";

const ZParams = z.object({ id: z.uuid(), kind: z.string() });

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

export async function GET(request: Request, { params }: { params: Promise<{ id: string; kind: string }> }) {
  const parsed = ZParams.safeParse(await params);
  if (!parsed.success) return plain(404, "There is no such export: use standings, cross-tables or results.");
  const t = await (await api()).tournament.get({ tournamentId: parsed.data.id }).catch((err: unknown) => {
    if (err instanceof TRPCError && err.code === "NOT_FOUND") return null;
    throw err;
  });
  if (!t) return plain(404, "There is no such tournament.");
  if (!t.state) return plain(409, "The tournament has not started: there is nothing to export yet.");
  const names = Object.fromEntries(t.players.map((p) => [p.id, { username: p.username }]));
  const slug =
    t.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "tournament";
  const file = formatFiles(t.state.format).find((f) => f.kind === parsed.data.kind);
  if (file) {
    return new Response(
      file.write(t.state, t.name, (id) => names[id]?.username ?? id),
      {
        headers: {
          "content-type": file.contentType,
          "content-disposition": `attachment; filename="${slug}.${file.kind}"`,
          "cache-control": "no-store",
        },
      },
    );
  }
  const kind = (CSV_KINDS as readonly string[]).includes(parsed.data.kind) ? (parsed.data.kind as (typeof CSV_KINDS)[number]) : null;
  if (!kind) return plain(404, "There is no such export: use standings, cross-tables or results.");
  // Not request.url's origin: behind the custom server that is always http://localhost:PORT.
  const origin = originFor(request.headers.get("host"));
  const urls = Object.fromEntries(Object.entries(t.gameLinks).map(([key, gameId]) => [key, `${origin}/games/${gameId}`]));
  // A byte-order mark so spreadsheet programs read the file as UTF-8 (names, "½").
  return new Response(`\uFEFF${tournamentCsv(kind, t.state, names, urls)}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${slug}-${kind}.csv"`,
      "cache-control": "no-store",
    },
  });
}
