// Two server processes sharing one PostgreSQL database and one Redis: events published
// in one reach sockets on the other, background work and round advancement happen
// exactly once whichever process does them, a session ended through one is refused at
// once by the other (each remembers sessions it has checked) and its sockets there leave
// the account's private events, and rate limits count across both.
import { expect, test } from "./test";
import { io, type Socket } from "socket.io-client";
import type { GameUpdate } from "../lib/contracts";
import { createFreshDatabase, type FreshDatabase } from "../test/fresh-database";
import { HttpSession } from "../test/http-session";
import { freePort, startServer, type ServerProcess } from "./server-process";
import { freshUsername, whoIs } from "./helpers";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
test.skip(!DATABASE_URL || !REDIS_URL, "needs DATABASE_URL and REDIS_URL (a shared PostgreSQL and Redis)");

const CHAT_LIMIT = 3;
let fresh: FreshDatabase;
let a: ServerProcess;
let b: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fresh = await createFreshDatabase(DATABASE_URL!, "moot_multi");
  // A low chat limit, for the test that counts it across the processes.
  const env = {
    DATABASE_URL: fresh.url,
    REDIS_URL: REDIS_URL!,
    SEED_DEMO: "0",
    DATA_DIR: "/tmp/unused",
    CHAT_MESSAGES_PER_USER_PER_MINUTE: String(CHAT_LIMIT),
  };
  // Ports the OS says are free: the range 4100-4500 holds NATS (4222) on these machines.
  const ports = [await freePort(), await freePort()];
  // Started together: the migration advisory lock lets one migrate while the other waits.
  [a, b] = await Promise.all([startServer({ port: ports[0]!, env }), startServer({ port: ports[1]!, env })]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await fresh?.drop();
});

async function players(server: ServerProcess, n: number): Promise<HttpSession[]> {
  const out: HttpSession[] = [];
  for (let i = 0; i < n; i++) {
    const s = new HttpSession(server.url);
    await s.signUp(freshUsername("mp"), "multi password");
    out.push(s);
  }
  return out;
}

const sql = <T>(text: string, values: unknown[] = []) => fresh.query<T>(text, values);

test("a move made through process A reaches a spectator connected to process B", async () => {
  const [attacker, defender] = await players(a, 2);
  const ch = await attacker!.mutation<{ id: string }>("challenge.create", { gameType: "hnefatafl", timeControl: "3d+6h", side: "side1" });
  const { gameId } = await defender!.mutation<{ gameId: string }>("challenge.accept", { challengeId: ch.id });
  const spectator: Socket = io(b.url, { transports: ["websocket"], reconnection: false });
  try {
    await new Promise<void>((resolve, reject) => {
      spectator.once("connect", resolve);
      spectator.once("connect_error", reject);
    });
    await new Promise((resolve) => spectator.emit("watch", `game:${gameId}`, resolve));
    const received = new Promise<GameUpdate>((resolve) => spectator.once("gameUpdate", resolve));
    await attacker!.mutation("game.move", { gameId, ply: 0, move: "d1-d3" });
    const update = await received;
    expect(update).toMatchObject({ gameId, board: { kind: "move", move: { ply: 1, notation: "d1-d3" } } });
  } finally {
    spectator.close();
  }
});

test("a game that runs out of time is flagged exactly once with two sweepers", async () => {
  const [attacker, defender] = await players(b, 2);
  const ch = await attacker!.mutation<{ id: string }>("challenge.create", { gameType: "hnefatafl", timeControl: "test-5s+1s", side: "side1", rated: true });
  const { gameId } = await defender!.mutation<{ gameId: string }>("challenge.accept", { challengeId: ch.id });
  // Both sides move at once (5 seconds each), so the flag that falls next is a rated loss.
  await attacker!.mutation("game.move", { gameId, ply: 0, move: "d1-d3" });
  await defender!.mutation("game.move", { gameId, ply: 1, move: "d6-d9" });
  await expect.poll(async () => (await attacker!.query<{ status: string }>("game.get", { gameId })).status, { timeout: 20_000 }).toBe("finished");
  const view = await attacker!.query<{ result: string; endReason: string }>("game.get", { gameId });
  expect(view).toMatchObject({ result: "0-1", endReason: "timeout" });
  // Flagged twice would have rated it twice.
  const history = await sql<{ n: number }>("select count(*)::int as n from rating_history where game_id = $1", [gameId]);
  expect(history[0]!.n).toBe(2);
  const rated = await sql<{ rated_games: number }>(
    "select p.rated_games from player_ratings p join games g on p.user_id in (g.side1_id, g.side2_id) and p.game_type = g.game_type where g.id = $1",
    [gameId],
  );
  expect(rated.map((r) => r.rated_games)).toEqual([1, 1]);
});

test("results sent to both processes at once complete a phase exactly once", async () => {
  const [organizer, ...entrants] = await players(a, 5);
  const t = await organizer!.mutation<{ id: string }>("tournament.create", {
    name: "Two-process league",
    format: "league",
    gameType: "chess-elsewhere",
    timeControl: "3d+6h",
    minPlayers: 4,
    maxPlayers: 4,
  });
  for (const p of entrants) await p.mutation("tournament.join", { tournamentId: t.id });
  await organizer!.mutation("tournament.start", { tournamentId: t.id });
  const phase1 = await sql<{ id: string }>(
    "select id from games where tournament_id = $1 and tournament_game_key like 'r1-p1-%' order by tournament_game_key",
    [t.id],
  );
  expect(phase1).toHaveLength(2);
  // The organizer's session works on both processes (shared secret in the database).
  const viaB = new HttpSession(b.url);
  viaB.cookie = organizer!.cookie;
  await Promise.all([
    organizer!.mutation("game.setResult", { gameId: phase1[0]!.id, result: "1-0" }),
    viaB.mutation("game.setResult", { gameId: phase1[1]!.id, result: "0-1" }),
  ]);
  const phase2 = await sql<{ n: number }>("select count(*)::int as n from games where tournament_id = $1 and tournament_game_key like 'r1-p2-%'", [t.id]);
  expect(phase2[0]!.n).toBe(2);
  const released = await sql<{ n: number }>("select count(*)::int as n from tournament_audit where tournament_id = $1 and action = 'phase released'", [t.id]);
  expect(released[0]!.n).toBe(1);
});

test("a session ended through one process is refused at once by the other, which had it remembered", async () => {
  const name = freshUsername("mps");
  const password = "two process password";
  const signedIn = async (server: ServerProcess) => {
    const s = new HttpSession(server.url);
    await s.signIn(name, password);
    return s;
  };
  const live = { trpc: name, settings: "signed in", session: name };
  const dead = { trpc: null, settings: expect.stringMatching(/^not signed in/), session: null };
  // Each check on the other process first, twice: it has read the account and remembers it.
  const remembered = async (server: ServerProcess, cookie: string) => {
    expect(await whoIs(server.url, cookie)).toEqual(live);
    expect(await whoIs(server.url, cookie)).toEqual(live);
  };

  // Signed out through A: the copied cookie is dead on B at the next request.
  const first = new HttpSession(a.url);
  await first.signUp(name, password);
  const second = await signedIn(b);
  await remembered(b, first.cookie);
  await remembered(b, second.cookie);
  await first.signOut();
  expect(await whoIs(b.url, first.cookie)).toEqual(dead);
  expect(await whoIs(b.url, second.cookie)).toEqual(live);

  // "Sign out everywhere" through B ends what A remembers.
  const third = await signedIn(a);
  await remembered(a, second.cookie);
  await remembered(a, third.cookie);
  await second.mutation("account.signOutEverywhere", undefined);
  expect(await whoIs(a.url, third.cookie)).toEqual(dead);
  expect(await whoIs(a.url, second.cookie)).toEqual(dead);

  // A password change through A ends what B remembers.
  const [fourth, fifth] = [await signedIn(a), await signedIn(b)];
  await remembered(b, fourth.cookie);
  await remembered(b, fifth.cookie);
  await fourth.mutation("account.changePassword", { currentPassword: password, newPassword: "a new two process password" });
  expect(await whoIs(b.url, fifth.cookie)).toEqual(dead);
  expect(await whoIs(b.url, fourth.cookie)).toEqual(dead);

  // Deleting the account through B ends what A remembers.
  const sixth = new HttpSession(b.url);
  await sixth.signIn(name, "a new two process password");
  await remembered(a, sixth.cookie);
  await sixth.mutation("account.delete", { password: "a new two process password" });
  expect(await whoIs(a.url, sixth.cookie)).toEqual(dead);
});

test("a socket on process B leaves the account's private events when the account signs out everywhere through process A", async () => {
  const [me, stranger, accepter] = await players(a, 3);
  const socketOf = async (cookie: string): Promise<Socket> => {
    const s = io(b.url, { transports: ["websocket"], reconnection: false, extraHeaders: { cookie } });
    await new Promise<void>((resolve, reject) => {
      s.once("connect", resolve);
      s.once("connect_error", reject);
    });
    return s;
  };
  const whoami = (s: Socket) => new Promise<{ username: string } | null>((resolve) => s.emit("whoami", resolve));
  const [mine, theirs] = [await socketOf(me!.cookie), await socketOf(stranger!.cookie)];
  try {
    const started: Record<"mine" | "theirs", string[]> = { mine: [], theirs: [] };
    mine.on("gameStarted", (m: { gameId: string }) => started.mine.push(m.gameId));
    theirs.on("gameStarted", (m: { gameId: string }) => started.theirs.push(m.gameId));
    const open = (who: HttpSession) => who.mutation<{ id: string }>("challenge.create", { gameType: "hnefatafl", timeControl: "3d+6h", side: "side1" });
    const [myChallenge, theirChallenge] = [await open(me!), await open(stranger!)];
    expect(await whoami(mine)).not.toBeNull();

    await me!.mutation("account.signOutEverywhere", undefined);
    expect(await whoami(mine)).toBeNull();
    expect(await whoami(theirs)).not.toBeNull();
    // Both challenges accepted through A, mine first: each creator's user room is told to
    // go to the game. Process A publishes the two in that order and process B hears them
    // in that order (one Redis connection each way), so once the stranger's socket has
    // its event, mine would have had its own. (Counting lobby changes instead was no
    // barrier: other specs' challenges change the lobby too.)
    await accepter!.mutation("challenge.accept", { challengeId: myChallenge.id });
    const { gameId } = await accepter!.mutation<{ gameId: string }>("challenge.accept", { challengeId: theirChallenge.id });
    await expect.poll(() => started.theirs).toEqual([gameId]);
    expect(started.mine).toEqual([]);
  } finally {
    mine.close();
    theirs.close();
  }
});

test("a rate limit counts requests through both processes together", async () => {
  const [p1, p2] = await players(a, 2);
  const ch = await p1!.mutation<{ id: string }>("challenge.create", { gameType: "hnefatafl", timeControl: "3d+6h", side: "side1" });
  const { gameId } = await p2!.mutation<{ gameId: string }>("challenge.accept", { challengeId: ch.id });
  const viaB = new HttpSession(b.url);
  viaB.cookie = p1!.cookie;
  const room = { kind: "game", id: gameId };
  // Alternating processes: each alone has seen fewer than the limit.
  for (let i = 0; i < CHAT_LIMIT; i++) await (i % 2 === 0 ? p1! : viaB).mutation("chat.post", { room, text: `message ${i + 1}` });
  for (const via of [p1!, viaB]) {
    await expect(via.mutation("chat.post", { room, text: "one too many" })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  }
});
