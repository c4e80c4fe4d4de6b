// Tournaments end to end against the real server: one run through the UI with a
// spectator watching live, and whole league / staged tournaments driven through the
// API whose final pages must show the right champions and tables.
import { expect, test, type Page } from "./test";
import type { GameResult } from "../lib/contracts";
import { playableGames } from "../engine/formats";
import { HttpSession } from "../test/http-session";
import { shortestGameEndingIn } from "../test/fixtures";
import { createOnForm, freshUsername, signUpByApi, type TournamentData } from "./helpers";

async function clickMove(page: Page, move: string) {
  const [from, to] = move.split("x")[0]!.split("-");
  await page.locator(`[data-square="${from}"]`).click();
  await page.locator(`[data-square="${to}"]`).click();
}

/** How a game gets its result: by default the organizer sets it. */
type Finish = (organizer: HttpSession, gameId: string, result: Exclude<GameResult, "draw">) => Promise<void>;
const setByOrganizer: Finish = async (organizer, gameId, result) => {
  await organizer.mutation("game.setResult", { gameId, result });
};

/** Results for every playable game until the tournament ends: the better seed wins. */
async function playOut(
  organizer: HttpSession,
  tournamentId: string,
  seedOf: (id: string) => number,
  skip = new Set<string>(),
  finish: Finish = setByOrganizer,
) {
  for (let i = 0; i < 40; i++) {
    const t = await organizer.query<TournamentData>("tournament.get", { tournamentId });
    if (t.status !== "running") return t;
    for (const g of playableGames(t.state!)) {
      if (skip.has(g.id)) continue;
      const result = seedOf(g.side1) < seedOf(g.side2) ? "1-0" : "0-1";
      await finish(organizer, t.gameLinks[g.id]!, result);
    }
  }
  throw new Error("the tournament did not finish");
}

test("organizer creates a group elimination, five players join, games are played, a spectator follows it live to the champion", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { organizerPage, tournamentUrl, tournamentId } = await createOnForm(browser, "Cup", async (form) => {
    await form.getByLabel("Game", { exact: true }).selectOption("hnefatafl");
    await expect(form.getByLabel("Format", { exact: true })).toHaveValue("groups");
  });

  // Five players join through the UI, each in their own browser context.
  const players: { page: Page; username: string }[] = [];
  for (let i = 0; i < 5; i++) {
    const page = await (await browser.newContext()).newPage();
    const username = freshUsername(`P${i}`);
    await signUpByApi(page, username, "player password");
    await page.goto(tournamentUrl);
    await page.getByRole("button", { name: "Join" }).click();
    await expect(page.getByRole("button", { name: "Leave" })).toBeVisible();
    // Off the tournament page once joined: every open copy of it renders again on the
    // server at each change, and only the spectator's is watched from here on.
    await page.goto("about:blank");
    players.push({ page, username });
  }

  // An anonymous spectator keeps the page open; it must never reload.
  const spectator = await (await browser.newContext()).newPage();
  await spectator.goto(tournamentUrl);
  await expect(spectator.getByTestId("tournament-players").locator("li")).toHaveCount(5);
  await spectator.evaluate(() => ((window as unknown as { __stillHere: boolean }).__stillHere = true));

  await organizerPage.reload();
  await organizerPage.getByRole("button", { name: "Start now" }).click();
  await expect(spectator.getByTestId("tournament-status")).toHaveText("Running");
  await organizerPage.goto("about:blank");

  const organizer = new HttpSession(baseURL!);
  organizer.cookie = (await organizerPage.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  let t = await organizer.query<TournamentData>("tournament.get", { tournamentId });
  const seed = new Map(t.state!.players.map((p, i) => [p.id, i]));
  const idOf = new Map(t.players.map((p) => [p.username, p.id]));

  // One game is played on the board, move by move, by the two players themselves.
  const record = shortestGameEndingIn("king escaped");
  const boardGame = playableGames(t.state!)[0]!;
  const pageOf = (id: string) => players.find((p) => idOf.get(p.username) === id)!.page;
  const attacker = pageOf(boardGame.side1);
  const defender = pageOf(boardGame.side2);
  const gameUrl = `/games/${t.gameLinks[boardGame.id]}`;
  await Promise.all([attacker.goto(gameUrl), defender.goto(gameUrl)]);
  const versionBefore = Number(await spectator.getByTestId("tournament-version").getAttribute("data-version"));
  for (const [i, move] of record.moves.entries()) {
    const mover = i % 2 === 0 ? attacker : defender;
    await expect(mover.getByTestId("game-screen")).toHaveAttribute("data-ply", String(i));
    await clickMove(mover, move);
  }
  await expect(attacker.getByTestId("result-banner")).toContainText("king escaped");
  // The spectator's standings moved without a reload: the defender (side 2) scored a win.
  await expect(spectator.getByTestId("tournament-version")).not.toHaveAttribute("data-version", String(versionBefore));

  // The rest through reported results; the next round appears by itself.
  t = await playOut(organizer, tournamentId, (id) => seed.get(id)!, new Set([boardGame.id]));
  expect(t.status).toBe("finished");
  expect(t.state!.rounds.length).toBeGreaterThan(1);
  await expect(spectator.getByTestId("champions")).toContainText(t.players.find((p) => p.id === t.champions[0])!.username);
  await expect(spectator.getByRole("tab", { name: /Round 2/ })).toBeVisible();
  expect(await spectator.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
});

async function apiTournament(baseURL: string, format: "league" | "staged", n: number, gameType: string) {
  const organizer = new HttpSession(baseURL);
  await organizer.signUp(freshUsername("O"), "organizer password");
  const limits = format === "league" ? { minPlayers: 4, maxPlayers: 30 } : { minPlayers: 16, maxPlayers: 28 };
  const t = await organizer.mutation<{ id: string }>("tournament.create", {
    name: `${format} ${freshUsername("")}`,
    format,
    gameType,
    timeControl: "3d+6h",
    rated: false,
    ...limits,
  });
  const players: string[] = [];
  const sessions = new Map<string, HttpSession>();
  for (let i = 0; i < n; i++) {
    const p = new HttpSession(baseURL);
    const username = freshUsername(`${format[0]}${i}`);
    await p.signUp(username, "player password");
    await p.mutation("tournament.join", { tournamentId: t.id });
    players.push(username);
    sessions.set(username, p);
  }
  await organizer.mutation("tournament.start", { tournamentId: t.id });
  return { organizer, id: t.id, players, sessions };
}

/** Plays a tournament to its end with the better seed always winning; the best seed must be champion. */
async function runToEnd(baseURL: string, format: "league" | "staged", n: number, gameType: string, finish?: (sessions: Map<string, HttpSession>) => Finish) {
  const { organizer, id, sessions } = await apiTournament(baseURL, format, n, gameType);
  const start = await organizer.query<TournamentData>("tournament.get", { tournamentId: id });
  const seed = new Map(start.state!.players.map((p, i) => [p.id, i]));
  const done = await playOut(organizer, id, (p) => seed.get(p)!, new Set(), finish?.(sessions));
  const best = start.state!.players[0]!.id;
  expect(done.champions).toEqual([best]);
  return { id, bestName: done.players.find((p) => p.id === best)!.username };
}

test("a league of four runs to the end with the right champion and table", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { id, bestName } = await runToEnd(baseURL!, "league", 4, "chess-elsewhere");
  await page.goto(`/tournaments/${id}`);
  await expect(page.getByTestId("champions")).toContainText(bestName);
  // The table: the best seed first with 6 wins = 18 points.
  const firstRow = page.getByTestId("league-table").locator("tbody tr").first();
  await expect(firstRow).toContainText(bestName);
  await expect(firstRow).toContainText("18");
});

test("a chess league of four is played on the board, game by game, to its champion", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  // The winner mates: White with the scholar's mate, Black with the fool's mate.
  const mates = { "1-0": ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"], "0-1": ["f3", "e5", "g4", "Qh4#"] };
  const playedOnTheBoard =
    (sessions: Map<string, HttpSession>): Finish =>
    async (_organizer, gameId, result) => {
      const any = sessions.values().next().value!;
      const game = await any.query<{ side1: { username: string }; side2: { username: string } }>("game.get", { gameId });
      const [white, black] = [sessions.get(game.side1.username)!, sessions.get(game.side2.username)!];
      for (const [ply, move] of mates[result].entries()) await (ply % 2 === 0 ? white : black).mutation("game.move", { gameId, ply, move });
      const after = await any.query<{ status: string; endReason: string }>("game.get", { gameId });
      expect(after).toMatchObject({ status: "finished", endReason: "checkmate" });
    };
  const { id, bestName } = await runToEnd(baseURL!, "league", 4, "chess", playedOnTheBoard);
  await page.goto(`/tournaments/${id}`);
  await expect(page.getByTestId("champions")).toContainText(bestName);
});

test("a staged championship of sixteen runs to the end with the right champion", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const { id, bestName } = await runToEnd(baseURL!, "staged", 16, "four-colour");
  await page.goto(`/tournaments/${id}`);
  await expect(page.getByTestId("champions")).toContainText(bestName);
});
