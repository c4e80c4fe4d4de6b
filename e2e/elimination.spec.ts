// A double elimination of six players played on the site to its winner, with an
// anonymous spectator following the bracket live (the page never reloads): the
// organizer creates it with the form (the registry's settings: bracket, reset, best
// of), players join, one game is mated on the board and the rest are set by the
// organizer through the API (the better seed wins, except the grand final, which the
// losers' bracket winner takes, so the reset is played).
import { expect, test } from "./test";
import { groupsOf, playableGames } from "../engine/formats";
import { HttpSession } from "../test/http-session";
import { createOnForm, freshUsername, type TournamentData } from "./helpers";

test("a double elimination of six is played on the site to its champion while a spectator follows the bracket", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const { organizerPage, tournamentUrl, tournamentId } = await createOnForm(browser, "Double", async (form) => {
    await form.getByLabel("Game", { exact: true }).selectOption("chess");
    await form.getByLabel("Format", { exact: true }).selectOption("elimination");
    await expect(form.getByLabel("Bracket", { exact: true })).toHaveValue("double");
    await expect(form.getByLabel(/Grand final reset/)).toBeChecked();
    await expect(form.getByLabel("Games per match (best of)")).toHaveValue("1");
  });

  const sessions = new Map<string, HttpSession>();
  for (let i = 0; i < 6; i++) {
    const p = new HttpSession(baseURL!);
    const username = freshUsername(`E${i}`);
    await p.signUp(username, "player password");
    await p.mutation("tournament.join", { tournamentId });
    sessions.set(username, p);
  }

  // An anonymous spectator keeps the page open; it must never reload.
  const spectator = await (await browser.newContext()).newPage();
  await spectator.goto(tournamentUrl);
  await expect(spectator.getByTestId("tournament-players").locator("li")).toHaveCount(6);
  await spectator.evaluate(() => ((window as unknown as { __stillHere: boolean }).__stillHere = true));

  const organizer = new HttpSession(baseURL!);
  organizer.cookie = (await organizerPage.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  await organizer.mutation("tournament.start", { tournamentId });
  await expect(spectator.getByTestId("tournament-status")).toHaveText("Running");

  let t = await organizer.query<TournamentData>("tournament.get", { tournamentId });
  const seed = new Map(t.state!.players.map((p, i) => [p.id, i + 1]));
  const nameOf = (id: string) => t.players.find((p) => p.id === id)!.username;
  const bySeed = (n: number) => nameOf(t.state!.players[n - 1]!.id);
  const bracket = spectator.getByTestId("elimination-bracket");
  // Round 1: seeds 1 and 2 have byes; 4 v 5 and 3 v 6 play.
  await expect(bracket.locator('[data-match="W1-1"]')).toContainText(bySeed(1));
  await expect(bracket.locator('[data-match="W1-1"]')).toContainText("Bye");
  await expect(bracket.locator('[data-match="W1-2"]')).toContainText(bySeed(4));
  await expect(bracket.locator('[data-match="W1-2"]')).toContainText(bySeed(5));
  await expect(bracket.locator('[data-match="W1-2"]')).toContainText("Playing");

  // Seed 4 (white, the better seed) mates seed 5 on the board.
  const boardGame = playableGames(t.state!).find((g) => seed.get(g.side1) === 4)!;
  const gameId = t.gameLinks[boardGame.id]!;
  const [white, black] = [sessions.get(nameOf(boardGame.side1))!, sessions.get(nameOf(boardGame.side2))!];
  for (const [ply, move] of ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"].entries())
    await (ply % 2 === 0 ? white : black).mutation("game.move", { gameId, ply, move });
  await expect(bracket.locator('[data-match="W1-2"] [data-testid="bracket-slot"][data-winner]')).toContainText(bySeed(4));
  t = await organizer.query<TournamentData>("tournament.get", { tournamentId });

  // The rest through the organizer: the better seed wins, but the grand final goes to the losers' bracket winner.
  let sawWinnersRound2 = false;
  for (let i = 0; i < 20 && t.status === "running"; i++) {
    const round = t.state!.rounds.at(-1)!;
    if (round.number === 2 && !sawWinnersRound2) {
      // Round 2 is on the spectator's page by itself: seed 1 meets seed 4.
      await expect(bracket.locator('[data-match="W2-1"]')).toContainText(bySeed(4));
      await expect(bracket.locator('[data-match="W2-1"]')).toContainText(bySeed(1));
      sawWinnersRound2 = true;
    }
    for (const g of playableGames(t.state!)) {
      const group = groupsOf(round).find((x) => x.players.includes(g.side1))!;
      const winner = group.name === "Grand final" ? group.players[1]! : seed.get(g.side1)! < seed.get(g.side2)! ? g.side1 : g.side2;
      await organizer.mutation("game.setResult", { gameId: t.gameLinks[g.id]!, result: winner === g.side1 ? "1-0" : "0-1" });
    }
    t = await organizer.query<TournamentData>("tournament.get", { tournamentId });
  }
  expect(sawWinnersRound2).toBe(true);
  expect(t.status).toBe("finished");
  expect(t.state!.rounds.map((r) => r.name).slice(-2)).toEqual(["Grand final", "Grand final reset"]);
  expect(t.champions).toEqual([t.state!.players[0]!.id]);

  // The spectator's bracket: the losers' bracket below, the grand final won by seed 2, the reset and the title by seed 1.
  await expect(bracket.locator('[data-match="Grand final"] [data-testid="bracket-slot"][data-winner]')).toContainText(bySeed(2));
  await expect(bracket.locator('[data-match="Grand final reset"] [data-testid="bracket-champion"]')).toBeVisible();
  await expect(bracket.locator('[data-match="Grand final reset"] [data-testid="bracket-slot"][data-winner]')).toContainText(bySeed(1));
  // The losers' bracket is drawn below the winners'.
  const winners = await bracket.getByRole("region", { name: "Winners' bracket", exact: true }).boundingBox();
  const losers = await bracket.getByRole("region", { name: "Losers' bracket", exact: true }).boundingBox();
  expect(losers!.y).toBeGreaterThan(winners!.y + winners!.height - 1);
  await expect(spectator.getByTestId("champions")).toContainText(bySeed(1));
  expect(await spectator.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
});
