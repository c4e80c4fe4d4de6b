// What a visitor feels, in Chromium (Debian's, as the e2e tests drive it): the
// tournament page of a 10,000-player tournament and a live game's page, each loaded
// BENCH_BROWSER_LOADS times (default 5) as a first visit (a new browser context each
// time: empty cache, no cookies), from the real server process (production build) on
// PostgreSQL, anonymous.
//
// Per load, from the browser's own timings (Navigation Timing, Paint Timing, Largest
// Contentful Paint, Long Tasks, Resource Timing):
// - first byte: the navigation's responseStart;
// - LCP: the last largest-contentful-paint entry once the page has been quiet for a
//   second after its load event (the tournament page's standings table, the game's board);
// - time to interactive: the end of the last long task (>= 50 ms on the main thread:
//   parsing and running the scripts, hydration) or DOMContentLoaded if later; a
//   lower bound of Lighthouse's TTI, which also waits for a quiet network;
// - JavaScript shipped: the scripts the page loaded, bytes on the wire (transferSize)
//   and as parsed (decodedBodySize).
// Beside each, the floor measured in the same run, loads interleaved with Moot's: the
// same HTML (as Moot sent it for the last load, its bytes unchanged) and the same
// stylesheets and fonts, served gzip -6 by a bare node:http server, with no script
// (requests for scripts get 404): the page as the HTML alone draws it, which no
// JavaScript can make faster. Medians with min–max; the load average before and after.
//
// BENCH_BROWSER_PLAYERS sets the tournament's size (default 10000).
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { legalMoves, newGame, tryMove, type GameState } from "@/engine/games/tafl";
import { openDatabase } from "@/db/client";
import { startTournamentNow } from "@/server/services/tournament/start-tournament";
import { freePort, startServer } from "@/e2e/server-process";
import { ensureBuild } from "@/scripts/ensure-build";
import { createFreshDatabase } from "@/test/fresh-database";
import { HttpSession } from "@/test/http-session";
import { asOrganizer, benchPlayers, benchTournament } from "./fixtures";
import { loadAverage, median, printTable, ratio, spread, type BenchRow } from "./stats";

const PLAYERS = Number(process.env.BENCH_BROWSER_PLAYERS ?? 10_000);
const LOADS = Number(process.env.BENCH_BROWSER_LOADS ?? 5);
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const ms = (x: number) => `${x < 10 ? x.toFixed(1) : x.toFixed(0)} ms`;
const kb = (x: number) => `${(x / 1024).toFixed(1)} KB`;

interface Load {
  ttfb: number;
  lcp: number;
  tti: number;
  scriptsWire: number;
  scriptsParsed: number;
  scripts: number;
}

/** The observers a page needs from its first byte: LCP and long tasks are only buffered for observers. */
const OBSERVE = `
  window.__bench = { lcp: 0, longTasks: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__bench.lcp = e.startTime; }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__bench.longTasks.push(e.startTime + e.duration); }).observe({ type: "longtask", buffered: true });
`;

async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE);
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    // Quiet for a second: late long tasks (hydration) and the last LCP candidate are in.
    await page.waitForTimeout(1_000);
    return await page.evaluate(() => {
      const bench = (window as unknown as { __bench: { lcp: number; longTasks: number[] } }).__bench;
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
        (r) => r.initiatorType === "script" && r.responseStatus === 200,
      );
      return {
        ttfb: nav.responseStart,
        lcp: bench.lcp,
        tti: Math.max(nav.domContentLoadedEventEnd, ...bench.longTasks),
        scriptsWire: scripts.reduce((a, r) => a + r.transferSize, 0),
        scriptsParsed: scripts.reduce((a, r) => a + r.decodedBodySize, 0),
        scripts: scripts.length,
      };
    });
  } finally {
    await context.close();
  }
}

/** The HTML Moot sends for `url`, as sent (decompressed). */
function fetchHtml(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve(res.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body);
      });
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

const TYPES: Record<string, string> = { ".css": "text/css", ".woff2": "font/woff2", ".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon" };

/** The floor: HTML (by path) and the build's stylesheets, fonts and images, gzip -6 where it pays; scripts are not served. */
async function floorServer(pages: Map<string, Buffer>): Promise<{ url: string; server: Server }> {
  const gz = new Map([...pages].map(([p, html]) => [p, gzipSync(html, { level: 6 })]));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const page = gz.get(url.pathname);
    if (page) return void res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" }).end(page);
    const ext = path.extname(url.pathname);
    const file = path.join(process.cwd(), ".next", "static", url.pathname.replace(/^\/_next\/static\//, ""));
    if (url.pathname.startsWith("/_next/static/") && TYPES[ext] && !file.includes("..") && existsSync(file)) {
      const body = readFileSync(file);
      const compress = ext === ".css" || ext === ".svg";
      return void res
        .writeHead(200, { "content-type": TYPES[ext]!, ...(compress ? { "content-encoding": "gzip" } : {}) })
        .end(compress ? gzipSync(body, { level: 6 }) : body);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The next legal move that does not end the game (deterministic). */
function nextMove(state: GameState, i: number): { text: string; state: GameState } {
  const moves = legalMoves(state);
  for (let k = 0; k < moves.length; k++) {
    const m = moves[(i * 13 + k) % moves.length]!;
    const next = tryMove(state, m);
    if (next.ok && !next.state.status.over) return { text: `${m.from}-${m.to}`, state: next.state };
  }
  throw new Error(`no move that keeps the game going at ply ${state.ply}`);
}

ensureBuild();
const fresh = await createFreshDatabase(serverUrl, "moot_bench_browser");
const h = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
const rows: BenchRow[] = [];
let failed = false;
let browser: Browser | null = null;
let floor: { url: string; server: Server } | null = null;
try {
  await h.migrate();
  const people = await benchPlayers(h.db, PLAYERS + 1, "browserbench");
  const organizer = asOrganizer(people[0]!);
  const t = await benchTournament(h.db, organizer, `Browser bench ${PLAYERS}`, people.slice(1));
  await startTournamentNow(h.db, organizer, t.id);

  const server = await startServer({ port: await freePort(), env: { DATABASE_URL: fresh.url, DATA_DIR: "/tmp/unused", SEED_DEMO: "0", REDIS_URL: "" } });
  try {
    // A live game: a challenge accepted, a few moves made.
    const [a, d] = [new HttpSession(server.url), new HttpSession(server.url)];
    await a.signUp("browser_bench_a", "browser bench password");
    await d.signUp("browser_bench_d", "browser bench password");
    const ch = await a.mutation<{ id: string }>("challenge.create", { gameType: "hnefatafl", timeControl: "3d+6h", side: "side1", rated: false });
    const { gameId } = await d.mutation<{ gameId: string }>("challenge.accept", { challengeId: ch.id });
    let state: GameState = newGame();
    for (let i = 0; i < 12; i++) {
      const next = nextMove(state, i);
      await (state.toMove === "attackers" ? a : d).mutation("game.move", { gameId, ply: state.ply, move: next.text });
      state = next.state;
    }

    const pages = [
      { name: `tournament page, ${PLAYERS.toLocaleString("en")} players`, path: `/tournaments/${t.id}` },
      { name: "a live game (hnefatafl, 12 moves)", path: `/games/${gameId}` },
    ];
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    // The floor serves the HTML Moot sends, taken once the server has warmed up.
    for (const p of pages) await loadOnce(browser, `${server.url}${p.path}`);
    floor = await floorServer(new Map(await Promise.all(pages.map(async (p) => [p.path, await fetchHtml(`${server.url}${p.path}`)] as const))));
    for (const p of pages) {
      const loadBefore = loadAverage();
      const moot: Load[] = [];
      const bare: Load[] = [];
      // Interleaved, so both share the minute's load.
      for (let i = 0; i < LOADS; i++) {
        moot.push(await loadOnce(browser, `${server.url}${p.path}`));
        bare.push(await loadOnce(browser, `${floor.url}${p.path}`));
      }
      const row = (what: string, pick: (l: Load) => number, unit: (x: number) => string, floorToo = true): BenchRow => ({
        name: `${p.name}: ${what}`,
        measured: spread(moot.map(pick), unit),
        ...(floorToo
          ? {
              baseline: `${spread(bare.map(pick), unit)}: the same HTML and stylesheets, no script, from a bare node:http server (gzip -6)`,
              ratio: ratio(median(moot.map(pick)), median(bare.map(pick))),
            }
          : {}),
        target: "-",
        ok: null,
      });
      rows.push(row("first byte (responseStart)", (l) => l.ttfb, ms));
      rows.push(row("Largest Contentful Paint", (l) => l.lcp, ms));
      rows.push(row("time to interactive (last long task or DOMContentLoaded)", (l) => l.tti, ms));
      rows.push(
        row(
          `JavaScript shipped, on the wire (${median(moot.map((l) => l.scripts))} scripts; ${kb(median(moot.map((l) => l.scriptsParsed)))} parsed)`,
          (l) => l.scriptsWire,
          kb,
          false,
        ),
      );
      rows.push({ name: `${p.name}: load average before / after`, measured: `${loadBefore} / ${loadAverage()}`, target: "-", ok: null });
    }
  } finally {
    await server.stop();
  }
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await browser?.close();
  floor?.server.close();
  await h.close();
  await fresh.drop();
}
const ok = printTable(rows);
process.exit(failed || !ok ? 1 : 0);
