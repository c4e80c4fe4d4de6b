// Notifications in Chromium: the bell's count changes live when the opponent moves
// (a toast shows once), the inbox page lists and marks read, a dispute waits in the
// organizer's queue and is settled there, and the service worker shows a push
// delivered through the Chrome DevTools Protocol (the vendor's push service being
// out of reach here).
import { expect, test } from "./test";
import { HttpSession } from "../test/http-session";
import { trpcMutation } from "./api";
import { freshUsername, signIn, signUp, signUpByApi } from "./helpers";

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
  // The tab's title counts it too, and keeps counting across a navigation.
  await expect(page).toHaveTitle(/^\(1\) /);

  await page.goto("/inbox");
  await expect(page).toHaveTitle(/^\(1\) Inbox/);
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

  // The inbox visited again soon after (within the query cache's 10 s) lists what came meanwhile.
  await trpcMutation(page.request, "game.move", { gameId, ply: 1, move: "d6-d9" });
  await opponent.mutation("game.move", { gameId, ply: 2, move: "e1-e3" });
  await expect(page.getByTestId("inbox-count")).toHaveText("1");
  await page.getByTestId("inbox-bell").click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByTestId("inbox-item").first()).toHaveAttribute("data-unread", "true");
});

test("a notice that comes while the page's socket is still connecting is counted once it connects", async ({ page }) => {
  const opponent = new HttpSession(BASE);
  await opponent.signUp(freshUsername("op"), PASSWORD);
  await signUpByApi(page, freshUsername("me"), PASSWORD);
  // The page's socket is held open but silent until the notice is in: the bell fetches
  // its count before the socket is in the user's room, so no ping can tell it.
  let release!: () => void;
  const released = new Promise<void>((go) => (release = go));
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await released;
    ws.connectToServer();
  });
  const counted = page.waitForResponse((r) => r.url().includes("notification.summary"));
  await page.goto("/players");
  await counted;
  await expect(page.getByTestId("inbox-count")).toHaveCount(0);

  const ch = await opponent.mutation<{ id: string }>("challenge.create", { gameType: "hnefatafl", timeControl: "3d+6h", side: "side1", rated: false });
  const { gameId } = await trpcMutation<{ gameId: string }>(page.request, "challenge.accept", { challengeId: ch.id });
  await opponent.mutation("game.move", { gameId, ply: 0, move: "d1-d3" });
  release();
  await expect(page.getByTestId("inbox-count")).toHaveText("1");
});

test("a disputed result waits in the organizer's queue and is settled there", async ({ page }) => {
  // The demo's Chess Club League (reported results, organized by alice) has a disputed report.
  await signIn(page, "alice", "moot-demo");
  await expect(page.getByTestId("inbox-count")).toBeVisible();
  await page.goto("/my-turn");
  const queue = page.getByTestId("organizer-queue").filter({ hasText: "Chess Club League" });
  const dispute = queue.getByTestId("queue-item").filter({ hasText: "Disputed result" }).first();
  const gameLink = dispute.getByRole("link").first();
  const players = (await gameLink.textContent())!;
  // The game's own link: a double round-robin pairs the same two players twice, and the other game may be waiting too.
  const gameHref = (await gameLink.getAttribute("href"))!;
  const [first, second] = players.split(" vs ");
  // Results are named by who won, and the game by its place in the tournament, never an engine code.
  await expect(dispute).toContainText(`reported: ${first} won, disputed`);
  await expect(dispute).toContainText(/\(round \d+, (group|phase) \d+, game \d+\)/);
  await expect(page.getByText("Nothing is waiting for you.", { exact: true })).toHaveCount(0);
  await expect(dispute.getByTestId("dispute-reason")).toContainText("rematch");
  await dispute.getByRole("button", { name: `Set: ${second} won` }).click();
  await expect(page.getByTestId("queue-item").filter({ has: page.locator(`a[href="${gameHref}"]`) })).toHaveCount(0);
  // The organizer's action is in the tournament's audit log.
  await page.goto("/inbox");
  // This dispute's notice, found by its players. The demo gives alice about twenty newer
  // notices and the specs running beside this one add more, so it may be on page 2.
  const notice = page.getByTestId("inbox-item").filter({ hasText: "is disputed" }).filter({ hasText: players });
  await expect(page.getByTestId("inbox-list")).toBeVisible();
  if ((await notice.count()) === 0) await page.goto("/inbox?page=2");
  await expect(notice.first()).toContainText("done");
});

test("a report changed while the opponent looks is shown live, and Confirm records the report shown", async ({ page }) => {
  const reporter = new HttpSession(BASE);
  const reporterName = freshUsername("rep");
  await reporter.signUp(reporterName, PASSWORD);
  const me = freshUsername("conf");
  await signUpByApi(page, me, PASSWORD);
  const ch = await reporter.mutation<{ id: string }>("challenge.create", { gameType: "race", timeControl: "3d+6h", side: "side1", rated: false });
  const { gameId } = await trpcMutation<{ gameId: string }>(page.request, "challenge.accept", { challengeId: ch.id });
  await reporter.mutation("game.report", { gameId, result: "1-0" });
  await page.goto(`/games/${gameId}`);
  const status = page.getByTestId("report-status");
  await expect(status).toContainText(`Reported: a win for ${reporterName}`);
  // The reporter changes the report: the page follows, and its answer names the new report.
  await reporter.mutation("game.report", { gameId, result: "0-1" });
  await expect(status).toContainText(`Reported: a win for ${me}`);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(status).toHaveCount(0);
  const view = await reporter.query<{ status: string; result: string }>("game.get", { gameId });
  expect(view).toMatchObject({ status: "finished", result: "0-1" });
});

test("the service worker shows a delivered push", async ({ page, context }) => {
  await context.grantPermissions(["notifications"], { origin: BASE });
  await signUpByApi(page, freshUsername("sw"), PASSWORD);
  await page.goto("/settings");
  const cdp = await context.newCDPSession(page);
  await cdp.send("ServiceWorker.enable");
  // The registration id of a version that is activated: a push delivered to a worker still
  // installing is dropped, and the first registration event can come before activation.
  const registered = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      const active = versions.find((v) => v.scriptURL.startsWith(BASE) && v.status === "activated");
      if (active) resolve(active.registrationId);
    });
  });
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
  });
  const registrationId = await registered;
  const payload = { title: "Your move", body: "It is your move against bob.", url: "/inbox", tag: "your-move:test" };
  const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}: ${n.body}`));
  // Delivered again on each poll until it shows (the same tag replaces, never adds): a
  // worker the browser stopped between events gets the next delivery.
  await expect
    .poll(
      async () => {
        await cdp.send("ServiceWorker.deliverPushMessage", { origin: new URL(BASE).origin, registrationId, data: JSON.stringify(payload) });
        return shown();
      },
      { timeout: 15_000 },
    )
    .toContain("Your move: It is your move against bob.");
});

test("an organizer who plays in none of it sees the dispute they must settle, not 'nothing is waiting'", async ({ page }) => {
  // A new account is welcomed, not welcomed back.
  const organizerName = freshUsername("org");
  await signUpByApi(page, organizerName, PASSWORD);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome to Moot, ${organizerName}`);

  // A league of reported games (the race) the organizer runs but does not play in.
  const { id } = await trpcMutation<{ id: string }>(page.request, "tournament.create", {
    name: `Organizer view ${freshUsername("")}`,
    format: "league",
    gameType: "race",
    timeControl: "3d+6h",
    rated: false,
    minPlayers: 4,
    maxPlayers: 8,
  });
  const players = await Promise.all(
    [0, 1, 2, 3].map(async (i) => {
      const p = new HttpSession(BASE);
      await p.signUp(freshUsername(`lp${i}`), PASSWORD);
      await p.mutation("tournament.join", { tournamentId: id });
      return p;
    }),
  );
  await trpcMutation(page.request, "tournament.start", { tournamentId: id });
  type Waiting = { items: { gameId: string; reason: string }[] };
  const reporter = players[0]!;
  const { gameId } = (await reporter.query<Waiting>("notification.waiting")).items.find((i) => i.reason === "report")!;
  const { report } = await reporter.mutation<{ report: { id: string } }>("game.report", { gameId, result: "1-0" });
  const waits = await Promise.all(players.slice(1).map((p) => p.query<Waiting>("notification.waiting")));
  const opponent = players[1 + waits.findIndex((w) => w.items.some((i) => i.gameId === gameId && i.reason === "confirm"))]!;
  await opponent.mutation("game.answerReport", { gameId, answer: "dispute", reportId: report.id, reason: "We never played: I was away." });

  await page.goto("/my-turn");
  await expect(page.getByTestId("nothing-to-play")).toHaveText("No game of yours waits on you; what you organize waits below.");
  await expect(page.getByTestId("queue-item").getByTestId("dispute-reason")).toHaveText("We never played: I was away.");
  await page.goto("/");
  await expect(page.getByTestId("your-turn-count")).toHaveText("1");
  await expect(page.getByTestId("to-settle")).toHaveText("1 result or chat report to settle in what you organize");
  await expect(page.getByTestId("nothing-waiting")).toHaveText("No game of yours waits on you.");
  await expect(page.getByTestId("organizing")).toContainText("Organizer view");
  await expect(page.getByText("You play in none.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${organizerName}`);
});
