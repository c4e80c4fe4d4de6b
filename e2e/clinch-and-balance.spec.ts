// Live clinch marks: a spectator keeps a group-elimination page open while results
// are reported; the deciding result turns "open" into "clinched" / "out" without a
// reload, and the "Why?" says what settles an open player. Then the side balance of
// the same games on the tournament page and a player's profile, and the diagonal
// race's opponent matrix.
import { expect, test } from "./test";
import { gamesOf, groupsOf, tournamentSideBalance } from "../engine/formats";
import { HttpSession } from "../test/http-session";
import { freshUsername, type TournamentData } from "./helpers";

/** A tournament of `n` fresh players, created and started through the API. */
async function startedTournament(baseURL: string, format: "groups" | "diagonal", gameType: string, n: number) {
  const organizer = new HttpSession(baseURL);
  await organizer.signUp(freshUsername("O"), "organizer password");
  const created = await organizer.mutation<{ id: string }>("tournament.create", {
    name: `${format} ${freshUsername("")}`,
    format,
    gameType,
    timeControl: "3d+6h",
    rated: false,
    minPlayers: n,
    maxPlayers: n,
  });
  for (let i = 0; i < n; i++) {
    const p = new HttpSession(baseURL);
    await p.signUp(freshUsername(`P${i}`), "player password");
    await p.mutation("tournament.join", { tournamentId: created.id });
  }
  await organizer.mutation("tournament.start", { tournamentId: created.id });
  const t = await organizer.query<TournamentData>("tournament.get", { tournamentId: created.id });
  return { organizer, created, t };
}

test("clinch marks change live for a spectator when a deciding result arrives", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { organizer, created, t } = await startedTournament(baseURL!, "groups", "chess-elsewhere", 3);
  // One group of three, every pair twice (once on each side): six games.
  const [a, b, c] = groupsOf(t.state!.rounds[0]!)[0]!.players as [string, string, string];
  const games = gamesOf(groupsOf(t.state!.rounds[0]!)[0]!).map((g, i) => ({ ...g, id: `r1-g1-${i + 1}` }));
  const between = (x: string, y: string) => games.filter((g) => (g.side1 === x && g.side2 === y) || (g.side1 === y && g.side2 === x));
  const win = async (winner: string, game: (typeof games)[number]) =>
    organizer.mutation("game.setResult", { gameId: t.gameLinks[game.id], result: game.side1 === winner ? "1-0" : "0-1" });

  await page.goto(`/tournaments/${created.id}`);
  const mark = (player: string) => page.locator(`[data-testid="clinch-mark"][data-player="${player}"]`);
  await expect(mark(a)).toHaveAttribute("data-status", "open");
  await expect(mark(b)).toHaveAttribute("data-status", "open");

  // a beats b twice (4) and c beats b once (2): b can reach 2 at most (out); c can still pass a.
  const [ab1, ab2] = between(a, b) as [(typeof games)[number], (typeof games)[number]];
  const [ac1, ac2] = between(a, c) as [(typeof games)[number], (typeof games)[number]];
  const [bc1] = between(b, c) as [(typeof games)[number]];
  await win(a, ab1);
  await win(a, ab2);
  await win(c, bc1);
  await expect(mark(b)).toHaveAttribute("data-status", "out");
  await expect(mark(a)).toHaveAttribute("data-status", "open");
  await expect(mark(c)).toHaveAttribute("data-status", "open");

  // The "Why?" of the open leader names the result that settles it.
  const names = new Map(t.players.map((p) => [p.id, p.username]));
  await mark(a).getByText("Why open?").click();
  await expect(mark(a).getByTestId("clinch-why")).toContainText(`${names.get(a)} beats ${names.get(c)}: clinched`);

  // The deciding result: a beats c, 6 points, which c can at best tie (ties at the top all go on).
  await page.evaluate(() => ((window as unknown as { __stillHere: boolean }).__stillHere = true));
  await win(a, ac1);
  await expect(mark(a)).toHaveAttribute("data-status", "clinched");
  await expect(mark(c)).toHaveAttribute("data-status", "open");
  await win(a, ac2);
  await expect(mark(c)).toHaveAttribute("data-status", "out");
  await mark(c).getByText("Why out?").click();
  await expect(mark(c).getByTestId("clinch-why")).toContainText("can no longer go on to the next round");
  expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);

  // Side balance of the five results: the page's sentence and a's profile agree with the engine.
  const after = await organizer.query<TournamentData>("tournament.get", { tournamentId: created.id });
  const balance = tournamentSideBalance(after.state!);
  const [white, black] = balance.sides;
  await expect(page.getByTestId("side-balance-summary")).toHaveText(
    `White won ${white.wins}, black won ${black.wins}${white.draws ? `, ${white.draws} drawn` : ""} of ${balance.games} games.`,
  );
  await page.goto(`/players/${encodeURIComponent(names.get(a)!)}`);
  const [asWhite, asBlack] = balance.players.get(a)!;
  const sides = page.getByTestId("sides-chess-elsewhere");
  await expect(sides.locator('[data-side="1"] td').nth(1)).toHaveText(String(asWhite.wins));
  await expect(sides.locator('[data-side="2"] td').nth(1)).toHaveText(String(asBlack.wins));
  await expect(sides.locator('[data-side="1"] th')).toHaveText("White");
});

test("the diagonal race draws the round's opponent matrix beside its table", async ({ page, baseURL }) => {
  const { created, t } = await startedTournament(baseURL!, "diagonal", "race", 7);
  const circle = groupsOf(t.state!.rounds[0]!)[0]!;
  await page.goto(`/tournaments/${created.id}`);
  const matrix = page.getByTestId("diagonal-matrix");
  await expect(matrix.getByTestId("matrix-row")).toHaveCount(7);
  // An x on both sides of the diagonal for every pairing, and only there.
  const pairs = new Set(gamesOf(circle).map((g) => [g.side1, g.side2].sort().join("|")));
  await expect(matrix.getByTestId("matrix-x")).toHaveCount(2 * pairs.size);
  const first = gamesOf(circle)[0]!;
  const row = matrix.locator(`[data-testid="matrix-row"][data-player="${first.side1}"]`);
  await expect(row.getByTestId("matrix-x")).toHaveCount(gamesOf(circle).filter((g) => g.side1 === first.side1 || g.side2 === first.side1).length);
});
