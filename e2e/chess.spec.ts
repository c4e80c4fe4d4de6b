// Chess on the site, in real browsers against the real server: two players mate
// through the board (castling and a promotion picked in the dialog) while an
// anonymous spectator follows live; draws the rules declare by themselves; a
// finished game stepped through with the keyboard and its PGN read back by
// chess.js; board and both clocks in view on a laptop and a phone.
import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "./test";
import { Chess } from "chess.js";
import { trpcMutation } from "./api";
import { freshUsername, signUpByApi } from "./helpers";

interface Table {
  white: Page;
  black: Page;
  spectator: Page;
  gameId: string;
}

async function startChess(browser: Browser, viewport?: { width: number; height: number }): Promise<Table> {
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext(viewport ? { viewport } : {})));
  const [white, black, spectator] = await Promise.all(contexts.map((c) => c.newPage()));
  await signUpByApi(white!, freshUsername("W"), "white password");
  await signUpByApi(black!, freshUsername("B"), "black password");
  const challenge = await trpcMutation<{ id: string }>(white!.request, "challenge.create", {
    gameType: "chess",
    timeControl: "3d+6h",
    side: "side1",
    rated: true,
  });
  const { gameId } = await trpcMutation<{ gameId: string }>(black!.request, "challenge.accept", { challengeId: challenge.id });
  await Promise.all([white!.goto(`/games/${gameId}`), black!.goto(`/games/${gameId}`), spectator!.goto(`/games/${gameId}`)]);
  return { white: white!, black: black!, spectator: spectator!, gameId };
}

const square = (page: Page, name: string) => page.locator(`[data-square="${name}"]`);

/** A move by clicks: the piece, then its target (which must be offered as legal). */
async function clickMove(page: Page, from: string, to: string) {
  await square(page, from).click();
  await expect(square(page, to)).toHaveAttribute("data-target", "");
  await square(page, to).click();
}

/** Plays moves through the API (SAN), as the side to move. */
async function apiMoves(t: Table, moves: readonly string[], startPly = 0) {
  for (const [i, move] of moves.entries()) {
    const ply = startPly + i;
    await trpcMutation((ply % 2 === 0 ? t.white : t.black).request, "game.move", { gameId: t.gameId, ply, move });
  }
}

test("two players mate through the board, with castling and a promotion, while a spectator follows live; the game replays and exports PGN", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const t = await startChess(browser);
  await t.spectator.evaluate(() => ((window as unknown as { __stillHere: boolean }).__stillHere = true));
  // [from, to, promotion?]: 1.e4 d5 2.exd5 c6 3.dxc6 e5 4.cxb7 Bd6 5.bxa8=Q a6 6.Nh3 a5 7.Bc4 Ne7 8.O-O h6 9.Qh5 Nd7 10.Qxf7#
  const moves: [string, string, string?][] = [
    ["e2", "e4"],
    ["d7", "d5"],
    ["e4", "d5"],
    ["c7", "c6"],
    ["d5", "c6"],
    ["e7", "e5"],
    ["c6", "b7"],
    ["f8", "d6"],
    ["b7", "a8", "queen"],
    ["a7", "a6"],
    ["g1", "h3"],
    ["a6", "a5"],
    ["f1", "c4"],
    ["g8", "e7"],
    ["e1", "g1"],
    ["h7", "h6"],
    ["d1", "h5"],
    ["b8", "d7"],
    ["h5", "f7"],
  ];
  for (const [i, [from, to, promotion]] of moves.entries()) {
    const mover = i % 2 === 0 ? t.white : t.black;
    await expect(mover.getByTestId("game-screen")).toHaveAttribute("data-ply", String(i));
    await clickMove(mover, from, to);
    if (promotion) {
      await expect(mover.getByTestId("promotion-picker")).toBeVisible();
      await mover.getByRole("button", { name: `Promote to ${promotion}` }).click();
    }
    await expect(t.spectator.getByTestId("game-screen")).toHaveAttribute("data-ply", String(i + 1));
  }
  const expected = ["e4", "d5", "exd5", "c6", "dxc6", "e5", "cxb7", "Bd6", "bxa8=Q", "a6", "Nh3", "a5", "Bc4", "Ne7", "O-O", "h6", "Qh5", "Nd7", "Qxf7#"];
  await expect(t.spectator.locator('[data-move-index="8"]')).toHaveText("bxa8=Q");
  await expect(t.spectator.locator('[data-move-index="14"]')).toHaveText("O-O");
  await expect(square(t.spectator, "a8").locator('[data-piece="white queen"]')).toBeVisible();
  await expect(square(t.spectator, "g1").locator('[data-piece="white king"]')).toBeVisible();
  await expect(square(t.spectator, "f1").locator('[data-piece="white rook"]')).toBeVisible();
  for (const page of [t.white, t.black, t.spectator]) await expect(page.getByTestId("result-banner")).toContainText("(White) won: checkmate");
  await expect(t.spectator.locator("[data-testid=game-clock][data-running]")).toHaveCount(0);
  expect(await t.spectator.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);

  // Replay with the keyboard: Home shows the start, arrows step, End comes back.
  const slot = t.spectator.locator("[data-board-slot]");
  await t.spectator.getByRole("heading", { level: 1 }).click();
  await t.spectator.keyboard.press("Home");
  await expect(slot).toHaveAttribute("data-shown-ply", "0");
  await expect(square(t.spectator, "e2").locator('[data-piece="white pawn"]')).toBeVisible();
  await t.spectator.keyboard.press("ArrowRight");
  await t.spectator.keyboard.press("ArrowRight");
  await expect(slot).toHaveAttribute("data-shown-ply", "2");
  await expect(square(t.spectator, "d5").locator('[data-piece="black pawn"]')).toBeVisible();
  await expect(square(t.spectator, "d7")).toHaveAttribute("data-last-move", "from");
  await expect(t.spectator.getByTestId("replay-position")).toHaveText(`2/${expected.length}`);
  await t.spectator.keyboard.press("ArrowLeft");
  await expect(slot).toHaveAttribute("data-shown-ply", "1");
  await expect(square(t.spectator, "d7").locator("[data-piece]")).toHaveCount(1);
  // A click on a move shows the board after it; a link to a move opens there.
  await t.spectator.locator('[data-move-index="8"]').click();
  await expect(slot).toHaveAttribute("data-shown-ply", "9");
  await expect(square(t.spectator, "a8").locator('[data-piece="white queen"]')).toBeVisible();
  await expect(square(t.spectator, "g1").locator('[data-piece="white knight"]')).toBeVisible();
  await t.spectator.keyboard.press("End");
  await expect(slot).toHaveAttribute("data-shown-ply", String(expected.length));
  await t.spectator.goto(`/games/${t.gameId}?ply=4`);
  await expect(t.spectator.locator("[data-board-slot]")).toHaveAttribute("data-shown-ply", "4");

  // The record: PGN that chess.js reads back to the same game.
  const [download] = await Promise.all([t.spectator.waitForEvent("download"), t.spectator.getByRole("button", { name: "Download record" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pgn$/);
  const pgn = await readFile((await download.path())!, "utf8");
  const back = new Chess();
  back.loadPgn(pgn);
  expect(back.history()).toEqual(expected);
  expect(back.isCheckmate()).toBe(true);
  expect(back.getHeaders()).toMatchObject({ Result: "1-0", Termination: "normal" });
});

test("a stalemate and a threefold repetition end as draws by themselves", async ({ browser }) => {
  test.setTimeout(180_000);
  const stalemate = await startChess(browser);
  // Sam Loyd's ten-move stalemate; the last move through the board.
  await apiMoves(stalemate, ["e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7", "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6"]);
  await stalemate.white.reload();
  await clickMove(stalemate.white, "c8", "e6");
  for (const page of [stalemate.white, stalemate.spectator]) await expect(page.getByTestId("result-banner")).toContainText("Draw: stalemate");

  const repetition = await startChess(browser);
  await apiMoves(repetition, ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]);
  await repetition.black.reload();
  await clickMove(repetition.black, "f6", "g8");
  for (const page of [repetition.black, repetition.spectator]) await expect(page.getByTestId("result-banner")).toContainText("Draw: threefold repetition");
});

test("the board and both clocks are in view without scrolling at 1366×768, 390×844 and 360×640", async ({ browser }) => {
  test.setTimeout(240_000);
  const t = await startChess(browser);
  await apiMoves(t, ["e4", "e5"]);
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
    { width: 360, height: 640 },
  ]) {
    for (const page of [t.white, t.spectator]) {
      await page.setViewportSize(viewport);
      await page.reload();
      await expect(page.getByTestId("chess-board")).toBeVisible();
      // Measured once the page has settled on its board size.
      await expect
        .poll(
          async () => {
            const boxes = await Promise.all(
              [page.getByRole("grid", { name: "Chess board" }), page.getByTestId("clock-top"), page.getByTestId("clock-bottom")].map((l) => l.boundingBox()),
            );
            const scroll = await page.evaluate(() => window.scrollY);
            const inView = boxes.every((b) => b !== null && b.y >= 0 && b.x >= 0 && b.y + b.height <= viewport.height && b.x + b.width <= viewport.width);
            // The boxes themselves on failure, so a miss says by how much.
            return scroll === 0 && inView ? "in view" : JSON.stringify({ viewport, scroll, boxes });
          },
          { timeout: 20_000 },
        )
        .toBe("in view");
      const grid = await page.getByRole("grid", { name: "Chess board" }).boundingBox();
      // Not shrunk to nothing: at least half the narrower side.
      expect(grid!.width).toBeGreaterThan(Math.min(viewport.width, viewport.height) * 0.5);
    }
  }
});
