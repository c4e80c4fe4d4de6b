// E-mail through a real SMTP server running inside the test (smtp-server), parsed with
// mailparser: recipient, subject, both parts, the links, the unsubscribe link (the
// real route handler) and the daily digest.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { setSharedDatabase, type DbHandle } from "@/db/client";
import { notificationSettings, outbox, users } from "@/db/schema";
import { openTestDatabase } from "@/test/db";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import type { SessionUser } from "@/server/auth/session";
import { GET as unsubscribePage, POST as unsubscribePost } from "@/app/api/unsubscribe/route";
import { createGame } from "../game/create-game";
import { configureChannels } from "./channels";
import { deliverOutbox } from "./deliver-outbox";
import { queueDigests } from "./sweep-notifications";

let h: DbHandle;
let smtp: SMTPServer;
const received: ParsedMail[] = [];
const SITE = "https://moot.test";

beforeAll(async () => {
  h = await openTestDatabase();
  setSharedDatabase(Promise.resolve(h));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  configureChannels({
    siteUrl: SITE,
    email: { transport: nodemailer.createTransport(`smtp://127.0.0.1:${port}`), from: "Moot <noreply@moot.test>" },
    push: null,
    secret: "a test secret that is long enough to sign",
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await h.close();
});

async function withEmail(address: string): Promise<SessionUser> {
  const p = await newPlayer(h);
  await h.db.update(users).set({ email: address }).where(eq(users.id, p.id));
  return p;
}

async function reportedGame(reporter: SessionUser, opponent: SessionUser) {
  const game = await h.db.transaction((tx) => createGame(tx, { gameType: "race", side1Id: reporter.id, side2Id: opponent.id, rated: false, initialMs: 1e9, incrementMs: 0 }, new Date()));
  await apiFor(h, reporter).game.report({ gameId: game.id, result: "1-0" });
  return game;
}

describe("e-mail", () => {
  it("mails a result to confirm, with working links, exactly once, and unsubscribes with one click", async () => {
    const [a, b] = [await withEmail("alice@example.org"), await withEmail("bob@example.org")];
    const game = await reportedGame(a, b);
    received.length = 0;
    expect(await deliverOutbox(h.db)).toBeGreaterThanOrEqual(1);
    expect(await deliverOutbox(h.db)).toBe(0);
    const mails = received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === "bob@example.org");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Result to confirm: ${a.username} reported a result (1-0): confirm or dispute it.`);
    expect(mail.from?.text).toContain("noreply@moot.test");
    expect(mail.text).toContain(`${SITE}/games/${game.id}`);
    expect(mail.html).toContain(`href="${SITE}/games/${game.id}"`);
    // Nobody else got a mail about it (the reporter knows).
    expect(received.filter((m) => !Array.isArray(m.to) && m.to?.text === "alice@example.org")).toHaveLength(0);

    const link = mail.text!.match(/https:\/\/moot\.test\/api\/unsubscribe\?token=\S+/)![0];
    expect(mail.headerLines.find((l) => l.key === "list-unsubscribe")?.line).toContain(link);
    expect((await unsubscribePage(new Request(link))).status).toBe(200);
    // A tampered token changes nothing.
    expect((await unsubscribePost(new Request(link.replace(/.$/, (c) => (c === "A" ? "B" : "A"))))).status).toBe(400);
    const [before] = await h.db.select().from(notificationSettings).where(eq(notificationSettings.userId, b.id));
    expect(before?.emailKinds ?? null).toBeNull();
    const done = await unsubscribePost(new Request(link, { method: "POST" }));
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You are unsubscribed");
    const [after] = await h.db.select().from(notificationSettings).where(eq(notificationSettings.userId, b.id));
    expect(after!.emailKinds).toEqual([]);

    // Unsubscribed: the next notification is not mailed.
    received.length = 0;
    await reportedGame(a, b);
    await deliverOutbox(h.db);
    expect(received).toHaveLength(0);
  });

  it("skips a notification already resolved before it went out", async () => {
    const [a, b] = [await withEmail("carol@example.org"), await withEmail("dave@example.org")];
    const game = await reportedGame(a, b);
    await apiFor(h, b).game.answerReport({ gameId: game.id, answer: "confirm" });
    received.length = 0;
    await deliverOutbox(h.db);
    expect(received.filter((m) => m.subject?.startsWith("Result to confirm"))).toHaveLength(0);
    const rows = await h.db.select().from(outbox).where(eq(outbox.userId, b.id));
    expect(rows.map((r) => r.status)).toContain("skipped");
  });

  it("sends a daily digest instead of single mails to who asked for it", async () => {
    const [a, b] = [await withEmail("erin@example.org"), await withEmail("frank@example.org")];
    await apiFor(h, b).notification.updateSettings({ email: "frank@example.org", emailKinds: ["result-reported"], emailDigest: true, reminderHours: [24, 1] });
    const g1 = await reportedGame(a, b);
    const g2 = await reportedGame(a, b);
    received.length = 0;
    await deliverOutbox(h.db);
    expect(received).toHaveLength(0);
    expect(await queueDigests(h.db)).toBeGreaterThanOrEqual(1);
    await deliverOutbox(h.db);
    const digest = received.filter((m) => !Array.isArray(m.to) && m.to?.text === "frank@example.org");
    expect(digest).toHaveLength(1);
    expect(digest[0]!.subject).toBe("Moot: 2 unread notifications");
    expect(digest[0]!.text).toContain(`${SITE}/games/${g1.id}`);
    expect(digest[0]!.text).toContain(`${SITE}/games/${g2.id}`);
    // Once a day: queueing again the same day adds nothing.
    expect(await queueDigests(h.db)).toBe(0);
  });
});
