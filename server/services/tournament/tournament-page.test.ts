// The tournament page's view model on a real database, through tournament.page:
// windows bigger than one page keep the top and the viewer's own row and group in
// view, carry names and game links only for what they show, clamp or refuse bad
// page numbers, and page the merged audit log exactly as merging it whole would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { games, tournamentAudit, users } from "@/db/schema";
import { groupsPerPage, type GroupsPanel } from "@/components/formats/groups/page";
import { mergeAudit } from "@/components/tournament/audit-entries";
import { playableGames, standings } from "@/engine/formats";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { openTestDatabase, recordingDb, uniqueName } from "@/test/db";
import { liveState } from "./live-state";
import { PAGE_SIZES, tournamentPage } from "./tournament-page";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

const api = (user: SessionUser | null) => apiFor(h, user);
const N = 70; // more than a standings page (50) and than a page of groups (12 of 18)

type PageView = Awaited<ReturnType<ReturnType<typeof api>["tournament"]["page"]>>;

/** The round panel of a group elimination: the viewer's group and a page of groups. */
function groupsPanel(view: PageView): GroupsPanel {
  const panel = view.rounds!.panel;
  if (panel.kind !== "round" || panel.format !== "groups") throw new Error("a group elimination round expected");
  return panel.data;
}

/** A group elimination (groups of four, chess played elsewhere) registering up to `maxPlayers`. */
function createGroups(organizer: SessionUser, name: string, maxPlayers: number) {
  return api(organizer).tournament.create({
    description: "",
    gameType: "chess-elsewhere",
    timeControl: "3d+6h",
    rated: false,
    minPlayers: 2,
    maxPlayers,
    name: `${name} ${uniqueName("")}`,
    format: "groups",
    settings: { groupSize: 4 } as never,
  });
}

async function groupsTournament() {
  const organizer = await newPlayer(h);
  const t = await createGroups(organizer, "Window", 1000);
  const players: SessionUser[] = [];
  for (let i = 0; i < N; i++) {
    const p = await newPlayer(h, { ratings: { "chess-elsewhere": 2400 - i * 5 } });
    await api(p).tournament.join({ tournamentId: t.id });
    players.push(p);
  }
  await api(organizer).tournament.start({ tournamentId: t.id });
  return { organizer, t, players };
}

describe("the entrants' count on the page", () => {
  it("follows every entry and leave, read after each (counted once per version of the tournament)", async () => {
    const t = await createGroups(await newPlayer(h), "Count", 10);
    const count = async () => (await api(null).tournament.page({ tournamentId: t.id })).playerCount;
    expect(await count()).toBe(0);
    const players = [await newPlayer(h), await newPlayer(h), await newPlayer(h)];
    for (const [i, p] of players.entries()) {
      await api(p).tournament.join({ tournamentId: t.id });
      expect(await count()).toBe(i + 1);
      expect(await count()).toBe(i + 1);
    }
    await api(players[1]!).tournament.leave({ tournamentId: t.id });
    expect(await count()).toBe(2);
  });
});

describe("tournament.page", () => {
  let fixture: Awaited<ReturnType<typeof groupsTournament>>;
  beforeAll(async () => {
    fixture = await groupsTournament();
    // A few results so the standings and the audit log have something in them.
    const state = (await liveState(h.db, fixture.t.id))!;
    for (const g of playableGames(state).slice(0, 10)) {
      const [site] = await h.db
        .select()
        .from(games)
        .where(and(eq(games.tournamentId, fixture.t.id), eq(games.tournamentGameKey, g.id)));
      await api(fixture.organizer).game.setResult({ gameId: site!.id, result: "1-0" });
    }
  }, 120_000);

  it("shows an anonymous viewer the first page of everything, with names only for what is shown", async () => {
    const view = await api(null).tournament.page({ tournamentId: fixture.t.id });
    expect(view.standings!.total).toBe(N);
    expect(view.standings!.page).toBe(1);
    expect(view.standings!.rows).toHaveLength(PAGE_SIZES.standings);
    expect(view.players.rows).toHaveLength(PAGE_SIZES.players);
    const panel = groupsPanel(view);
    expect(panel.mine).toBeNull();
    expect(panel.total).toBe(18);
    expect(panel.groups).toHaveLength(groupsPerPage(4));
    expect(groupsPerPage(4)).toBe(12);
    expect(groupsPerPage(8)).toBe(6);
    // Names: the players of the shown rows, groups, list and log, not all 70 plus the organizer.
    const shownIds = new Set([...view.standings!.rows.map((r) => r.player), ...panel.groups.flatMap((g) => g.players), ...view.players.rows.map((p) => p.id)]);
    for (const id of shownIds) expect(view.names[id]).toBeDefined();
    const linked = Object.keys(view.gameLinks);
    const shownGames = new Set(panel.groups.flatMap((g) => g.games.map((x) => x.id)));
    for (const key of linked) expect(shownGames.has(key) || view.audit.items.some((i) => i.what.includes(key))).toBe(true);
    expect(JSON.stringify(view)).not.toContain('"audit":[{"round"'); // no engine state in the model
    expect("state" in view).toBe(false);
  });

  it("keeps a player deep in the standings in view with the top, and puts their group first", async () => {
    const state = (await liveState(h.db, fixture.t.id))!;
    const rows = standings(state);
    const deep = fixture.players.find((p) => rows.findIndex((r) => r.player === p.id) >= 60)!;
    const at = rows.findIndex((r) => r.player === deep.id);
    const view = await api(deep).tournament.page({ tournamentId: fixture.t.id, standings: 1 });
    const shown = view.standings!.rows.map((r) => r.player);
    expect(shown.slice(0, 10)).toEqual(rows.slice(0, 10).map((r) => r.player));
    expect(shown).toContain(deep.id);
    expect(view.standings!.viewerPage).toBe(2);
    expect(view.standings!.gapsBefore).toEqual([PAGE_SIZES.standings]);
    // The row above the gap names the real next player, not the viewer's neighbour.
    expect(view.standings!.nextPlayer[rows[49]!.player]).toBe(rows[50]!.player);
    expect(at).toBeGreaterThanOrEqual(60);
    // Without a page asked for, the standings open on the viewer's page.
    expect((await api(deep).tournament.page({ tournamentId: fixture.t.id })).standings!.page).toBe(2);
    const panel = groupsPanel(view);
    expect(panel.mine!.players).toContain(deep.id);
    expect(panel.groups.some((g) => g.name === panel.mine!.name)).toBe(false);
    // The second page of groups holds the rest, without the viewer's.
    const page2 = await api(deep).tournament.page({ tournamentId: fixture.t.id, groups: 2 });
    const names = [...panel.groups, ...groupsPanel(page2).groups].map((g) => g.name);
    expect(new Set(names).size).toBe(17);
    expect(names).not.toContain(panel.mine!.name);
  });

  it("clamps page numbers past the end and refuses nonsense with a clear message", async () => {
    const view = await api(null).tournament.page({ tournamentId: fixture.t.id, standings: 999, groups: 999, players: 999, audit: 999, balance: 999 });
    expect(view.standings!.page).toBe(2);
    expect(groupsPanel(view).page).toBe(2);
    expect(view.players.page).toBe(2);
    await expect(api(null).tournament.page({ tournamentId: fixture.t.id, standings: 0 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The standings page must be 1 or more.",
    });
    await expect(api(null).tournament.page({ tournamentId: fixture.t.id, groups: 1.5 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The groups page must be a whole number.",
    });
    await expect(api(null).tournament.standings({ tournamentId: fixture.t.id, page: -1 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const last = await api(null).tournament.standings({ tournamentId: fixture.t.id, page: 999 });
    expect(last).toMatchObject({ page: 2, pageCount: 2, total: N });
    expect(last.rows).toHaveLength(N - PAGE_SIZES.standings);
    expect(last.rows[0]!.username).toMatch(/\S/);
  });

  it("finds players by name and pages the list in seed order", async () => {
    const [someone] = await h.db.select({ username: users.username }).from(users).where(eq(users.id, fixture.players[63]!.id));
    const found = await api(null).tournament.page({ tournamentId: fixture.t.id, q: someone!.username });
    expect(found.players.rows.map((p) => p.id)).toEqual([fixture.players[63]!.id]);
    const second = await api(null).tournament.page({ tournamentId: fixture.t.id, players: 2 });
    expect(second.players.rows.map((p) => p.number)).toEqual(Array.from({ length: N - PAGE_SIZES.players }, (_, i) => PAGE_SIZES.players + i + 1));
  });

  it("pages the audit log on the server exactly as merging the whole log would", async () => {
    const id = fixture.t.id;
    // Enough recorded actions for several pages, some before and some after the start.
    const started = (await api(null).tournament.get({ tournamentId: id })).startedAt!;
    await h.db.insert(tournamentAudit).values(
      Array.from({ length: 60 }, (_, i) => ({
        tournamentId: id,
        action: "edited" as const,
        detail: `note ${i}`,
        at: new Date(started.getTime() + (i % 2 === 0 ? -1 : 1) * (i + 1) * 1000),
      })),
    );
    const full = await api(null).tournament.get({ tournamentId: id });
    const roundTimes: Record<number, string> = { 1: full.startedAt!.toISOString() };
    const merged = mergeAudit(
      full.state!.audit,
      full.audit.map((a) => ({ at: a.at.toISOString(), who: a.actor ?? "Moot", what: a.detail })),
      roundTimes,
    ).map((i) => i.what);
    const first = await api(null).tournament.audit({ tournamentId: id });
    expect(first.total).toBe(merged.length);
    expect(first.page).toBe(first.pageCount); // opens on the latest page
    const pages = [];
    for (let p = 1; p <= first.pageCount; p++) pages.push(...(await api(null).tournament.audit({ tournamentId: id, page: p })).items.map((i) => i.what));
    expect(pages).toEqual(merged);
  });
});

describe("an anonymous viewer's page, kept per version", () => {
  it("is read once per version and window, and read again when the version moves", async () => {
    const organizer = await newPlayer(h);
    const t = await createGroups(organizer, "Kept", 10);
    const first = await tournamentPage(h.db, null, t.id, {});
    expect(await tournamentPage(h.db, null, t.id, {})).toBe(first);
    // The same window however its query is spelled; another window is another answer.
    expect(await tournamentPage(h.db, null, t.id, { players: 1, standings: 1 })).toBe(await tournamentPage(h.db, null, t.id, { standings: 1, players: 1 }));
    expect(await tournamentPage(h.db, null, t.id, { players: 1 })).not.toBe(first);
    // Concurrent readers of a new version wait for one read.
    await api(await newPlayer(h)).tournament.join({ tournamentId: t.id });
    const [a, b] = await Promise.all([tournamentPage(h.db, null, t.id, {}), tournamentPage(h.db, null, t.id, {})]);
    expect(a).toBe(b);
    expect(a).not.toBe(first);
    expect(a.playerCount).toBe(1);
    expect(a.version).toBeGreaterThan(first.version);
  });

  it("holds no viewer's own data, and a signed-in viewer's page is read whole", async () => {
    const organizer = await newPlayer(h);
    const t = await createGroups(organizer, "Own", 10);
    const player = await newPlayer(h);
    await api(player).tournament.join({ tournamentId: t.id });
    const anonymous = await api(null).tournament.page({ tournamentId: t.id });
    expect(anonymous.joined).toBe(false);
    expect(anonymous.isOrganizer).toBe(false);
    expect((await api(player).tournament.page({ tournamentId: t.id })).joined).toBe(true);
    expect((await api(organizer).tournament.page({ tournamentId: t.id })).isOrganizer).toBe(true);
    expect((await api(null).tournament.page({ tournamentId: t.id })).joined).toBe(false);
  });

  it("a signed-in viewer's page reads the window's players and audit log once per version, and what is the viewer's own every time", async () => {
    const organizer = await newPlayer(h);
    const t = await createGroups(organizer, "Shared", 10);
    const [player, later] = [await newPlayer(h), await newPlayer(h)];
    await api(player).tournament.join({ tournamentId: t.id });
    const { db, sent } = await recordingDb(h);
    const viewer = { id: player.id, isAdmin: false };
    const audited = () => sent.filter((q) => q.includes('"tournament_audit"')).length;
    const first = await tournamentPage(db, viewer, t.id, {});
    expect(audited()).toBeGreaterThan(0);
    sent.length = 0;
    const again = await tournamentPage(db, viewer, t.id, {});
    expect(audited()).toBe(0);
    expect(again.players).toEqual(first.players);
    expect(again.audit).toEqual(first.audit);
    // The viewer's own parts are read each time: another viewer of the same window is not "joined".
    expect(again.joined).toBe(true);
    expect((await tournamentPage(db, { id: later.id, isAdmin: false }, t.id, {})).joined).toBe(false);
    // A new version: read again.
    await api(later).tournament.join({ tournamentId: t.id });
    sent.length = 0;
    const moved = await tournamentPage(db, viewer, t.id, {});
    expect(audited()).toBeGreaterThan(0);
    expect(moved.playerCount).toBe(2);
    expect(moved.players.rows.map((r) => r.id).sort()).toEqual([player.id, later.id].sort());
  });

  it("shows an organizer's announcement in the audit log at once to every viewer: it is a new version", async () => {
    const organizer = await newPlayer(h);
    const t = await createGroups(organizer, "Announced", 10);
    const player = await newPlayer(h);
    await api(player).tournament.join({ tournamentId: t.id });
    const announced = (view: PageView) => view.audit.items.some((i) => i.kind === "organizer" && i.action === "announcement");
    const before = await api(null).tournament.page({ tournamentId: t.id });
    expect(announced(before)).toBe(false);
    expect(announced(await api(player).tournament.page({ tournamentId: t.id }))).toBe(false);
    await api(organizer).notification.announce({ tournamentId: t.id, message: "Round 1 starts on Monday." });
    const after = await api(null).tournament.page({ tournamentId: t.id });
    expect(after.version).toBeGreaterThan(before.version);
    expect(announced(after)).toBe(true);
    expect(announced(await api(player).tournament.page({ tournamentId: t.id }))).toBe(true);
  });

  it("shows a name changed without a new version at once to a signed-in viewer, and within seconds to an anonymous one", async () => {
    const organizer = await newPlayer(h);
    const t = await createGroups(organizer, "Renamed", 10);
    const before = await tournamentPage(h.db, null, t.id, {});
    expect(before.organizer.username).toBe(organizer.username);
    const renamed = uniqueName("renamed");
    await h.db.update(users).set({ username: renamed }).where(eq(users.id, organizer.id));
    expect((await api(await newPlayer(h)).tournament.page({ tournamentId: t.id })).organizer.username).toBe(renamed);
    await expect.poll(async () => (await tournamentPage(h.db, null, t.id, {})).organizer.username, { timeout: 15_000, interval: 200 }).toBe(renamed);
    // A player in the list: the list is kept per version, its names are read each time.
    const [player, viewer] = [await newPlayer(h), await newPlayer(h)];
    await api(player).tournament.join({ tournamentId: t.id });
    const listed = async () => (await api(viewer).tournament.page({ tournamentId: t.id })).players.rows.map((r) => r.username);
    expect(await listed()).toEqual([player.username]);
    const playerRenamed = uniqueName("renamed");
    await h.db.update(users).set({ username: playerRenamed }).where(eq(users.id, player.id));
    expect(await listed()).toEqual([playerRenamed]);
  });

  it("says there is no such tournament in words", async () => {
    await expect(tournamentPage(h.db, null, "01900000-0000-7000-8000-000000000000", {})).rejects.toThrow("There is no such tournament.");
  });
});
