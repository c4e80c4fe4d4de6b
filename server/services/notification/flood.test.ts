// Notices nobody can turn into a weapon (issue 24, finding 2), against a real SMTP
// peer (smtp-server, parsed with mailparser), the local push service (test/push-service)
// and a database of this file's own (the
// outbox worker claims any due row, so a shared database would let this file's
// floods and other files' mails cross). The floods of the issue: a result re-reported
// 200 times, 200 announcements, two accounts alternating report and dispute. Each
// recipient gets at most DELIVERIES_PER_USER_PER_HOUR mails per clock hour (a run
// may straddle the end of one, hence capOver), and what the cap held back arrives as
// one digest at the end of the hour.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import nodemailer from "nodemailer";
import type { DbHandle } from "@/db/client";
import { notifications, tournamentAnnouncements, users } from "@/db/schema";
import { config } from "@/server/config";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { uniqueName } from "@/test/db";
import { startSmtpPeer, type SmtpPeer } from "@/test/smtp-peer";
import { openOwnTestDatabase } from "@/test/db";
import { PUSH_CA, startPushService, type PushService } from "@/test/push-service/push-service";
import { createGame } from "../game/create-game";
import { postAnnouncement } from "../tournament/post-announcement";
import { configureChannels } from "./channels";
import { deliverOutbox } from "./deliver-outbox";
import { PushAgent } from "./push-destination";
import { subscribePush } from "./subscribe-push";
import { loadVapidKeys } from "./setup";

const HOUR = 3_600_000;
const SITE = "https://moot.test";
let h: DbHandle;
let smtp: SmtpPeer;
let push: PushService;
let received: ParsedMail[];

beforeAll(async () => {
  h = await openOwnTestDatabase();
  smtp = await startSmtpPeer();
  received = smtp.received;
  push = await startPushService();
  const keys = await loadVapidKeys(h.db, {});
  configureChannels({
    siteUrl: SITE,
    email: { transport: nodemailer.createTransport(smtp.url), from: "Moot <noreply@moot.test>" },
    // The local push service is on loopback and not on 443: allowed by name, as only tests do.
    push: { ...keys, subject: "mailto:admin@moot.test", agent: new PushAgent({ allow: [push.host] }, { ca: PUSH_CA }) },
    secret: "s",
  });
});
afterAll(async () => {
  await smtp.close();
  await push.close();
  await h.close();
});

const api = (user: SessionUser | null) => apiFor(h, user);
const CAP = config().DELIVERIES_PER_USER_PER_HOUR;
const hourNow = () => Math.floor(Date.now() / HOUR);
/** The cap over the clock hours since `startHour`: a run may straddle the end of one. */
const capOver = (startHour: number) => CAP * (hourNow() - startHour + 1);
const mailsTo = (user: { email: string }, subject: string) =>
  received.filter((m) => !Array.isArray(m.to) && m.to?.text === user.email && m.subject?.startsWith(subject));

async function mailable(admin = false): Promise<SessionUser & { email: string }> {
  const p = await newPlayer(h);
  const email = `${uniqueName("m")}@example.org`;
  await h.db
    .update(users)
    .set({ email, emailConfirmedAt: new Date(), ...(admin ? { role: "admin" as const } : {}) })
    .where(eq(users.id, p.id));
  return { ...p, email, isAdmin: admin };
}

const raceGame = (a: SessionUser, b: SessionUser) =>
  h.db.transaction((tx) => createGame(tx, { gameType: "race", side1Id: a.id, side2Id: b.id, rated: false, initialMs: 1e9, incrementMs: 0 }, new Date()));

/** Runs `call`, counting the refusals of the hourly action limits (any other error fails the test). */
async function limited(call: () => Promise<unknown>): Promise<"ok" | "limited"> {
  try {
    await call();
    return "ok";
  } catch (err) {
    expect(err).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    return "limited";
  }
}

const noticesOf = (userId: string, kind: "result-reported" | "announcement" | "result-disputed") =>
  h.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

/** Delivers what is due at the end of the current hour: the overflow digests. */
const deliverAtHourEnd = () => deliverOutbox(h.db, new Date((hourNow() + 1) * HOUR + 1000));

describe("notification floods", () => {
  it("a result re-reported 200 times is one notice; the opponent gets at most the cap of mails and of pushes, then one digest", async () => {
    const [e, f] = [await mailable(), await mailable()];
    const browser = `f-${f.id}`;
    await subscribePush(h.db, f.id, push.subscribe(browser));
    const game = await raceGame(e, f);
    const start = hourNow();
    const outcomes: string[] = [];
    for (let i = 0; i < 200; i++) {
      // Changing the result each time: the same report again would change nothing at all.
      outcomes.push(await limited(() => api(e).game.report({ gameId: game.id, result: i % 2 === 0 ? "1-0" : "0-1" })));
      // Delivered at once each time, so every renewal is a new mail unless the cap holds it.
      await deliverOutbox(h.db);
    }
    // Game actions are limited per hour too.
    expect(outcomes.filter((o) => o === "limited").length).toBeGreaterThan(0);
    const mails = mailsTo(f, "Result to confirm");
    expect(mails.length).toBeGreaterThan(1);
    expect(mails.length).toBeLessThanOrEqual(capOver(start));
    const pushes = push.received.filter((r) => r.subscription === browser);
    expect(push.errors).toEqual([]);
    expect(pushes.length).toBeGreaterThan(1);
    expect(pushes.length).toBeLessThanOrEqual(capOver(start));
    // One notice in the inbox, saying what the report says now.
    const [view, notices] = [await api(f).game.get({ gameId: game.id }), await noticesOf(f.id, "result-reported")];
    expect(notices).toHaveLength(1);
    expect(notices[0]!.payload.result).toBe(view.report!.result);
    // The reporter hears nothing of their own reports.
    expect(received.filter((m) => !Array.isArray(m.to) && m.to?.text === e.email)).toHaveLength(0);

    await deliverAtHourEnd();
    const digests = mailsTo(f, "Moot: 1 unread notification");
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text).toContain(`${SITE}/games/${game.id}`);
  });

  it("200 announcements: past the hourly limit they are refused; each player has one notice and at most the cap of mails; none once the tournament is over", async () => {
    const organizer = await mailable();
    const players = [await mailable(), await mailable()];
    const t = await api(organizer).tournament.create({
      name: uniqueName("Flood cup "),
      format: "groups",
      gameType: "race",
      timeControl: "3d+6h",
      rated: false,
      minPlayers: 2,
      maxPlayers: 8,
    });
    for (const p of players) await api(p).tournament.join({ tournamentId: t.id });
    const start = hourNow();
    const outcomes: string[] = [];
    for (let i = 0; i < 200; i++) {
      outcomes.push(await limited(() => api(organizer).notification.announce({ tournamentId: t.id, message: `Announcement ${i}` })));
      await deliverOutbox(h.db);
    }
    const posted = outcomes.filter((o) => o === "ok").length;
    expect(posted).toBeLessThanOrEqual(config().ANNOUNCEMENTS_PER_USER_PER_HOUR * (hourNow() - start + 1));
    // The cap holds even for a sender the action limit does not stop (here: the service itself, 200 more).
    for (let i = 0; i < 200; i++) {
      await postAnnouncement(h.db, organizer, t.id, `Direct ${i}`);
      await deliverOutbox(h.db);
    }
    for (const p of players) {
      const notices = await noticesOf(p.id, "announcement");
      expect(notices).toHaveLength(1);
      expect(notices[0]!.payload).toMatchObject({ message: "Direct 199", earlier: posted + 199 });
      const mails = mailsTo(p, `${t.name}: announcement`);
      expect(mails.length).toBeGreaterThan(1);
      expect(mails.length).toBeLessThanOrEqual(capOver(start));
    }

    await api(organizer).tournament.cancel({ tournamentId: t.id });
    const stored = await h.db.select().from(tournamentAnnouncements).where(eq(tournamentAnnouncements.tournamentId, t.id));
    // (The service itself: the organizer's hourly limit is long used up.)
    await expect(postAnnouncement(h.db, organizer, t.id, "Still here?")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Announcements can only be posted while the tournament takes registrations or runs.",
    });
    expect(await h.db.select().from(tournamentAnnouncements).where(eq(tournamentAnnouncements.tournamentId, t.id))).toHaveLength(stored.length);
  });

  it("report and dispute alternated by two colluding accounts: the repeats are refused, and a site admin gets at most the cap over many games", async () => {
    const admin = await mailable(true);
    const [e, f] = [await mailable(), await mailable()];
    const start = hourNow();
    const game = await raceGame(e, f);
    const first = await api(e).game.report({ gameId: game.id, result: "1-0" });
    await api(f).game.answerReport({ gameId: game.id, answer: "dispute", reportId: first.report!.id });
    // 50 rounds of both (every refused attempt counts against their hourly limits too).
    for (let i = 0; i < 50; i++) {
      await expect(api(e).game.report({ gameId: game.id, result: i % 2 === 0 ? "0-1" : "1-0" })).rejects.toMatchObject({ code: "CONFLICT" });
      await expect(api(f).game.answerReport({ gameId: game.id, answer: "dispute", reportId: first.report!.id })).rejects.toMatchObject({ code: "CONFLICT" });
      await deliverOutbox(h.db);
    }
    await deliverOutbox(h.db);
    expect(mailsTo(admin, "Disputed result")).toHaveLength(1);
    expect(await noticesOf(admin.id, "result-disputed")).toHaveLength(1);

    // Many games between them: one dispute each, and the admin's mails stop at the cap.
    for (let i = 0; i < CAP + 10; i++) {
      const g = await raceGame(e, f);
      const r = await api(e).game.report({ gameId: g.id, result: "1-0" });
      await api(f).game.answerReport({ gameId: g.id, answer: "dispute", reportId: r.report!.id });
      await deliverOutbox(h.db);
    }
    const mails = mailsTo(admin, "Disputed result");
    expect(mails.length).toBeLessThanOrEqual(capOver(start));
    expect(await noticesOf(admin.id, "result-disputed")).toHaveLength(CAP + 11);
    await deliverAtHourEnd();
    expect(mailsTo(admin, "Moot: ").length).toBeGreaterThanOrEqual(1);
  });
});
