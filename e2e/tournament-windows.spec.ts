// A tournament bigger than one window of the tournament page (56 players: two
// pages of standings, 14 groups where a page holds 12): a player deep in the
// standings sees their own row and group without paging, pages through the
// standings and the groups with the keyboard (links, so the URL says where they
// are and the back button works), finds a player by name without losing the
// other windows, and the page carries only what it shows. A visitor who followed an
// invitation link keeps it while paging and searching, so they can still ask to join.
import { expect, test } from "./test";
import { HttpSession } from "../test/http-session";
import { freshUsername, signIn } from "./helpers";

const N = 56;

/**
 * The setup's hundreds of calls, four at a time: each mostly waits on the server (an
 * argon2 hash, a lock), so one at a time left the server idle between them.
 */
async function fourAtATime<T, R>(items: readonly T[], call: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += 4) out.push(...(await Promise.all(items.slice(i, i + 4).map(call))));
  return out;
}
const PASSWORD = "player password";

test("a player deep in a large tournament sees their row and group first and pages by keyboard", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const organizer = new HttpSession(baseURL!);
  await organizer.signUp(freshUsername("O"), "organizer password");
  const form = { format: "groups", gameType: "chess-elsewhere", timeControl: "3d+6h", rated: false, settings: { groupSize: 4 } };
  const created = await organizer.mutation<{ id: string }>("tournament.create", {
    ...form,
    name: `Windows ${freshUsername("")}`,
    minPlayers: N,
    maxPlayers: N,
  });
  const players = await fourAtATime(
    Array.from({ length: N }, (_, i) => i),
    async (i) => {
      const session = new HttpSession(baseURL!);
      const username = freshUsername(`W${i}`);
      await session.signUp(username, PASSWORD);
      await session.mutation("tournament.join", { tournamentId: created.id });
      return { session, username };
    },
  );
  await organizer.mutation("tournament.start", { tournamentId: created.id });
  // The last player of the standings (place 56, on the second page).
  const second = await organizer.query<{ page: number; pageCount: number; rows: { player: string; username: string }[] }>("tournament.standings", {
    tournamentId: created.id,
    page: 2,
  });
  expect(second.pageCount).toBe(2);
  const deep = second.rows.at(-1)!;

  await signIn(page, deep.username, PASSWORD);
  // The page's RSC fetches that are not prefetches: link clicks and refreshes.
  const fetches: string[] = [];
  page.on("request", (r) => {
    const h = r.headers();
    if (h.rsc && !h["next-router-prefetch"] && r.url().includes(`/tournaments/${created.id}`)) fetches.push(r.url());
  });
  await page.goto(`/tournaments/${created.id}`);
  const table = page.getByTestId("standings-table");
  // Their own row, marked, and the top ten, without paging.
  const mine = table.locator('[data-testid="standings-row"][data-me]');
  await expect(mine).toHaveAttribute("data-player", deep.player);
  await expect(mine).toContainText(deep.username);
  await expect(table.getByTestId("standings-row").first()).toHaveAttribute("data-rank", /^1=?$/);
  await expect(table.getByTestId("standings-gap")).toHaveCount(1);
  // Their group first, marked as theirs, then a page of the others.
  const myGroup = page.getByTestId("my-group");
  await expect(myGroup).toContainText("Your group");
  await expect(myGroup.locator(`[data-testid="cross-row"][data-player="${deep.player}"]`)).toBeVisible();
  const groupsPage = page.getByTestId("groups-page").getByTestId("group-cross-table");
  await expect(groupsPage).toHaveCount(12);
  await expect(page.getByTestId("groups-window")).toContainText("14 groups; yours first, then page 1 of 2");

  // The standings page by keyboard: the viewer's page (2) is open; go to page 1.
  const standingsPages = page.getByTestId("standings-pages");
  await expect(standingsPages).toContainText("Page 2 of 2");
  await standingsPages.getByRole("link", { name: "← Previous" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]standings=1(&|#|$)/);
  await expect(standingsPages).toContainText("Page 1 of 2");
  await expect(table.getByTestId("standings-row")).toHaveCount(50 + 4); // page 1, a gap, the viewer's place and the three above
  await expect(table.getByTestId("standings-gap")).toHaveCount(1);
  await expect(mine).toBeVisible();

  // The groups by keyboard: page 2 holds the other two; the viewer's group stays first.
  const firstPageGroups = await groupsPage.locator("table").evaluateAll((ts) => ts.map((t) => t.getAttribute("data-group")));
  const groupPages = page.getByTestId("groups-pages");
  await groupPages.getByRole("link", { name: "Next →" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]groups=2(&|#|$)/);
  await expect(groupPages).toContainText("Page 2 of 2");
  await expect(groupsPage).toHaveCount(1);
  const secondPageGroups = await groupsPage.locator("table").evaluateAll((ts) => ts.map((t) => t.getAttribute("data-group")));
  // One fetch per click: nothing changed since the page was drawn, so catching up
  // after the live room is watched does not render the whole page a second time.
  expect(fetches.map((u) => new URL(u).search.replace(/&?_rsc=[^&]*/, ""))).toEqual(["?standings=1", "?standings=1&groups=2"]);
  expect(firstPageGroups).not.toContain(secondPageGroups[0]);
  await expect(myGroup.locator(`[data-testid="cross-row"][data-player="${deep.player}"]`)).toBeVisible();
  // The standings window is kept in the URL while paging the groups, and back goes back.
  await expect(page).toHaveURL(/standings=1/);
  await page.goBack();
  await expect(groupPages).toContainText("Page 1 of 2");

  // Finding a player by name pages the list down to them, and keeps the other
  // windows where they were (the standings on page 1, not the viewer's page 2).
  await page.getByLabel("Player name").fill(deep.username);
  await page.getByLabel("Player name").press("Enter");
  await expect(page.getByTestId("tournament-players").locator("li")).toHaveCount(1);
  await expect(page.getByTestId("tournament-players")).toContainText(deep.username);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page).toHaveURL(/[?&]standings=1(&|#|$)/);
  await expect(standingsPages).toContainText("Page 1 of 2");
  // And paging the standings keeps the search.
  await standingsPages.getByRole("link", { name: "Next →" }).click();
  await expect(standingsPages).toContainText("Page 2 of 2");
  await expect(page.getByTestId("tournament-players").locator("li")).toHaveCount(1);
  await expect(page.getByLabel("Player name")).toHaveValue(deep.username);

  // The page carries what it shows: no engine state, and a bounded size.
  const res = await page.request.get(`/tournaments/${created.id}`);
  const html = await res.text();
  expect(html).not.toContain("seeds");
  expect(html).not.toContain("prng");
  expect((html.match(/data-testid="cross-row"/g) ?? []).length).toBeLessThanOrEqual(13 * 4);
  expect(html.length).toBeLessThan(1_500_000);

  // Hand-edited windows never fail the page: nonsense is ignored, pages past the end clamped.
  for (const query of [
    "standings=0",
    "standings=-1",
    "groups=1e309",
    "round=99999999999999999999",
    "players=%00",
    "audit=[]",
    `q=${"x".repeat(3000)}`,
    "balance=999999999",
    "standings=2.5&groups=NaN",
    "round=5000",
    "standings=1000001",
  ]) {
    const answer = await page.request.get(`/tournaments/${created.id}?${query}`, { maxRedirects: 0 });
    expect(answer.status(), query).toBe(200);
  }
  await page.goto(`/tournaments/${created.id}?standings=999999&groups=999`);
  await expect(page.getByTestId("standings-pages")).toContainText("Page 2 of 2");
  await expect(page.getByTestId("groups-pages")).toContainText("Page 2 of 2");

  // An invite-only tournament with two pages of players (everyone but the viewer):
  // the viewer follows the invitation link, pages the players and searches them,
  // and the link's secret stays in the URL, so "Ask to join" stays on the page.
  const invited = await organizer.mutation<{ id: string }>("tournament.create", {
    ...form,
    name: `Invited ${freshUsername("")}`,
    minPlayers: 4,
    maxPlayers: 64,
    inviteOnly: true,
  });
  const panel = await organizer.query<{ inviteToken: string }>("tournament.organizerPanel", { tournamentId: invited.id });
  await fourAtATime(
    players.filter((p) => p.username !== deep.username),
    (p) => p.session.mutation("tournament.requestToJoin", { tournamentId: invited.id, token: panel.inviteToken }),
  );
  const { requests } = await organizer.query<{ requests: { id: string }[] }>("tournament.organizerPanel", { tournamentId: invited.id });
  expect(requests).toHaveLength(N - 1);
  await fourAtATime(requests, (r) => organizer.mutation("tournament.answerRequest", { tournamentId: invited.id, userId: r.id, approve: true }));

  await page.goto(`/tournaments/${invited.id}?invite=${encodeURIComponent(panel.inviteToken)}`);
  const ask = page.getByRole("button", { name: "Ask to join" });
  await expect(ask).toBeVisible();
  const playerPages = page.getByTestId("players-pages");
  await expect(playerPages).toContainText("Page 1 of 2");
  await playerPages.getByRole("link", { name: "Next →" }).click();
  await expect(playerPages).toContainText("Page 2 of 2");
  await expect(page).toHaveURL(/[?&]invite=/);
  await expect(ask).toBeVisible();
  await page.getByLabel("Player name").fill(players[0]!.username === deep.username ? players[1]!.username : players[0]!.username);
  await page.getByLabel("Player name").press("Enter");
  await expect(page.getByTestId("tournament-players").locator("li")).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]invite=/);
  await expect(ask).toBeVisible();
  await ask.click();
  await expect(page.getByText("You asked to join")).toBeVisible();
});
