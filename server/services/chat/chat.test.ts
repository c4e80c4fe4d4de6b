// Chat through the real tRPC procedures on a real database (and a real Socket.IO
// server with socket.io-client peers for the live part): who may write, read and hide
// where, blocking, reports and their queue, pages of history, the rate limit, and
// bad input refused with a sentence, storing nothing.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { io as connect, type Socket } from "socket.io-client";
import { TRPCError } from "@trpc/server";
import { count, eq, inArray } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { chatMessages, chatReports, notifications, outbox } from "@/db/schema";
import { CHAT_PAGE_SIZE, type ChatMessage, type ChatRoom } from "@/lib/chat";
import type { SessionUser } from "@/server/auth/session";
import { config } from "@/server/config";
import { createGame } from "@/server/services/game/create-game";
import { apiFor, newPlayer, runningTournament } from "@/test/api-fixtures";
import { startRealtimeServer, type RealtimeServer } from "@/test/realtime-server";
import { postMessage } from "./post-message";

let h: DbHandle;
let realtime: RealtimeServer;
beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "chat test secret, long enough for next-auth";
  realtime = await startRealtimeServer();
  h = realtime.h;
});
afterAll(() => realtime.close());

const api = (user: SessionUser | null) => apiFor(h, user);

/** A signed-in socket's cookie (the session the site's sign-in makes). */
async function cookieOf(user: SessionUser): Promise<string> {
  return `next-auth.session-token=${await encode({ token: { sub: user.id, name: user.username, sv: 1, sid: randomUUID() }, secret: process.env.NEXTAUTH_SECRET! })}`;
}

/** The refusal's code and sentence, or "ok". */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return "ok";
  } catch (err) {
    if (err instanceof TRPCError) return `${err.code}: ${err.message}`;
    throw err;
  }
}

/** The notices and queued mails or pushes of these people (other test files share the database). */
async function noticesAndDeliveries(people: readonly SessionUser[]): Promise<[number, number]> {
  const ids = people.map((p) => p.id);
  const [[n], [o]] = await Promise.all([
    h.db.select({ n: count() }).from(notifications).where(inArray(notifications.userId, ids)),
    h.db.select({ n: count() }).from(outbox).where(inArray(outbox.userId, ids)),
  ]);
  return [n!.n, o!.n];
}

async function stored(room: ChatRoom): Promise<number> {
  const [row] = await h.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.roomId, room.id));
  return row!.n;
}

/** A tournament game's room, its tournament's room and everyone involved. */
async function world() {
  const t = await runningTournament(h, "league", "hnefatafl", 4);
  const spectator = await newPlayer(h);
  const admin = { ...(await newPlayer(h)), isAdmin: true };
  const otherOrganizer = await newPlayer(h);
  return {
    ...t,
    spectator,
    admin,
    otherOrganizer,
    gameRoom: { kind: "game", id: t.game.id } as ChatRoom,
    tournamentRoom: { kind: "tournament", id: t.tournamentId } as ChatRoom,
  };
}

describe("chat", () => {
  it("game rooms: the players write, spectators and signed-out visitors read; tournament rooms: its players and organizer write", async () => {
    const w = await world();
    const outsider = w.entrants.find((e) => e.id !== w.side1.id && e.id !== w.side2.id)!;
    const post = (user: SessionUser | null, room: ChatRoom, text: string) => outcome(api(user).chat.post({ room, text }));

    expect(await post(w.side1, w.gameRoom, "good luck")).toBe("ok");
    expect(await post(w.side2, w.gameRoom, "you too")).toBe("ok");
    expect(await post(w.spectator, w.gameRoom, "play e4")).toMatch(/^FORBIDDEN: Only the players write in a game's chat/);
    expect(await post(outsider, w.gameRoom, "psst")).toMatch(/^FORBIDDEN/);
    expect(await post(w.organizer, w.gameRoom, "hello")).toMatch(/^FORBIDDEN/);
    expect(await post(null, w.gameRoom, "hi")).toBe("UNAUTHORIZED: Please sign in first.");
    expect(await post(w.admin, w.gameRoom, "the site's admin here")).toBe("ok");
    expect(await stored(w.gameRoom)).toBe(3);

    expect(await post(outsider, w.tournamentRoom, "hello all")).toBe("ok");
    expect(await post(w.organizer, w.tournamentRoom, "round 2 tomorrow")).toBe("ok");
    expect(await post(w.spectator, w.tournamentRoom, "me too")).toMatch(/^FORBIDDEN: Only the tournament's players and its organizer write here/);
    expect(await stored(w.tournamentRoom)).toBe(2);

    // Everyone reads, signed out too; each is told what they may do.
    const anonymous = await api(null).chat.history({ room: w.gameRoom });
    expect(anonymous.messages.map((m) => [m.author, m.text])).toEqual([
      [w.side1.username, "good luck"],
      [w.side2.username, "you too"],
      [w.admin.username, "the site's admin here"],
    ]);
    expect(anonymous).toMatchObject({ cannotWrite: "Sign in to chat.", canModerate: false, hasOlder: false, blocked: [] });
    expect((await api(w.spectator).chat.history({ room: w.gameRoom })).cannotWrite).toBe(
      "Only the players write in a game's chat; spectators read it, and talk in the tournament's chat.",
    );
    expect(await api(w.side1).chat.history({ room: w.gameRoom })).toMatchObject({ cannotWrite: null, canModerate: false });
    expect(await api(w.organizer).chat.history({ room: w.gameRoom })).toMatchObject({ canModerate: true });
    expect(await api(w.organizer).chat.history({ room: w.tournamentRoom })).toMatchObject({ cannotWrite: null, canModerate: true });
    expect(await api(w.otherOrganizer).chat.history({ room: w.tournamentRoom })).toMatchObject({ canModerate: false });
  });

  it("refuses bad input with a sentence and stores nothing", async () => {
    const w = await world();
    const cases: [unknown, RegExp][] = [
      [{ room: w.gameRoom, text: "" }, /^BAD_REQUEST: Write a message first\.$/],
      [{ room: w.gameRoom, text: "   " }, /^BAD_REQUEST: Write a message first\.$/],
      [{ room: w.gameRoom, text: "x".repeat(301) }, /^BAD_REQUEST: Keep chat messages to 300 characters\.$/],
      [{ room: w.gameRoom, text: "a\u0000b" }, /^BAD_REQUEST: The message may not contain control characters\.$/],
      [{ room: w.gameRoom, text: "two\nlines" }, /^BAD_REQUEST: The message may not contain control characters\.$/],
      [{ room: w.gameRoom, text: "abc\u202Edef" }, /^BAD_REQUEST: The message may not contain text-direction override characters\.$/],
      [{ room: w.gameRoom, text: "\u200B\u200B" }, /^BAD_REQUEST: The message must contain visible characters\.$/],
      [{ room: { kind: "lobby", id: w.game.id }, text: "hi" }, /^BAD_REQUEST: That is not a kind of chat room\.$/],
      [{ room: { kind: "game", id: "nope" }, text: "hi" }, /^BAD_REQUEST: That is not a chat room id\.$/],
      [{ room: { kind: "game", id: w.tournamentId }, text: "hi" }, /^NOT_FOUND: There is no such game\.$/],
      [{ room: { kind: "tournament", id: w.game.id }, text: "hi" }, /^NOT_FOUND: There is no such tournament\.$/],
    ];
    for (const [input, expected] of cases) {
      expect(await outcome(api(w.side1).chat.post(input as never))).toMatch(expected);
    }
    const [all] = await h.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.authorId, w.side1.id));
    expect(all!.n).toBe(0);
    // Surrounding spaces are trimmed, the rest kept as typed (React escapes it on the page).
    const message = await api(w.side1).chat.post({ room: w.gameRoom, text: "  <b>gg</b>  " });
    expect(message.text).toBe("<b>gg</b>");
  });

  it("pages back through the history, oldest first in each page, messages sharing an instant included", async () => {
    const w = await world();
    const at = new Date("2026-11-20T10:00:00Z");
    const total = CHAT_PAGE_SIZE + 7;
    for (let i = 0; i < total; i++) {
      // Two messages to an instant: the page boundary must split no pair wrongly.
      await postMessage(h.db, i % 2 ? w.side1 : w.side2, w.gameRoom, `m${i}`, new Date(at.getTime() + Math.floor(i / 2) * 1000));
    }
    const first = await api(w.spectator).chat.history({ room: w.gameRoom });
    expect(first.messages.map((m) => m.text)).toEqual(Array.from({ length: CHAT_PAGE_SIZE }, (_, i) => `m${i + 7}`));
    expect(first.hasOlder).toBe(true);
    const second = await api(w.spectator).chat.history({ room: w.gameRoom, before: first.messages[0]!.id });
    expect(second.messages.map((m) => m.text)).toEqual(Array.from({ length: 7 }, (_, i) => `m${i}`));
    expect(second.hasOlder).toBe(false);
    // A cursor from another room gives nothing rather than that room's neighbours.
    const elsewhere = await api(w.side1).chat.post({ room: w.tournamentRoom, text: "in the tournament" });
    expect((await api(null).chat.history({ room: w.gameRoom, before: elsewhere.id })).messages).toEqual([]);
  });

  it("the organizer (or an admin) hides a message in the tournament's room and its games' rooms; players and other organizers cannot", async () => {
    const w = await world();
    const inGame = await api(w.side1).chat.post({ room: w.gameRoom, text: "rude words" });
    const inTournament = await api(w.side2).chat.post({ room: w.tournamentRoom, text: "more rude words" });
    expect(await outcome(api(w.side2).chat.hide({ messageId: inGame.id }))).toMatch(/^FORBIDDEN: Only the tournament's organizer/);
    expect(await outcome(api(w.otherOrganizer).chat.hide({ messageId: inTournament.id }))).toMatch(/^FORBIDDEN/);
    expect(await outcome(api(null).chat.hide({ messageId: inGame.id }))).toMatch(/^UNAUTHORIZED/);
    expect(await outcome(api(w.organizer).chat.hide({ messageId: "00000000-0000-4000-8000-000000000000" }))).toBe("NOT_FOUND: There is no such message.");
    expect((await api(null).chat.history({ room: w.gameRoom })).messages).toHaveLength(1);

    expect(await outcome(api(w.organizer).chat.hide({ messageId: inGame.id }))).toBe("ok");
    expect(await outcome(api(w.organizer).chat.hide({ messageId: inTournament.id }))).toBe("ok");
    // Hiding again changes nothing.
    expect(await outcome(api(w.organizer).chat.hide({ messageId: inGame.id }))).toBe("ok");
    for (const viewer of [null, w.side1, w.organizer]) {
      expect((await api(viewer).chat.history({ room: w.gameRoom })).messages).toEqual([]);
      expect((await api(viewer).chat.history({ room: w.tournamentRoom })).messages).toEqual([]);
    }
    const [row] = await h.db.select().from(chatMessages).where(eq(chatMessages.id, inGame.id));
    expect(row).toMatchObject({ hiddenBy: w.organizer.id, text: "rude words" });

    // A game outside any tournament: only a site admin moderates it.
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    const game = await h.db.transaction((tx) =>
      createGame(tx, { gameType: "chess-elsewhere", side1Id: a.id, side2Id: b.id, rated: false, initialMs: 1e8, incrementMs: 0 }, new Date()),
    );
    const casual = await api(a).chat.post({ room: { kind: "game", id: game.id }, text: "hi" });
    // No tournament: no other room to send spectators to.
    expect((await api(w.spectator).chat.history({ room: { kind: "game", id: game.id } })).cannotWrite).toBe(
      "Only the players write in a game's chat; spectators read it.",
    );
    expect(await outcome(api(w.organizer).chat.hide({ messageId: casual.id }))).toMatch(/^FORBIDDEN/);
    expect(await outcome(api(w.admin).chat.hide({ messageId: casual.id }))).toBe("ok");
  });

  it("a blocked player's messages are not shown to the blocker, and come back after unblocking", async () => {
    const w = await world();
    await api(w.side1).chat.post({ room: w.gameRoom, text: "from side 1" });
    await api(w.side2).chat.post({ room: w.gameRoom, text: "from side 2" });
    expect(await outcome(api(w.side1).chat.block({ userId: w.side1.id }))).toBe("BAD_REQUEST: You cannot block yourself.");
    expect(await outcome(api(w.side1).chat.block({ userId: "00000000-0000-4000-8000-000000000000" }))).toBe("NOT_FOUND: There is no such player.");
    expect(await outcome(api(null).chat.block({ userId: w.side2.id }))).toMatch(/^UNAUTHORIZED/);

    await api(w.side1).chat.block({ userId: w.side2.id });
    await api(w.side1).chat.block({ userId: w.side2.id });
    const seen = await api(w.side1).chat.history({ room: w.gameRoom });
    expect(seen.messages.map((m) => m.text)).toEqual(["from side 1"]);
    expect(seen.blocked).toEqual([w.side2.id]);
    expect((await api(w.side1).chat.blocks()).map((b) => b.username)).toEqual([w.side2.username]);
    // Everyone else, the blocked player too, still sees both.
    expect((await api(w.side2).chat.history({ room: w.gameRoom })).messages).toHaveLength(2);
    expect((await api(w.spectator).chat.history({ room: w.gameRoom })).messages).toHaveLength(2);
    // The blocked player may still write (the block is the blocker's filter, not a ban).
    expect(await outcome(api(w.side2).chat.post({ room: w.gameRoom, text: "still here" }))).toBe("ok");

    await api(w.side1).chat.unblock({ userId: w.side2.id });
    expect((await api(w.side1).chat.history({ room: w.gameRoom })).messages).toHaveLength(3);
    expect(await api(w.side1).chat.blocks()).toEqual([]);
  });

  it("a report reaches the room's organizer and the admins only; hiding or keeping closes it", async () => {
    const w = await world();
    const everyone = [...w.entrants, w.organizer, w.spectator, w.admin, w.otherOrganizer];
    const mailBefore = await noticesAndDeliveries(everyone);
    const bad = await api(w.side1).chat.post({ room: w.gameRoom, text: "insult" });
    const worse = await api(w.side2).chat.post({ room: w.tournamentRoom, text: "worse insult" });
    expect(await outcome(api(w.side1).chat.report({ messageId: bad.id, reason: "" }))).toBe("BAD_REQUEST: You cannot report your own message.");
    expect(await outcome(api(null).chat.report({ messageId: bad.id }))).toMatch(/^UNAUTHORIZED/);
    expect(await outcome(api(w.spectator).chat.report({ messageId: bad.id, reason: "a\u202Eb" }))).toMatch(/^BAD_REQUEST: The reason may not contain/);
    await api(w.side2).chat.report({ messageId: bad.id, reason: "insulting me" });
    await api(w.side2).chat.report({ messageId: bad.id, reason: "again" });
    await api(w.spectator).chat.report({ messageId: bad.id });
    await api(w.spectator).chat.report({ messageId: worse.id, reason: "rude" });
    const [reports] = await h.db.select({ n: count() }).from(chatReports).where(eq(chatReports.messageId, bad.id));
    expect(reports!.n).toBe(2);

    const queue = await api(w.organizer).chat.reported();
    expect(queue.map((r) => [r.text, r.reports, r.reasons, r.link])).toEqual([
      ["insult", 2, ["insulting me"], `/games/${w.game.id}`],
      ["worse insult", 1, ["rude"], `/tournaments/${w.tournamentId}`],
    ]);
    expect((await api(w.admin).chat.reported()).map((r) => r.messageId)).toEqual(expect.arrayContaining([bad.id, worse.id]));
    expect(await api(w.otherOrganizer).chat.reported()).toEqual([]);
    expect(await api(w.side2).chat.reported()).toEqual([]);
    expect(await outcome(api(w.side2).chat.keep({ messageId: bad.id }))).toMatch(/^FORBIDDEN/);
    // "Your turn" counts them for the organizer (badge and page agree), for nobody else.
    expect(await api(w.organizer).notification.waitingCount()).toBe(2);
    expect((await api(w.organizer).notification.waiting()).reportedMessages).toBe(2);
    expect((await api(w.otherOrganizer).notification.waiting()).reportedMessages).toBe(0);

    await api(w.organizer).chat.keep({ messageId: bad.id });
    await api(w.organizer).chat.hide({ messageId: worse.id });
    expect(await api(w.organizer).chat.reported()).toEqual([]);
    expect(await api(w.organizer).notification.waitingCount()).toBe(0);
    // A kept message stays; a hidden one cannot be reported any more.
    expect((await api(null).chat.history({ room: w.gameRoom })).messages.map((m) => m.text)).toEqual(["insult"]);
    expect(await outcome(api(w.side1).chat.report({ messageId: worse.id }))).toBe("NOT_FOUND: There is no such message.");
    // Messages, reports, keeping and hiding wrote no notice and queued no mail or push for anyone.
    expect(await noticesAndDeliveries(everyone)).toEqual(mailBefore);
  });

  it("refuses a burst past CHAT_MESSAGES_PER_USER_PER_MINUTE with a sentence, storing nothing more", async () => {
    const w = await world();
    const max = config().CHAT_MESSAGES_PER_USER_PER_MINUTE;
    let sent = 0;
    let refusal = "";
    // Windows are fixed minutes: a burst may straddle a boundary, but 2 × max + 1 cannot fit in two windows.
    for (let i = 0; i < 2 * max + 1 && !refusal; i++) {
      const result = await outcome(api(w.side1).chat.post({ room: w.gameRoom, text: `burst ${i}` }));
      if (result === "ok") sent++;
      else refusal = result;
    }
    expect(refusal).toMatch(/^TOO_MANY_REQUESTS: Too many chat messages\. Please wait \d+ seconds and try again\.$/);
    expect(sent).toBeGreaterThanOrEqual(max);
    expect(await stored(w.gameRoom)).toBe(sent);
    // The limit is the writer's own: the opponent still writes.
    expect(await outcome(api(w.side2).chat.post({ room: w.gameRoom, text: "calm down" }))).toBe("ok");
  });

  it("goes live to every socket watching the room, signed out too, and a hidden message is withdrawn live", async () => {
    const w = await world();
    const socket: Socket = connect(realtime.url, { transports: ["websocket"], forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", resolve);
        socket.once("connect_error", reject);
      });
      await socket.timeout(10_000).emitWithAck("watch", `game:${w.game.id}`);
      const arrived = new Promise<ChatMessage>((resolve) => socket.once("chatMessage", resolve));
      const posted = await api(w.side1).chat.post({ room: w.gameRoom, text: "live hello" });
      const message = await arrived;
      expect(message).toEqual(posted);
      // The event is the message and nothing else: no game state rides along.
      expect(Object.keys(message).sort()).toEqual(["author", "authorId", "createdAt", "id", "room", "text"]);
      // A report sends the organizer's own pages the bare inbox ping (their "Your turn" count refetches).
      const organizerSocket: Socket = connect(realtime.url, {
        transports: ["websocket"],
        forceNew: true,
        extraHeaders: { cookie: await cookieOf(w.organizer) },
      });
      try {
        const pinged = new Promise<void>((resolve) => organizerSocket.once("inbox", () => resolve()));
        await new Promise<void>((resolve) => organizerSocket.once("connect", resolve));
        await api(w.side2).chat.report({ messageId: posted.id, reason: "rude" });
        await pinged;
      } finally {
        organizerSocket.disconnect();
      }
      const withdrawn = new Promise<unknown>((resolve) => socket.once("chatHidden", resolve));
      await api(w.organizer).chat.hide({ messageId: posted.id });
      expect(await withdrawn).toEqual({ room: `game:${w.game.id}`, messageId: posted.id });
    } finally {
      socket.disconnect();
    }
  });
});
