// The side to move comes from the game's rules, not from the ply's parity, on a real
// database through the real services. In the four-colour game, when B chooses blue
// and red (ply 1), B also places blue's first piece (ply 2): two plies running, so at
// ply 2 the parity names A while the rules name B. Moves, "Your turn", notices,
// reminders, the calendar feed and the flag fall must all name B.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { notifications } from "@/db/schema";
import { onSiteGame } from "@/engine/games/registry";
import type { SessionUser } from "@/server/auth/session";
import { openOwnTestDatabase } from "@/test/db";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { userCalendar } from "../notification/user-calendar";
import { queueReminders } from "../notification/sweep-notifications";
import { createGame } from "../game/create-game";
import { makeMove } from "./make-move";
import { sweepOverdue } from "./sweep-overdue";

let h: DbHandle;
beforeAll(async () => {
  // Its own database: it sweeps overdue games with the clock moved ahead (see openOwnTestDatabase).
  h = await openOwnTestDatabase();
});
afterAll(() => h.close());

const HOUR = 3_600_000;
const GAME = "four-colour-onsite";
const rules = onSiteGame(GAME)!;

/**
 * A challenge game where A named the first pieces after an hour and B chose blue and
 * red two hours later: B to move at ply 2, with 70 hours left against A's 71.
 */
async function bMovesTwice() {
  const [a, b] = [await newPlayer(h), await newPlayer(h)];
  const t0 = Date.now() - 5 * HOUR;
  const game = await h.db.transaction((tx) =>
    createGame(tx, { gameType: GAME, side1Id: a.id, side2Id: b.id, rated: true, initialMs: 72 * HOUR, incrementMs: 0 }, new Date(t0)),
  );
  expect(game.sideToMove).toBe(1);
  await makeMove(h.db, a.id, { gameId: game.id, ply: 0, move: "open F5 L5" }, new Date(t0 + HOUR));
  await makeMove(h.db, b.id, { gameId: game.id, ply: 1, move: "choose blue-red" }, new Date(t0 + 3 * HOUR));
  return { game, a, b, t0 };
}

const openMoveNotices = (user: SessionUser, gameId: string) =>
  h.db
    .select({ kind: notifications.kind })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, user.id),
        eq(notifications.subject, `game:${gameId}`),
        eq(notifications.kind, "your-move"),
        isNull(notifications.resolvedAt),
      ),
    );

describe("a game whose side to move is not the ply's parity", () => {
  it("lets B move twice running, and names B in the view, 'Your turn' and the notices", async () => {
    const { game, a, b, t0 } = await bMovesTwice();
    const view = await apiFor(h, a).game.get({ gameId: game.id });
    expect(view.ply).toBe(2);
    expect(view.clock).toMatchObject({ toMove: 2, remaining1Ms: 71 * HOUR, remaining2Ms: 70 * HOUR });
    // B's flag falls when B's own time runs out.
    expect(view.clock.deadline).toBe(t0 + 73 * HOUR);
    // A may not move at ply 2; B may.
    const blue = rules.legalMoves(view.position!)[0]!;
    await expect(apiFor(h, a).game.move({ gameId: game.id, ply: 2, move: blue })).rejects.toMatchObject({ message: "It is not your turn." });
    expect((await apiFor(h, b).notification.waiting()).items.map((i) => [i.gameId, i.reason])).toEqual([[game.id, "move"]]);
    expect((await apiFor(h, a).notification.waiting()).items).toEqual([]);
    // B's "your move" from A's opening still stands (B moved again at once); A has none.
    expect(await openMoveNotices(b, game.id)).toHaveLength(1);
    expect(await openMoveNotices(a, game.id)).toHaveLength(0);

    // B places blue's first piece: now A (yellow) is to move, and is told.
    const update = await apiFor(h, b).game.move({ gameId: game.id, ply: 2, move: blue });
    expect(update.set.clock?.toMove).toBe(1);
    expect(await openMoveNotices(a, game.id)).toHaveLength(1);
    expect(await openMoveNotices(b, game.id)).toHaveLength(0);
    expect((await apiFor(h, a).notification.waiting()).items.map((i) => i.reason)).toEqual(["move"]);
  });

  it("reminds B, puts the deadline in B's calendar, and flags B on time", async () => {
    const { game, a, b } = await bMovesTwice();
    const view = await apiFor(h, a).game.get({ gameId: game.id });
    const deadline = view.clock.deadline!;

    await queueReminders(h.db, new Date(deadline - 2 * HOUR));
    const reminded = async (user: SessionUser) =>
      h.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.kind, "deadline"), eq(notifications.subject, `game:${game.id}`)));
    expect(await reminded(b)).toHaveLength(1);
    expect(await reminded(a)).toHaveLength(0);

    const feed = async (user: SessionUser) => {
      const url = await apiFor(h, user).notification.rotateCalendar();
      const token = /\/api\/calendar\/([^/]+)\.ics$/.exec(url)![1]!;
      return (await userCalendar(h.db, token))!;
    };
    expect(await feed(b)).toContain(`UID:deadline-${game.id}@moot`);
    expect(await feed(a)).not.toContain(`deadline-${game.id}`);

    // The flag falls on B, the side to move: A wins on time.
    expect(await sweepOverdue(h.db, new Date(deadline + 1000))).toContain(game.id);
    const over = await apiFor(h, a).game.get({ gameId: game.id });
    expect(over).toMatchObject({ status: "finished", result: "1-0", endReason: "timeout" });
    expect(over.clock).toMatchObject({ toMove: 2, remaining2Ms: 0 });
  });
});
