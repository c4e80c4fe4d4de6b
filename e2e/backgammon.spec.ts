// Backgammon on the site with dice anyone can verify, in real browsers against the
// real server: two players play a whole hypergammon match (3 points), the first turns
// through the board (clicking checkers and destinations, a double offered and taken
// with the buttons), the rest through the API (a redouble dropped, the Crawford game,
// hits and bearing off), while an anonymous spectator on a
// phone-sized screen follows live; the pages' default seeds make the opening roll; no
// answer, socket frame or page holds the server seed before the end, and the end
// reveals it; the spectator follows "Verify the dice" and sees every roll recomputed
// and matching.
import { expect, test, type Page } from "./test";
import { onSiteGame } from "../engine/games/registry";
import { playableGames, type TournamentState } from "../engine/formats";
import { applyUpdate } from "../lib/game-update";
import type { DiceView, GameUpdate, GameView } from "../lib/contracts";
import { startedOverApi, trpcMutation, trpcQuery } from "./api";
import { freshUsername, signUpByApi } from "./helpers";

const GAME = "hypergammon";
const rules = onSiteGame(GAME)!;

/** A backgammon game as game.get shows it: on the site, with dice. */
interface Game extends GameView {
  position: string;
  dice: DiceView;
}

const phaseOf = (position: string): string => (JSON.parse(position) as { phase: string }).phase;

/** The board's name of a mover's point (the board names points in side 1's numbering). */
function pointName(mover: 1 | 2, point: string): string {
  const side = mover === 1 ? "light" : "dark";
  if (point === "bar") return `bar-${side}`;
  if (point === "off") return `off-${side}`;
  return String(mover === 1 ? Number(point) : 25 - Number(point));
}

test("two players play a hypergammon match with a double and a take while a spectator follows, and the dice verify", async ({ browser }) => {
  test.setTimeout(240_000);
  const [ca, cb, cs] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext({ viewport: { width: 390, height: 844 } })]);
  const [a, b, spectator] = await Promise.all([ca.newPage(), cb.newPage(), cs.newPage()]);
  await signUpByApi(a, freshUsername("A"), "a's password");
  await signUpByApi(b, freshUsername("B"), "b's password");
  const challenge = await trpcMutation<{ id: string }>(a.request, "challenge.create", { gameType: GAME, timeControl: "3d+6h", side: "side1", rated: true });
  const { gameId } = await trpcMutation<{ gameId: string }>(b.request, "challenge.accept", { challengeId: challenge.id });
  // Everything the three browsers and the API helper receive, to search for the server seed afterwards.
  const seen: string[] = [];
  for (const page of [a, b, spectator]) {
    page.on("websocket", (ws) => ws.on("framereceived", (frame) => void seen.push(String(frame.payload))));
    page.on("response", (response) => {
      const at = seen.push("") - 1;
      response.text().then(
        (text) => (seen[at] = text),
        () => {},
      );
    });
  }
  const game = async () => {
    const view = await trpcQuery<Game>(spectator.request, "game.get", { gameId });
    seen.push(JSON.stringify(view));
    return view;
  };
  /** The pages as the browsers show them and as the server renders them, now. */
  const snapshotPages = async () => {
    for (const page of [a, b, spectator]) seen.push(await page.content(), await (await page.request.get(`/games/${gameId}`)).text());
  };
  await spectator.goto(`/games/${gameId}`);
  // Each player's page adds a random seed by default; the second one makes the opening roll.
  await Promise.all([a.goto(`/games/${gameId}`), b.goto(`/games/${gameId}`)]);
  await expect.poll(async () => (await game()).ply, { timeout: 20_000 }).toBeGreaterThan(0);
  const seeded = await game();
  expect(seeded.dice.playerSeeds.every((seed) => seed !== null && seed.length > 0)).toBe(true);
  expect(seeded.dice.serverSeed).toBeNull();
  const pageOf = (side: 1 | 2): Page => (side === 1 ? a : b);

  // Through the board: turns by clicks, the double and the take by the buttons.
  let doubled = false;
  let boardTurns = 0;
  for (let actions = 0; boardTurns < 3 || !doubled; actions++) {
    expect(actions).toBeLessThan(60);
    const { position, ply, status, clock } = await game();
    if (status !== "active") break;
    const page = pageOf(clock.toMove);
    const board = page.getByTestId("backgammon-board");
    await expect(page.getByTestId("game-screen")).toHaveAttribute("data-ply", String(ply));
    const phase = phaseOf(position);
    if (phase === "decide") {
      await board.getByRole("button", { name: doubled ? "Roll" : "Double" }).click();
      doubled = true;
    } else if (phase === "cube") {
      await board.getByRole("button", { name: "Take" }).click();
    } else {
      const parts = rules.parts!.split(position, rules.legalMoves(position)[0]!);
      // The second turn by keyboard: the points a hop may use are buttons (Enter).
      const byKeys = boardTurns === 1;
      const choose = async (point: string) => {
        const target = board.locator(`[data-point="${pointName(clock.toMove, point)}"]`);
        if (!byKeys) return target.click();
        await target.focus();
        await page.keyboard.press("Enter");
      };
      for (const [i, hop] of parts.entries()) {
        const [from, to] = hop.replace("*", "").split("/") as [string, string];
        await choose(from);
        await choose(to);
        await expect(board).toHaveAttribute("data-made", parts.slice(0, i + 1).join(" "));
      }
      // Undo takes the last hop back before the turn is sent.
      await board.getByRole("button", { name: "Undo" }).click();
      await expect(board).toHaveAttribute("data-made", parts.slice(0, -1).join(" "));
      const last = parts.at(-1)!.replace("*", "").split("/") as [string, string];
      await board.locator(`[data-point="${pointName(clock.toMove, last[0])}"]`).click();
      await board.locator(`[data-point="${pointName(clock.toMove, last[1])}"]`).click();
      await board.getByRole("button", { name: "Send turn" }).click();
      boardTurns++;
      // The opponent's board marks where the last checker went.
      if (last[1] !== "off") {
        const opponent = pageOf(clock.toMove === 1 ? 2 : 1).getByTestId("backgammon-board");
        await expect(opponent.locator(`[data-point="${pointName(clock.toMove, last[1])}"]`)).toHaveAttribute("data-last", "to");
      }
    }
    await expect.poll(async () => (await game()).ply).toBeGreaterThan(ply);
  }
  expect(JSON.parse((await game()).position).cube).toBeGreaterThanOrEqual(2);

  // The spectator saw the cube turned and taken.
  await expect(spectator.getByTestId("cube")).toHaveText("2");

  // The rest through the API, each action by the side to move, hitting where a turn can
  // until a checker has been hit, then racing (bearing off where it can).
  // The taker redoubles at once and the other side drops: 2–0 in a match to 3, so the
  // next game is the Crawford game (no doubling), marked live on the spectator's board
  // with the dice as rolled; later games end by bearing off.
  let beforeLastAction = 0;
  let redoubled = false;
  let crawfordSeen = false;
  let hit = false;
  let view = await game();
  for (let actions = 0; ; actions++) {
    expect(actions).toBeLessThan(3000);
    if (actions % 10 === 0) await snapshotPages();
    const { position, ply, status, clock } = view;
    if (status !== "active") break;
    beforeLastAction = seen.length;
    const state = JSON.parse(position) as { phase: string; crawford: boolean; dice: [number, number] | null; score: [number, number] };
    if (state.crawford && !crawfordSeen && state.phase === "move") {
      crawfordSeen = true;
      expect(state.score).toContain(2);
      await expect(spectator.getByTestId("game-screen")).toHaveAttribute("data-ply", String(ply));
      await expect(spectator.getByTestId("crawford")).toBeVisible();
      await expect(spectator.getByTestId("die")).toHaveText(state.dice!.map(String));
    }
    const legal = rules.legalMoves(position);
    let move: string;
    if (state.phase === "decide") {
      move = !redoubled && legal.includes("double") ? "double" : "roll";
      redoubled ||= move === "double";
    } else if (state.phase === "cube") move = "drop";
    else {
      // A hit sends a checker back round the board: hitting at every chance made the match several times as long.
      move = (hit ? (legal.find((m) => m.includes("/off")) ?? legal.find((m) => !m.includes("*"))) : legal.find((m) => m.includes("*"))) ?? legal[0]!;
      hit ||= move.includes("*");
    }
    const update = await trpcMutation<GameUpdate>(pageOf(clock.toMove).request, "game.move", { gameId, ply, move });
    seen.push(JSON.stringify(update));
    // The answer says what changed: the rules play it on the view held, as a page does (or, should it not follow on, the whole view is fetched).
    view = (applyUpdate(view, update) as Game | null) ?? (await game());
  }
  expect(crawfordSeen, "a Crawford game was played").toBe(true);
  const end = await game();
  // The record, not only what was sent: the server plays a forced turn itself, inside
  // the roll's entry ("5-3 (forced 3/off 5/off)"), and with real dice the last turns of
  // a game are often forced.
  const record = end.moves.map((m) => m.notation);
  expect(
    record.some((m) => m.includes("*")),
    "a checker was hit",
  ).toBe(true);
  expect(
    record.some((m) => m.includes("/off")),
    "checkers were borne off",
  ).toBe(true);
  expect(end.status).toBe("finished");
  const serverSeed = end.dice.serverSeed!;
  expect(serverSeed).toMatch(/^[0-9a-f]{64}$/);
  // No answer, socket frame or page before the last action held the seed; the end shows it.
  expect(beforeLastAction).toBeGreaterThan(100);
  expect(seen.slice(0, beforeLastAction).filter((text) => text.includes(serverSeed))).toEqual([]);
  expect(seen.slice(beforeLastAction).some((text) => text.includes(serverSeed))).toBe(true);

  // The spectator followed live to the end, on a phone-sized screen.
  await expect(spectator.getByTestId("game-screen")).toHaveAttribute("data-ply", String(end.ply));
  await expect(spectator.getByTestId("result-banner")).toContainText("winning the match");
  const box = (await spectator.getByTestId("backgammon-board").boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(spectator.getByTestId("dice-server-seed")).toHaveText(serverSeed);

  await spectator.getByRole("link", { name: "Verify the dice" }).click();
  await expect(spectator.getByTestId("dice-check")).toContainText("The dice match.");
  await expect(spectator.getByTestId("dice-check")).toContainText(`all ${end.dice.rolls} rolls match`);
  await expect(spectator.locator('[data-testid="dice-rolls"] tbody tr[data-match="yes"]')).toHaveCount(end.dice.rolls);
  await expect(spectator.locator('[data-testid="dice-rolls"] tbody tr[data-match="no"]')).toHaveCount(0);
});

test("an organizer sets a backgammon race's match length: a bad one is told beside its field, a good one is every game's", async ({ page }) => {
  await signUpByApi(page, freshUsername("Org"), "organizer password");
  await page.goto("/tournaments/new");
  const name = `Sprint ${freshUsername("")}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Format", { exact: true }).selectOption("diagonal");
  // The field belongs to the game: chess has none.
  await page.getByLabel("Game", { exact: true }).selectOption("chess");
  await expect(page.getByLabel("Match length (points)")).toHaveCount(0);
  await page.getByLabel("Game", { exact: true }).selectOption("backgammon");
  const length = page.getByLabel("Match length (points)");
  await expect(length).toHaveAttribute("placeholder", "3");
  await length.fill("0");
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.locator("#g-matchLength-error")).toHaveText("Match length (points) must be a whole number from 1 to 25.");
  await expect(page).toHaveURL(/\/tournaments\/new$/);
  await length.fill("5");
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("game-setting-matchLength")).toHaveText("5");
});

test("a challenge sets the match length: the lobby card says it, and the accepted game is a match to that many points", async ({ browser }) => {
  const [ca, cb] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [a, b] = await Promise.all([ca.newPage(), cb.newPage()]);
  const challenger = freshUsername("Ch");
  await signUpByApi(a, challenger, "challenger password");
  await signUpByApi(b, freshUsername("Ac"), "accepter password");
  await a.goto("/play");
  const form = a.getByRole("form", { name: "New challenge" });
  // The field belongs to the game: tafl has none.
  await expect(form.getByLabel("Match length (points)")).toHaveCount(0);
  await form.getByLabel("Game").selectOption("backgammon");
  await expect(form.getByLabel("Match length (points)")).toHaveValue("3");
  await form.getByLabel("Match length (points)").fill("5");
  await form.getByRole("button", { name: "Open challenge" }).click();
  await b.goto("/play");
  const card = b.getByTestId("challenge").filter({ hasText: challenger });
  await expect(card).toContainText("Backgammon · match length (points): 5 ·");
  await card.getByRole("button", { name: "Accept" }).click();
  // Both are taken to the board; the match is to 5.
  for (const page of [a, b]) await expect(page.getByTestId("match-score")).toContainText("Match to 5", { timeout: 20_000 });
});

test("a diagonal race of backgammon is played on the site to its winner while a spectator watches the standings live", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const bg = onSiteGame("backgammon")!;
  // Set up through the API: an organizer, three players, 1-point matches.
  const { organizer, id, sessions } = await startedOverApi(
    baseURL!,
    { name: "Race", format: "diagonal", gameType: "backgammon", gameSettings: { matchLength: 1 }, minPlayers: 3, maxPlayers: 8 },
    3,
  );
  const t = { id };
  await page.goto(`/tournaments/${t.id}`);
  await expect(page.getByTestId("standings-table").getByTestId("standings-row")).toHaveCount(3);
  const version = async () => Number(await page.getByTestId("tournament-version").getAttribute("data-version"));

  interface Match {
    position: string;
    ply: number;
    status: string;
    endReason: string | null;
    clock: { toMove: 1 | 2 };
    side1: { username: string };
    side2: { username: string };
  }
  interface Tournament {
    status: string;
    state: TournamentState;
    gameLinks: Record<string, string>;
    champions: string[];
    players: { id: string; username: string }[];
  }
  /** One action by the side to move: the roll when the rules list nothing, else the first legal turn (never a double). */
  const act = async (gameId: string) => {
    const m = await organizer.query<Match>("game.get", { gameId });
    if (m.status !== "active") return m;
    const legal = bg.legalMoves(m.position).filter((move) => move !== "double");
    const player = sessions.get((m.clock.toMove === 1 ? m.side1 : m.side2).username)!;
    await player.mutation("game.move", { gameId, ply: m.ply, move: legal[0] ?? "roll" });
    return m;
  };
  // The first match is played to the end of its game by the rules; in the others each
  // side plays a turn, then side 2 resigns (the players' per-minute move limit stays far off).
  let playedThrough = false;
  for (let step = 0; ; step++) {
    expect(step, "the race did not end").toBeLessThan(20);
    const state = await organizer.query<Tournament>("tournament.get", { tournamentId: t.id });
    if (state.status === "finished") break;
    for (const g of playableGames(state.state)) {
      const gameId = state.gameLinks[g.id]!;
      const before = await version();
      if (!playedThrough) {
        for (let actions = 0; (await act(gameId)).status === "active"; actions++) expect(actions).toBeLessThan(400);
        const end = await organizer.query<Match>("game.get", { gameId });
        expect(end).toMatchObject({ status: "finished", endReason: "match" });
        playedThrough = true;
      } else {
        for (let i = 0; i < 3; i++) await act(gameId);
        const m = await organizer.query<Match>("game.get", { gameId });
        await sessions.get(m.side2.username)!.mutation("game.resign", { gameId });
      }
      // The spectator's page follows each result without a reload.
      await expect.poll(version).toBeGreaterThan(before);
    }
  }
  const done = await organizer.query<Tournament>("tournament.get", { tournamentId: t.id });
  const winner = done.players.find((p) => p.id === done.champions[0])!.username;
  await expect(page.getByTestId("champions")).toContainText(winner);
  const first = page.getByTestId("standings-table").getByTestId("standings-row").first();
  await expect(first).toHaveAttribute("data-rank", "1");
  await expect(first).toContainText(winner);
});
