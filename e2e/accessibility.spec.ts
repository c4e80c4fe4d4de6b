// Every kind of page of the demo data passes axe-core with no serious or critical
// violation, in the light and the dark theme: the lists, a live game of every game
// played on the site, a tournament of each format and state, the forms, and a
// signed-in player's own pages. (The rules and format pages have their
// own checks in rules.spec.ts.) Each page is loaded once and checked in both themes
// (e2e/axe.ts).
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./test";
import { ON_SITE_GAMES } from "../engine/games/registry";
import { openDatabase } from "../db/client";
import { grantAdmin } from "../server/services/admin/grant-admin";
import { trpcQuery } from "./api";
import { expectAccessibleInBothThemes } from "./axe";
import { freshUsername, signIn, signUpByApi } from "./helpers";

// Only reads pages: spread over both workers.
test.describe.configure({ mode: "parallel" });

// One of each format, and each state a tournament page draws differently: finished with
// a champion, running (on-site games and reported ones), registering and invite-only.
const DEMO_TOURNAMENTS = ["Autumn Chess Groups", "Copenhagen League", "Hypergammon Sprint", "Four-Colour Championship", "Tafl Invitational"];

interface Listed<T> {
  pageCount: number;
  games?: T[];
  tournaments?: T[];
}

async function expectAccessible(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("main")).toBeVisible();
  await expectAccessibleInBothThemes(page, path);
}

/** A live game of each game type played on the site (newest first: other specs add theirs). */
async function liveGamePaths(page: Page): Promise<string[]> {
  const found = new Map<string, string>();
  for (let p = 1; p <= 20 && found.size < ON_SITE_GAMES.length; p++) {
    const list = await trpcQuery<Listed<{ id: string; gameType: string }>>(page.request, "game.live", { page: p });
    for (const g of list.games ?? []) if (!found.has(g.gameType)) found.set(g.gameType, `/games/${g.id}`);
    if (p >= list.pageCount) break;
  }
  return [...found.values()];
}

async function tournamentPaths(page: Page): Promise<string[]> {
  const paths: string[] = [];
  for (const name of DEMO_TOURNAMENTS) {
    const list = await trpcQuery<Listed<{ id: string; name: string }>>(page.request, "tournament.list", { tab: "all", search: name, page: 1 });
    const t = list.tournaments?.find((x) => x.name === name);
    expect(t, name).toBeDefined();
    paths.push(`/tournaments/${t!.id}`);
  }
  return paths;
}

test.beforeEach(() => {
  test.setTimeout(240_000);
});

test("the lists, the forms and a page that does not exist, signed out", async ({ page }) => {
  for (const path of ["/", "/tournaments?tab=running", "/play", "/players", "/players/alice", "/signin", "/signup", "/dice/verify", "/no-such-page"]) {
    await expectAccessible(page, path);
  }
});

test("a live game of every game played on the site", async ({ page }) => {
  const paths = await liveGamePaths(page);
  expect(paths.length).toBeGreaterThanOrEqual(5);
  for (const path of paths) await expectAccessible(page, path);
});

test("a tournament of each format and state", async ({ page }) => {
  for (const path of await tournamentPaths(page)) await expectAccessible(page, path);
});

test("a game mid-replay, the dice check with a record loaded, and the admins' deliveries page", async ({ page }) => {
  // A game past both first moves (the home page's "games in play"), shown at its first move.
  const [game] = await trpcQuery<{ id: string }[]>(page.request, "game.inPlay", { limit: 1 });
  expect(game, "a game in play").toBeDefined();
  await page.goto(`/games/${game!.id}?ply=1`);
  await expect(page.locator("[data-board-slot][data-replaying]")).toBeVisible();
  // The step buttons draw their icons (a font may lack ⏮ ⏭ and show empty boxes), and are named for screen readers.
  const steps = page.getByRole("group", { name: "Step through the game" });
  await expect(steps.getByRole("button")).toHaveCount(4);
  await expect(steps.locator("button svg")).toHaveCount(4);
  expect(await steps.getByRole("button").allTextContents()).toEqual(["", "", "", ""]);
  await expectAccessibleInBothThemes(page, "a game mid-replay");

  await page.goto("/dice/verify");
  await page.getByLabel("Dice record (JSON)").fill(readFileSync("docs/examples/dice-record.json", "utf8"));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("dice-check")).toContainText("The dice match.");
  await expectAccessibleInBothThemes(page, "/dice/verify with a record");

  // Only the operator grants the admin role, so the test does it in the server's
  // database, which run.ts names (PostgreSQL only: PGlite allows one process).
  const url = process.env.E2E_DATABASE_URL;
  test.skip(!url, "the admin page needs the server's PostgreSQL database (E2E_DATABASE_URL)");
  const name = freshUsername("Adm");
  await signUpByApi(page, name, "admin page password");
  const handle = await openDatabase({ databaseUrl: url, dataDir: "" });
  await grantAdmin(handle.db, name).finally(() => handle.close());
  await expectAccessible(page, "/admin/deliveries");
  await expect(page.getByRole("heading", { name: "Failed deliveries" })).toBeVisible();
});

test("a signed-in organizer's own pages, and the challenge form on another's profile", async ({ page }) => {
  await signIn(page, "alice", "moot-demo");
  for (const path of ["/", "/inbox", "/my-turn", "/settings", "/tournaments/new", "/play"]) await expectAccessible(page, path);
  // Another player's profile, its challenge form unfolded (as a game page's link opens it).
  await page.goto("/players/bob#challenge");
  await expect(page.getByRole("form", { name: "Challenge bob" })).toBeVisible();
  await expectAccessibleInBothThemes(page, "/players/bob#challenge");
});
