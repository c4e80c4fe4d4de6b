// The rules pages (a page per game played on the site, diagrams drawn by the
// game's own board from engine replays), the format pages (the rule book's
// example computed by the engine and drawn by the tournament components), the
// footer's links, and an axe-core check of these pages and the home page in both
// themes: no serious or critical violation.
import { expect, test } from "./test";
import { GUIDE_SECTIONS } from "../components/games/guide";
import { guideFor } from "../components/games/guides";
import { FORMAT_NAMES } from "../engine/formats";
import { ON_SITE_GAMES } from "../engine/games/registry";
import { trpcMutation } from "./api";
import { expectAccessibleInBothThemes } from "./axe";
import { freshUsername, signUpByApi } from "./helpers";

/** Every format of the registry has its page, listed on /formats. */
const FORMATS = FORMAT_NAMES;

// Every test here only reads pages: spread them over both workers (29 tests, 3 min in one).
test.describe.configure({ mode: "parallel" });

for (const game of ON_SITE_GAMES) {
  test(`the ${game.name} rules page draws every diagram with its pieces`, async ({ page }) => {
    const guide = guideFor(game.id)!;
    const diagrams = GUIDE_SECTIONS.flatMap(([key]) => guide[key].diagrams ?? []);
    await page.goto(`/rules/${game.id}`);
    await expect(page.getByRole("heading", { level: 1, name: game.name })).toBeVisible();
    for (const [, heading] of GUIDE_SECTIONS) await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    const figures = page.getByTestId("rules-diagram");
    await expect(figures).toHaveCount(diagrams.length);
    for (const [i, diagram] of diagrams.entries()) {
      const figure = figures.nth(i);
      await expect(figure.locator("figcaption")).toHaveText(diagram.caption);
      // Each game draws its own board: square boards are grids; the backgammon and
      // four-colour boards are SVG pictures of their own.
      await expect(figure.locator("[role=grid], svg").first()).toBeVisible();
      expect(await figure.locator("[data-piece]").count(), diagram.caption).toBeGreaterThan(1);
      // A diagram is a picture: nobody may move on it.
      await expect(figure.locator(".cursor-grab")).toHaveCount(0);
    }
    await expectAccessibleInBothThemes(page, page.url());
  });
}

test("the tafl diagrams show the positions the engine reached: a capture and the king's escape", async ({ page }) => {
  await page.goto("/rules/brandubh");
  const capture = page.getByTestId("rules-diagram").filter({ hasText: "captures it" });
  await expect(capture.locator('[data-square="f3"]')).toHaveAttribute("data-captured", "");
  await expect(capture.locator('[data-square="f2"] [data-piece="attacker"]')).toHaveCount(1);
  const escape = page.getByTestId("rules-diagram").filter({ hasText: "corner a7" });
  await expect(escape.locator('[data-square="a7"] [data-piece="king"]')).toHaveCount(1);
  await page.goto("/rules/chess");
  const mate = page.getByTestId("rules-diagram").filter({ hasText: "Légal" });
  await expect(mate.locator('[data-square="d5"] [data-piece="white knight"]')).toHaveCount(1);
  await expect(mate.locator('[data-square="e7"] [data-piece="black king"]')).toHaveCount(1);
});

test("links made with on-site chess's old id (chess-onsite) lead to chess", async ({ page }) => {
  const rules = await page.goto("/rules/chess-onsite");
  expect(rules?.request().redirectedFrom()?.url()).toMatch(/\/rules\/chess-onsite$/);
  await expect(page).toHaveURL(/\/rules\/chess$/);
  await expect(page.getByRole("heading", { level: 1, name: "Chess" })).toBeVisible();
  await page.goto("/players?game=chess-onsite");
  await expect(page.getByRole("navigation", { name: "Leaderboard of game" }).getByRole("link", { name: "Chess", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.goto("/tournaments?game=chess-onsite");
  await expect(page.getByTestId("filter-scope")).toHaveText(/^Showing only Chess\./);
});

test("the rules index lists every game and an unknown game is not found", async ({ page }) => {
  await page.goto("/rules");
  for (const game of ON_SITE_GAMES)
    await expect(page.getByTestId("rules-list").getByRole("link", { name: game.name })).toHaveAttribute("href", `/rules/${game.id}`);
  await expectAccessibleInBothThemes(page, page.url());
  const missing = await page.goto("/rules/no-such-game");
  expect(missing?.status()).toBe(404);
});

test("group elimination draws the rule book's group sizes and a first round of seven", async ({ page }) => {
  await page.goto("/formats/groups");
  const sizes = page.getByTestId("group-sizes");
  // The rule book, g=4: 4 | 3 2 | 3 3 | 4 3 | 4 4 | 4 3 2 | 4 3 3 | 4 4 3 | 4 4 4 for 4…12 players.
  const expected = ["4", "3 · 2", "3 · 3", "4 · 3", "4 · 4", "4 · 3 · 2", "4 · 3 · 3", "4 · 4 · 3", "4 · 4 · 4"];
  await expect(sizes.locator("tbody tr td:nth-child(2)")).toHaveText(expected);
  const example = page.getByTestId("format-example");
  await expect(example.getByTestId("group-cross-table")).toHaveCount(2);
  await expect(example.getByTestId("cross-row")).toHaveCount(7);
  await expectAccessibleInBothThemes(page, page.url());
});

test("the league draws the rule book's five-player schedule", async ({ page }) => {
  await page.goto("/formats/league");
  const example = page.getByTestId("format-example");
  await expect(example.getByTestId("league-phase")).toHaveCount(10);
  const phase = (n: number) => example.locator(`[data-testid="league-phase"][data-phase="${n}"]`);
  // Phase 1: A–B, C–D, bye E; phase 5: B–C, D–E, bye A; phase 6 reverses phase 1's sides.
  await expect(phase(1).getByTestId("league-game")).toHaveText([/A.*B/, /C.*D/]);
  await expect(phase(1).getByTestId("league-bye")).toContainText("E");
  await expect(phase(5).getByTestId("league-game")).toHaveText([/B.*C/, /D.*E/]);
  await expect(phase(5).getByTestId("league-bye")).toContainText("A");
  await expect(phase(6).getByTestId("league-game")).toHaveText([/B.*A/, /D.*C/]);
  await expectAccessibleInBothThemes(page, page.url());
});

test("the diagonal race draws the rule book's 24 players with offsets 5 and 10", async ({ page }) => {
  await page.goto("/formats/diagonal");
  const example = page.getByTestId("format-example");
  await expect(example.getByTestId("diagonal-row")).toHaveCount(24);
  const opponents = async (player: string) =>
    (await example.locator(`[data-testid="diagonal-row"][data-player="${player}"] li`).allTextContents())
      .map((t) => Number(/Position (\d+)/.exec(t)?.[1]))
      .sort((a, b) => a - b);
  expect(await opponents("p1")).toEqual([5, 10, 14, 19]);
  expect(await opponents("p6")).toEqual([0, 10, 15, 19]);
  expect(await opponents("p24")).toEqual([4, 9, 13, 18]);
  await expectAccessibleInBothThemes(page, page.url());
});

test("the staged championship draws the rule book's snake seeding into four groups of seven", async ({ page }) => {
  await page.goto("/formats/staged");
  const example = page.getByTestId("format-example");
  const tables = example.getByTestId("group-cross-table");
  await expect(tables).toHaveCount(4);
  const blue = tables.filter({ hasText: "Blue" });
  // A row names the player and their rating (four digits here): "Seed 12400" is seed 1 at 2400.
  for (const seed of [1, 8, 9, 16, 17, 24, 25])
    await expect(blue.getByRole("rowheader").filter({ hasText: new RegExp(`^Seed ${seed}\\d{4}$`) })).toHaveCount(1);
  await expectAccessibleInBothThemes(page, page.url());
});

test("the footer leads to About, Rules and Formats, and the home and about pages pass axe", async ({ page }) => {
  await page.goto("/");
  await expectAccessibleInBothThemes(page, page.url());
  const footer = page.getByRole("navigation", { name: "Footer" });
  await footer.getByRole("link", { name: "About" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "About Moot" })).toBeVisible();
  await expectAccessibleInBothThemes(page, page.url());
  await footer.getByRole("link", { name: "Formats" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tournament formats" })).toBeVisible();
  for (const format of FORMATS) await expect(page.getByTestId("format-list").locator(`a[href="/formats/${format}"]`)).toHaveCount(1);
  await expectAccessibleInBothThemes(page, page.url());
  await footer.getByRole("link", { name: "Rules" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rules of the games" })).toBeVisible();
});

test("a game page links to its game's rules, a tournament page to its format and game", async ({ browser }) => {
  const [host, guest] = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
  await signUpByApi(host!, freshUsername("R"), "rules password");
  await signUpByApi(guest!, freshUsername("S"), "rules password");
  const challenge = await trpcMutation<{ id: string }>(host!.request, "challenge.create", {
    gameType: "brandubh",
    timeControl: "3d+6h",
    side: "side1",
    rated: false,
  });
  const { gameId } = await trpcMutation<{ gameId: string }>(guest!.request, "challenge.accept", { challengeId: challenge.id });
  await host!.goto(`/games/${gameId}`);
  await host!.getByTestId("game-screen").getByRole("link", { name: "rules" }).click();
  await expect(host!.getByRole("heading", { level: 1, name: "Brandubh 7×7" })).toBeVisible();

  const tournament = await trpcMutation<{ id: string }>(host!.request, "tournament.create", {
    name: `Rules ${freshUsername("")}`,
    format: "league",
    gameType: "hnefatafl",
    timeControl: "3d+6h",
    rated: false,
    minPlayers: 4,
    maxPlayers: 8,
  });
  await host!.goto(`/tournaments/${tournament.id}`);
  await host!.getByRole("link", { name: "League (double round-robin)" }).click();
  await expect(host!.getByTestId("format-page")).toHaveAttribute("data-format", "league");
  await host!.goBack();
  await host!.getByRole("link", { name: "Copenhagen Hnefatafl 11×11" }).click();
  await expect(host!.getByTestId("rules-page")).toHaveAttribute("data-game", "hnefatafl");
});

// The pages no test above checks.
for (const path of FORMATS.filter((format) => !["groups", "league", "diagonal", "staged"].includes(format)).map((format) => `/formats/${format}`)) {
  test(`${path} passes axe`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByTestId("format-page")).toBeVisible();
    await expectAccessibleInBothThemes(page, path);
  });
}
