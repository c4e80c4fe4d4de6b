// Directed challenges (issue 23): a rematch offered on a finished game's page reaches
// the opponent there, and accepting it takes both players to a new board with the
// sides swapped; a challenge from a player's profile reaches them in the lobby and
// accepting it seats both. Set up through the API; the browser does only the offer
// and the answer.
import { expect, test, type Browser, type Page } from "./test";
import { trpcMutation, trpcQuery } from "./api";
import { expectNoGraveViolation } from "./axe";
import { freshUsername, signUpByApi } from "./helpers";

const socketConnected = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __mootSocket?: { connected: boolean } }).__mootSocket?.connected === true);

async function twoPlayers(browser: Browser) {
  const [ac, bc] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [a, b] = await Promise.all([ac.newPage(), bc.newPage()]);
  const names = { a: freshUsername("Ra"), b: freshUsername("Rb") };
  await Promise.all([signUpByApi(a, names.a, "rematch password a"), signUpByApi(b, names.b, "rematch password b")]);
  return { a, b, names };
}

type Sides = { side1: { username: string }; side2: { username: string } };

const sounds = (page: Page) => page.evaluate(() => (window as unknown as { __mootMoveSounds?: number }).__mootMoveSounds ?? 0);

test("a rematch offered on a finished game reaches the opponent, accepting takes both to a new board with sides swapped, where each move clicks unless sounds are off", async ({
  browser,
}) => {
  const { a, b, names } = await twoPlayers(browser);
  const challenge = await trpcMutation<{ id: string }>(a.request, "challenge.create", {
    gameType: "chess",
    timeControl: "3d+6h",
    side: "side1",
    rated: false,
  });
  const { gameId } = await trpcMutation<{ gameId: string }>(b.request, "challenge.accept", { challengeId: challenge.id });
  await trpcMutation(b.request, "game.resign", { gameId });
  await Promise.all([a.goto(`/games/${gameId}`), b.goto(`/games/${gameId}`)]);
  await Promise.all([socketConnected(a), socketConnected(b)]);

  await a.getByRole("button", { name: "Rematch" }).click();
  await expect(a.getByTestId("rematch")).toContainText(`Rematch offered to ${names.b}`);
  // Live on the opponent's page, without a reload.
  await expect(b.getByTestId("rematch")).toContainText(`${names.a} offers a rematch, sides swapped.`);
  // The offer as the opponent sees it passes axe (the accessibility spec sees no finished game as its player).
  await expectNoGraveViolation(b, "the rematch offer", { include: "[data-testid=rematch]" });
  await b.getByRole("button", { name: "Accept rematch" }).click();

  // Both leave the finished game for the same new one.
  await Promise.all([
    a.waitForURL((u) => u.pathname.startsWith("/games/") && !u.pathname.endsWith(gameId)),
    b.waitForURL((u) => u.pathname.startsWith("/games/") && !u.pathname.endsWith(gameId)),
  ]);
  expect(new URL(a.url()).pathname).toBe(new URL(b.url()).pathname);
  const next = new URL(b.url()).pathname.split("/").pop()!;
  const view = await trpcQuery<Sides>(b.request, "game.get", { gameId: next });
  expect([view.side1.username, view.side2.username]).toEqual([names.b, names.a]);
  // Each player's own side faces them: the opponent is named at the top.
  await expect(a.getByTestId("clock-bottom")).toContainText(names.a);
  await expect(b.getByTestId("clock-bottom")).toContainText(names.b);

  // Move sounds, on by default: the opponent's move, and your own once confirmed.
  await Promise.all([socketConnected(a), socketConnected(b)]);
  await trpcMutation(b.request, "game.move", { gameId: next, ply: 0, move: "e4" });
  await expect.poll(() => sounds(a)).toBe(1);
  await expect.poll(() => sounds(b)).toBe(1);
  // Switched off in a's browser (kept there), a hears nothing more; b still does.
  await a.getByRole("button", { name: "Move sounds" }).click();
  await expect(a.getByRole("button", { name: "Move sounds" })).toHaveAttribute("aria-pressed", "false");
  await trpcMutation(a.request, "game.move", { gameId: next, ply: 1, move: "e5" });
  await expect(b.getByTestId("game-screen")).toHaveAttribute("data-ply", "2");
  await expect(a.getByTestId("game-screen")).toHaveAttribute("data-ply", "2");
  await expect.poll(() => sounds(b)).toBe(2);
  expect(await sounds(a)).toBe(1);
  expect(await a.evaluate(() => window.localStorage.getItem("moot:move-sounds"))).toBe("off");
});

test("a challenge from a player's profile reaches them in the lobby, says which side they get, and accepting seats both", async ({ browser }) => {
  const { a, b, names } = await twoPlayers(browser);
  await a.goto(`/players/${names.b}`);
  await a.getByText(`Challenge ${names.b}`, { exact: true }).click();
  const form = a.getByRole("form", { name: `Challenge ${names.b}` });
  await form.getByLabel("Game").selectOption("chess");
  await form.getByLabel("Your side").selectOption("side1");
  await form.getByRole("button", { name: "Send challenge" }).click();
  await expect(a.getByRole("status")).toContainText("Challenge sent.");
  await socketConnected(a);

  await b.goto("/play");
  const card = b.getByTestId("challenge").filter({ hasText: names.a });
  await expect(card).toContainText("Challenge for you");
  await expect(card.getByTestId("challenge-side")).toHaveText("you play Black");
  await card.getByRole("button", { name: "Accept" }).click();
  await b.waitForURL(/\/games\//);
  // The challenger, still on the profile, is taken to the same board.
  await a.waitForURL(b.url());
  const view = await trpcQuery<Sides>(b.request, "game.get", { gameId: new URL(b.url()).pathname.split("/").pop()! });
  expect([view.side1.username, view.side2.username]).toEqual([names.a, names.b]);
});
