// The page's bookkeeping of game updates (GameFollower) with the real rules: updates
// that arrive late, twice or out of order, a gap, a move the rules refuse, an older
// whole view. Whatever the order, the page ends on the server's view, fetching the
// whole view only when it must. (The server side, over real sockets: server/realtime/game-updates.test.ts.)
import { describe, expect, it } from "vitest";
import { onSiteGame } from "@/engine/games/registry";
import type { GameUpdate, GameView } from "./contracts";
import { applyUpdate, GameFollower } from "./game-update";

const hnefatafl = onSiteGame("hnefatafl")!;
const player = (id: string) => ({ id, username: id, rating: 1500, rd: 350 });
const start: GameView = {
  id: "00000000-0000-4000-8000-000000000001",
  gameType: "hnefatafl",
  status: "active",
  result: null,
  endReason: null,
  margin: null,
  rated: false,
  side1: player("a"),
  side2: player("d"),
  initialMs: 60_000,
  incrementMs: 0,
  position: hnefatafl.setup(),
  ply: 0,
  moves: [],
  clock: { remaining1Ms: 60_000, remaining2Ms: 60_000, toMove: 1, turnStartedAt: 1000, deadline: 61_000 },
  drawOfferBy: null,
  dice: null,
  report: null,
  tournament: null,
  version: 1,
  createdAt: 1000,
  finishedAt: null,
  serverNow: 1000,
};

function moveUpdate(version: number, ply: number, notation: string): GameUpdate {
  const move = { ply, notation, remaining1Ms: 60_000, remaining2Ms: 60_000, playedAt: 1000 + ply };
  return {
    gameId: start.id,
    version,
    serverNow: 2000 + ply,
    board: { kind: "move", move },
    set: { ply, clock: { ...start.clock, toMove: ply % 2 === 0 ? 1 : 2 } },
  };
}
const u2 = moveUpdate(2, 1, "d1-d3");
const u3 = moveUpdate(3, 2, "d6-d9");
const u4 = moveUpdate(4, 3, "h1-h3");
/** The server's view after each version. */
const v2 = applyUpdate(start, u2)!;
const v3 = applyUpdate(v2, u3)!;
const v4 = applyUpdate(v3, u4)!;

function follow(server: () => GameView) {
  const fetches: number[] = [];
  const shown: number[] = [];
  const follower = new GameFollower(
    start,
    async () => {
      fetches.push(server().version);
      return server();
    },
    (v) => shown.push(v.version),
  );
  return { follower, fetches, shown };
}
const settled = () => new Promise((r) => setTimeout(r, 0));

describe("GameFollower", () => {
  it("applies updates in order without fetching, and ignores one it already has", () => {
    const { follower, fetches, shown } = follow(() => v3);
    follower.update(u2);
    follower.update(u2);
    follower.update(u3);
    expect(follower.view).toEqual(v3);
    expect(hnefatafl.ply(follower.view.position!)).toBe(2);
    expect(shown).toEqual([2, 3]);
    expect(fetches).toEqual([]);
  });

  it("on a gap fetches the whole view once, and then ignores the late update", async () => {
    const { follower, fetches } = follow(() => v4);
    follower.update(u3); // u2 missed
    follower.update(u4);
    await settled();
    expect(follower.view).toEqual(v4);
    follower.update(u2); // arrives late
    expect(follower.view).toEqual(v4);
    // The second early update asked for another fetch once the first came back.
    expect(fetches.length).toBeGreaterThanOrEqual(1);
    expect(fetches.length).toBeLessThanOrEqual(2);
  });

  it("keeps an early update and applies it once the fetch brings the one before", async () => {
    const { follower } = follow(() => v2);
    follower.update(u3); // u2 missed; the fetch answers v2 (u3's commit not read yet)
    await settled();
    await settled();
    // v2 from the fetch, then u3 waiting on top of it.
    expect(follower.view).toEqual(v3);
  });

  it("fetches when the rules refuse an update's move, and never goes back to an older view", async () => {
    const { follower, fetches } = follow(() => v2);
    // The king (a defender) moving when the attackers are to move.
    expect(hnefatafl.play(start.position!, "f6-f7").ok).toBe(false);
    follower.update(moveUpdate(2, 1, "f6-f7"));
    expect(follower.view).toEqual(start);
    await settled();
    expect(fetches).toEqual([2]);
    expect(follower.view).toEqual(v2);
    follower.whole(start);
    expect(follower.view).toEqual(v2);
  });
});
