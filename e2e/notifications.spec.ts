// Notifications in Chromium: the bell's count changes live when the opponent moves
// (a toast shows once), the inbox page lists and marks read, a dispute waits in the
// organizer's queue and is settled there, and the service worker shows a push
// delivered through the Chrome DevTools Protocol (the vendor's push service being
// out of reach here).
import { expect, test } from "@playwright/test";
import { HttpSession } from "../test/http-session";
import { trpcMutation } from "./api";
import { freshUsername, signIn, signUp } from "./helpers";

const BASE = process.env.BASE_URL!;
const PASSWORD = "notify password";

test("the bell counts live, toasts once, and the inbox lists and marks read", async ({ page }) => {
  const opponent = new HttpSession(BASE);
  const opponentName = freshUsername("op");
  await opponent.signUp(opponentName, PASSWORD);
  await signUp(page, freshUsername("me"), PASSWORD);
  await expect(page.getByTestId("inbox-bell")).toBeVisible();
  await expect(page.getByTestId("inbox-count")).toHaveCount(0);

  const ch = await opponent.mutation<{ id: string }>("challenge.create", { gameType: "hnefatafl", timeControl: "3d+6h", side: "side1", rated: false });
  const { gameId } = await trpcMutation<{ gameId: string }>(page.request, "challenge.accept", { challengeId: ch.id });
  await opponent.mutation("game.move", { gameId, ply: 0, move: "d1-d3" });

  await expect(page.getByTestId("inbox-count")).toHaveText("1");
  await expect(page.getByTestId("toast")).toHaveCount(1);
  await expect(page.getByTestId("toast")).toContainText(`It is your move against ${opponentName}.`);
  await expect(page.getByRole("link", { name: /Your turn, 1 waiting/ })).toBeVisible();

  await page.goto("/inbox");
  const item = page.getByTestId("inbox-item").first();
  await expect(item).toContainText(`It is your move against ${opponentName}.`);
  await expect(item).toHaveAttribute("data-unread", "true");
  // Reloading shows no toast again: it was already seen.
  await expect(page.getByTestId("toast")).toHaveCount(0);
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(item).toHaveAttribute("data-unread", "false");
  await expect(page.getByTestId("inbox-count")).toHaveCount(0);

  // The deep link leads to the game.
  await item.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/games/${gameId}$`));
});

test("a disputed result waits in the organizer's queue and is settled there", async ({ page }) => {
  // The demo's Dice Race Open (organized by alice) has a disputed report.
  await signIn(page, "alice", "moot-demo");
  await expect(page.getByTestId("inbox-count")).toBeVisible();
  await page.goto("/my-turn");
  const queue = page.getByTestId("organizer-queue").filter({ hasText: "Dice Race Open" });
  const dispute = queue.getByTestId("queue-item").filter({ hasText: "Disputed result" }).first();
  await expect(dispute).toContainText("reported 1-0, disputed");
  const players = (await dispute.getByRole("link").first().textContent())!;
  await dispute.getByRole("button", { name: "Set 0-1" }).click();
  await expect(page.getByTestId("queue-item").filter({ hasText: players })).toHaveCount(0);
  // The organizer's action is in the tournament's audit log.
  await page.goto("/inbox");
  await expect(page.getByTestId("inbox-item").filter({ hasText: "is disputed" }).first()).toContainText("done");
});

test("the service worker shows a delivered push", async ({ page, context }) => {
  await context.grantPermissions(["notifications"], { origin: BASE });
  await signUp(page, freshUsername("sw"), PASSWORD);
  await page.goto("/settings");
  const cdp = await context.newCDPSession(page);
  await cdp.send("ServiceWorker.enable");
  const registered = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const reg = registrations.find((r) => r.scopeURL.startsWith(BASE) && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
  });
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
  });
  const registrationId = await registered;
  const payload = { title: "Your move", body: "It is your move against bob.", url: "/inbox", tag: "your-move:test" };
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: new URL(BASE).origin, registrationId, data: JSON.stringify(payload) });
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}: ${n.body}`)), { timeout: 15_000 })
    .toContain("Your move: It is your move against bob.");
});
