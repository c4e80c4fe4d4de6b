// Playing on the site, in three browser contexts: two players and an anonymous
// spectator, all against the real server.
import { expect, test, type Browser, type Page } from "./test";
import { shortestGameEndingIn } from "../test/fixtures";
import { trpcMutation } from "./api";
import { freshUsername, signUpByApi } from "./helpers";

interface Table {
  attacker: Page;
  defender: Page;
  spectator: Page;
  gameId: string;
}

/**
 * Two new players; the first opens a challenge as attackers, the second accepts in
 * the lobby; `opening` moves are played through the API at once (before the pages
 * load, so that a seconds-long clock cannot fall first).
 */
async function startGame(browser: Browser, timeControl = "3d+6h", opening: readonly string[] = []): Promise<Table> {
  const [a, d, s] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const attacker = await a.newPage();
  const defender = await d.newPage();
  const spectator = await s.newPage();
  await signUpByApi(attacker, freshUsername("Att"), "attacker password");
  await signUpByApi(defender, freshUsername("Def"), "defender password");
  const challenge = await trpcMutation<{ id: string }>(attacker.request, "challenge.create", {
    gameType: "hnefatafl",
    timeControl,
    side: "side1",
    rated: true,
  });
  await defender.goto("/play");
  await defender
    .getByTestId("challenge")
    .filter({ has: defender.getByRole("button", { name: "Accept" }) })
    .first()
    .waitFor();
  // Accept exactly this challenge: the list may hold others from parallel tests.
  const gameId = (await trpcMutation<{ gameId: string }>(defender.request, "challenge.accept", { challengeId: challenge.id })).gameId;
  for (const [ply, move] of opening.entries()) await trpcMutation((ply % 2 === 0 ? attacker : defender).request, "game.move", { gameId, ply, move });
  await Promise.all([attacker.goto(`/games/${gameId}`), defender.goto(`/games/${gameId}`), spectator.goto(`/games/${gameId}`)]);
  return { attacker, defender, spectator, gameId };
}

async function clickMove(page: Page, move: string) {
  const [from, to] = move.split("x")[0]!.split("-");
  await page.locator(`[data-square="${from}"]`).click();
  await expect(page.locator(`[data-square="${to}"][data-target]`)).toBeVisible();
  await page.locator(`[data-square="${to}"]`).click();
}

/** The pieces on a page's board, square by square (what a player sees, not the page's data). */
function boardOf(page: Page): Promise<string> {
  return page.locator("[data-board-slot] [data-square]").evaluateAll((squares) =>
    squares
      .map((sq) => `${sq.getAttribute("data-square")}:${sq.querySelector(":scope > [data-piece]")?.getAttribute("data-piece") ?? ""}`)
      .sort()
      .join(" "),
  );
}

test("two players play a recorded game to the king's escape while a spectator watches live", async ({ browser }) => {
  test.setTimeout(180_000);
  const record = shortestGameEndingIn("king escaped");
  const t = await startGame(browser);
  const screens = [t.attacker, t.defender, t.spectator];

  // Both clocks are on every screen; only the side to move's runs.
  await expect(t.spectator.locator("[data-testid=game-clock]")).toHaveCount(2);
  await expect(t.spectator.locator("[data-testid=game-clock][data-running]")).toHaveCount(1);

  for (const [i, move] of record.moves.entries()) {
    const mover = i % 2 === 0 ? t.attacker : t.defender;
    await expect(mover.getByTestId("game-screen")).toHaveAttribute("data-ply", String(i));
    await clickMove(mover, move);
    // Every move reaches the spectator (and the opponent) without a reload, as an update
    // each page applies to its own board: all three boards agree.
    for (const page of screens) await expect(page.getByTestId("game-screen")).toHaveAttribute("data-ply", String(i + 1));
    await expect(t.spectator.locator(`[data-move-index="${i}"]`)).toHaveText(new RegExp(move.replace(/[-]/g, "\\-")));
    const board = await boardOf(mover);
    for (const page of screens) expect(await boardOf(page)).toBe(board);
  }
  for (const page of screens) await expect(page.getByTestId("result-banner")).toContainText("won: the king escaped to a corner");
  await expect(t.spectator.locator("[data-testid=game-clock][data-running]")).toHaveCount(0);
  // What the spectator built from updates is what the server renders afresh.
  const live = await boardOf(t.spectator);
  const moves = await t.spectator.locator("[data-move-index]").allTextContents();
  await t.spectator.reload();
  await expect(t.spectator.getByTestId("result-banner")).toContainText("won: the king escaped to a corner");
  expect(await boardOf(t.spectator)).toBe(live);
  expect(await t.spectator.locator("[data-move-index]").allTextContents()).toEqual(moves);
});

test("resignation and draw by agreement", async ({ browser }) => {
  // Two games, four sign-ups and six pages: more than a minute on a loaded 2-core machine.
  test.setTimeout(120_000);
  const first = await startGame(browser);
  first.attacker.once("dialog", (d) => void d.accept());
  await first.attacker.getByRole("button", { name: "Resign" }).click();
  for (const page of [first.attacker, first.defender, first.spectator]) {
    await expect(page.getByTestId("result-banner")).toContainText("(Defenders) won by resignation");
  }

  const second = await startGame(browser);
  await second.attacker.getByRole("button", { name: "Offer draw" }).click();
  await expect(second.defender.getByText("Your opponent offers a draw.")).toBeVisible();
  await second.defender.getByRole("button", { name: "Accept draw" }).click();
  for (const page of [second.attacker, second.defender, second.spectator]) {
    await expect(page.getByTestId("result-banner")).toContainText("Draw by agreement");
  }
});

test("a game with seconds on the clock is lost on time with nobody acting", async ({ browser }) => {
  const t = await startGame(browser, "test-5s+1s", ["d1-d3", "f4-c4"]);
  await expect(t.spectator.getByTestId("result-banner")).toContainText("won on time", { timeout: 20_000 });
  await expect(t.attacker.getByTestId("result-banner")).toContainText("(Defenders) won");
});

test("a game whose first player never moves is aborted, and the page says why", async ({ browser }) => {
  const t = await startGame(browser, "test-5s+1s");
  for (const page of [t.spectator, t.attacker, t.defender]) {
    await expect(page.getByTestId("result-banner")).toContainText("ran out of time before making a first move", { timeout: 20_000 });
  }
  await expect(t.defender.getByTestId("result-banner")).toContainText("Aborted");
  await expect(t.defender.getByTestId("result-banner")).toContainText("no rating changed");
});

test("a spectator whose connection dropped catches up on reconnect", async ({ browser }) => {
  const t = await startGame(browser);
  await expect(t.spectator.getByTestId("game-screen")).toHaveAttribute("data-ply", "0");
  await t.spectator.waitForFunction(() => (window as unknown as { __mootSocket?: { connected: boolean } }).__mootSocket?.connected === true);
  await t.spectator.evaluate(() => (window as unknown as { __mootSocket: { disconnect(): void } }).__mootSocket.disconnect());
  await trpcMutation(t.attacker.request, "game.move", { gameId: t.gameId, ply: 0, move: "d1-d3" });
  await trpcMutation(t.defender.request, "game.move", { gameId: t.gameId, ply: 1, move: "f4-c4" });
  // Still disconnected: the spectator has not seen the moves.
  await expect(t.spectator.getByTestId("game-screen")).toHaveAttribute("data-ply", "0");
  await t.spectator.evaluate(() => (window as unknown as { __mootSocket: { connect(): void } }).__mootSocket.connect());
  await expect(t.spectator.getByTestId("game-screen")).toHaveAttribute("data-ply", "2");
  await expect(t.spectator.locator('[data-move-index="1"]')).toContainText("f4-c4");
});
