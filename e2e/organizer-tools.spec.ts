// Tournament pages as a new user and an organizer meet them, on a laptop and a
// phone: a group table whose Score is the sum of its cells, an audit log that
// names people instead of printing ids, and an organizer who edits a tournament in
// registration, invites a player by link, approves them, and exports the CSV.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./test";
import { playableGames } from "../engine/formats";
import { HttpSession } from "../test/http-session";
import { freshUsername, signUpByApi, type TournamentData } from "./helpers";

const VIEWPORTS = [
  { name: "laptop", width: 1366, height: 768 },
  { name: "phone", width: 390, height: 844 },
] as const;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const GAME_CODE = /\br\d+-[gp]\d+-\d+\b/;

/** A running group tournament of four (one group, everyone rated 1500: a random draw orders them) with all but two games decided. */
async function groupsInPlay(baseURL: string) {
  const organizer = new HttpSession(baseURL);
  await organizer.signUp(freshUsername("Go"), "organizer password");
  const t = await organizer.mutation<{ id: string }>("tournament.create", {
    name: `Groups ${freshUsername("")}`,
    format: "groups",
    settings: { groupSize: 4 },
    gameType: "chess-elsewhere",
    timeControl: "3d+6h",
    rated: false,
    minPlayers: 2,
    maxPlayers: 8,
  });
  for (let i = 0; i < 4; i++) {
    const p = new HttpSession(baseURL);
    await p.signUp(freshUsername(`g${i}`), "player password");
    await p.mutation("tournament.join", { tournamentId: t.id });
  }
  await organizer.mutation("tournament.start", { tournamentId: t.id });
  const data = await organizer.query<TournamentData>("tournament.get", { tournamentId: t.id });
  // One game on each side per pair: 12 games; all but two decided, three of them drawn.
  const results = ["1-0", "draw", "0-1", "draw", "1-0", "0-1", "draw", "1-0", "1-0", "0-1"] as const;
  const games = playableGames(data.state!);
  expect(games.length).toBe(12);
  for (const [i, result] of results.entries()) await organizer.mutation("game.setResult", { gameId: data.gameLinks[games[i]!.id], result });
  return t.id;
}

const points = (text: string): number => {
  const t = text.trim();
  if (t === "½") return 0.5;
  if (/^\d+½$/.test(t)) return Number(t.slice(0, -1)) + 0.5;
  return /^\d+$/.test(t) ? Number(t) : 0;
};

async function checkGroupTable(page: Page) {
  const table = page.getByTestId("group-cross-table").first();
  await expect(table).toBeVisible();
  const rows = table.getByTestId("cross-row");
  await expect(rows).toHaveCount(4);
  let draws = 0;
  for (let r = 0; r < 4; r++) {
    const row = rows.nth(r);
    const cells = await row.locator("[data-game-id]").allTextContents();
    draws += cells.filter((c) => c.trim() === "1").length;
    const sum = cells.reduce((s, c) => s + points(c), 0);
    expect(points((await row.getByTestId("cross-score").textContent()) ?? "")).toBe(sum);
  }
  // Three draws seen from both sides: six cells worth 1 point each (win 2, draw 1).
  expect(draws).toBe(6);
}

for (const vp of VIEWPORTS) {
  test.describe(`at ${vp.width}×${vp.height} (${vp.name})`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("a group table's Score is the sum of its cells, and the audit log names people, not ids", async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      const id = await groupsInPlay(baseURL!);
      await page.goto(`/tournaments/${id}`);
      await checkGroupTable(page);
      const log = page.getByTestId("audit-log");
      await log.scrollIntoViewIfNeeded();
      await expect(log).toContainText("had the same rating (1500), so a random draw decided their seed order");
      await expect(log).toContainText("set the result of ");
      const text = (await log.textContent()) ?? "";
      expect(text).not.toMatch(UUID);
      expect(text).not.toMatch(GAME_CODE);
      // The site's own steps are not the organizer's.
      await expect(log.locator('[data-actor="organizer"]').first()).toContainText("Organizer");
      await expect(log.locator('[data-actor="engine"]').first()).toContainText("Round 1 draw");
    });

    test("an organizer edits a registering tournament, invites a player by link, approves them and exports the CSV", async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      const orgContext = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
      const organizer = await orgContext.newPage();
      const orgName = freshUsername("Org");
      await signUpByApi(organizer, orgName, "organizer password");
      await organizer.goto("/tournaments/new");
      const name = `Invite cup ${freshUsername("")}`;
      await organizer.getByLabel("Name", { exact: true }).fill(name);
      await organizer.getByLabel("Game", { exact: true }).selectOption("chess-elsewhere");
      await organizer.getByLabel("Invite only").check();
      await organizer.getByRole("button", { name: "Create tournament" }).click();
      await expect(organizer.getByRole("heading", { name })).toBeVisible();
      const url = organizer.url();
      const tournamentId = url.split("/").at(-1)!;

      // Edit: a new name and fewer places, through the creation form with its preview.
      await organizer.getByRole("link", { name: "Edit tournament" }).click();
      await expect(organizer.getByLabel("Name", { exact: true })).toHaveValue(name);
      await expect(organizer.getByTestId("format-preview")).toBeVisible();
      const renamed = `${name} II`;
      await organizer.getByLabel("Name", { exact: true }).fill(renamed);
      await organizer.getByLabel("Most players").fill("6");
      await organizer.getByRole("button", { name: "Save changes" }).click();
      await expect(organizer.getByRole("heading", { name: renamed })).toBeVisible();
      await expect(organizer.getByText(/0 joined · \d+–6 allowed/)).toBeVisible();
      await expect(organizer.getByTestId("audit-log")).toContainText("edited the tournament: Changed name");

      // Invite a player by link; they ask to join; the organizer approves them.
      const link = await organizer.getByTestId("invite-link").inputValue();
      expect(link).toContain(`/tournaments/${tournamentId}?invite=`);
      const playerContext = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
      const player = await playerContext.newPage();
      const playerName = freshUsername("Inv");
      await signUpByApi(player, playerName, "player password");
      await player.goto(url);
      await expect(player.getByText("By invitation only")).toBeVisible();
      await player.goto(link);
      await player.getByRole("button", { name: "Ask to join" }).click();
      await expect(player.getByTestId("request-waiting")).toBeVisible();
      await organizer.reload();
      await organizer.getByRole("button", { name: `Approve ${playerName}` }).click();
      await expect(organizer.getByTestId("tournament-players")).toContainText(playerName);
      await expect(organizer.getByTestId("no-requests")).toBeVisible();

      // Two more players come in the same way (through the API), then the organizer starts it.
      const orgApi = new HttpSession(baseURL!);
      await orgApi.signIn(orgName, "organizer password");
      const token = new URL(link).searchParams.get("invite")!;
      for (let i = 0; i < 2; i++) {
        const p = new HttpSession(baseURL!);
        await p.signUp(freshUsername(`iv${i}`), "player password");
        await p.mutation("tournament.requestToJoin", { tournamentId, token });
        const me = await p.query<{ id: string }>("account.me");
        await orgApi.mutation("tournament.answerRequest", { tournamentId, userId: me.id, approve: true });
      }
      await organizer.reload();
      await organizer.getByRole("button", { name: "Start now" }).click();
      await expect(organizer.getByTestId("tournament-status")).toHaveText("Running");

      // Export: the standings file downloads with the players' names.
      const download = organizer.waitForEvent("download");
      await organizer.getByTestId("export-links").getByRole("link", { name: "standings" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/-standings\.csv$/);
      const csv = await readFile((await file.path())!, "utf8");
      expect(csv).toMatch(/^\uFEFFRank,Player,/);
      expect(csv).toContain(playerName);
      expect(csv).not.toMatch(UUID);
      const results = await organizer.request.get(`/tournaments/${tournamentId}/export/results`);
      expect(results.headers()["content-type"]).toContain("text/csv");
      expect((await results.text()).split("\r\n")[0]).toBe("\uFEFFRound,Group or phase,Game,white,black,Result,Score,How it ended,Margin,Game page");
      // Reached by another host name, the game links name that host, not localhost.
      const byAddress = new URL(`/tournaments/${tournamentId}/export/results`, baseURL);
      byAddress.hostname = "127.0.0.1";
      const csvByAddress = await (await organizer.request.get(byAddress.href)).text();
      expect(csvByAddress).toContain(`${byAddress.origin}/games/`);
      expect(csvByAddress).not.toContain("localhost");
      await orgContext.close();
      await playerContext.close();
    });
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // Wide tables scroll inside their own box; nothing may widen the page itself (an
  // absolutely placed screen-reader label inside an unpositioned scroller once did).
  test("no demo tournament page scrolls sideways", async ({ page }) => {
    test.setTimeout(120_000);
    const links = new Set<string>();
    for (const tab of ["running", "registering", "finished"]) {
      await page.goto(`/tournaments?tab=${tab}`);
      for (const href of await page.locator('a[href^="/tournaments/"]').evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))) {
        if (UUID.test(href)) links.add(href);
      }
    }
    expect(links.size).toBeGreaterThan(3);
    for (const href of links) {
      await page.goto(href);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${href} is wider than the phone`).toBe(0);
    }
  });
});
