// Playing and following games the way lichess players expect (issue 23), on a laptop
// and a phone, against the real server: the board faces the signed-in player with
// their clock beside their pieces; the staged standings name the stage each of the top
// eight reached; "Your next game" points at the game where the player's clock runs;
// a toast tells only what is off the screen and covers no control; an accepted live
// challenge takes both players to the board, each first move on its own countdown.
import { expect, test, type Browser, type Page } from "./test";
import { playableGames } from "../engine/formats";
import { HttpSession } from "../test/http-session";
import { startedOverApi, trpcMutation } from "./api";
import { freshUsername, signIn, signUpByApi, type TournamentData } from "./helpers";

const VIEWPORTS = [
  { name: "laptop", width: 1366, height: 768 },
  { name: "phone", width: 390, height: 844 },
] as const;

const square = (page: Page, name: string) => page.locator(`[data-square="${name}"]`);
const socketConnected = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __mootSocket?: { connected: boolean } }).__mootSocket?.connected === true);
/** Who the server takes the page's socket for (its answer to "whoami"): null while it is anonymous. */
const socketUser = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string | null>((resolve) =>
        (window as unknown as { __mootSocket: { emit(e: string, ack: (u: { username: string } | null) => void): void } }).__mootSocket.emit("whoami", (u) =>
          resolve(u?.username ?? null),
        ),
      ),
  );

/** A correspondence chess game between two new players, both at the board. */
async function chessTable(browser: Browser, viewport: { width: number; height: number }) {
  const [whiteContext, blackContext] = await Promise.all([browser.newContext({ viewport }), browser.newContext({ viewport })]);
  const [white, black] = await Promise.all([whiteContext.newPage(), blackContext.newPage()]);
  const whiteName = freshUsername("W");
  const blackName = freshUsername("B");
  await signUpByApi(white, whiteName, "white password");
  await signUpByApi(black, blackName, "black password");
  const challenge = await trpcMutation<{ id: string }>(white.request, "challenge.create", {
    gameType: "chess",
    timeControl: "3d+6h",
    side: "side1",
    rated: false,
  });
  const { gameId } = await trpcMutation<{ gameId: string }>(black.request, "challenge.accept", { challengeId: challenge.id });
  await Promise.all([white.goto(`/games/${gameId}`), black.goto(`/games/${gameId}`)]);
  return { white, black, whiteName, blackName, gameId, close: () => Promise.all([whiteContext.close(), blackContext.close()]) };
}

/** The bottom clock sits right under the board, and the named piece square is in the board's bottom row. */
async function expectBottom(page: Page, clockLabel: string, homeSquare: string, farSquare: string) {
  await expect(page.getByTestId("clock-bottom").getByTestId("game-clock")).toHaveAttribute("data-clock-label", clockLabel);
  const board = (await page.locator("[data-board-slot]").boundingBox())!;
  const clock = (await page.getByTestId("clock-bottom").boundingBox())!;
  const home = (await square(page, homeSquare).boundingBox())!;
  const far = (await square(page, farSquare).boundingBox())!;
  expect(home.y).toBeGreaterThan(far.y);
  // Beside: the clock starts within a few pixels under the board and is in the window.
  expect(clock.y).toBeGreaterThanOrEqual(board.y + board.height - 1);
  expect(clock.y - (board.y + board.height)).toBeLessThan(24);
  expect(clock.y + clock.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

for (const viewport of VIEWPORTS) {
  test(`the board faces each player, with their clock beside their pieces; a flip turns both (${viewport.name})`, async ({ browser }) => {
    const t = await chessTable(browser, viewport);
    await expectBottom(t.white, `White: ${t.whiteName}`, "e1", "e8");
    await expectBottom(t.black, `Black: ${t.blackName}`, "e8", "e1");
    await expect(t.black.getByTestId("clock-top").getByTestId("game-clock")).toHaveAttribute("data-clock-label", `White: ${t.whiteName}`);
    // The pieces are drawn shapes, not a font's glyphs (which render as empty boxes where the font lacks them).
    const board = t.black.getByTestId("chess-board");
    await expect(board.locator("svg[data-shape]")).toHaveCount(32);
    await expect(board.locator("svg[data-shape] path").first()).toBeVisible();
    await expect(board.locator("svg text")).toHaveCount(0);
    // Flip: board, clocks and names turn together.
    await t.black.getByRole("button", { name: "Flip board" }).click();
    await expectBottom(t.black, `White: ${t.whiteName}`, "e1", "e8");
    await t.close();
  });
}

test("the staged standings name the stage each of the top eight reached", async ({ page }) => {
  await page.goto("/dev/tournaments");
  const rows = page.getByTestId("demo-staged").getByTestId("standings-table").getByTestId("standings-row");
  await expect(rows.first()).toBeVisible();
  // Cells after the rank: "Reached" is the first value column.
  const reached = await rows.evaluateAll((trs) => trs.slice(0, 8).map((tr) => tr.querySelectorAll("td")[1]?.textContent?.trim()));
  expect(reached).toEqual(["Final", "Final", "Third place", "Third place", "Round 3", "Round 3", "Round 3", "Round 3"]);
});

interface GameData {
  id: string;
  side1: { username: string };
  side2: { username: string };
}

test('"Your next game" names the game where the player\'s clock runs and counts the others', async ({ browser, baseURL }) => {
  // A group of three playing on-site chess: each pair plays once on each side, so
  // every player has four games at once.
  const { organizer, id, sessions } = await startedOverApi(
    baseURL!,
    { name: "Next", format: "groups", settings: { groupSize: 3 }, gameType: "chess", minPlayers: 3, maxPlayers: 3 },
    3,
  );
  const created = { id };
  const data = await organizer.query<TournamentData>("tournament.get", { tournamentId: created.id });
  const [me] = sessions.keys();
  const mine: GameData[] = [];
  for (const g of playableGames(data.state!)) {
    const game = await organizer.query<GameData>("game.get", { gameId: data.gameLinks[g.id] });
    if (game.side1.username === me || game.side2.username === me) mine.push(game);
  }
  expect(mine).toHaveLength(4);
  // Every game of mine but the last waits for the opponent; the last waits for me.
  for (const [i, game] of mine.entries()) {
    const waitOnMe = i === mine.length - 1;
    const iAmWhite = game.side1.username === me;
    // White moves first: White plays e4 when the move should then be Black's.
    if (iAmWhite !== waitOnMe) await sessions.get(game.side1.username)!.mutation("game.move", { gameId: game.id, ply: 0, move: "e4" });
  }
  const target = mine.at(-1)!;

  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, me!, "player password");
    await page.goto(`/tournaments/${created.id}`);
    const callout = page.getByTestId("next-game");
    await expect(callout).toContainText("It is your move");
    await expect(callout.getByRole("link", { name: "Go to the game" })).toHaveAttribute("href", `/games/${target.id}`);
    await expect(callout.getByTestId("next-game-others")).toHaveText("3 other games of yours are in play here.");
    await context.close();
  }
});

/** The page's controls (buttons, links, fields, board squares) that a toast's box overlaps. */
async function controlsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toast = document.querySelector("[data-testid=toast]")!.getBoundingClientRect();
    const controls = [...document.querySelectorAll<HTMLElement>("button, a[href], input, select, textarea, [role=gridcell], [role=button], [role=tab]")];
    return controls
      .filter((el) => !el.closest("[data-testid=toast]"))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.left < toast.right && r.right > toast.left && r.top < toast.bottom && r.bottom > toast.top;
      })
      .map((el) => el.outerHTML.slice(0, 80));
  });
}

for (const viewport of VIEWPORTS) {
  test(`a toast tells only what is not on the screen, covers no control and leaves by itself (${viewport.name})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const opponent = new HttpSession(baseURL!);
    const opponentName = freshUsername("To");
    await opponent.signUp(opponentName, "opponent password");
    const playerName = freshUsername("Tm");
    await signUpByApi(page, playerName, "player password");
    const gameIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const ch = await opponent.mutation<{ id: string }>("challenge.create", { gameType: "chess", timeControl: "3d+6h", side: "side1", rated: false });
      gameIds.push((await trpcMutation<{ gameId: string }>(page.request, "challenge.accept", { challengeId: ch.id })).gameId);
    }
    const [here, elsewhere] = gameIds as [string, string];
    await page.goto(`/games/${here}`);
    await expect(page.getByTestId("game-screen")).toHaveAttribute("data-ply", "0");
    // The bell hears of new notices over the socket, in the player's own room: wait until
    // the server has it there (a failure here says the socket is not signed in, rather
    // than that a count never came).
    await socketConnected(page);
    await expect.poll(() => socketUser(page), { message: "the page's socket is signed in" }).toBe(playerName);

    // A move in the game on the screen: the board shows it, the inbox counts it, no toast.
    await opponent.mutation("game.move", { gameId: here, ply: 0, move: "e4" });
    await expect(page.getByTestId("game-screen")).toHaveAttribute("data-ply", "1");
    await expect(page.getByTestId("inbox-count")).toHaveText("1");
    await expect(page.getByTestId("toast")).toHaveCount(0);

    // A move in another game: one toast, over no control of the board or the page.
    await opponent.mutation("game.move", { gameId: elsewhere, ply: 0, move: "d4" });
    await expect(page.getByTestId("inbox-count")).toHaveText("2");
    await expect(page.getByTestId("toast")).toHaveCount(1);
    await expect(page.getByTestId("toast").getByRole("link")).toHaveAttribute("href", new RegExp(`/games/${elsewhere}`));
    expect(await controlsUnderToast(page)).toEqual([]);
    // The board still fits with its clock under it.
    await expect(page.getByTestId("clock-bottom")).toBeInViewport();
    // It leaves by itself.
    await expect(page.getByTestId("toast")).toHaveCount(0, { timeout: 30_000 });
    await context.close();
  });
}

for (const viewport of VIEWPORTS) {
  test(`an accepted live challenge takes both players to the board, and no clock runs before a first move (${viewport.name})`, async ({ browser }) => {
    const [challengerContext, accepterContext] = await Promise.all([browser.newContext({ viewport }), browser.newContext({ viewport })]);
    const [white, black] = await Promise.all([challengerContext.newPage(), accepterContext.newPage()]);
    const whiteName = freshUsername("Lw");
    await signUpByApi(white, whiteName, "white password");
    await signUpByApi(black, freshUsername("Lb"), "black password");

    // The challenger opens a 3+2 chess challenge as White in the lobby and waits there.
    await white.goto("/play");
    const form = white.getByRole("form", { name: "New challenge" });
    await form.getByLabel("Game").selectOption({ label: "Chess" });
    await form.getByLabel("Time control").selectOption({ label: "3 minutes + 2 seconds per move" });
    await form.getByLabel("Your side").selectOption("side1");
    await form.getByRole("button", { name: "Open challenge" }).click();
    await expect(white.getByTestId("challenge").filter({ hasText: whiteName })).toBeVisible();
    await socketConnected(white);

    // Accepting takes both to the board.
    await black.goto("/play");
    await black.getByTestId("challenge").filter({ hasText: whiteName }).getByRole("button", { name: "Accept" }).click();
    await expect(black).toHaveURL(/\/games\/[0-9a-f-]{36}$/);
    const gameUrl = black.url();
    await expect(white).toHaveURL(gameUrl);

    for (const page of [white, black]) {
      await expect(page.getByTestId("game-screen")).toHaveAttribute("data-ply", "0");
      // No main clock runs: White's first move is on its own countdown; either may abort.
      await expect(page.getByTestId("first-move-countdown")).toContainText("White must move within");
      await expect(page.locator("[data-testid=game-clock][data-running]")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Abort" })).toBeVisible();
      // The toast about the game being accepted is not raised on the game's own page.
      await expect(page.getByTestId("toast")).toHaveCount(0);
    }

    if (viewport.name === "phone") {
      // Before both have moved, either player may abort: no result, no rating change.
      await black.getByRole("button", { name: "Abort" }).click();
      for (const page of [white, black]) await expect(page.getByTestId("result-banner")).toContainText("Aborted before both sides had moved");
      await Promise.all([challengerContext.close(), accepterContext.close()]);
      return;
    }

    await square(white, "e2").click();
    await square(white, "e4").click();
    for (const page of [white, black]) {
      await expect(page.getByTestId("game-screen")).toHaveAttribute("data-ply", "1");
      // Black's first move now has its countdown; still no main clock runs.
      await expect(page.getByTestId("first-move-countdown")).toContainText("Black must move within");
      await expect(page.locator("[data-testid=game-clock][data-running]")).toHaveCount(0);
    }
    await square(black, "e7").click();
    await square(black, "e5").click();
    for (const page of [white, black]) {
      await expect(page.getByTestId("game-screen")).toHaveAttribute("data-ply", "2");
      // Both have moved: White's main clock runs, and the game can no longer be aborted.
      await expect(page.getByTestId("first-move-countdown")).toHaveCount(0);
      await expect(page.locator("[data-testid=game-clock][data-running]")).toHaveAttribute("data-clock-label", `White: ${whiteName}`);
      await expect(page.getByRole("button", { name: "Abort" })).toHaveCount(0);
    }
    await Promise.all([challengerContext.close(), accepterContext.close()]);
  });
}

test("the tournament list filters by game, format and 'only mine', marks invite-only tournaments and counts down to a start", async ({ page }) => {
  // A registering tournament with a start time says when, in the viewer's zone, and how soon.
  await page.goto("/tournaments?q=Spring%20League");
  await expect(page.getByTestId("tournament-list").getByRole("listitem").filter({ hasText: "Spring League" })).toContainText(
    /starts \w{3}, \d+ \w{3} \d{4}, \d\d:\d\d .+ \(in 2 days\)/,
  );
  await page.goto("/tournaments");
  const filters = page.getByTestId("tournament-filters");
  await filters.getByLabel("Game").selectOption({ label: "Copenhagen Hnefatafl 11×11" });
  await filters.getByLabel("Format").selectOption({ label: "Group elimination" });
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/game=hnefatafl/);
  await expect(page.getByTestId("filter-scope")).toContainText("Copenhagen Hnefatafl 11×11 · Group elimination");
  const cards = page.getByTestId("tournament-list").getByRole("listitem");
  // The demo's invite-only tafl groups are registering; other specs may add more of their own.
  const invitational = cards.filter({ hasText: "Tafl Invitational" });
  await expect(invitational.getByTestId("invite-only")).toHaveText("Invite only");
  for (const text of await cards.allInnerTexts()) expect(text).toContain("Group elimination · Copenhagen Hnefatafl 11×11");
  // The filters follow the tabs; "Show every tournament" drops them.
  await page.getByRole("navigation", { name: "Tournament status" }).getByRole("link", { name: "Finished" }).click();
  await expect(page).toHaveURL(/tab=finished.*format=groups|format=groups.*tab=finished/);
  await page.getByRole("link", { name: "Show every tournament" }).click();
  await expect(page.getByTestId("filter-scope")).toHaveCount(0);
  await expect(page).not.toHaveURL(/format=/);

  // "Only mine" is there for an account, and a new one has no tournament yet.
  await expect(filters.getByLabel("Only mine")).toHaveCount(0);
  await signUpByApi(page, freshUsername("filter"), "filter password");
  await page.goto("/tournaments?tab=registering");
  await page.getByTestId("tournament-filters").getByLabel("Only mine").check();
  await page.getByTestId("tournament-filters").getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No tournament open for registration matches these filters.")).toBeVisible();
});

test("the home page shows games in play with a small board and both clocks each, none still at its first moves; the lobby's live games too", async ({
  page,
}) => {
  await page.goto("/");
  const cards = page.getByTestId("game-in-play");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(3);
  let withPieces = 0;
  for (const card of await cards.all()) {
    expect(Number(await card.getAttribute("data-ply"))).toBeGreaterThanOrEqual(2);
    // The game's own board, a picture out of the tab order.
    const board = card.getByTestId("mini-board");
    await expect(board.locator("svg, [role=grid]").first()).toBeVisible();
    await expect(board).toHaveAttribute("inert", "");
    // Drawn with its pieces (the four-colour game's placed squares; a game of another spec may have none yet at ply 2).
    if ((await board.locator("[data-piece], [data-colour]").count()) > 1) withPieces++;
    // Both players' clocks, the side to move's running.
    await expect(card.getByTestId("mini-clock")).toHaveCount(2);
    await expect(card.locator('[data-testid="mini-clock"][data-running]')).toHaveCount(1);
  }
  expect(withPieces).toBeGreaterThanOrEqual(1);
  await cards.first().click();
  await expect(page).toHaveURL(/\/games\//);
  await expect(page.getByTestId("game-screen")).toBeVisible();
  // The lobby's live games are the same cards: a board and both clocks each.
  await page.goto("/play");
  const live = page.getByTestId("game-in-play");
  await expect(live.first()).toBeVisible();
  await expect(live.first().getByTestId("mini-board")).toBeVisible();
  await expect(live.first().getByTestId("mini-clock")).toHaveCount(2);
});

test("settings on a phone: a bad reminder hour is said under its field, and a save says so beside its button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpByApi(page, freshUsername("Set"), "settings password");
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "E-mail and reminders" });
  const hours = form.getByLabel("Deadline reminders (hours before your time runs out)");
  const save = form.getByRole("button", { name: "Save notification settings" });

  await hours.fill("24, soon");
  await save.click();
  await expect(hours).toHaveAttribute("aria-invalid", "true");
  await expect(hours).toBeFocused();
  await expect(form.getByText("Write reminder hours as whole numbers separated by commas, like 24, 1.")).toBeInViewport();

  await hours.fill("12, 2");
  await save.click();
  const status = form.getByRole("status").filter({ hasText: "Saved." });
  await expect(status).toBeInViewport();
  await expect(hours).not.toHaveAttribute("aria-invalid");
  await page.reload();
  await expect(page.getByLabel("Deadline reminders (hours before your time runs out)")).toHaveValue("12, 2");
});

for (const viewport of VIEWPORTS) {
  test(`the challenge form shows every game and time control whole (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUpByApi(page, freshUsername("Tc"), "time control password");
    await page.goto("/play");
    const form = page.getByRole("form", { name: "New challenge" });
    for (const name of ["gameType", "timeControl"]) {
      // The widest choice's text, in the select's own font, against the room the select gives it.
      const fit = await form.locator(`select[name=${name}]`).evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const widest = Math.max(...[...select.options].map((o) => context.measureText(o.text).width));
        // Padding on both sides, and about 1.5 em for the drop-down arrow.
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1.5 * parseFloat(style.fontSize);
        return { widest, room };
      });
      expect(fit.widest, `${name}: the widest choice fits`).toBeLessThanOrEqual(fit.room);
    }
  });
}

test("the theme follows the system's until one is chosen, and the choice stays", async ({ page }) => {
  const html = page.locator("html");
  await page.goto("/");
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
  // The system turns dark: the page and the toggle's icon follow, without a reload.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveClass(/\bdark\b/);
  // Chosen with the toggle: kept whatever the system does, and across a reload.
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "light" });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
  await expect(html).not.toHaveClass(/\bdark\b/);
});
