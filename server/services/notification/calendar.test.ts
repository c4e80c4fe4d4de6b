// The calendar feeds, parsed by an iCal parser (node-ical) and checked against the
// games' deadlines in the database: only games waiting on the user, joined
// tournaments' starts, and a rotated token kills the old URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { setSharedDatabase, type DbHandle } from "@/db/client";
import { games } from "@/db/schema";
import { openTestDatabase } from "@/test/db";
import { apiFor, newPlayer, runningTournament } from "@/test/api-fixtures";
import { GET as feed } from "@/app/api/calendar/[file]/route";
import { GET as schedule } from "@/app/api/calendar/tournament/[id]/route";
import { createGame } from "../game/create-game";
import { createCaller } from "@/server/trpc/root";
import { originFor } from "@/server/public-origin";
import { configureChannels } from "./channels";

let h: DbHandle;
const SITE = "https://moot.test";
const DAY = 86_400_000;
/** iCal times have whole seconds. */
const seconds = (d: Date) => Math.floor(d.getTime() / 1000) * 1000;

beforeAll(async () => {
  h = await openTestDatabase();
  setSharedDatabase(Promise.resolve(h));
  configureChannels({ siteUrl: SITE, email: null, push: null, secret: "s" });
});
afterAll(() => h.close());

async function fetchFeed(url: string) {
  const file = url.slice(url.lastIndexOf("/") + 1);
  return feed(new Request(url), { params: Promise.resolve({ file }) });
}

const events = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");

describe("calendar", () => {
  it("lists the deadline of each game waiting on the user and the start of tournaments joined", async () => {
    const [me, other] = [await newPlayer(h), await newPlayer(h)];
    const at = new Date();
    const make = (side1: string, side2: string, gameType = "hnefatafl") =>
      h.db.transaction((tx) => createGame(tx, { gameType, side1Id: side1, side2Id: side2, rated: false, initialMs: 3 * DAY, incrementMs: 0 }, at));
    const myMove = await make(me.id, other.id);
    const theirMove = await make(other.id, me.id);
    const elsewhere = await make(other.id, me.id, "race");
    const t = await apiFor(h, other).tournament.create({
      name: "Calendar Cup",
      format: "league",
      gameType: "hnefatafl",
      timeControl: "3d+6h",
      rated: false,
      minPlayers: 4,
      maxPlayers: 8,
      startsAt: new Date(Date.now() + 7 * DAY),
    });
    await apiFor(h, me).tournament.join({ tournamentId: t.id });

    const url = await apiFor(h, me).notification.rotateCalendar();
    expect(url).toMatch(/^https:\/\/moot\.test\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    const res = await fetchFeed(url);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    const evs = events(await res.text());
    const byUid = new Map(evs.map((e) => [e.uid, e]));
    for (const g of [myMove, elsewhere]) {
      const [row] = await h.db.select().from(games).where(eq(games.id, g.id));
      const ev = byUid.get(`deadline-${g.id}@moot`);
      expect(ev, `an event for game ${g.id}`).toBeDefined();
      expect(new Date(ev!.start).getTime()).toBe(seconds(row!.deadline!));
      expect(JSON.stringify(ev!.url)).toContain(`${SITE}/games/${g.id}`);
    }
    expect(byUid.has(`deadline-${theirMove.id}@moot`)).toBe(false);
    const start = byUid.get(`start-${t.id}@moot`);
    expect(start!.summary).toBe("Calendar Cup starts");
    expect(evs).toHaveLength(3);

    // A new link: the old one is gone.
    const next = await apiFor(h, me).notification.rotateCalendar();
    expect(next).not.toBe(url);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await fetchFeed(next)).status).toBe(200);
    expect((await fetchFeed(`${SITE}/api/calendar/nonsense.ics`)).status).toBe(404);
  });

  it("offers a tournament's schedule with the deadline of every game in play", async () => {
    const t = await runningTournament(h, "league", "hnefatafl", 4);
    const res = await schedule(new Request(`${SITE}/api/calendar/tournament/${t.tournamentId}`), { params: Promise.resolve({ id: t.tournamentId }) });
    expect(res.status).toBe(200);
    const evs = events(await res.text());
    const open = await h.db.select().from(games).where(eq(games.tournamentId, t.tournamentId));
    const active = open.filter((g) => g.status === "active");
    expect(active.length).toBeGreaterThan(0);
    for (const g of active) {
      const ev = evs.find((e) => e.uid === `deadline-${g.id}@moot`);
      expect(new Date(ev!.start).getTime()).toBe(seconds(g.deadline!));
    }
    expect(evs.some((e) => e.uid === `start-${t.tournamentId}@moot`)).toBe(true);
  });

  it("names the host the site was reached by when no public URL is configured, never localhost", async () => {
    // As the server sets them up without NEXTAUTH_URL: the guess names this machine only.
    configureChannels({ siteUrl: "http://localhost:3000", siteUrlConfigured: false, email: null, push: null, secret: "s" });
    try {
      expect(originFor("moot.lan:8080")).toBe("http://moot.lan:8080");
      expect(originFor("192.168.1.20:3000")).toBe("http://192.168.1.20:3000");
      expect(originFor("[fd00::1]:3000")).toBe("http://[fd00::1]:3000");
      // Nothing but a host and port goes into a link.
      expect(originFor("evil.example/path?x")).toBe("http://localhost:3000");
      expect(originFor(null)).toBe("http://localhost:3000");

      const me = await newPlayer(h);
      const api = createCaller({ db: h.db, dbKind: h.kind, user: me, clientIp: null, host: "moot.lan:8080" });
      const url = await api.notification.rotateCalendar();
      expect(url).toMatch(/^http:\/\/moot\.lan:8080\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
      expect((await api.notification.settings()).calendarUrl).toBe(url);

      // The feeds' own links follow the host the calendar app asked.
      const t = await runningTournament(h, "league", "hnefatafl", 4);
      const res = await schedule(new Request(`http://moot.lan:8080/api/calendar/tournament/${t.tournamentId}`, { headers: { host: "moot.lan:8080" } }), {
        params: Promise.resolve({ id: t.tournamentId }),
      });
      const urls = events(await res.text()).map((e) => JSON.stringify(e.url));
      expect(urls.length).toBeGreaterThan(1);
      for (const u of urls) expect(u).toContain("http://moot.lan:8080/");

      // A configured public URL wins over whatever Host a request says.
      configureChannels({ siteUrl: SITE, siteUrlConfigured: true, email: null, push: null, secret: "s" });
      expect(originFor("moot.lan:8080")).toBe(SITE);
      expect((await api.notification.settings()).calendarUrl).toMatch(new RegExp(`^${SITE}/api/calendar/`));
    } finally {
      configureChannels({ siteUrl: SITE, email: null, push: null, secret: "s" });
    }
  });
});
