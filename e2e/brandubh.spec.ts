// Brandubh (7×7) on the site: a challenge opened in the lobby form, accepted, and
// played through the board to the king's escape while a spectator follows.
import { expect, test, type Page } from "./test";
import { freshUsername, signUpByApi } from "./helpers";

async function clickMove(page: Page, move: string) {
  const [from, to] = move.split("-");
  await page.locator(`[data-square="${from}"]`).click();
  await expect(page.locator(`[data-square="${to}"][data-target]`)).toBeVisible();
  await page.locator(`[data-square="${to}"]`).click();
}

test("a Brandubh game is played through the board to the king's escape", async ({ browser }) => {
  test.setTimeout(240_000);
  const [a, d, s] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const attacker = await a.newPage();
  const defender = await d.newPage();
  const spectator = await s.newPage();
  const attackerName = freshUsername("Bra");
  await signUpByApi(attacker, attackerName, "attacker password");
  await signUpByApi(defender, freshUsername("Brd"), "defender password");

  await attacker.goto("/play");
  await attacker.getByRole("combobox", { name: "Game", exact: true }).selectOption({ label: "Brandubh 7×7" });
  await attacker.getByLabel("Your side").selectOption("side1");
  await attacker.getByRole("button", { name: "Open challenge" }).click();

  await defender.goto("/play");
  const mine = defender.getByTestId("challenge").filter({ hasText: attackerName });
  await expect(mine).toContainText("Brandubh 7×7");
  await mine.getByRole("button", { name: "Accept" }).click();
  await defender.waitForURL(/\/games\//);
  const gameUrl = defender.url();
  await Promise.all([attacker.goto(gameUrl), spectator.goto(gameUrl)]);

  // A 7×7 board: 49 squares, the king on d4, corners a1…g7, nothing beyond g7.
  for (const page of [attacker, defender, spectator]) {
    await expect(page.locator("[data-square]")).toHaveCount(49);
    await expect(page.locator('[data-square="h8"]')).toHaveCount(0);
  }

  const moves = ["g4-g6", "d5-e5", "g6-f6", "d4-d5", "f6-f7", "d5-a5", "f7-f6", "a5-a7"];
  for (const [i, move] of moves.entries()) {
    const mover = i % 2 === 0 ? attacker : defender;
    await expect(mover.getByTestId("game-screen")).toHaveAttribute("data-ply", String(i));
    await clickMove(mover, move);
    await expect(spectator.getByTestId("game-screen")).toHaveAttribute("data-ply", String(i + 1));
  }
  for (const page of [attacker, defender, spectator]) {
    await expect(page.getByTestId("result-banner")).toContainText("(Defenders) won");
    await expect(page.getByTestId("result-banner")).toContainText("corner");
  }
});
