// The four-colour polyomino game on the site, in real browsers against the real
// server: A and B play a whole game (the Freestyle pre-game through the board,
// placements through the board by click, drag and keyboard, rotating and flipping
// with keys and with buttons, the rest through the API) while an anonymous
// spectator follows live; the final scores match the pieces left; the game
// replays and downloads its record; board and tray fit a laptop and a phone.
import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "./test";
import { polyomino } from "../engine/games/polyomino/game";
import { remainingPieces } from "../engine/games/polyomino/view";
import { drawnRandomGame } from "../engine/games/polyomino/test-games";
import { onSiteGame } from "../engine/games/registry";
import { playableGames, type TournamentState } from "../engine/formats";
import { startedOverApi, trpcMutation, trpcQuery } from "./api";
import { freshUsername, signUpByApi } from "./helpers";

const GAME = "four-colour-onsite";
const rules = onSiteGame(GAME)!;

interface Table {
  a: Page;
  b: Page;
  spectator: Page;
  gameId: string;
}

/** A challenges as A (side 1, who names the first pieces); B accepts; an anonymous spectator opens the game. */
async function startGame(browser: Browser, viewport?: { width: number; height: number }): Promise<Table> {
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext(viewport ? { viewport } : {})));
  const [a, b, spectator] = await Promise.all(contexts.map((c) => c.newPage()));
  await signUpByApi(a!, freshUsername("A"), "a's password");
  await signUpByApi(b!, freshUsername("B"), "b's password");
  const challenge = await trpcMutation<{ id: string }>(a!.request, "challenge.create", { gameType: GAME, timeControl: "3d+6h", side: "side1", rated: true });
  const { gameId } = await trpcMutation<{ gameId: string }>(b!.request, "challenge.accept", { challengeId: challenge.id });
  await Promise.all([a!.goto(`/games/${gameId}`), b!.goto(`/games/${gameId}`), spectator!.goto(`/games/${gameId}`)]);
  return { a: a!, b: b!, spectator: spectator!, gameId };
}

interface Game {
  position: string;
  ply: number;
  status: string;
}

const game = (t: Table) => trpcQuery<Game>(t.spectator.request, "game.get", { gameId: t.gameId });
const mover = (t: Table, position: string) => (rules.toMove(position) === 1 ? t.a : t.b);
const size = (move: string) => Number(/[A-Z](\d):/.exec(move)?.[1] ?? 0);

/** The legal placement with the largest piece (a game that lasts), or the first with piece `piece`. */
function pick(position: string, piece?: string): string {
  const moves = rules.legalMoves(position);
  if (piece) return moves.find((m) => m.includes(` ${piece}:`))!;
  return moves.reduce((best, m) => (size(m) > size(best) ? m : best));
}

/**
 * Plays `count` placements through the API, each by the side the rules name. Only the
 * spectator's page follows them live: three pages redrawing the 400-square board and
 * its hints on every placement took this test past seven minutes on CI's two cores.
 * The players' pages come back to the game afterwards (placeThroughBoard checks that
 * they follow live).
 */
async function apiPlacements(t: Table, count: number) {
  await Promise.all([t.a, t.b].map((p) => p.goto("about:blank")));
  for (let i = 0; i < count; i++) {
    const { position, ply, status } = await game(t);
    if (status !== "active") break;
    await trpcMutation(mover(t, position).request, "game.move", { gameId: t.gameId, ply, move: pick(position) });
  }
  await Promise.all([t.a, t.b].map((p) => p.goto(`/games/${t.gameId}`)));
}

const parsePlacement = (move: string) => {
  const [, colour, piece, k, file, rank] = /^(\w+) (\w+):(\d)@([a-t])(\d+)/.exec(move)!;
  return { colour: colour!, piece: piece!, k: Number(k), x: file!.charCodeAt(0) - 97, y: Number(rank) - 1 };
};

/** Turns the selected piece to orientation k: F flips (k ≥ 4), R turns; by keys or by the buttons. */
async function orient(page: Page, k: number, by: "keys" | "buttons") {
  const board = page.getByTestId("polyomino-board");
  const grid = page.getByTestId("polyomino-grid");
  if (by === "keys") await grid.focus();
  for (let i = 0; i < 8 && Number(await board.getAttribute("data-orientation")) !== k; i++) {
    const current = Number(await board.getAttribute("data-orientation"));
    const flip = (current & 4) !== (k & 4);
    if (by === "keys") await page.keyboard.press(flip ? "f" : "r");
    else await page.getByTestId(flip ? "flip" : "rotate").click();
  }
  await expect(board).toHaveAttribute("data-orientation", String(k));
}

/** A placement through the board by keyboard: the arrows bring the ghost onto the target, Enter places. */
async function placeByKeys(page: Page, target: string) {
  const want = parsePlacement(target);
  const grid = page.getByTestId("polyomino-grid");
  // The arrows go as the screen does: on a board turned to face B, up is towards rank 1.
  const turned = (await page.getByTestId("polyomino-board").getAttribute("data-flipped")) !== null;
  const key = (dx: number, dy: number): [number, number] => (turned ? [-dx, -dy] : [dx, dy]);
  await grid.focus();
  await page.keyboard.press("ArrowUp");
  for (let i = 0; i < 40; i++) {
    const ghost = await grid.getAttribute("data-ghost");
    const at = ghost ? parsePlacement(ghost) : null;
    if (at && at.x === want.x && at.y === want.y) break;
    // Without a ghost (its square off the board), come back towards the middle.
    const [dx, dy] = key(...((at ? [want.x - at.x, want.y - at.y] : [0, -1]) as [number, number]));
    await page.keyboard.press(dx > 0 ? "ArrowRight" : dx < 0 ? "ArrowLeft" : dy > 0 ? "ArrowUp" : "ArrowDown");
  }
  await expect(grid).toHaveAttribute("data-fits", "true");
  await page.keyboard.press("Enter");
}

/**
 * A placement through the board by mouse: hover, read where the ghost lies, move by the
 * difference, then click; or (drag) press on the piece in the tray and let go there.
 */
async function placeByMouse(page: Page, target: string, drag = false) {
  const want = parsePlacement(target);
  const grid = page.getByTestId("polyomino-grid");
  const square = (x: number, y: number) => page.locator(`[data-testid=polyomino-grid] [data-square="${String.fromCharCode(97 + x)}${y + 1}"]`);
  if (drag) {
    await page.getByTestId("tray").locator(`[data-piece="${want.piece}"]`).hover();
    await page.mouse.down();
  }
  await square(10, 10).hover();
  const at = parsePlacement((await grid.getAttribute("data-ghost"))!);
  const target_ = square(10 + want.x - at.x, 10 + want.y - at.y);
  await target_.hover();
  await expect(grid).toHaveAttribute("data-ghost", new RegExp(`@${String.fromCharCode(97 + want.x)}${want.y + 1}$`));
  await expect(grid).toHaveAttribute("data-fits", "true");
  if (drag) await page.mouse.up();
  else await target_.click();
}

/** The side to move places `move`'s piece through the board, selected in the tray. */
async function placeThroughBoard(t: Table, how: "keys" | "mouse" | "drag", orientBy: "keys" | "buttons") {
  const { position, ply } = await game(t);
  const page = mover(t, position);
  await expect(page.getByTestId("game-screen")).toHaveAttribute("data-ply", String(ply));
  const move = pick(position);
  const { piece, k } = parsePlacement(move);
  await page.getByTestId("tray").locator(`[data-piece="${piece}"]`).click();
  await expect(page.getByTestId("polyomino-board")).toHaveAttribute("data-selected", piece);
  await orient(page, k, orientBy);
  if (how === "keys") await placeByKeys(page, move);
  else await placeByMouse(page, move, how === "drag");
  for (const p of [page, t.spectator]) await expect(p.getByTestId("game-screen")).toHaveAttribute("data-ply", String(ply + 1));
  return move;
}

test("A and B play a whole game through the board and the API, the pre-game included, while a spectator follows live; scores match the pieces left; replay and record", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const t = await startGame(browser);
  await t.spectator.evaluate(() => ((window as unknown as { __stillHere: boolean }).__stillHere = true));

  // The pre-game through the board: A names I5 for blue and L5 for red; B plays blue and red.
  await expect(t.b.getByTestId("polyomino-board")).toContainText("Waiting for A");
  const open = t.a.getByTestId("pregame-open");
  await open.getByLabel("Blue's first piece").selectOption("I5");
  await open.getByLabel("Red's first piece").selectOption("L5");
  await open.getByRole("button", { name: "Name the first pieces" }).click();
  for (const page of [t.b, t.spectator]) await expect(page.getByTestId("pregame-choose")).toContainText("A named I5 for blue and L5 for red.");
  await t.b.getByRole("button", { name: "Play blue and red" }).click();
  // Under CI's load the spectator's first live update of the game has taken over 10 s.
  await expect(t.spectator.getByTestId("side-scores")).toContainText("B plays blue and red", { timeout: 30_000 });
  // The clocks name each player's colours.
  await expect(t.spectator.getByTestId("game-screen")).toContainText("B (blue and red):");
  await expect(t.spectator.getByTestId("game-screen")).toContainText("A (yellow and green):");
  // B moves again at once (blue), and B's clock runs.
  await expect(t.b.getByTestId("polyomino-board")).toHaveAttribute("data-to-move", "blue");
  await expect(t.spectator.getByTestId("game-screen")).toHaveAttribute("data-ply", "2");

  // Blue's first piece (I5, as A named it) by keyboard, turned with the keys; yellow's by mouse, with the buttons.
  await expect(t.b.getByTestId("tray").locator('[data-piece="F5"]')).toBeDisabled();
  await placeThroughBoard(t, "keys", "keys");
  await placeThroughBoard(t, "mouse", "buttons");
  await expect(t.spectator.locator('[data-testid=polyomino-grid] [data-colour="blue"]')).toHaveCount(5);
  // A ghost where a piece may not go says why, and a click there places nothing.
  const { position, ply } = await game(t);
  const page = mover(t, position);
  await page.locator('[data-testid=polyomino-grid] [data-square="j10"]').hover();
  await expect(page.getByTestId("polyomino-status")).toContainText("Does not fit");
  await expect(page.getByTestId("polyomino-grid")).toHaveAttribute("data-fits", "false");
  await page.locator('[data-testid=polyomino-grid] [data-square="j10"]').click();
  await expect(page.getByTestId("game-screen")).toHaveAttribute("data-ply", String(ply));

  // Most of the game through the API, with more placements through the board on the way.
  await apiPlacements(t, 20);
  await placeThroughBoard(t, "mouse", "keys");
  await placeThroughBoard(t, "drag", "buttons");
  await apiPlacements(t, 20);
  await placeThroughBoard(t, "keys", "buttons");
  await apiPlacements(t, 200);

  const final = await game(t);
  expect(final.status).toBe("finished");
  for (const p of [t.a, t.b, t.spectator]) await expect(p.getByTestId("result-banner")).toBeVisible();
  // The scores shown are the pieces left: −1 a square (the digit of a piece's name is its size),
  // or +15 (+5 more with the monomino last) for a colour that placed them all.
  const finalState = polyomino.parse(final.position);
  const sideScore: Record<"A" | "B", number> = { A: 0, B: 0 };
  for (const [c, colour] of (["blue", "yellow", "red", "green"] as const).entries()) {
    const left = remainingPieces(finalState, c as 0 | 1 | 2 | 3);
    const expected = left.length > 0 ? -left.reduce((n, name) => n + Number(name.slice(1)), 0) : finalState.board.last[c] === 0 ? 20 : 15;
    await expect(t.spectator.locator(`[data-score-colour="${colour}"]`)).toHaveAttribute("data-score", String(expected));
    await expect(t.spectator.locator(`[data-score-colour="${colour}"]`)).toContainText(`(${left.length} left)`);
    // B plays blue and red.
    sideScore[c % 2 === 0 ? "B" : "A"] += expected;
  }
  const sides = t.spectator.getByTestId("side-scores");
  await expect(sides).toHaveAttribute("data-a", String(sideScore.A));
  await expect(sides).toHaveAttribute("data-b", String(sideScore.B));
  const winner = sideScore.A > sideScore.B ? "(A) won" : sideScore.B > sideScore.A ? "(B) won" : "Draw";
  for (const p of [t.a, t.b, t.spectator]) await expect(p.getByTestId("result-banner")).toContainText(winner);
  expect(await t.spectator.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);

  // Replay: Home shows the empty board, a step shows A's opening; the record downloads.
  const slot = t.spectator.locator("[data-board-slot]");
  await t.spectator.getByRole("heading", { level: 1 }).click();
  await t.spectator.keyboard.press("Home");
  await expect(slot).toHaveAttribute("data-shown-ply", "0");
  await expect(t.spectator.locator("[data-testid=polyomino-grid] [data-colour]")).toHaveCount(0);
  await t.spectator.keyboard.press("End");
  await expect(t.spectator.locator("[data-testid=polyomino-grid] [data-colour]").first()).toBeVisible();
  const [download] = await Promise.all([t.spectator.waitForEvent("download"), t.spectator.getByRole("button", { name: "Download record" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.txt$/);
  const text = await readFile((await download.path())!, "utf8");
  expect(text).toContain('[BPlays "blue-red"]');
  expect(text).toContain("1. open I5 L5");
  expect(text).toContain(`A ${sideScore.A}, B ${sideScore.B}`);
});

test("the board and the tray fit without sideways scrolling at 1366×768 and 390×844", async ({ browser }) => {
  test.setTimeout(240_000);
  const t = await startGame(browser);
  const { ply } = await game(t);
  await trpcMutation(t.a.request, "game.move", { gameId: t.gameId, ply, move: "open F5 L5" });
  await trpcMutation(t.b.request, "game.move", { gameId: t.gameId, ply: ply + 1, move: "choose yellow-green" });
  await apiPlacements(t, 6);
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    const { position } = await game(t);
    const page = mover(t, position);
    for (const p of [page, t.spectator]) {
      await p.setViewportSize(viewport);
      await p.reload();
      await expect(p.getByTestId("polyomino-board")).toBeVisible();
      await expect
        .poll(
          async () => {
            const boxes = await Promise.all([p.getByTestId("polyomino-grid"), p.getByTestId("tray"), p.getByTestId("clock-top")].map((l) => l.boundingBox()));
            const { scrollWidth, innerWidth } = await p.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
            const fits = boxes.every((b) => b !== null && b.x >= 0 && b.x + b.width <= viewport.width);
            return scrollWidth <= innerWidth && fits ? "fits" : JSON.stringify({ viewport, scrollWidth, innerWidth, boxes });
          },
          { timeout: 20_000 },
        )
        .toBe("fits");
      const grid = (await p.getByTestId("polyomino-grid").boundingBox())!;
      // The whole board is on the screen, and not shrunk to nothing.
      expect(grid.y + grid.height).toBeLessThanOrEqual(viewport.height);
      expect(grid.width).toBeGreaterThan(Math.min(viewport.width, viewport.height) * 0.5);
    }
  }
  // Flipping turns the board half a turn: blue's corner, a20, from the top left to the bottom right.
  const corner = async () => {
    const [square, grid] = await Promise.all([
      t.spectator.locator('[data-testid=polyomino-grid] [data-square="a20"]').boundingBox(),
      t.spectator.getByTestId("polyomino-grid").boundingBox(),
    ]);
    return square!.x - grid!.x > grid!.width / 2 && square!.y - grid!.y > grid!.height / 2 ? "bottom right" : "elsewhere";
  };
  expect(await corner()).toBe("elsewhere");
  await t.spectator.getByRole("button", { name: "Flip board" }).click();
  await expect.poll(corner).toBe("bottom right");
});

test("a drawn semi-final of the staged championship is replayed on the site with the roles switched", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // Set up through the API: sixteen players; every game up to the semi-finals decided by
  // the organizer; Semi-final 1 played on the site to equal points.
  const { organizer, id, sessions } = await startedOverApi(baseURL!, { name: "Staged", format: "staged", gameType: GAME, minPlayers: 16, maxPlayers: 16 }, 16);
  const t = { id };
  interface Tournament {
    state: TournamentState;
    gameLinks: Record<string, string>;
  }
  interface Game {
    position: string;
    side1: { username: string };
    side2: { username: string };
    status: string;
    endReason: string | null;
  }
  const drawn = drawnRandomGame();
  let semi: Game | null = null;
  let replayId: string | undefined;
  for (let step = 0; !replayId; step++) {
    expect(step, "no replay of the drawn semi-final").toBeLessThan(10);
    const { state, gameLinks } = await organizer.query<Tournament>("tournament.get", { tournamentId: t.id });
    for (const g of playableGames(state)) {
      const gameId = gameLinks[g.id]!;
      if (g.replayOf === "r4-g1-1") replayId = gameId;
      else if (g.id === "r4-g1-1") {
        // A (side 1) opens, B chooses colours, then each colour's owner places.
        const game = await organizer.query<Game>("game.get", { gameId });
        let position = game.position;
        for (const [ply, move] of drawn.entries()) {
          const mover = sessions.get((rules.toMove(position) === 1 ? game.side1 : game.side2).username)!;
          await mover.mutation("game.move", { gameId, ply, move });
          const next = rules.play(position, move);
          if (!next.ok) throw new Error(next.reason);
          position = next.position;
        }
        semi = await organizer.query<Game>("game.get", { gameId });
        expect(semi).toMatchObject({ status: "finished", endReason: "equal points" });
      } else if (!g.id.startsWith("r4-")) await organizer.mutation("game.setResult", { gameId, result: "1-0" });
    }
  }
  const [a, b] = [semi!.side1.username, semi!.side2.username];

  // The bracket lists the replay with the roles switched: the drawn game's B is now A.
  await page.goto(`/tournaments/${t.id}`);
  const replay = page.locator('[data-match="semi1"] [data-testid="bracket-game"][data-replay]');
  await expect(replay).toContainText("Replay 1");
  await expect(replay).toContainText(`A ${b}`);
  await expect(replay).toContainText(`B ${a}`);
  // The replay is a new game on the site, from the start, with the roles switched.
  await page.goto(`/games/${replayId}`);
  await expect(page.getByTestId("game-screen")).toHaveAttribute("data-ply", "0");
  await expect(page.getByTestId("game-screen")).toContainText(`A: ${b}`);
  await expect(page.getByTestId("game-screen")).toContainText(`B: ${a}`);
  await expect(page.getByTestId("polyomino-board")).toContainText("Waiting for A");
});
