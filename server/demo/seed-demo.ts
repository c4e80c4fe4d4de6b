// Demo data for the embedded database's first start: players, challenge games and
// tournaments of every format in every stage (finished, running, registering), so a
// newcomer sees live pages at once. Everything goes through the real services, so
// the demo is exactly what real use produces. Results are drawn from a seeded PRNG.
import type { GameTypeId } from "@/engine/game-catalog";
import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games, users } from "@/db/schema";
import { onSiteGame } from "@/engine/games/registry";
import { Prng } from "@/engine/prng";
import { playableGames, type FormatName, type GameWithId } from "@/engine/formats";
import type { GameResult } from "@/lib/contracts";
import { hashPassword } from "@/server/auth/password";
import type { SessionUser } from "@/server/auth/session";
import { acceptChallenge } from "@/server/services/challenge/accept-challenge";
import { createChallenge } from "@/server/services/challenge/create-challenge";
import { loadGameView } from "@/server/services/game/game-view";
import { makeMove } from "@/server/services/play/make-move";
import { resignGame } from "@/server/services/play/resign-game";
import { setDiceSeed } from "@/server/services/play/set-dice-seed";
import { reportResult } from "@/server/services/play/report-result";
import { setResult } from "@/server/services/play/set-result";
import { answerReport } from "@/server/services/play/answer-report";
import { postAnnouncement } from "@/server/services/tournament/post-announcement";
import { createTournament } from "@/server/services/tournament/create-tournament";
import { getTournament } from "@/server/services/tournament/read-tournament";
import { answerRequest } from "@/server/services/tournament/answer-request";
import { requestToJoin } from "@/server/services/tournament/request-to-join";
import { chooseRole } from "@/server/services/tournament/choose-role";
import { joinTournament } from "@/server/services/tournament/join-tournament";
import { startTournamentNow } from "@/server/services/tournament/start-tournament";
import { seedDemoChat } from "./seed-chat";
import { recomputeRatings } from "@/db/recompute-ratings";

export const DEMO_PASSWORD = "moot-demo";
export const DEMO_USERNAMES = ["alice", "bob", "carol", "dave", "erin", "frank"] as const;
const MORE = [
  "gudrun",
  "harald",
  "ingrid",
  "jorund",
  "kari",
  "leif",
  "magnus",
  "njal",
  "olaf",
  "ragna",
  "sigrid",
  "thora",
  "ulf",
  "vigdis",
  "yngvar",
  "astrid",
  "bjorn",
  "dagny",
  "eirik",
  "freya",
  "gunnar",
  "hild",
  "ivar",
  "jarl",
];

type Pick = (side1: string, side2: string) => GameResult;
/** Decides one released tournament game (`site` is its game on the site) at `when`. */
type Decide = (game: GameWithId, site: string, when: Date) => Promise<void>;

/**
 * Decides every released game, `steps` times over (each step: a round or a league
 * phase), step k's games between `at(k)` and `at(k + 1)`, so rating histories spread
 * over days.
 */
async function playOut(
  db: Db,
  tournamentId: string,
  decide: Decide,
  steps: number,
  at: (step: number) => Date,
  skipEvery = 0,
  between: (step: number) => Promise<void> = async () => {},
): Promise<void> {
  for (let step = 0; step < steps; step++) {
    await between(step);
    const t = await getTournament(db, tournamentId);
    if (t.status !== "running" || !t.state) return;
    const playable = playableGames(t.state);
    for (const [i, g] of playable.entries()) {
      // Left unplayed on purpose (a round in progress): every skipEvery-th game.
      if (skipEvery > 0 && i % skipEvery === 0) continue;
      const [site] = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.tournamentId, tournamentId), eq(games.tournamentGameKey, g.id)));
      // The step's games end one after another across the step, as real games do.
      await decide(g, site!.id, at(step + i / playable.length));
    }
  }
}

/** The tournament's first game still being played, by its place in the tournament. */
async function firstOpenGame(db: Db, tournamentId: string) {
  const [open] = await db
    .select()
    .from(games)
    .where(and(eq(games.tournamentId, tournamentId), eq(games.status, "active")))
    .orderBy(asc(games.tournamentGameKey))
    .limit(1);
  return open;
}

/** Seeds only an empty database, so restarts and real installs are never touched. */
/** Whether the demo data is to be seeded: only into a site without any account. */
export async function demoDataDue(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

export async function seedDemoData(db: Db): Promise<boolean> {
  if (!(await demoDataDue(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const names = [...DEMO_USERNAMES, ...MORE];
  const inserted = await db
    .insert(users)
    .values(names.map((username) => ({ username, passwordHash })))
    .returning({ id: users.id, username: users.username });
  const people: SessionUser[] = inserted.map((u) => ({ id: u.id, username: u.username, isAdmin: false }));
  // A hidden playing strength decides the demo results; the ratings per game then
  // follow from those results, as they would on a real site.
  const strength = new Map(inserted.map((u, i) => [u.id, 1900 - i * 15]));
  const rng = Prng.fromSeed("moot-demo");
  // Mostly the stronger player wins, sometimes not; draws where the game allows.
  const pick =
    (draws: boolean): Pick =>
    (a, b) => {
      const expected = 1 / (1 + 10 ** ((strength.get(b)! - strength.get(a)!) / 400));
      const r = rng.float();
      if (draws && r < 0.1) return "draw";
      return r < 0.1 + expected * 0.9 ? "1-0" : "0-1";
    };
  const [alice, bob] = [people[0]!, people[1]!];
  const byId = (id: string) => people.find((p) => p.id === id)!;
  const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);
  /** The side that loses by `pick`'s result (a draw is not drawn here). */
  const loserOf = (g: GameWithId, result: ReturnType<Pick>) => (result === "1-0" ? g.side2 : g.side1);

  // The staged championship's games, played on the site: from round 2 on the higher seed
  // takes role B in about a third of the games; A opens, B chooses colours, the first
  // two colours place their largest piece that fits, and then the player `pick` makes
  // lose resigns (few moves keep the seeding quick).
  // The final is played to its end by the rules (no colour can place), so its record
  // replays a whole game and the standings carry its points difference.
  const fourColourPick = pick(false);
  const openings = onSiteGame("four-colour-onsite")!.legalMoves(onSiteGame("four-colour-onsite")!.setup());
  const fourColour: Decide = async (g, site, when) => {
    if (g.chooser && rng.int(3) === 0) await chooseRole(db, byId(g.chooser), site, "B");
    // The sides as they are after the choice.
    const [row] = await db.select({ side1Id: games.side1Id, side2Id: games.side2Id }).from(games).where(eq(games.id, site));
    const [a, b] = [byId(row!.side1Id), byId(row!.side2Id)];
    const final = g.id.startsWith("r5-g1-");
    const pregame = [openings[rng.int(openings.length)]!, rng.int(2) === 0 ? "choose blue-red" : "choose yellow-green"];
    const position = await playFourColourGame(db, site, a, b, pregame, final ? Infinity : 2, when);
    if (!final) {
      const loser = loserOf(g, fourColourPick(g.side1, g.side2));
      await resignGame(db, loser, site, minutes(when, 10));
    } else if (!onSiteGame("four-colour-onsite")!.status(position).over) throw new Error("demo four-colour final did not end");
  };

  async function tournament(opts: {
    name: string;
    description: string;
    format: FormatName;
    gameType: GameTypeId;
    gameSettings?: Record<string, number>;
    timeControl: string;
    players: number;
    settings?: Record<string, unknown>;
    minPlayers: number;
    maxPlayers: number;
    startsAt?: Date;
    /**
     * Start it `daysAgo` days ago and decide this many steps of games, one every
     * `stepDays`: by the organizer's word (a result drawn with `draws` or not), or by
     * `decide` (games played on the site).
     */
    play?: { steps: number; draws: boolean; daysAgo: number; stepDays: number; skipEvery?: number; decide?: Decide };
    /** Players who join late (a Swiss), after the people who joined before the start, at the start of step `beforeStep`. */
    late?: { players: number; beforeStep: number };
  }) {
    const t = await createTournament(db, alice, {
      name: opts.name,
      description: opts.description,
      format: opts.format,
      settings: (opts.settings ?? {}) as never,
      gameType: opts.gameType,
      gameSettings: opts.gameSettings,
      timeControl: opts.timeControl,
      rated: true,
      minPlayers: opts.minPlayers,
      maxPlayers: opts.maxPlayers,
      startsAt: opts.startsAt ?? null,
    });
    for (const p of people.slice(1, 1 + opts.players)) await joinTournament(db, p.id, t.id);
    if (opts.play) {
      const { steps, draws, daysAgo, stepDays } = opts.play;
      const at = (step: number) => new Date(Date.now() - (daysAgo - step * stepDays) * 86_400_000);
      await startTournamentNow(db, alice, t.id, at(-0.2));
      const choose = pick(draws);
      const byOrganizer: Decide = (g, site, when) => setResult(db, alice, { gameId: site, result: choose(g.side1, g.side2) }, when).then(() => undefined);
      const late = opts.late;
      const lateJoin = async (step: number) => {
        if (!late || step !== late.beforeStep) return;
        for (const p of people.slice(1 + opts.players, 1 + opts.players + late.players)) await joinTournament(db, p.id, t.id, at(step));
      };
      await playOut(db, t.id, opts.play.decide ?? byOrganizer, steps, at, opts.play.skipEvery, lateJoin);
    }
    return t.id;
  }

  // Finished: a group elimination of thirteen and a staged championship of sixteen.
  await tournament({
    name: "Autumn Chess Groups",
    description: "Groups of four, everyone plays everyone twice; group winners go on.",
    format: "groups",
    gameType: "chess-elsewhere",
    timeControl: "1d+2h",
    players: 13,
    settings: { partition: "fixed", groupSize: 4 },
    minPlayers: 4,
    maxPlayers: 32,
    play: { steps: 10, draws: true, daysAgo: 60, stepDays: 2 },
  });

  await tournament({
    name: "Four-Colour Championship",
    description:
      "The staged path, played on the site: 4 groups, then 4, then 2, semi-finals, final and third place. A names the first blue and red pieces, B chooses colours.",
    format: "staged",
    gameType: "four-colour-onsite",
    timeControl: "3d+6h",
    players: 16,
    minPlayers: 16,
    maxPlayers: 28,
    // Two days a step: a game's first move comes within its first mover's three days.
    play: { steps: 12, draws: false, daysAgo: 40, stepDays: 2, decide: fourColour },
  });

  // A Swiss of chess by the FIDE Dutch system, two of its five rounds played, its TRF
  // on the tournament page for any pairing checker; a sixteenth player entered late,
  // during round 2, and plays from round 3 (no points for the rounds missed).
  await tournament({
    name: "Winter Swiss",
    description: "Five rounds of chess paired by the FIDE Dutch system; ties broken by Buchholz cut 1, Buchholz, Sonneborn-Berger and direct encounter.",
    format: "swiss",
    gameType: "chess-elsewhere",
    timeControl: "1d+2h",
    players: 15,
    settings: { rounds: 5 },
    minPlayers: 6,
    maxPlayers: 40,
    play: { steps: 2, draws: true, daysAgo: 6, stepDays: 2 },
    late: { players: 1, beforeStep: 1 },
  });

  // Running: a hnefatafl league (first phases decided) and a diagonal race.
  await tournament({
    name: "Copenhagen League",
    description: "Double round-robin of Copenhagen Hnefatafl, played on the site with correspondence clocks.",
    format: "league",
    gameType: "hnefatafl",
    timeControl: "3d+6h",
    players: 6,
    minPlayers: 4,
    maxPlayers: 12,
    play: { steps: 3, draws: true, daysAgo: 2, stepDays: 0.5 },
  });

  // The diagonal race played on the site: 3-point backgammon matches on dice anyone can
  // verify. Round 1 is over (each match opened with both players' seeds and the first
  // turn, then the player `pick` makes lose resigned the match: few actions keep the
  // seeding quick); round 2 is being played, one
  // of its matches under way.
  const racePick = pick(false);
  const raceMatch: Decide = async (g, site, when) => {
    const [a, b] = [byId(g.side1), byId(g.side2)];
    await playDiceGame(db, site, a, b, { doubleAt: Infinity, answer: "take", actions: 1 }, when);
    await resignGame(db, loserOf(g, racePick(g.side1, g.side2)), site, minutes(when, 10));
  };
  const raceId = await tournament({
    name: "Dice Race Open",
    description:
      "Backgammon matches to 3 points, played on the site with dice anyone can verify. Four opponents across the field in round one, two later; out after two losses.",
    format: "diagonal",
    gameType: "backgammon",
    timeControl: "1d+2h",
    players: 20,
    minPlayers: 6,
    maxPlayers: 64,
    play: { steps: 1, draws: false, daysAgo: 0.5, stepDays: 0.25, decide: raceMatch },
  });
  const underway = await firstOpenGame(db, raceId);
  if (underway) await playDiceGame(db, underway.id, byId(underway.side1Id), byId(underway.side2Id), { doubleAt: Infinity, answer: "take", actions: 6 });
  await postAnnouncement(
    db,
    alice,
    raceId,
    "Welcome to the Dice Race Open! Add your own dice seed before the first roll, and check every roll of a finished match on its “Verify the dice” page.",
  );

  // Running: a double elimination of backgammon matches, five rounds in (the losers'
  // bracket catching up with the winners' final), results set by the organizer.
  await tournament({
    name: "Backgammon Double Elimination",
    description: "Out after two lost matches: a winners' bracket, a losers' bracket, and a grand final with a reset.",
    format: "elimination",
    gameType: "backgammon",
    timeControl: "1d+2h",
    players: 12,
    settings: { bracket: "double", grandFinalReset: true, bestOf: 1 },
    minPlayers: 4,
    maxPlayers: 32,
    play: { steps: 5, draws: false, daysAgo: 5, stepDays: 1 },
  });

  // A league of reported games (played elsewhere, results typed in), two phases in: a
  // result reported and disputed by the opponent waits in alice's organizer queue (and
  // her inbox), and an announcement every player of the league has in their inbox.
  const clubId = await tournament({
    name: "Chess Club League",
    description: "Double round-robin of chess played over the board at the club; players report their results here.",
    format: "league",
    gameType: "chess-elsewhere",
    timeControl: "3d+6h",
    players: 6,
    minPlayers: 4,
    maxPlayers: 12,
    play: { steps: 2, draws: true, daysAgo: 4, stepDays: 1 },
  });
  const open = await firstOpenGame(db, clubId);
  if (open) {
    const reported = await reportResult(db, open.side1Id, { gameId: open.id, result: "1-0" });
    await answerReport(db, open.side2Id, {
      gameId: open.id,
      answer: "dispute",
      reportId: reported.report!.id,
      reason: "We agreed on a rematch after the clock failed; the rematch is not played yet.",
    });
  }
  await postAnnouncement(
    db,
    alice,
    clubId,
    "Welcome to the Chess Club League! Report each result as soon as your game is over; a disputed result is settled by the organizer.",
  );

  // Running: a group elimination with a third of round 1 still to play, so its group
  // tables show live clinch marks (some players through already, some out, some open).
  await tournament({
    name: "Hnefatafl Groups Live",
    description: "Groups of four, everyone plays everyone on both sides; the top score of each group goes on.",
    format: "groups",
    gameType: "hnefatafl",
    timeControl: "3d+6h",
    players: 12,
    settings: { partition: "fixed", groupSize: 4 },
    minPlayers: 4,
    maxPlayers: 32,
    play: { steps: 1, draws: true, daysAgo: 3, stepDays: 2, skipEvery: 3 },
  });

  // Registering: open now, and one that starts by itself in two days.
  await tournament({
    name: "Winter Tafl Cup",
    description: "Group elimination of Copenhagen Hnefatafl, groups of four. Join now!",
    format: "groups",
    gameType: "hnefatafl",
    timeControl: "3d+6h",
    players: 3,
    minPlayers: 4,
    maxPlayers: 64,
  });
  await tournament({
    name: "Spring League",
    description: "A league of chess-like games; starts automatically.",
    format: "league",
    gameType: "chess-elsewhere",
    timeControl: "1d+2h",
    players: 4,
    minPlayers: 4,
    maxPlayers: 10,
    startsAt: new Date(Date.now() + 2 * 86_400_000),
  });

  // Invite-only: two players approved through the invite link, one still waiting for alice.
  const invitational = await createTournament(db, alice, {
    name: "Tafl Invitational",
    description: "By invitation: players follow the organizer's link and are approved one by one.",
    format: "groups",
    settings: {},
    gameType: "hnefatafl",
    timeControl: "3d+6h",
    rated: true,
    minPlayers: 4,
    maxPlayers: 8,
    inviteOnly: true,
  });
  for (const [i, p] of [people[4]!, people[5]!, people[6]!].entries()) {
    await requestToJoin(db, p, { tournamentId: invitational.id, token: invitational.inviteToken! });
    if (i < 2) await answerRequest(db, alice, { tournamentId: invitational.id, userId: p.id, approve: true });
  }

  // A casual hnefatafl game in progress and an open challenge in the lobby.
  const ch = await createChallenge(db, bob.id, { gameType: "hnefatafl", initialMs: 86_400_000, incrementMs: 7_200_000, side: "side1", rated: true });
  const { gameId } = await acceptChallenge(db, people[2]!.id, ch.id);
  let ply = 0;
  for (const [who, move] of [
    [bob, "d1-d3"],
    [people[2]!, "f4-c4"],
    [bob, "h1-h3"],
    [people[2]!, "e5-e2"],
  ] as const) {
    await makeMove(db, who.id, { gameId, ply: ply++, move });
  }
  // A chess game in progress (a Ruy Lopez, White to move) and a finished one to replay (Legal's mate).
  const [carol, dave, erin, frank] = [people[2]!, people[3]!, people[4]!, people[5]!];
  const chess = await createChallenge(db, carol.id, { gameType: "chess", initialMs: 86_400_000, incrementMs: 3_600_000, side: "side1", rated: true });
  const ruyLopez = await acceptChallenge(db, dave.id, chess.id);
  for (const [i, move] of ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"].entries()) {
    await makeMove(db, (i % 2 === 0 ? carol : dave).id, { gameId: ruyLopez.gameId, ply: i, move });
  }
  const legal = await createChallenge(db, erin.id, { gameType: "chess", initialMs: 600_000, incrementMs: 5_000, side: "side1", rated: true });
  const done = await acceptChallenge(db, frank.id, legal.id);
  for (const [i, move] of ["e4", "e5", "Nf3", "d6", "Bc4", "Bg4", "Nc3", "g6", "Nxe5", "Bxd1", "Bxf7+", "Ke7", "Nd5#"].entries()) {
    await makeMove(db, (i % 2 === 0 ? erin : frank).id, { gameId: done.gameId, ply: i, move });
  }
  await createChallenge(db, people[3]!.id, { gameType: "hnefatafl", initialMs: 600_000, incrementMs: 5_000, side: "random", rated: true });
  // An open backgammon challenge with its own match length, as the lobby shows it.
  await createChallenge(db, people[6]!.id, {
    gameType: "backgammon",
    initialMs: 86_400_000,
    incrementMs: 7_200_000,
    side: "random",
    rated: true,
    gameSettings: { matchLength: 5 },
  });

  // Brandubh (7×7): a finished game won by the king's escape, and one in progress.
  const brandubh = await createChallenge(db, people[4]!.id, {
    gameType: "brandubh",
    initialMs: 86_400_000,
    incrementMs: 7_200_000,
    side: "side1",
    rated: true,
  });
  const won = (await acceptChallenge(db, people[5]!.id, brandubh.id)).gameId;
  for (const [i, move] of ["g4-g6", "d5-e5", "g6-f6", "d4-d5", "f6-f7", "d5-a5", "f7-f6", "a5-a7"].entries()) {
    await makeMove(db, (i % 2 === 0 ? people[4]! : people[5]!).id, { gameId: won, ply: i, move });
  }
  const running = await createChallenge(db, people[2]!.id, { gameType: "brandubh", initialMs: 86_400_000, incrementMs: 7_200_000, side: "side2", rated: true });
  const live = (await acceptChallenge(db, people[6]!.id, running.id)).gameId;
  for (const [i, move] of ["d2-b2", "d3-c3", "b4-b3"].entries()) {
    await makeMove(db, (i % 2 === 0 ? people[6]! : people[2]!).id, { gameId: live, ply: i, move });
  }

  // The four-colour game: one in progress (B plays blue and red) and a finished one to replay.
  await playFourColour(db, bob, dave, ["open F5 L5", "choose blue-red"], 12);
  await playFourColour(db, erin, frank, ["open I5 P5", "choose yellow-green"], Infinity);

  // Backgammon on dice anyone can verify: a match in progress whose cube was turned
  // (doubled and taken), and a finished Hypergammon match whose revealed seed lets
  // "Verify the dice" recompute every roll.
  await playDiceMatch(db, carol, dave, "backgammon", { doubleAt: 6, answer: "take", actions: 24 });
  await playDiceMatch(db, alice, frank, "hypergammon", { doubleAt: 0, answer: "drop", actions: Infinity });

  // A diagonal race played on the site: Hypergammon in 1-point matches (the organizer's
  // match length), started three hours ago, two matches played through, the rest open.
  const sprint = await tournament({
    name: "Hypergammon Sprint",
    description: "A diagonal race played on the site: 1-point Hypergammon matches, dice anyone can verify, out after two losses.",
    format: "diagonal",
    gameType: "hypergammon",
    gameSettings: { matchLength: 1 },
    timeControl: "1d+2h",
    players: 8,
    minPlayers: 4,
    maxPlayers: 32,
  });
  await startTournamentNow(db, alice, sprint, new Date(Date.now() - 3 * 3_600_000));
  const sprintGames = await db.select().from(games).where(eq(games.tournamentId, sprint)).orderBy(asc(games.tournamentGameKey)).limit(2);
  for (const g of sprintGames) await playDiceGame(db, g.id, byId(g.side1Id), byId(g.side2Id), { doubleAt: Infinity, answer: "take", actions: Infinity });
  await seedDemoChat(db, sprint);
  // The tournaments above are seeded one after another, each with results dated in its
  // own past, so a player's games were rated out of date order (the Winter Swiss, six
  // days ago, after a league of two days ago). Replay every rating in date order, as
  // the site would have rated them, so each rating chart ends at the current rating.
  await db.transaction((tx) => recomputeRatings(tx));
  return true;
}

/**
 * A dice match between A and B through the real services: both players add a seed,
 * the server rolls, and each side plays the first legal turn the rules list. A side
 * offered the cube at or after `doubleAt` actions doubles (once, if the answer is
 * a take; every time, if a drop ends each game), and the other side answers
 * `answer`; stops after `actions` actions or at the end of the match.
 */
async function playDiceMatch(
  db: Db,
  a: SessionUser,
  b: SessionUser,
  gameType: GameTypeId,
  opts: { doubleAt: number; answer: "take" | "drop"; actions: number },
) {
  const challenge = await createChallenge(db, a.id, { gameType, initialMs: 86_400_000, incrementMs: 3_600_000, side: "side1", rated: true });
  const { gameId } = await acceptChallenge(db, b.id, challenge.id);
  await playDiceGame(db, gameId, a, b, opts);
}

/** Plays the dice game `gameId` of A (side 1) and B as playDiceMatch says, a minute apart from `from` when given (a match in the demo's past), else now. */
async function playDiceGame(
  db: Db,
  gameId: string,
  a: SessionUser,
  b: SessionUser,
  opts: { doubleAt: number; answer: "take" | "drop"; actions: number },
  from?: Date,
) {
  const at = (n: number) => (from ? new Date(from.getTime() + n * 60_000) : new Date());
  const gameType = (await loadGameView(db, gameId)).gameType;
  const rules = onSiteGame(gameType)!;
  await setDiceSeed(db, a.id, { gameId, seed: `${a.username}-demo` }, at(0));
  await setDiceSeed(db, b.id, { gameId, seed: `${b.username}-demo` }, at(0));
  // A taken cube stays turned for the game: double once, not back and forth.
  let doubled = false;
  for (let action = 0; action < opts.actions; action++) {
    const view = await loadGameView(db, gameId, at(action + 1));
    if (view.status !== "active" || !view.position) return;
    const legal = rules.legalMoves(view.position);
    if (legal.length === 0) throw new Error(`demo ${gameType} match: nothing to play at ply ${view.ply}`);
    const mayDouble = action >= opts.doubleAt && legal.includes("double") && (opts.answer === "drop" || !doubled);
    const move = legal.includes(opts.answer) ? opts.answer : mayDouble ? "double" : (legal.find((m) => m !== "double") ?? legal[0]!);
    if (move === "double") doubled = true;
    await makeMove(db, (rules.toMove(view.position) === 1 ? a : b).id, { gameId, ply: view.ply, move }, at(action + 1));
  }
}

/**
 * A four-colour challenge game between A and B through the real services: the pre-game,
 * then up to `placements` placements (see playFourColourGame).
 */
async function playFourColour(db: Db, a: SessionUser, b: SessionUser, pregame: readonly string[], placements: number) {
  const challenge = await createChallenge(db, a.id, {
    gameType: "four-colour-onsite",
    initialMs: 86_400_000,
    incrementMs: 3_600_000,
    side: "side1",
    rated: true,
  });
  const { gameId } = await acceptChallenge(db, b.id, challenge.id);
  await playFourColourGame(db, gameId, a, b, pregame, placements);
}

/**
 * Plays the four-colour game `gameId` of A (side 1) and B: the pre-game, then up to
 * `placements` placements, each the largest piece that fits (the first one the rules
 * list), by whichever player the rules say is to move; a minute apart from `from` when
 * given (a game in the demo's past), else now. Returns the position reached.
 */
async function playFourColourGame(
  db: Db,
  gameId: string,
  a: SessionUser,
  b: SessionUser,
  pregame: readonly string[],
  placements: number,
  from?: Date,
): Promise<string> {
  const rules = onSiteGame("four-colour-onsite")!;
  const size = (move: string) => Number(/\d(?=:)/.exec(move)?.[0] ?? 0);
  let position = rules.setup();
  for (let ply = 0; ply < pregame.length + placements && !rules.status(position).over; ply++) {
    const legal = rules.legalMoves(position);
    const move = pregame[ply] ?? legal.reduce((best, m) => (size(m) > size(best) ? m : best));
    const now = from ? new Date(from.getTime() + ply * 60_000) : new Date();
    await makeMove(db, (rules.toMove(position) === 1 ? a : b).id, { gameId, ply, move }, now);
    const played = rules.play(position, move);
    if (!played.ok) throw new Error(`demo four-colour game: ${played.reason}`);
    position = played.position;
  }
  return position;
}
