// Ratings per game in the browser, on the demo data: the players page is a leaderboard
// per game (game picker, sortable, provisional ratings marked), and a profile shows each
// game's rating with a chart whose values read out on hover and with the keyboard.
import { expect, test } from "./test";

const numbers = (texts: string[]) => texts.map((t) => Number(t.replace(/[^0-9]/g, "")));

test("the players page ranks each game's players by that game's rating, sortable and paginated", async ({ page }) => {
  await page.goto("/players");
  // The demo's chess tournaments are reported games (game id "chess-elsewhere").
  const chessTab = page.getByRole("navigation", { name: "Leaderboard of game" }).locator('a[href^="/players?game=chess-elsewhere&"]');
  await chessTab.click();
  await expect(page).toHaveURL(/game=chess-elsewhere&/);
  await expect(chessTab).toHaveAttribute("aria-current", "page");
  const board = page.getByTestId("leaderboard");
  await expect(board.getByRole("columnheader", { name: /Rating/ })).toHaveAttribute("aria-sort", "descending");
  const ratings = (await board.getByTestId("leaderboard-rating").allTextContents()).filter((t) => /\d/.test(t));
  expect(ratings.length).toBeGreaterThan(3);
  const values = numbers(ratings);
  expect(values).toEqual([...values].sort((a, b) => b - a));
  // Demo players have few games each: their ratings are provisional, marked with "?".
  expect(ratings.some((t) => t.includes("?"))).toBe(true);
  await expect(page.getByText(/players?, \d+ rated in Chess/).first()).toBeVisible();

  // Sort by games played, most first; again for fewest first.
  await board.getByRole("link", { name: "Rated games" }).click();
  await expect(board.getByRole("columnheader", { name: /Rated games/ })).toHaveAttribute("aria-sort", "descending");
  const games = numbers(await board.locator("tbody tr td:last-child").allTextContents());
  expect(games).toEqual([...games].sort((a, b) => b - a));
  await board.getByRole("link", { name: "Rated games" }).click();
  await expect(board.getByRole("columnheader", { name: /Rated games/ })).toHaveAttribute("aria-sort", "ascending");

  // Thirty demo players: two pages of 25.
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
  await expect(page).toHaveURL(/game=chess-elsewhere.*page=2|page=2.*game=chess-elsewhere/);
});

test("a profile shows each game's rating with a chart that reads out values on hover and by keyboard", async ({ page }) => {
  await page.goto("/players/bob");
  // Bob plays in the demo's chess, four-colour, backgammon and hnefatafl tournaments (the
  // four-colour and backgammon ones played on the site): four ratings.
  for (const game of ["chess-elsewhere", "four-colour-onsite", "backgammon", "hnefatafl"]) await expect(page.getByTestId(`rating-${game}`)).toBeVisible();
  const chess = page.getByTestId("rating-chess-elsewhere");
  // One way of writing a rating across the site: "1694", or "1694?" while provisional;
  // the uncertainty in words, never a bare "±".
  await expect(chess.getByTestId("rating")).toHaveText(/^\d+(\? \(provisional\))?$/);
  await expect(chess.getByText(/^likely between \d+ and \d+ · \d+ rated games?/)).toBeVisible();
  await expect(page.getByText("±")).toHaveCount(0);
  const chart = chess.getByTestId("rating-chart");
  await expect(chart.locator("canvas")).toBeVisible();
  // (uPlot draws the axes, with their date and rating labels, on the canvas.)
  await expect(chart).toHaveAttribute("aria-label", /rating after each of \d+ rated games, now \d+/);

  const readout = chess.getByTestId("rating-chart-value");
  // The chart may still be laying itself out when it first shows; hover again until it answers.
  await expect(async () => {
    // The mouse moves in the viewport: the chart must be in it (it may sit below the fold).
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.locator(".u-over").boundingBox())!;
    await page.mouse.move(box.x + 5, box.y + 5);
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 10 });
    await expect(readout).toHaveText(/\d{4}.*: \d+\??, likely between \d+ and \d+$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // Keyboard: End reads the latest game, which is the current rating.
  await chart.focus();
  await page.keyboard.press("End");
  const current = (await chess.getByTestId("rating").textContent())!.replace(" (provisional)", "");
  await expect(readout).toHaveText(new RegExp(`: ${current.replace("?", "\\?")}, likely between`));
  await page.keyboard.press("Home");
  await expect(readout).toHaveText(/: \d+\??, likely between \d+ and \d+$/);

  // The same points as a table, newest first, each linking to its game.
  await chess.getByText("Show as a table").click();
  await expect(chess.locator("details tbody tr").first().getByRole("link")).toHaveAttribute("href", /^\/games\//);
});
