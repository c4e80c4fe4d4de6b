// The hnefatafl board components in a real browser, on the /dev/board hot-seat
// demo: clicking, keyboard, drag and drop, legal targets, flipping, the
// last-move and capture marks, the move list and the clocks.
import { expect, test, type Locator, type Page } from "./test";
import { legalTargets, newGame } from "../engine/games/tafl";

const square = (page: Page, name: string): Locator => page.locator(`[data-square="${name}"]`);

async function targetsShown(page: Page): Promise<string[]> {
  const names = await page.locator("[data-target]").evaluateAll((els) => els.map((el) => el.getAttribute("data-square") ?? ""));
  return names.sort();
}

test.beforeEach(async ({ page }) => {
  await page.goto("/dev/board");
  await expect(square(page, "f6").locator('[data-piece="king"]')).toBeVisible();
});

test("moves by clicking, with legal targets, the last move and a capture marked", async ({ page }) => {
  // The defenders may not move first: their pieces cannot be picked.
  await square(page, "f4").click();
  await expect(page.locator("[data-selected]")).toHaveCount(0);

  await square(page, "d1").click();
  await expect(square(page, "d1")).toHaveAttribute("data-selected", "");
  expect(await targetsShown(page)).toEqual(legalTargets(newGame(), "d1").sort());
  await expect(page.getByRole("gridcell", { name: "d5 empty, legal target" })).toBeVisible();

  // A click on a square that is no target drops the selection; so does Escape.
  await square(page, "c9").click();
  await expect(page.locator("[data-selected]")).toHaveCount(0);
  await square(page, "d1").click();
  await page.keyboard.press("Escape");
  await expect(page.locator("[data-selected], [data-target]")).toHaveCount(0);

  await square(page, "d1").click();
  await square(page, "d5").click();
  await expect(square(page, "d5").locator('[data-piece="attacker"]')).toBeVisible();
  await expect(square(page, "d1").locator("[data-piece]")).toHaveCount(0);
  await expect(square(page, "d1")).toHaveAttribute("data-last-move", "from");
  await expect(square(page, "d5")).toHaveAttribute("data-last-move", "to");
  await expect(page.getByTestId("game-status")).toHaveText("Defenders to move");

  // f4-d4 sandwiches the attacker on d5 against the defender on d6.
  await square(page, "f4").click();
  await square(page, "d4").click();
  await expect(square(page, "d5")).toHaveAttribute("data-captured", "");
  await expect(square(page, "d5").locator("[data-piece]")).toHaveCount(0);
  await expect(page.getByRole("gridcell", { name: "d5 empty, captured" })).toBeVisible();
  await expect(square(page, "d4")).toHaveAttribute("data-last-move", "to");
  await expect(square(page, "d1")).not.toHaveAttribute("data-last-move");

  const moves = page.getByTestId("move-list");
  await expect(moves.locator("li")).toHaveCount(1);
  await expect(moves.locator("li").first()).toContainText("d1-d5");
  await expect(moves.locator("[data-latest]")).toHaveText("f4-d4xd5");
});

test("a move by keyboard: arrows move the cursor, Enter picks up and puts down", async ({ page }) => {
  const board = page.getByRole("grid", { name: "Hnefatafl board" });
  // One square is in the tab order (roving tabindex); it starts on the throne.
  const start = board.locator('[role=gridcell][tabindex="0"]');
  await expect(start).toHaveCount(1);
  await start.focus();
  await expect(square(page, "f6")).toBeFocused();

  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowLeft");
  await expect(square(page, "e1")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(square(page, "e1")).toHaveAttribute("data-selected", "");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("gridcell", { name: "e3 empty, legal target" })).toBeFocused();
  await page.keyboard.press(" ");
  await expect(page.getByRole("gridcell", { name: "e3 attacker, last move to here" })).toBeFocused();
  await expect(page.getByTestId("game-status")).toHaveText("Defenders to move");
  await expect(board.locator('[role=gridcell][tabindex="0"]')).toHaveAttribute("data-square", "e3");
});

test("the board flips: rank 1 on top, files reversed, moves still work", async ({ page }) => {
  const firstCell = page.locator("[role=row]").first().locator("[role=gridcell]").first();
  await expect(firstCell).toHaveAttribute("data-square", "a11");
  await page.getByRole("button", { name: "Flip board" }).click();
  await expect(page.getByTestId("hnefatafl-board")).toHaveAttribute("data-flipped", "");
  await expect(firstCell).toHaveAttribute("data-square", "k1");
  await expect(page.locator("[role=row]").last().locator("[role=gridcell]").last()).toHaveAttribute("data-square", "a11");

  // On screen d1 is now in the top row, right of the middle.
  const d1 = await square(page, "d1").boundingBox();
  const f6 = await square(page, "f6").boundingBox();
  expect(d1!.y).toBeLessThan(f6!.y);
  expect(d1!.x).toBeGreaterThan(f6!.x);

  await square(page, "d1").click();
  await square(page, "d3").click();
  await expect(square(page, "d3").locator('[data-piece="attacker"]')).toBeVisible();
  // ArrowUp goes up on the screen, which is towards rank 1 when flipped.
  await page.keyboard.press("ArrowUp");
  await expect(square(page, "d2")).toBeFocused();
});

test("drag and drop moves a piece; a drop on no target leaves it selected", async ({ page }) => {
  const centre = async (name: string) => {
    const box = (await square(page, name).boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const drag = async (from: string, to: string) => {
    const a = await centre(from);
    const b = await centre(to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await page.mouse.up();
  };

  await drag("h1", "e4");
  await expect(square(page, "h1").locator('[data-piece="attacker"]')).toBeVisible();
  await expect(square(page, "h1")).toHaveAttribute("data-selected", "");

  await drag("h1", "h4");
  await expect(square(page, "h4").locator('[data-piece="attacker"]')).toBeVisible();
  await expect(square(page, "h1").locator("[data-piece]")).toHaveCount(0);
  await expect(page.locator("[data-selected]")).toHaveCount(0);
  await expect(page.getByTestId("move-list")).toContainText("h1-h4");
});

test("the clocks: the side to move counts down, the mover gets the increment", async ({ page }) => {
  const attackers = page.getByTestId("game-clock").filter({ hasText: "Attackers" });
  const defenders = page.getByTestId("game-clock").filter({ hasText: "Defenders" });
  // Nothing runs before the first move.
  await expect(attackers).not.toHaveAttribute("data-running");
  await expect(attackers).toHaveAttribute("data-active", "");
  await expect(attackers).toContainText("10:00");

  await square(page, "d1").click();
  await square(page, "d5").click();
  await expect(attackers).toContainText("10:05");
  await expect(attackers).toHaveAttribute("aria-label", "Attackers: 10 minutes 5 seconds left");
  await expect(defenders).toHaveAttribute("data-running", "");
  await expect(defenders).toHaveAttribute("data-active", "");
  await expect.poll(async () => Number(await defenders.getAttribute("data-clock-ms")), { timeout: 5_000 }).toBeLessThan(599_000);
  await expect(attackers).toHaveAttribute("data-clock-ms", "605000");
});
