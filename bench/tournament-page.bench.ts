// The tournament page of a large tournament over HTTP, as a browser gets it, from
// the real server process (production build) on PostgreSQL.
//
// Per size N (BENCH_PAGE_SIZES, default "10000,100000"): a group elimination of N
// players (groups of four, hnefatafl) is created and started through the services
// (registration in bulk by SQL), 30 results are set through setResult, then the
// server process is started on that database and /tournaments/<id> is requested
// (node:http, one request at a time, keep-alive off):
// - first request after the server start (n=1): the server reads the state and
//   computes the standings, round standings and side balance of this version;
// - then BENCH_PAGE_REQUESTS (default 9) requests per viewer, each a full page load
//   (HTML with the RSC payload inline), for an anonymous viewer and for a signed-in
//   player deep in the standings (place ~3N/4: the page adds their row and group);
//   and the RSC payload alone (`RSC: 1`, what a click on a page link fetches). The
//   anonymous viewer's page data is kept per version by the server (tournamentPage):
//   its repeated requests read the version and render the kept answer; the signed-in
//   viewer's are read whole.
// - then BENCH_PAGE_REQUESTS requests, each right after a new result (setResult from this process):
//   each is a new tournament version, so the server's per-version readings are new:
//   the standings are ranked again (from each group's entries, remembered per group
//   object: only the touched group's are made again), the side balance and clinch
//   marks are gathered again from what is remembered per group, the shown groups
//   are ranked.
// Rows: time to first byte (request sent -> first body byte), time to the last byte,
// and the bytes on the wire with `Accept-Encoding: gzip` (the server's own answer, as
// it streamed it), beside the baseline measured in the same run: the same bytes
// (uncompressed) through gzip -6 in one piece (node:zlib), and the ratio of the two.
// Medians with min–max; the load average before and after each size.
// BENCH_PAGE_DUMP=<folder> writes the last answer of each row there.
import { request } from "node:http";
import { gunzipSync, gzipSync } from "node:zlib";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { openDatabase } from "@/db/client";
import { games, users } from "@/db/schema";
import { playableGames, standings } from "@/engine/formats";
import { hashPassword } from "@/server/auth/password";
import { setResult } from "@/server/services/play/set-result";
import { liveState } from "@/server/services/tournament/live-state";
import { startTournamentNow } from "@/server/services/tournament/start-tournament";
import { createFreshDatabase } from "@/test/fresh-database";
import { freePort, startServer } from "@/e2e/server-process";
import { ensureBuild } from "@/scripts/ensure-build";
import { asOrganizer, benchPlayers, benchTournament } from "./fixtures";
import { loadAverage, median, printTable, ratio, spread, type BenchRow } from "./stats";

const SIZES = (process.env.BENCH_PAGE_SIZES ?? "10000,100000").split(",").map(Number);
const REQUESTS = Number(process.env.BENCH_PAGE_REQUESTS ?? 9);
const RESULTS = 30;
const PASSWORD = "bench-page-password";
/** A folder to write the last answer per row to (BENCH_PAGE_DUMP), to see what a page holds. */
const DUMP = process.env.BENCH_PAGE_DUMP;
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const ms = (x: number) => `${x < 10 ? x.toFixed(1) : x.toFixed(0)} ms`;
const kb = (x: number) => `${(x / 1024).toFixed(1)} KB`;

interface Fetched {
  status: number;
  location?: string;
  ttfb: number;
  total: number;
  /** Bytes of the body as sent (compressed when the server compressed). */
  wire: number;
  /** The body as sent. */
  body: Buffer;
  encoding: string | undefined;
}

/** One GET, timing the first and last body byte. */
function get(url: string, headers: Record<string, string>): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let ttfb = 0;
    const req = request(url, { headers: { connection: "close", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => {
        if (chunks.length === 0) ttfb = performance.now() - t0;
        chunks.push(c);
      });
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          ...(res.headers.location ? { location: res.headers.location } : {}),
          ttfb,
          total: performance.now() - t0,
          wire: body.length,
          body,
          encoding: res.headers["content-encoding"],
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Signs in through next-auth's credentials flow; returns the cookie header. */
async function signIn(base: string, username: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie() },
    body: new URLSearchParams({ csrfToken, username, password: PASSWORD, json: "true" }),
  });
  keep(res);
  if (![...jar.keys()].some((k) => k.includes("session-token"))) throw new Error(`sign-in failed (${res.status})`);
  return cookie();
}

ensureBuild();
const fresh = await createFreshDatabase(serverUrl, "moot_bench_page");
const h = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
const rows: BenchRow[] = [];
let failed = false;
const dataDir = mkdtempSync(path.join(tmpdir(), "moot-bench-page-"));
const db = h.db;
try {
  await h.migrate();
  const most = Math.max(...SIZES);
  const people = await benchPlayers(db, most + 1, "pagebench");
  const organizer = asOrganizer(people[0]!);

  const tournaments: { N: number; id: string; deep: { id: string; username: string; place: number } }[] = [];
  for (const N of SIZES) {
    const t = await benchTournament(db, organizer, `Page bench ${N}`, people.slice(1, N + 1));
    await startTournamentNow(db, organizer, t.id);
    const open = playableGames((await liveState(db, t.id))!);
    for (let i = 0; i < RESULTS; i++) {
      const g = open[Math.floor((i * open.length) / RESULTS)]!;
      const [site] = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.tournamentId, t.id), eq(games.tournamentGameKey, g.id)));
      await setResult(db, organizer, { gameId: site!.id, result: i % 3 === 0 ? "0-1" : "1-0" });
    }
    const table = standings((await liveState(db, t.id))!);
    const place = Math.floor((table.length * 3) / 4);
    const deepId = table[place]!.player;
    const deep = people.find((p) => p.id === deepId)!;
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, deepId));
    tournaments.push({ N, id: t.id, deep: { ...deep, place: place + 1 } });
  }
  await db.execute(sql`vacuum analyze`);

  const port = await freePort();
  const server = await startServer({ port, env: { DATABASE_URL: fresh.url, DATA_DIR: dataDir, SEED_DEMO: "0" } });
  try {
    for (const { N, id, deep } of tournaments) {
      const label = N.toLocaleString("en");
      const loadBefore = loadAverage();
      const url = `${server.url}/tournaments/${id}`;
      const gzip = { "accept-encoding": "gzip" };
      const first = await get(url, gzip);
      if (first.status !== 200) throw new Error(`GET ${url}: ${first.status}`);
      rows.push({
        name: `${label}: first request after the server start (anonymous; state read, standings computed)`,
        measured: `TTFB ${ms(first.ttfb)}, last byte ${ms(first.total)}`,
        target: "-",
        ok: null,
      });
      const cookie = await signIn(server.url, deep.username);
      const viewers: { who: string; headers: Record<string, string>; path: string }[] = [
        { who: "anonymous, full page", headers: gzip, path: url },
        { who: `signed-in player at place ${deep.place.toLocaleString("en")}, full page`, headers: { ...gzip, cookie }, path: url },
        { who: "anonymous, page 2 of the groups as a link click (RSC payload)", headers: { ...gzip, rsc: "1" }, path: `${url}?groups=2` },
      ];
      for (const v of viewers) {
        // An RSC request is answered with a redirect to its cache-busting URL (?_rsc=) first: ask that one.
        if (v.headers.rsc) {
          const probe = await get(v.path, v.headers);
          if (probe.status === 307 && probe.location) v.path = new URL(probe.location, server.url).href;
        }
        const samples: Fetched[] = [];
        for (let i = 0; i < REQUESTS; i++) samples.push(await get(v.path, v.headers));
        const last = samples.at(-1)!;
        if (last.status !== 200) throw new Error(`GET ${v.path}: ${last.status}`);
        if (DUMP) writeFileSync(path.join(DUMP, `${N}-${v.who.replace(/\W+/g, "-")}${last.encoding === "gzip" ? ".gz" : ""}`), last.body);
        if (v.headers.cookie && !last.body.toString().includes(deep.username) && last.encoding !== "gzip")
          throw new Error("the signed-in page does not show the player");
        const ttfb = samples.map((s) => s.ttfb);
        const wire = samples.map((s) => s.wire);
        const body = last.encoding === "gzip" ? gunzipSync(last.body) : last.body;
        // The floor: the same bytes compressed in one piece at gzip's default level.
        const gzip6 = gzipSync(body, { level: 6 }).length;
        const onWire = median(wire);
        const big = !v.headers.rsc && N >= 100_000;
        rows.push({
          name: `${label}: ${v.who}: time to first byte`,
          measured: spread(ttfb, ms),
          target: big ? "< 300 ms" : "-",
          ok: big ? median(ttfb) < 300 : null,
        });
        rows.push({
          name: `${label}: ${v.who}: time to last byte`,
          measured: spread(
            samples.map((s) => s.total),
            ms,
          ),
          target: "-",
          ok: null,
        });
        rows.push({
          name: `${label}: ${v.who}: bytes on the wire (${last.encoding === "gzip" ? "the server's gzip, as streamed" : "the server sent it uncompressed"}), ${kb(body.length)} uncompressed`,
          measured: spread(wire, kb),
          baseline: `${kb(gzip6)}: the same bytes through gzip -6 in one piece (node:zlib)`,
          ratio: ratio(onWire, gzip6),
          target: big ? "< 200 KB" : "-",
          ok: big ? onWire < 200 * 1024 : null,
        });
      }
      // Right after a result: a new tournament version, so the server ranks the
      // standings again and gathers the side balance and clinch marks before drawing.
      const fresh: Fetched[] = [];
      const open = playableGames((await liveState(db, id))!);
      for (let i = 0; i < REQUESTS; i++) {
        const g = open[Math.floor(((i + 0.5) * open.length) / REQUESTS)]!;
        const [site] = await db
          .select({ id: games.id })
          .from(games)
          .where(and(eq(games.tournamentId, id), eq(games.tournamentGameKey, g.id)));
        await setResult(db, organizer, { gameId: site!.id, result: "1-0" });
        fresh.push(await get(url, gzip));
      }
      const big = N >= 100_000;
      rows.push({
        name: `${label}: anonymous, full page right after a new result (new version: standings ranked again, side balance and clinch gathered): time to first byte`,
        measured: spread(
          fresh.map((s) => s.ttfb),
          ms,
        ),
        target: big ? "< 300 ms" : "-",
        ok: big ? median(fresh.map((s) => s.ttfb)) < 300 : null,
      });
      rows.push({ name: `${label}: load average before / after (1, 5, 15 min)`, measured: `${loadBefore} / ${loadAverage()}`, target: "-", ok: null });
    }
  } finally {
    await server.stop();
  }
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await h.close();
  await fresh.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
const ok = printTable(rows);
process.exit(failed || !ok ? 1 : 0);
