// Chat in Chromium against the real server: a player's message reaches the opponent
// (on a phone, where the chat sits below the board and its controls) and a signed-out
// spectator live, and a burst past the per-minute limit is refused with its sentence.
// The accounts and the game are made through the API (signUpByApi); the browsers only chat.
import { expect, test, type Browser, type Page } from "./test";
import { trpcMutation } from "./api";
import { expectNoGraveViolation } from "./axe";
import { freshUsername, signUpByApi } from "./helpers";

const PASSWORD = "chat password";
/** The server's default CHAT_MESSAGES_PER_USER_PER_MINUTE (the e2e server keeps it). */
const LIMIT = 10;

const pageIn = async (browser: Browser, viewport?: { width: number; height: number }): Promise<Page> =>
  (await browser.newContext(viewport ? { viewport } : {})).newPage();

test("a chat message reaches the opponent and a spectator live, and a burst past the limit is refused", async ({ browser }) => {
  const [player, opponent, spectator] = await Promise.all([pageIn(browser), pageIn(browser, { width: 390, height: 844 }), pageIn(browser)]);
  const aliceName = freshUsername("ca");
  await Promise.all([signUpByApi(player, aliceName, PASSWORD), signUpByApi(opponent, freshUsername("cb"), PASSWORD)]);
  const challenge = await trpcMutation<{ id: string }>(player.request, "challenge.create", {
    gameType: "hnefatafl",
    timeControl: "3d+6h",
    side: "side1",
    rated: false,
  });
  const { gameId } = await trpcMutation<{ gameId: string }>(opponent.request, "challenge.accept", { challengeId: challenge.id });
  await Promise.all([player, opponent, spectator].map((p) => p.goto(`/games/${gameId}`)));
  const input = player.getByRole("textbox", { name: "Message" });
  await expect(input).toBeVisible();
  // A spectator reads, and is told why there is no box to write in.
  await expect(spectator.getByTestId("chat")).toContainText("Sign in to chat.");
  await expect(spectator.getByRole("textbox", { name: "Message" })).toHaveCount(0);

  await input.fill("Good luck, have fun!");
  await input.press("Enter");
  for (const p of [player, opponent, spectator]) {
    await expect(p.getByTestId("chat-message").filter({ hasText: "Good luck, have fun!" })).toContainText(aliceName);
  }
  await expect(input).toHaveValue("");
  // The panel with a message, its menu and its form: no serious or critical axe violation.
  await expectNoGraveViolation(opponent, "the chat panel", { include: '[data-testid="chat"]' });

  // On the phone the chat lies below the board and its buttons, covering none of them.
  const [board, chat] = [await opponent.locator("[data-board-slot]").boundingBox(), await opponent.getByTestId("chat").boundingBox()];
  expect(chat!.y).toBeGreaterThanOrEqual(board!.y + board!.height);

  // A burst: the limit counts per fixed minute, so within 2 × LIMIT + 1 sends one is refused however the burst is timed.
  const error = player.getByTestId("chat-error");
  let refusedAt = -1;
  for (let i = 0; i < 2 * LIMIT + 1; i++) {
    await input.fill(`burst ${i}`);
    await input.press("Enter");
    // Sent (the box empties) or refused (the sentence shows).
    await expect.poll(async () => ((await error.isVisible()) ? "refused" : await input.inputValue())).toMatch(/^(|refused)$/);
    if (await error.isVisible()) {
      refusedAt = i;
      break;
    }
  }
  // The greeting and bursts 0 … refusedAt − 1 went through: at least the limit, more if the burst crossed a minute.
  expect(refusedAt + 1).toBeGreaterThanOrEqual(LIMIT);
  await expect(error).toHaveText(/^Too many chat messages\. Please wait \d+ seconds and try again\.$/);
  // The refused message stays in the box and reaches nobody.
  await expect(input).toHaveValue(`burst ${refusedAt}`);
  const line = (n: number) => spectator.getByTestId("chat-message").filter({ hasText: new RegExp(`: burst ${n}$`) });
  await expect(line(refusedAt - 1)).toHaveCount(1);
  await expect(line(refusedAt)).toHaveCount(0);
});
