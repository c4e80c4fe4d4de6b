// The server's dice (commit–reveal, docs/dice.md) on a real database through the real
// tRPC procedures, with real Socket.IO peers watching: the server seed appears in no
// answer, socket event or log line while the game runs and in the view once it ends;
// every roll recomputes from the revealed seed, also when a second database handle
// (a process started later) goes on with the game; bad input gets a sentence and
// changes nothing.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { encode } from "next-auth/jwt";
import { and, eq, isNull } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { games, notifications } from "@/db/schema";
import { onSiteGame } from "@/engine/games/registry";
import { verifyDice } from "@/engine/verifiable-dice";
import type { GameUpdate, GameView } from "@/lib/contracts";
import { diceRecordOf } from "@/lib/dice-record";
import { applyUpdate } from "@/lib/game-update";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { openTestDatabase } from "@/test/db";
import { startRealtimeServer, type RealtimeServer } from "@/test/realtime-server";
import { createGame } from "./create-game";
import { readDice } from "./dice";

let h: DbHandle;
let url: string;
let realtime: RealtimeServer;
beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "dice test secret, long enough for next-auth";
  realtime = await startRealtimeServer();
  ({ h, url } = realtime);
});
afterAll(() => realtime.close());
afterEach(() => vi.restoreAllMocks());

const GAME = "hypergammon";
const rules = onSiteGame(GAME)!;
const DAY = 86_400_000;

async function newGame() {
  const [side1, side2] = [await newPlayer(h), await newPlayer(h)];
  const game = await h.db.transaction((tx) =>
    createGame(tx, { gameType: GAME, side1Id: side1.id, side2Id: side2.id, rated: true, initialMs: 3 * DAY, incrementMs: 0 }, new Date()),
  );
  return { gameId: game.id, side1, side2, player: (side: 1 | 2) => (side === 1 ? side1 : side2) };
}

async function cookieOf(user: SessionUser): Promise<string> {
  return `next-auth.session-token=${await encode({ token: { sub: user.id, name: user.username, sv: 1, sid: randomUUID() }, secret: process.env.NEXTAUTH_SECRET! })}`;
}

/** A socket (signed in as `as`, or anonymous) watching the game's room, keeping every update. */
async function watcher(gameId: string, as?: SessionUser): Promise<{ socket: Socket; updates: GameUpdate[] }> {
  const socket = connect(url, { transports: ["websocket"], forceNew: true, extraHeaders: as ? { cookie: await cookieOf(as) } : undefined });
  const updates: GameUpdate[] = [];
  socket.on("gameUpdate", (u: GameUpdate) => updates.push(u));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  await socket.timeout(10_000).emitWithAck("watch", `game:${gameId}`);
  return { socket, updates };
}

const phaseOf = (view: GameView): string => (JSON.parse(view.position!) as { phase: string }).phase;

/** The next action of a simple player: the first legal turn, one double (taken) when `double` says so. */
function nextAction(view: GameView, double: boolean): string {
  if (rules.chance!.pending(view.position!)) return "roll";
  const phase = phaseOf(view);
  if (phase === "decide") return double ? "double" : "roll";
  if (phase === "cube") return "take";
  return rules.legalMoves(view.position!)[0]!;
}

/** Plays the game to its end with `api` (a database handle's callers), doubling once; every answer goes to `answers`. */
async function playToEnd(handle: DbHandle, g: Awaited<ReturnType<typeof newGame>>, answers: unknown[], stopAfter = Infinity): Promise<GameView> {
  let view = await apiFor(handle, null).game.get({ gameId: g.gameId });
  let doubled = false;
  for (let actions = 0; view.status === "active" && actions < stopAfter; actions++) {
    if (actions > 3000) throw new Error("the game did not end");
    const move = nextAction(view, !doubled);
    if (move === "double") doubled = true;
    answers.push(await apiFor(handle, g.player(view.clock.toMove)).game.move({ gameId: g.gameId, ply: view.ply, move }));
    view = await apiFor(handle, null).game.get({ gameId: g.gameId });
    answers.push(view);
  }
  return view;
}

describe("the server's dice", () => {
  it("keeps the server seed out of every answer, socket event and log line until the end, then reveals it, and every roll recomputes", async () => {
    const g = await newGame();
    const secret = (await readDice(h.db, g.gameId))!.serverSeed;
    const logged: string[] = [];
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      const original = console[method].bind(console);
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(" "));
        original(...args);
      });
    }
    const sockets = [await watcher(g.gameId), await watcher(g.gameId, g.side1), await watcher(g.gameId, g.side2)];
    try {
      const start = await apiFor(h, g.side1).game.get({ gameId: g.gameId });
      expect(start.dice).toMatchObject({ scheme: "moot-dice/1", playerSeeds: [null, null], serverSeed: null, rolls: 0 });
      expect(start.dice!.commitment).toMatch(/^[0-9a-f]{64}$/);
      const answers: unknown[] = [start];
      answers.push(await apiFor(h, g.side1).game.setDiceSeed({ gameId: g.gameId, seed: "alice-1" }));
      // The second seed makes the opening roll at once.
      const seeded = await apiFor(h, g.side2).game.setDiceSeed({ gameId: g.gameId, seed: "bob_2" });
      answers.push(seeded);
      expect(seeded.dice).toMatchObject({ playerSeeds: ["alice-1", "bob_2"], serverSeed: null });
      expect(seeded.moves[0]!.notation).toMatch(/^roll \d-\d/);

      const end = await playToEnd(h, g, answers);
      expect(end.status).toBe("finished");
      expect(end.endReason).toBe("match");
      // Each answer before the last move's holds no seed; the view after the end does.
      const beforeEnd = answers.slice(0, -2);
      for (const answer of beforeEnd) expect(JSON.stringify(answer)).not.toContain(secret);
      expect(end.dice!.serverSeed).toBe(secret);

      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const { updates } of sockets) {
        const last = updates.at(-1)!;
        expect(last.set.status).toBe("finished");
        for (const update of updates.slice(0, -1)) expect(JSON.stringify(update)).not.toContain(secret);
        expect(last.set.dice?.serverSeed).toBe(secret);
      }
      // A spectator following the updates holds the game as it ended, rolls included.
      let followed: GameView | null = start;
      for (const update of sockets[0]!.updates) followed = followed && applyUpdate(followed, update);
      expect(followed && { ...followed, serverNow: 0 }).toEqual({ ...end, serverNow: 0 });
      for (const line of logged) expect(line).not.toContain(secret);

      const record = diceRecordOf(end)!;
      expect(record.rolls.length).toBeGreaterThan(2);
      expect(record.rolls.length).toBe(end.dice!.rolls);
      expect(await verifyDice(record)).toMatchObject({ ok: true });
      // A roll changed in the record no longer matches.
      const changed = { ...record, rolls: record.rolls.map((roll, i) => (i === 1 ? { ...roll, dice: roll.dice.map((d) => (d % 6) + 1) } : roll)) };
      expect((await verifyDice(changed)).ok).toBe(false);
    } finally {
      for (const { socket } of sockets) socket.disconnect();
    }
  });

  it("derives the same rolls when another process (a second database handle) goes on with the game", async () => {
    const databaseUrl = inject("testDatabaseUrl");
    if (!databaseUrl) return; // PGlite in memory cannot be opened twice.
    const g = await newGame();
    await apiFor(h, g.side1).game.move({ gameId: g.gameId, ply: 0, move: "roll" });
    await playToEnd(h, g, [], 15);
    const second = await openTestDatabase();
    try {
      const end = await playToEnd(second, g, []);
      expect(end.status).toBe("finished");
      const record = diceRecordOf(end)!;
      // A missing seed counts as empty once the dice roll.
      expect(record.playerSeeds).toEqual(["", ""]);
      expect(await verifyDice(record)).toMatchObject({
        ok: true,
        findings: [`The server seed matches the commitment and all ${record.rolls.length} rolls match the seeds.`],
      });
    } finally {
      await second.close();
    }
  });

  it("tells the side the opening roll leaves to move that it is their move", async () => {
    const open = (userId: string, gameId: string) =>
      h.db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.subject, `game:${gameId}`), isNull(notifications.resolvedAt)));
    // Until both seeds are in, nobody is told anything: there is no roll yet.
    const g = await newGame();
    await apiFor(h, g.side1).game.setDiceSeed({ gameId: g.gameId, seed: "first" });
    expect([...(await open(g.side1.id, g.gameId)), ...(await open(g.side2.id, g.gameId))]).toEqual([]);
    const view = await apiFor(h, g.side2).game.setDiceSeed({ gameId: g.gameId, seed: "second" });
    expect(view.ply).toBeGreaterThan(0);
    const toMove = g.player(view.clock.toMove);
    const waiting = g.player(view.clock.toMove === 1 ? 2 : 1);
    expect(await open(toMove.id, g.gameId)).toEqual([{ kind: "your-move" }]);
    expect(await open(waiting.id, g.gameId)).toEqual([]);
  });

  it("refuses bad input with a sentence and changes nothing", async () => {
    const g = await newGame();
    const { gameId, side1, side2 } = g;
    const unchanged = async (attempt: () => Promise<unknown>, sentence: string | RegExp) => {
      const [view, dice] = [await apiFor(h, null).game.get({ gameId }), await readDice(h.db, gameId)];
      await expect(attempt()).rejects.toThrow(sentence);
      expect({ ...(await apiFor(h, null).game.get({ gameId })), serverNow: 0 }).toEqual({ ...view, serverNow: 0 });
      expect(await readDice(h.db, gameId)).toEqual(dice);
    };
    await unchanged(() => apiFor(h, side1).game.move({ gameId, ply: 0, move: "24/18" }), "The dice have not been rolled yet");
    await unchanged(() => apiFor(h, side2).game.move({ gameId, ply: 0, move: "roll" }), "It is not your turn.");
    await unchanged(() => apiFor(h, side1).game.setDiceSeed({ gameId, seed: "no spaces" }), "A seed is up to 64 letters, digits, - or _.");
    await unchanged(() => apiFor(h, null).game.setDiceSeed({ gameId, seed: "x" }), /sign in/i);
    const spectator = await newPlayer(h);
    await unchanged(() => apiFor(h, spectator).game.setDiceSeed({ gameId, seed: "x" }), "You are not playing in this game.");

    await apiFor(h, side1).game.move({ gameId, ply: 0, move: "roll" });
    await unchanged(
      () => apiFor(h, side2).game.setDiceSeed({ gameId, seed: "late" }),
      "The dice have already been rolled: the seeds are fixed for the rest of the game.",
    );
    let view = await apiFor(h, null).game.get({ gameId });
    // Until the dice allow a choice of turns, the rolls play themselves.
    while (phaseOf(view) !== "move") {
      await apiFor(h, g.player(view.clock.toMove)).game.move({ gameId, ply: view.ply, move: nextAction(view, false) });
      view = await apiFor(h, null).game.get({ gameId });
    }
    const mover = g.player(view.clock.toMove);
    const waiting = g.player(view.clock.toMove === 1 ? 2 : 1);
    await unchanged(() => apiFor(h, mover).game.move({ gameId, ply: view.ply, move: "24/off" }), "That move is not allowed");
    await unchanged(() => apiFor(h, mover).game.move({ gameId, ply: view.ply, move: "take" }), "That move is not allowed: the dice are rolled: play them.");
    await unchanged(() => apiFor(h, waiting).game.move({ gameId, ply: view.ply, move: "double" }), "It is not your turn.");
    await unchanged(
      () => apiFor(h, mover).game.move({ gameId, ply: view.ply, move: "double" }),
      "That move is not allowed: a double is offered before rolling, not after.",
    );
  });

  it("refuses a double in the Crawford game", async () => {
    const g = await newGame();
    // The match as it stands after side 1 reached 2 of 3 points: the next game is the Crawford game.
    const crawford = { ...JSON.parse(rules.setup()), score: [2, 0], game: 2, crawford: true, crawfordSeen: true };
    await h.db
      .update(games)
      .set({ position: JSON.stringify(crawford) })
      .where(eq(games.id, g.gameId));
    await apiFor(h, g.side1).game.move({ gameId: g.gameId, ply: 0, move: "roll" });
    let view = await apiFor(h, null).game.get({ gameId: g.gameId });
    while (phaseOf(view) !== "move") {
      // Nobody may double, so no turn waits in "decide": the dice roll by themselves.
      expect(phaseOf(view)).not.toBe("decide");
      await apiFor(h, g.player(view.clock.toMove)).game.move({ gameId: g.gameId, ply: view.ply, move: nextAction(view, false) });
      view = await apiFor(h, null).game.get({ gameId: g.gameId });
    }
    const before = { ...view, serverNow: 0 };
    await expect(apiFor(h, g.player(view.clock.toMove)).game.move({ gameId: g.gameId, ply: view.ply, move: "double" })).rejects.toThrow(
      "That move is not allowed: there is no doubling in the Crawford game.",
    );
    expect({ ...(await apiFor(h, null).game.get({ gameId: g.gameId })), serverNow: 0 }).toEqual(before);
    // After a turn the other side's dice are rolled at once, in the same change.
    const update = await apiFor(h, g.player(view.clock.toMove)).game.move({ gameId: g.gameId, ply: view.ply, move: rules.legalMoves(view.position!)[0]! });
    expect(update.board).toMatchObject({ kind: "move", then: [{ notation: expect.stringMatching(/^roll \d-\d/) as unknown }] });
  });
});
