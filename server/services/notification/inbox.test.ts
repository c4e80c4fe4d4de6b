// The inbox on a real database: who is notified of what, resolution when the cause is
// gone, unread counts, paging and marking read, through the real tRPC procedures.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { notifications, tournamentAudit } from "@/db/schema";
import { openTestDatabase } from "@/test/db";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer, runningTournament } from "@/test/api-fixtures";
import { createGame } from "../game/create-game";
import { playableGames } from "@/engine/formats";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

const api = (user: SessionUser) => apiFor(h, user);
const DAY = 86_400_000;

async function kindsOf(user: SessionUser) {
  const rows = await h.db.select().from(notifications).where(eq(notifications.userId, user.id));
  return rows.map((r) => `${r.kind}${r.resolvedAt ? " (resolved)" : ""}`).sort();
}

describe("inbox", () => {
  it("tells the opponent it is their move and resolves the mover's notice", async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    const game = await h.db.transaction((tx) =>
      createGame(tx, { gameType: "hnefatafl", side1Id: a.id, side2Id: b.id, rated: false, initialMs: 3 * DAY, incrementMs: DAY / 4 }, new Date()),
    );
    await api(a).game.move({ gameId: game.id, ply: 0, move: "d1-d3" });
    expect(await kindsOf(b)).toEqual(["your-move"]);
    const summary = await api(b).notification.summary();
    expect(summary.unread).toBe(1);
    expect(summary.latest[0]!.body).toBe(`It is your move against ${a.username}.`);
    expect(summary.latest[0]!.link).toBe(`/games/${game.id}`);

    await api(b).game.move({ gameId: game.id, ply: 1, move: "f4-c4" });
    expect(await kindsOf(b)).toEqual(["your-move (resolved)"]);
    expect((await api(b).notification.summary()).unread).toBe(0);
    expect(await kindsOf(a)).toEqual(["your-move"]);

    await api(a).game.resign({ gameId: game.id });
    expect(await kindsOf(a)).toEqual(["game-over", "your-move (resolved)"]);
    expect(await kindsOf(b)).toEqual(["game-over", "your-move (resolved)"]);
  });

  it("names the opponent and the tournament in a tournament game's move notice", async () => {
    const t = await runningTournament(h, "league", "hnefatafl", 4);
    const [mover, next] = [t.side1, t.side2];
    await api(mover).game.move({ gameId: t.game.id, ply: 0, move: "d1-d3" });
    const [notice] = await h.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, next.id), eq(notifications.kind, "your-move")));
    expect(notice!.payload).toMatchObject({ gameId: t.game.id, opponent: mover.username, tournamentId: t.tournamentId });
    const { name } = (await api(next).tournament.summary({ tournamentId: t.tournamentId })) as { name: string };
    expect((await api(next).notification.summary()).latest.find((n) => n.kind === "your-move")!.body).toBe(
      `It is your move against ${mover.username} in ${name}.`,
    );
  });

  it("names each player's opponent and the tournament in the game-over notices of a result the organizer sets", async () => {
    const t = await runningTournament(h, "league", "hnefatafl", 4);
    await api(t.organizer).game.setResult({ gameId: t.game.id, result: "1-0" });
    const over = await h.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.subject, `game:${t.game.id}`), eq(notifications.kind, "game-over")));
    const payloadOf = (userId: string) => over.find((n) => n.userId === userId)!.payload;
    expect(over).toHaveLength(2);
    expect(payloadOf(t.side1.id)).toMatchObject({ opponent: t.side2.username, result: "1-0", tournamentId: t.tournamentId });
    expect(payloadOf(t.side2.id)).toMatchObject({ opponent: t.side1.username, result: "1-0", tournamentId: t.tournamentId });
    const { name } = (await api(t.side1).tournament.summary({ tournamentId: t.tournamentId })) as { name: string };
    expect(payloadOf(t.side1.id)).toMatchObject({ tournament: name });
  });

  it("pages newest first and marks one or all read, only the caller's own", async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    for (let i = 0; i < 25; i++) {
      await h.db.insert(notifications).values({
        userId: a.id,
        kind: "announcement",
        payload: { tournament: "T", from: "org", message: `m${i}` },
        link: "/",
        subject: "x",
        createdAt: new Date(Date.now() - (25 - i) * 1000),
      });
    }
    const page1 = await api(a).notification.list({ page: 1 });
    expect(page1.pages).toBe(2);
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0]!.body).toBe("org: m24");
    const page2 = await api(a).notification.list({ page: 2 });
    expect(page2.items.map((i) => i.body)).toEqual(["org: m4", "org: m3", "org: m2", "org: m1", "org: m0"]);

    await expect(api(b).notification.markRead({ id: page1.items[0]!.id })).rejects.toThrow("There is no such notification in your inbox.");
    expect((await api(a).notification.summary()).unread).toBe(25);
    await api(a).notification.markRead({ id: page1.items[0]!.id });
    expect((await api(a).notification.summary()).unread).toBe(24);
    await api(a).notification.markAllRead();
    expect((await api(a).notification.summary()).unread).toBe(0);
    await expect(api(a).notification.markRead({ id: "nope" })).rejects.toThrow("That is not a notification id.");
  });

  it("a dispute reaches the organizer with an audit entry, and settling it resolves everything", async () => {
    const t = await runningTournament(h, "league", "race", 4);
    // One notice per player for the start, counting their games, not one per game.
    expect(await kindsOf(t.side1)).toEqual(["tournament-started"]);
    const mine = playableGames(t.state).filter((g) => g.side1 === t.side1.id || g.side2 === t.side1.id).length;
    const [started] = (await api(t.side1).notification.summary()).latest;
    expect(started!.body).toMatch(new RegExp(`has started\\. You have ${mine === 1 ? "1 game" : `${mine} games`} to play in round 1\\.$`));
    expect(started!.link).toBe(`/tournaments/${t.tournamentId}`);

    // "Your turn": a game played elsewhere waits on both players to report it.
    expect((await api(t.side1).notification.waiting()).items.find((i) => i.gameId === t.game.id)?.reason).toBe("report");
    const reported = await api(t.side1).game.report({ gameId: t.game.id, result: "1-0" });
    // Said as the opponent reads it: who won, not "1-0".
    expect((await api(t.side2).notification.waiting()).items.find((i) => i.gameId === t.game.id)).toMatchObject({
      reason: "confirm",
      reported: `${t.side1.username} won`,
    });
    expect((await api(t.side1).notification.waiting()).items.find((i) => i.gameId === t.game.id)).toBeUndefined();
    expect(await kindsOf(t.side2)).toContain("result-reported");
    await api(t.side2).game.answerReport({ gameId: t.game.id, answer: "dispute", reportId: reported.report!.id });
    expect(await kindsOf(t.side2)).toContain("result-reported (resolved)");
    expect(await kindsOf(t.organizer)).toEqual(["result-disputed"]);
    const [entry] = await h.db
      .select()
      .from(tournamentAudit)
      .where(and(eq(tournamentAudit.tournamentId, t.tournamentId), eq(tournamentAudit.action, "result disputed")));
    expect(entry!.actorId).toBe(t.side2.id);

    const queue = (await api(t.organizer).notification.waiting()).queues;
    expect(queue).toHaveLength(1);
    expect(queue[0]!.tournament!.id).toBe(t.tournamentId);
    expect(queue[0]!.items.map((i) => [i.gameId, i.reason, i.reportedResult])).toEqual([[t.game.id, "disputed", "1-0"]]);
    expect(await api(t.organizer).notification.waitingCount()).toBe(1);

    await api(t.organizer).game.setResult({ gameId: t.game.id, result: "0-1" });
    expect((await api(t.organizer).notification.waiting()).queues).toEqual([]);
    expect(await kindsOf(t.organizer)).toEqual(["result-disputed (resolved)"]);
    expect(await kindsOf(t.side2)).toContain("game-over");
  });
});
