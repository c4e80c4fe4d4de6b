// Directed challenges and rematches on a real database, through the real tRPC
// procedures: only the addressee sees, accepts or declines one; only the challenger
// cancels it; its notice (one per challenger and addressee, renewed by a new challenge)
// reaches the addressee alone and is resolved when answered;
// bad requests are refused with a sentence and store nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { challenges, games, notifications, users } from "@/db/schema";
import { openTestDatabase } from "@/test/db";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { createGame } from "../game/create-game";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

const api = (user: SessionUser | null) => apiFor(h, user);
const player = () => newPlayer(h);

/** The challenge notices each of these users holds: [userId, resolved?] pairs. */
async function challengeNotices(...people: SessionUser[]) {
  const rows = await h.db
    .select({ userId: notifications.userId, payload: notifications.payload, link: notifications.link, resolvedAt: notifications.resolvedAt })
    .from(notifications)
    .where(eq(notifications.kind, "challenge"));
  return rows.filter((r) => people.some((p) => p.id === r.userId));
}

const openBy = async (creator: SessionUser) =>
  h.db
    .select()
    .from(challenges)
    .where(and(eq(challenges.creatorId, creator.id), eq(challenges.status, "open")));

describe("directed challenges", () => {
  it("only the addressee sees and accepts one; the notice reaches them alone and is done once accepted", async () => {
    const [alice, bob, carol] = [await player(), await player(), await player()];
    const ch = await api(alice).challenge.create({ gameType: "hnefatafl", timeControl: "3d+6h", side: "side1", opponent: bob.username.toUpperCase() });
    expect(ch.addresseeId).toBe(bob.id);

    // Seen by the two players, by nobody else and not by a visitor.
    expect((await api(bob).challenge.list()).map((c) => c.id)).toContain(ch.id);
    expect((await api(alice).challenge.list()).find((c) => c.id === ch.id)?.addressee).toEqual({ id: bob.id, username: bob.username });
    expect((await api(carol).challenge.list()).map((c) => c.id)).not.toContain(ch.id);
    expect((await api(null).challenge.list()).map((c) => c.id)).not.toContain(ch.id);

    const notices = await challengeNotices(alice, bob, carol);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      userId: bob.id,
      link: "/play",
      resolvedAt: null,
      payload: { from: alice.username, game: "Copenhagen Hnefatafl 11×11", rematch: false },
    });

    await expect(api(carol).challenge.accept({ challengeId: ch.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "This challenge is addressed to another player.",
    });
    await expect(api(carol).challenge.decline({ challengeId: ch.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(api(alice).challenge.decline({ challengeId: ch.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const { gameId } = await api(bob).challenge.accept({ challengeId: ch.id });
    const view = await api(null).game.get({ gameId });
    expect([view.side1.id, view.side2.id]).toEqual([alice.id, bob.id]);
    expect((await challengeNotices(bob))[0]!.resolvedAt).not.toBeNull();
  });

  it("the addressee declines, the challenger cancels; each notice is resolved; neither can be answered twice", async () => {
    const [alice, bob] = [await player(), await player()];
    const declined = await api(alice).challenge.create({ gameType: "chess", timeControl: "3d+6h", opponent: bob.username });
    await api(bob).challenge.decline({ challengeId: declined.id });
    await expect(api(bob).challenge.accept({ challengeId: declined.id })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(api(alice).challenge.cancel({ challengeId: declined.id })).rejects.toMatchObject({ code: "CONFLICT" });

    const cancelled = await api(alice).challenge.create({ gameType: "chess", timeControl: "3d+6h", opponent: bob.username });
    // Challenged again, bob has still one notice: renewed, waiting again.
    expect((await challengeNotices(alice, bob)).map((n) => [n.userId, n.resolvedAt])).toEqual([[bob.id, null]]);
    await expect(api(bob).challenge.cancel({ challengeId: cancelled.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await api(alice).challenge.cancel({ challengeId: cancelled.id });
    await expect(api(bob).challenge.accept({ challengeId: cancelled.id })).rejects.toMatchObject({ code: "CONFLICT" });

    const rows = await h.db.select({ id: challenges.id, status: challenges.status }).from(challenges).where(eq(challenges.creatorId, alice.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [declined.id]: "declined", [cancelled.id]: "cancelled" });
    const notices = await challengeNotices(alice, bob);
    expect(notices.map((n) => n.userId)).toEqual([bob.id]);
    expect(notices[0]!.resolvedAt).not.toBeNull();
    expect(await api(bob).challenge.list()).not.toContainEqual(expect.objectContaining({ id: declined.id }));
  });

  it("refuses yourself, nobody, a deleted account and a second question to the same player, with a sentence, storing nothing", async () => {
    const [alice, bob] = [await player(), await player()];
    const gone = await player();
    await h.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const base = { gameType: "chess" as const, timeControl: "3d+6h" };
    await expect(api(alice).challenge.create({ ...base, opponent: alice.username })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "You cannot challenge yourself.",
    });
    await expect(api(alice).challenge.create({ ...base, opponent: "nobody-here-at-all" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "There is no player called “nobody-here-at-all”.",
    });
    await expect(api(alice).challenge.create({ ...base, opponent: gone.username })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(api(alice).challenge.create({ ...base, opponent: "a" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(api(null).challenge.create({ ...base, opponent: bob.username })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await openBy(alice)).toHaveLength(0);

    await api(alice).challenge.create({ ...base, opponent: bob.username });
    await expect(api(alice).challenge.create({ ...base, opponent: bob.username })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `You have already challenged ${bob.username}: wait for the answer, or cancel that challenge first.`,
    });
    expect(await openBy(alice)).toHaveLength(1);
    expect(await challengeNotices(alice, bob, gone)).toHaveLength(1);
  });
});

describe("rematch", () => {
  async function finishedGame(opts: { gameType?: string; settings?: Record<string, number> } = {}) {
    const [alice, bob] = [await player(), await player()];
    // Through a challenge, as a rematch's settings come from it: alice plays side 1.
    const ch = await api(alice).challenge.create({
      gameType: (opts.gameType ?? "backgammon") as "backgammon",
      timeControl: "3d+6h",
      side: "side1",
      rated: false,
      gameSettings: opts.settings,
    });
    const { gameId } = await api(bob).challenge.accept({ challengeId: ch.id });
    await api(bob).game.resign({ gameId });
    return { alice, bob, gameId };
  }

  it("offers the same game, settings and time control with sides swapped; accepting starts it; the page's query shows it to the players alone", async () => {
    const { alice, bob, gameId } = await finishedGame({ settings: { matchLength: 5 } });
    const offer = await api(bob).challenge.rematch({ gameId });
    expect(offer).toMatchObject({
      addresseeId: alice.id,
      rematchOf: gameId,
      gameType: "backgammon",
      creatorSide: "side1",
      rated: false,
      gameSettings: { matchLength: 5 },
      initialMs: 3 * 86_400_000,
    });
    expect((await challengeNotices(alice, bob)).map((n) => [n.userId, n.link, n.payload.rematch])).toEqual([[alice.id, `/games/${gameId}`, true]]);
    await expect(api(alice).challenge.rematch({ gameId })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `${bob.username} already offers you a rematch: accept it.`,
    });
    await expect(api(bob).challenge.rematch({ gameId })).rejects.toMatchObject({ code: "CONFLICT" });

    expect(await api(await player()).challenge.rematchOf({ gameId })).toBeNull();
    expect(await api(alice).challenge.rematchOf({ gameId })).toMatchObject({ id: offer.id, status: "open", creatorId: bob.id });

    const { gameId: next } = await api(alice).challenge.accept({ challengeId: offer.id });
    const view = await api(null).game.get({ gameId: next });
    // Alice played side 1 before: side 2 now.
    expect([view.side1.id, view.side2.id]).toEqual([bob.id, alice.id]);
    expect(view.dice).toBeTruthy();
    expect(await api(bob).challenge.rematchOf({ gameId })).toMatchObject({ status: "accepted", gameId: next });
  });

  it("is refused while the game runs, to a spectator, and against a deleted account", async () => {
    const [alice, bob, carol] = [await player(), await player(), await player()];
    const game = await h.db.transaction((tx) =>
      createGame(tx, { gameType: "hnefatafl", side1Id: alice.id, side2Id: bob.id, rated: true, initialMs: 86_400_000, incrementMs: 0 }, new Date()),
    );
    await expect(api(alice).challenge.rematch({ gameId: game.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "The game is still being played: a rematch can be offered once it is over.",
    });
    await h.db.update(games).set({ status: "finished", result: "draw" }).where(eq(games.id, game.id));
    await expect(api(carol).challenge.rematch({ gameId: game.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(api(alice).challenge.rematch({ gameId: "not-a-game" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "That is not a game id." });
    await h.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, bob.id));
    await expect(api(alice).challenge.rematch({ gameId: game.id })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Your opponent's account no longer exists.",
    });
    expect(await h.db.select().from(challenges).where(eq(challenges.rematchOf, game.id))).toHaveLength(0);
    expect(
      await h.db
        .select()
        .from(notifications)
        .where(like(notifications.subject, "challenge:%"))
        .then((r) => r.filter((n) => [alice.id, bob.id].includes(n.userId))),
    ).toHaveLength(0);
  });
});
