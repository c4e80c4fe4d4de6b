// Game updates against the real Socket.IO server and real socket.io-client peers, the
// changes made through the real tRPC procedures on a real database: every update turns
// the view before it into the view after it (what `game.get` answers), its size does
// not grow with the game, and a client that misses one fetches the whole view.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { encode } from "next-auth/jwt";
import type { DbHandle } from "@/db/client";
import { legalMoves, newGame as newTafl, tryMove, type GameState } from "@/engine/games/tafl";
import type { GameUpdate, GameView } from "@/lib/contracts";
import { applyUpdate, GameFollower } from "@/lib/game-update";
import type { SessionUser } from "@/server/auth/session";
import { createGame } from "@/server/services/game/create-game";
import { sweepOverdue } from "@/server/services/play/sweep-overdue";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { startRealtimeServer, type RealtimeServer } from "@/test/realtime-server";

let h: DbHandle;
let url: string;
let realtime: RealtimeServer;
beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "game updates test secret, long enough";
  // Its own database: it sweeps overdue games with the clock moved ahead (see openOwnTestDatabase).
  realtime = await startRealtimeServer({ ownDatabase: true });
  ({ h, url } = realtime);
});
afterAll(() => realtime.close());

const DAY = 86_400_000;
const api = (user: SessionUser) => apiFor(h, user);

async function newGame(gameType = "hnefatafl", initialMs = 3 * DAY) {
  const [side1, side2] = [await newPlayer(h), await newPlayer(h)];
  const game = await h.db.transaction((tx) =>
    createGame(tx, { gameType, side1Id: side1.id, side2Id: side2.id, rated: true, initialMs, incrementMs: 0 }, new Date()),
  );
  return { gameId: game.id, side1, side2 };
}

/** A signed-in socket's cookie (the session the site's sign-in makes). */
async function cookieOf(user: SessionUser): Promise<string> {
  return `next-auth.session-token=${await encode({ token: { sub: user.id, name: user.username, sv: 1, sid: randomUUID() }, secret: process.env.NEXTAUTH_SECRET! })}`;
}

/** A socket (signed in as `as`, or anonymous) watching a game's room (unless `room` is null), keeping every update it receives in order. */
async function watcher(
  gameId: string,
  opts: { as?: SessionUser; room?: null } = {},
): Promise<{ socket: Socket; updates: GameUpdate[]; next: () => Promise<GameUpdate> }> {
  const extraHeaders = opts.as ? { cookie: await cookieOf(opts.as) } : undefined;
  const socket = connect(url, { transports: ["websocket"], forceNew: true, extraHeaders });
  const updates: GameUpdate[] = [];
  let taken = 0;
  let wake: (() => void) | null = null;
  socket.on("gameUpdate", (u: GameUpdate) => {
    updates.push(u);
    wake?.();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  if (opts.room !== null) await socket.timeout(10_000).emitWithAck("watch", `game:${gameId}`);
  const next = async () => {
    while (updates.length <= taken) await new Promise<void>((r) => (wake = r));
    return updates[taken++]!;
  };
  return { socket, updates, next };
}

/** A view without the server's clock, which differs between any two reads. */
const comparable = ({ serverNow: _, ...rest }: GameView) => rest;

/** Does `change`, then checks that its one update turns the view before into the view after. */
async function expectUpdateFollows(
  w: Awaited<ReturnType<typeof watcher>>,
  before: GameView,
  change: () => Promise<unknown>,
): Promise<{ after: GameView; update: GameUpdate }> {
  await change();
  const update = await w.next();
  const after = await apiFor(h, null).game.get({ gameId: before.id });
  expect(update.version).toBe(before.version + 1);
  expect(comparable(applyUpdate(before, update)!)).toEqual(comparable(after));
  return { after, update };
}

const bytes = (x: unknown) => Buffer.byteLength(JSON.stringify(x));

/** The next tafl move (in the site's notation) that does not end the game. */
function quietMove(state: GameState, i: number): { text: string; state: GameState } {
  const moves = legalMoves(state);
  for (let k = 0; k < moves.length; k++) {
    const m = moves[(i * 7 + k) % moves.length]!;
    const next = tryMove(state, m);
    if (next.ok && !next.state.status.over) return { text: `${m.from}-${m.to}`, state: next.state };
  }
  throw new Error("no quiet move");
}

describe("game updates", () => {
  it("a move's update turns each view into the next, answers the mover, and is as small at move 60 as at move 2", async () => {
    const { gameId, side1, side2 } = await newGame();
    const w = await watcher(gameId);
    try {
      let view = await api(side1).game.get({ gameId });
      let state = newTafl();
      const sizes = new Map<number, { update: number; view: number }>();
      for (let i = 0; i < 60; i++) {
        const move = quietMove(state, i);
        const mover = i % 2 === 0 ? side1 : side2;
        let answer: GameUpdate | undefined;
        const { after, update } = await expectUpdateFollows(
          w,
          view,
          async () => (answer = await api(mover).game.move({ gameId, ply: view.ply, move: move.text })),
        );
        expect(update.board).toMatchObject({ kind: "move", move: { ply: i + 1, notation: move.text } });
        // The mover is answered with the update the room received.
        expect(answer).toEqual(update);
        sizes.set(i + 1, { update: bytes(update), view: bytes(after) });
        view = after;
        state = move.state;
      }
      const [at2, at60] = [sizes.get(2)!, sizes.get(60)!];
      // The whole view grew by the 58 moves between; the update did not (a few digits more at most).
      expect(at60.view - at2.view).toBeGreaterThan(58 * 60);
      expect(Math.abs(at60.update - at2.update)).toBeLessThanOrEqual(8);
      expect(at60.update).toBeLessThan(600);
    } finally {
      w.socket.disconnect();
    }
  });

  it("draw offers, a declined and an accepted draw, resignation, a mate and a flag: each update turns the view into the next", async () => {
    // Draw offer, decline, offer, accept (an end by agreement: the rules write it into the board).
    {
      const { gameId, side1, side2 } = await newGame();
      const w = await watcher(gameId);
      try {
        let view = (await expectUpdateFollows(w, await api(side1).game.get({ gameId }), () => api(side1).game.move({ gameId, ply: 0, move: "d1-d3" }))).after;
        view = (await expectUpdateFollows(w, view, () => api(side1).game.draw({ gameId, action: "offer" }))).after;
        expect(view.drawOfferBy).toBe(1);
        view = (await expectUpdateFollows(w, view, () => api(side2).game.draw({ gameId, action: "decline" }))).after;
        expect(view.drawOfferBy).toBe(null);
        view = (await expectUpdateFollows(w, view, () => api(side2).game.draw({ gameId, action: "offer" }))).after;
        const { after, update } = await expectUpdateFollows(w, view, () => api(side1).game.draw({ gameId, action: "accept" }));
        expect(update.board).toEqual({ kind: "end", winner: null, reason: "agreement" });
        expect(after).toMatchObject({ status: "finished", result: "draw" });
      } finally {
        w.socket.disconnect();
      }
    }
    // Resignation, with both players' new ratings in the update.
    {
      const { gameId, side1, side2 } = await newGame();
      const w = await watcher(gameId);
      try {
        const view = (await expectUpdateFollows(w, await api(side1).game.get({ gameId }), () => api(side1).game.move({ gameId, ply: 0, move: "d1-d3" }))).after;
        const { after, update } = await expectUpdateFollows(w, view, () => api(side2).game.resign({ gameId }));
        expect(update.board).toEqual({ kind: "end", winner: 1, reason: "resignation" });
        expect(after.side1.rating).not.toBe(view.side1.rating);
      } finally {
        w.socket.disconnect();
      }
    }
    // A move that ends the game by itself (fool's mate).
    {
      const { gameId, side1, side2 } = await newGame("chess");
      const w = await watcher(gameId);
      try {
        let view = await api(side1).game.get({ gameId });
        for (const [i, move] of ["f3", "e5", "g4", "Qh4"].entries()) {
          view = (await expectUpdateFollows(w, view, () => api(i % 2 === 0 ? side1 : side2).game.move({ gameId, ply: i, move }))).after;
        }
        expect(view).toMatchObject({ status: "finished", result: "0-1", endReason: "checkmate" });
      } finally {
        w.socket.disconnect();
      }
    }
    // A result set by a site admin: built from what the finish wrote (new ratings
    // included) rather than read back; the admin's answer is that same update.
    {
      const { gameId, side1 } = await newGame();
      const admin = { ...(await newPlayer(h)), isAdmin: true };
      const w = await watcher(gameId);
      try {
        const view = (await expectUpdateFollows(w, await api(side1).game.get({ gameId }), () => api(side1).game.move({ gameId, ply: 0, move: "d1-d3" }))).after;
        let answer: GameUpdate | undefined;
        const { after, update } = await expectUpdateFollows(w, view, async () => (answer = await api(admin).game.setResult({ gameId, result: "0-1" })));
        expect(answer).toEqual(update);
        expect(update.board).toBe(null);
        expect(after).toMatchObject({ status: "finished", result: "0-1", endReason: "set by organizer" });
        expect(after.side2.rating).toBeGreaterThan(view.side2.rating);
      } finally {
        w.socket.disconnect();
      }
    }
    // The flag falls (the sweep), after both sides moved: lost on time.
    {
      const { gameId, side1, side2 } = await newGame("hnefatafl", 60_000);
      const w = await watcher(gameId);
      try {
        let view = (await expectUpdateFollows(w, await api(side1).game.get({ gameId }), () => api(side1).game.move({ gameId, ply: 0, move: "d1-d3" }))).after;
        view = (await expectUpdateFollows(w, view, () => api(side2).game.move({ gameId, ply: 1, move: "d6-d9" }))).after;
        const { after, update } = await expectUpdateFollows(w, view, () => sweepOverdue(h.db, new Date(Date.now() + 120_000)));
        expect(update.board).toEqual({ kind: "end", winner: 2, reason: "timeout" });
        expect(after).toMatchObject({ status: "finished", result: "0-1", endReason: "timeout" });
      } finally {
        w.socket.disconnect();
      }
    }
  });

  it("reach the players' sockets and the spectators' each once and in order, whoever joined first; a player's tab not watching gets none", async () => {
    const { gameId, side1, side2 } = await newGame();
    // Spectators join before the players (the players' sockets are sent to first, apart).
    const spectators = [await watcher(gameId), await watcher(gameId), await watcher(gameId, { as: await newPlayer(h) })];
    const players = [await watcher(gameId, { as: side1 }), await watcher(gameId, { as: side2 })];
    const elsewhere = await watcher(gameId, { as: side2, room: null });
    const all = [...spectators, ...players];
    try {
      let state = newTafl();
      for (let i = 0; i < 4; i++) {
        const move = quietMove(state, i);
        await api(i % 2 === 0 ? side1 : side2).game.move({ gameId, ply: i, move: move.text });
        state = move.state;
      }
      // An update built from the whole view (publishGame) goes the same way.
      await api(side1).game.draw({ gameId, action: "offer" });
      for (const w of all) for (let i = 0; i < 5; i++) await w.next();
      // A marker after the last update: whatever was sent to a socket before it has arrived.
      const markers = [...all, elsewhere].map((w) => new Promise((resolve) => w.socket.once("changed", resolve)));
      realtime.server.emit("changed", { room: "lobby", version: 1 });
      await Promise.all(markers);
      const first = all[0]!.updates.map((u) => u.version);
      expect(first).toHaveLength(5);
      expect(first).toEqual(first.map((_, i) => first[0]! + i));
      for (const w of all) expect(w.updates.map((u) => u.version)).toEqual(first);
      expect(elsewhere.updates).toEqual([]);
    } finally {
      for (const w of [...all, elsewhere]) w.socket.disconnect();
    }
  });

  it("a client that misses an update (its connection dropped) sees the gap and fetches the whole view", async () => {
    const { gameId, side1, side2 } = await newGame();
    const w = await watcher(gameId);
    const fetched: number[] = [];
    const fetchView = async () => {
      const view = await api(side1).game.get({ gameId });
      fetched.push(view.version);
      return view;
    };
    const shown: GameView[] = [];
    const follower = new GameFollower(await api(side1).game.get({ gameId }), fetchView, (v) => shown.push(v));
    w.socket.on("gameUpdate", (u: GameUpdate) => follower.update(u));
    try {
      await api(side1).game.move({ gameId, ply: 0, move: "d1-d3" });
      await w.next();
      expect(follower.view.moves.map((m) => m.notation)).toEqual(["d1-d3"]);
      expect(fetched).toEqual([]);

      // The connection drops; a move is made meanwhile; it comes back and watches again
      // (without the page's refetch after a reconnect, to show the gap alone suffices).
      w.socket.disconnect();
      await api(side2).game.move({ gameId, ply: 1, move: "d6-d9" });
      w.socket.connect();
      await new Promise<void>((resolve) => w.socket.once("connect", resolve));
      await w.socket.timeout(10_000).emitWithAck("watch", `game:${gameId}`);
      await api(side1).game.move({ gameId, ply: 2, move: "h1-h3" });
      await w.next();
      await expect.poll(() => follower.view.ply).toBe(3);
      // It fetched once, and holds exactly what the server holds.
      expect(fetched).toHaveLength(1);
      expect(comparable(follower.view)).toEqual(comparable(await fetchView()));
      expect(shown.at(-1)!.moves.map((m) => m.notation)).toEqual(["d1-d3", "d6-d9", "h1-h3"]);
    } finally {
      w.socket.disconnect();
    }
  });
});
