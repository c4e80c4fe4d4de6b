// The tournament components on /dev/tournaments (engine simulations with fixed
// seeds): league phases and shared ranks, the staged bracket, the Swiss and the
// double elimination, champions, round tabs by keyboard, empty rounds, live game
// links, "why" details, the preview.
import { expect, test } from "./test";

test.beforeEach(async ({ page }) => {
  await page.goto("/dev/tournaments");
  await expect(page.getByRole("heading", { name: "Tournament views" })).toBeVisible();
});

test("the 5-player league shows its 10 phases with byes and a shared first place", async ({ page }) => {
  const league = page.getByTestId("demo-league-5");
  await expect(league.getByTestId("league-phase")).toHaveCount(10);
  await expect(league.getByTestId("league-summary")).toContainText("10 phases · 2 games per phase · 10 of 10 released");
  const phase1 = league.locator('[data-testid="league-phase"][data-phase="1"]');
  await expect(phase1.getByTestId("league-game")).toHaveCount(2);
  await expect(phase1.getByTestId("league-bye")).toContainText("Bye:");
  await expect(league.getByTestId("league-bye")).toHaveCount(10);
  // Seed "demo-8": two players finish level on points, wins and wins as black.
  const table = league.getByTestId("league-table");
  await expect(table.getByTestId("rank").filter({ hasText: "1=" })).toHaveCount(2);
  await expect(table.locator('[data-status="champion"]')).toHaveCount(2);
  await expect(league.getByTestId("demo-champion")).toContainText("Joint champions");
});

test("the 6-player league has 10 phases of 3 games and no byes", async ({ page }) => {
  const league = page.getByTestId("demo-league-6");
  await expect(league.getByTestId("league-phase")).toHaveCount(10);
  await expect(league.getByTestId("league-summary")).toContainText("3 games per phase");
  await expect(league.getByTestId("league-bye")).toHaveCount(0);
});

test("the staged bracket shows semi-finals, final and third place, replays and the champion", async ({ page }) => {
  const staged = page.getByTestId("demo-staged");
  const knockout = staged.getByRole("tab", { name: "Knockout" });
  await expect(knockout).toHaveAttribute("aria-selected", "true");
  const bracket = staged.getByTestId("staged-bracket");
  await expect(bracket.locator('[data-match="semi1"]')).toContainText("Semi-final 1");
  await expect(bracket.locator('[data-match="semi2"]')).toContainText("Semi-final 2");
  await expect(bracket.locator('[data-match="final"]')).toContainText("Final");
  await expect(staged.locator('[data-match="third"]')).toContainText("Third place");
  // Seed "demo-3" draws knockout games, replayed with roles swapped.
  await expect(staged.locator('[data-testid="bracket-game"][data-replay]').first()).toBeVisible();
  await expect(bracket.getByTestId("bracket-champion")).toBeVisible();
  const champion = (await staged.getByTestId("demo-champion").textContent())?.replace(/.*Champion:\s*/, "").trim() ?? "";
  expect(champion).not.toBe("");
  await expect(bracket.locator('[data-match="final"] [data-testid="bracket-slot"][data-winner]')).toContainText(champion);
  // The champion tops the standings.
  const first = staged.getByTestId("standings-table").getByTestId("standings-row").first();
  await expect(first).toContainText(champion);
  await expect(first.locator('[data-status="champion"]')).toBeVisible();
  // The audit log interleaves the engine's draws with the organizer's actions by time.
  await staged.getByText("Audit log").click();
  const kinds = await staged.getByTestId("audit-entry").evaluateAll((items) => items.map((i) => i.getAttribute("data-kind")));
  // Registration (1 March) comes first; the clock extension (20 March) falls
  // between round 2's draw (15 March) and round 3's (25 March).
  expect(kinds[0]).toBe("organizer");
  const lastAction = kinds.lastIndexOf("organizer");
  expect(kinds.indexOf("engine")).toBeLessThan(lastAction);
  expect(kinds.lastIndexOf("engine")).toBeGreaterThan(lastAction);
});

test("round tabs work with the keyboard and show group cross-tables", async ({ page }) => {
  const groups = page.getByTestId("demo-groups");
  const tabs = groups.getByRole("tab");
  const count = await tabs.count();
  expect(count).toBeGreaterThan(1);
  await expect(tabs.nth(count - 1)).toHaveAttribute("aria-selected", "true");
  await tabs.nth(count - 1).focus();
  await page.keyboard.press("Home");
  await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  await expect(tabs.first()).toBeFocused();
  const panel = groups.getByRole("tabpanel");
  await expect(panel.getByTestId("group-cross-table")).toHaveCount(4);
  await expect(panel.locator('[data-testid="cross-row"][data-advanced]').first()).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(tabs.nth(count - 1)).toHaveAttribute("aria-selected", "true");
});

test("a tournament in play links live games and explains rounds still to come", async ({ page }) => {
  const live = page.getByTestId("demo-staged-live");
  await expect(live.getByRole("tab", { name: "Round 2" })).toHaveAttribute("aria-selected", "true");
  const link = live.getByRole("link", { name: "live" }).first();
  await expect(link).toHaveAttribute("href", /^#game-r2-g\d+-\d+$/);
  await live.getByRole("tab", { name: "Round 3" }).click();
  await expect(live.getByTestId("empty-state")).toHaveText("Round 3 starts when round 2 is complete.");
  await live.getByRole("tab", { name: "Knockout" }).click();
  await expect(live.getByTestId("empty-state")).toHaveText("The semi-finals start when round 3 is complete.");
});

test("the Swiss and the double elimination show their champion, standings and rounds", async ({ page }) => {
  // Seed "demo-8": p5 (Eira) wins the Swiss, p2 (Bjorn) the double elimination.
  const swiss = page.getByTestId("demo-swiss");
  await expect(swiss.getByTestId("demo-champion")).toHaveText(/Champion: Eira$/);
  await expect(swiss.getByTestId("standings-table").getByTestId("rank").first()).toHaveText("1");
  await expect(swiss.getByRole("tab")).toHaveCount(5);
  // 14 players: 7 boards a round, no bye.
  await expect(swiss.getByTestId("swiss-board")).toHaveCount(7);
  await expect(swiss.getByTestId("swiss-bye")).toHaveCount(0);
  const elimination = page.getByTestId("demo-elimination");
  await expect(elimination.getByTestId("demo-champion")).toHaveText(/Champion: Bjorn$/);
  await expect(elimination.getByTestId("elimination-bracket").first()).toBeVisible();
  await expect(elimination.getByTestId("standings-table").getByTestId("rank").first()).toHaveText("1");
});

test("each standings row says why it is above the next", async ({ page }) => {
  const table = page.getByTestId("demo-diagonal").getByTestId("standings-table");
  await expect(table.getByTestId("rank").filter({ hasText: "=" }).first()).toBeVisible();
  const why = table.getByRole("button", { name: "Why?" }).first();
  await expect(why).toHaveAttribute("aria-expanded", "false");
  await why.click();
  await expect(why).toHaveAttribute("aria-expanded", "true");
  await expect(table.getByTestId("standings-why").first()).toContainText("Above");
  // The diagonal page in words: how far apart opponents sit, places counted from 1, no bare "±2" or "Counted".
  const diagonal = page.getByTestId("demo-diagonal");
  await expect(diagonal.getByTestId("diagonal-offsets").first()).toHaveText(/^\d+(, \d+)*( and \d+)? places? away/);
  await expect(diagonal.getByTestId("diagonal-row").first().locator("td").first()).toHaveText("1");
  await expect(diagonal.getByTestId("diagonal-pattern").first()).not.toContainText("±");
  await expect(diagonal.getByRole("columnheader", { name: "Counted" })).toHaveCount(0);
});

test("the creation preview validates and simulates", async ({ page }) => {
  const preview = page.getByTestId("demo-preview");
  await expect(preview.getByTestId("preview-groups")).toContainText("10");
  await expect(preview.getByTestId("preview-duration")).toContainText("about");
  await preview.getByLabel("Group size").fill("1");
  await expect(preview.getByTestId("field-problem-groupSize")).toBeVisible();
  await expect(preview.locator('[data-testid="preview-problems"] [data-field="groupSize"]')).toContainText("Group size:");
  await preview.getByLabel("Format").selectOption("staged");
  await preview.getByLabel("Players").fill("28");
  await expect(preview.getByTestId("preview-groups")).toContainText("7 · 7 · 7 · 7");
  await expect(preview.getByTestId("preview-rounds")).toContainText("5");
  await preview.getByLabel("Players").fill("40");
  await expect(preview.getByTestId("field-problem-players")).toContainText("at most 32");
});
