// A Swiss of nine players on the real server, played to its winner: the organizer
// creates it on the form, the players join and the organizer sets the results
// through the API (the better seed wins), while an anonymous spectator keeps the
// tournament page open and sees each round appear, the standings move and the
// champion, without reloading; a tenth player joins late from the page during
// round 1 and plays from round 2; then the TRF download holds every round.
import { expect, test } from "./test";
import { playableGames } from "../engine/formats";
import { HttpSession } from "../test/http-session";
import { createOnForm, freshUsername, signUpByApi, type TournamentData } from "./helpers";

test("a Swiss of nine is played to its winner while a spectator follows the rounds and standings live", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const { organizerPage, tournamentUrl, tournamentId } = await createOnForm(browser, "Swiss", async (form) => {
    await form.getByLabel("Format", { exact: true }).selectOption("swiss");
    await form.getByLabel("Rounds", { exact: true }).fill("4");
  });

  for (let i = 0; i < 9; i++) {
    const p = new HttpSession(baseURL!);
    await p.signUp(freshUsername(`S${i}`), "player password");
    await p.mutation("tournament.join", { tournamentId });
  }

  const spectator = await (await browser.newContext()).newPage();
  await spectator.goto(tournamentUrl);
  await expect(spectator.getByTestId("tournament-players").locator("li")).toHaveCount(9);
  await spectator.evaluate(() => ((window as unknown as { __stillHere: boolean }).__stillHere = true));

  const organizer = new HttpSession(baseURL!);
  organizer.cookie = (await organizerPage.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  await organizer.mutation("tournament.start", { tournamentId });
  await expect(spectator.getByTestId("tournament-status")).toHaveText("Running");
  // Round 1: four boards and a bye (nine players).
  await expect(spectator.getByTestId("swiss-board")).toHaveCount(4);
  await expect(spectator.getByTestId("swiss-bye")).toBeVisible();

  // A late entry from the page: the Swiss takes them until round 3 is paired (half its rounds).
  const latePage = await (await browser.newContext()).newPage();
  await signUpByApi(latePage, freshUsername("Late"), "player password");
  await latePage.goto(tournamentUrl);
  await expect(latePage.getByTestId("late-entry")).toContainText("plays from round 2");
  await latePage.getByRole("button", { name: "Join", exact: true }).click();
  await expect(latePage.getByTestId("late-entry")).toBeHidden();
  await expect(latePage.getByRole("button", { name: "Join", exact: true })).toBeHidden();

  let t = await organizer.query<TournamentData>("tournament.get", { tournamentId });
  expect(t.state!.players).toHaveLength(10);
  const best = t.players.find((p) => p.id === t.state!.players[0]!.id)!.username;
  for (let round = 1; round <= 4; round++) {
    // Pairing numbers (the late entry took its place by rating): the better one wins.
    const seed = new Map(t.state!.players.map((p, i) => [p.id, i]));
    const versionBefore = Number(await spectator.getByTestId("tournament-version").getAttribute("data-version"));
    // While it runs, the standings carry the prize places' clinch marks (on points alone).
    await expect(spectator.getByTestId("standings-table").getByTestId("clinch-mark").first()).toBeVisible();
    for (const g of playableGames(t.state!)) {
      await organizer.mutation("game.setResult", { gameId: t.gameLinks[g.id]!, result: seed.get(g.side1)! < seed.get(g.side2)! ? "1-0" : "0-1" });
    }
    t = await organizer.query<TournamentData>("tournament.get", { tournamentId });
    if (round < 4) {
      // The next round is paired as soon as this one is complete; the spectator's page shows it.
      expect(t.state!.rounds).toHaveLength(round + 1);
      // Ten players from round 2: five boards, no bye.
      if (round === 1) await expect(spectator.getByTestId("swiss-board")).toHaveCount(5);
      await expect(spectator.getByRole("tab", { name: new RegExp(`Round ${round + 1}`) })).toBeVisible();
    }
    // The spectator's page (standings included) moved to the new results without a reload.
    await expect(spectator.getByTestId("tournament-version")).not.toHaveAttribute("data-version", String(versionBefore));
  }
  expect(t.status).toBe("finished");
  expect(t.champions).toEqual([t.state!.players[0]!.id]);
  await expect(spectator.getByTestId("champions")).toContainText(best);
  const top = spectator.getByTestId("standings-table").locator("tbody tr").first();
  await expect(top).toContainText(best);
  await expect(top).toContainText("4");
  expect(await spectator.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
  // Finished: the places are final, no marks.
  await expect(spectator.getByTestId("clinch-mark")).toHaveCount(0);

  // The TRF for pairing checkers: ten players (the late one absent, no points, in round 1), four rounds, the initial colour.
  await expect(spectator.getByTestId("export-trf")).toBeVisible();
  const response = await spectator.request.get(`/tournaments/${tournamentId}/export/trf`);
  expect(response.status()).toBe(200);
  const trf = await response.text();
  expect(trf.split("\n").filter((line) => line.startsWith("001"))).toHaveLength(10);
  expect(trf).toContain("0000 - Z");
  expect(trf).toContain("XXR 4");
  expect(trf).toContain(best);
});
