// E-mail through a real SMTP server running inside the test (smtp-server), parsed with
// mailparser: recipient, subject, both parts, the links, the unsubscribe link (the
// real route handler), the daily digest, and confirming an address before anything
// else is mailed to it (the real confirmation route).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import nodemailer from "nodemailer";
import { setSharedDatabase, type DbHandle } from "@/db/client";
import { notifications, notificationSettings, outbox, users } from "@/db/schema";
import { openOwnTestDatabase } from "@/test/db";
import { startSmtpPeer, type SmtpPeer } from "@/test/smtp-peer";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import type { SessionUser } from "@/server/auth/session";
import { GET as unsubscribePage, POST as unsubscribePost } from "@/app/api/unsubscribe/route";
import { GET as confirmPage, POST as confirmPost } from "@/app/api/confirm-email/route";
import { createGame } from "../game/create-game";
import { configureChannels } from "./channels";
import { deliverOutbox } from "./deliver-outbox";
import { queueDigests } from "./sweep-notifications";

let h: DbHandle;
let smtp: SmtpPeer;
let received: ParsedMail[];
const SITE = "https://moot.test";

beforeAll(async () => {
  // Its own database: deliverOutbox claims every due row, so files sharing one took each other's mail.
  h = await openOwnTestDatabase();
  setSharedDatabase(Promise.resolve(h));
  smtp = await startSmtpPeer();
  received = smtp.received;
  configureChannels({
    siteUrl: SITE,
    email: { transport: nodemailer.createTransport(smtp.url), from: "Moot <noreply@moot.test>" },
    push: null,
    secret: "a test secret that is long enough to sign",
  });
});
afterAll(async () => {
  await smtp.close();
  await h.close();
});

/** A player whose address is already confirmed. */
async function withEmail(address: string): Promise<SessionUser> {
  const p = await newPlayer(h);
  await h.db.update(users).set({ email: address, emailConfirmedAt: new Date() }).where(eq(users.id, p.id));
  return p;
}

const mailsTo = (address: string) => received.filter((m) => !Array.isArray(m.to) && m.to?.text === address);
const linkIn = (mail: ParsedMail, path: string) => mail.text!.match(new RegExp(`https://moot\\.test${path}\\?token=\\S+`))![0];
const post = (link: string) => new Request(link, { method: "POST" });
const settingsOf = async (userId: string) => (await h.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)))[0];
const mailSettings = (email: string) => ({ email, emailKinds: ["result-reported" as const], emailDigest: false, reminderHours: [] });

async function reportedGame(reporter: SessionUser, opponent: SessionUser) {
  const game = await h.db.transaction((tx) =>
    createGame(tx, { gameType: "race", side1Id: reporter.id, side2Id: opponent.id, rated: false, initialMs: 1e9, incrementMs: 0 }, new Date()),
  );
  const reported = await apiFor(h, reporter).game.report({ gameId: game.id, result: "1-0" });
  return { ...game, reportId: reported.report!.id };
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
    await apiFor(h, b).game.answerReport({ gameId: game.id, answer: "confirm", reportId: game.reportId });
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

describe("addresses are confirmed before anything else is mailed to them", () => {
  it("an unconfirmed address receives only the confirmation mail, until its link is followed", async () => {
    const [a, b] = [await withEmail("ivan@example.org"), await newPlayer(h)];
    await apiFor(h, b).notification.updateSettings(mailSettings("grace@example.org"));
    expect((await apiFor(h, b).notification.settings()).emailConfirmed).toBe(false);
    received.length = 0;
    await reportedGame(a, b);
    // A notice mail queued for the address anyway (say, just before it changed) is not sent either.
    const [notice] = await h.db.select().from(notifications).where(eq(notifications.userId, b.id));
    // Due by the JavaScript clock deliverOutbox compares with: the column's default, the
    // database's now() in microseconds, could fall after that millisecond-truncated clock
    // and leave the row pending until after the confirmation (a flake seen in CI).
    await h.db.insert(outbox).values({ userId: b.id, channel: "email", notificationId: notice!.id, dedupeKey: `test:${b.id}`, nextAttemptAt: new Date() });
    await deliverOutbox(h.db);
    expect(mailsTo("grace@example.org").map((m) => m.subject)).toEqual(["Moot: confirm your e-mail address"]);
    expect(received.filter((m) => m.subject?.startsWith("Result to confirm"))).toHaveLength(0);
    // Skipped for good, not left pending to go out once the address is confirmed.
    const [queued] = await h.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `test:${b.id}`));
    expect(queued!.status).toBe("skipped");

    const link = linkIn(mailsTo("grace@example.org")[0]!, "/api/confirm-email");
    expect((await confirmPage(new Request(link))).status).toBe(200);
    const done = await confirmPost(post(link));
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Address confirmed");
    expect((await apiFor(h, b).notification.settings()).emailConfirmed).toBe(true);

    received.length = 0;
    await reportedGame(a, b);
    await deliverOutbox(h.db);
    expect(mailsTo("grace@example.org").map((m) => m.subject?.split(":")[0])).toEqual(["Result to confirm"]);
  });

  it("a second account cannot take a confirmed address, by settings, by sign-up or by an older link", async () => {
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    // Both type the same address; whoever confirms first owns it.
    await apiFor(h, a).notification.updateSettings(mailSettings("heidi@example.org"));
    await apiFor(h, b).notification.updateSettings(mailSettings("heidi@example.org"));
    received.length = 0;
    await deliverOutbox(h.db);
    const links = mailsTo("heidi@example.org").map((m) => linkIn(m, "/api/confirm-email"));
    expect(links).toHaveLength(2);
    const linkOf = (u: SessionUser) => links.find((l) => l.includes(u.id))!;
    expect((await confirmPost(post(linkOf(a)))).status).toBe(200);
    const late = await confirmPost(post(linkOf(b)));
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("belongs to another account");
    expect((await apiFor(h, b).notification.settings()).emailConfirmed).toBe(false);

    const c = await newPlayer(h);
    await expect(apiFor(h, c).notification.updateSettings(mailSettings("HEIDI@example.org"))).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("belongs to another account"),
    });
    await expect(
      apiFor(h, null).account.signUp({ username: `heidi${Date.now() % 100000}`, password: "a long enough password", email: "Heidi@Example.org" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await apiFor(h, c).notification.settings()).email).toBe("");
    // b typed it before a confirmed it: b may keep it unconfirmed, but gets no new link.
    await expect(apiFor(h, b).notification.resendConfirmation()).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("limits confirmation mails per address, and a refused change changes nothing", async () => {
    const players = [await newPlayer(h), await newPlayer(h), await newPlayer(h), await newPlayer(h)];
    for (const p of players.slice(0, 3)) await apiFor(h, p).notification.updateSettings(mailSettings("judy@example.org"));
    await expect(apiFor(h, players[3]!).notification.updateSettings(mailSettings("judy@example.org"))).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect((await apiFor(h, players[3]!).notification.settings()).email).toBe("");
    received.length = 0;
    await deliverOutbox(h.db);
    expect(mailsTo("judy@example.org")).toHaveLength(3);
  });
});

describe("unsubscribe links", () => {
  async function unsubscribeLinkFor(a: SessionUser, b: SessionUser, address: string) {
    received.length = 0;
    await reportedGame(a, b);
    await deliverOutbox(h.db);
    return linkIn(mailsTo(address)[0]!, "/api/unsubscribe");
  }

  it("stop working once the account's address changes", async () => {
    const [a, b] = [await withEmail("ken@example.org"), await withEmail("leo@example.org")];
    const link = await unsubscribeLinkFor(a, b, "leo@example.org");
    await apiFor(h, b).notification.updateSettings(mailSettings("leo.new@example.org"));
    expect((await unsubscribePage(new Request(link))).status).toBe(400);
    expect((await unsubscribePost(post(link))).status).toBe(400);
    expect((await settingsOf(b.id))!.emailKinds).toEqual(["result-reported"]);
    // The old address's confirmation link is dead too.
    await h.db.update(users).set({ email: "leo@example.org" }).where(eq(users.id, b.id));
    const oldConfirm = `${SITE}/api/confirm-email?token=${link.split("token=")[1]}`;
    expect((await confirmPost(post(oldConfirm))).status).toBe(400);
  });

  it("are parsed strictly: anything after the token is refused", async () => {
    const [a, b] = [await withEmail("mia@example.org"), await withEmail("ned@example.org")];
    const link = await unsubscribeLinkFor(a, b, "ned@example.org");
    for (const junk of [".junk", "junk", ".", "%00", "=="]) {
      expect((await unsubscribePage(new Request(link + junk))).status).toBe(400);
      expect((await unsubscribePost(post(link + junk))).status).toBe(400);
    }
    expect((await settingsOf(b.id))?.emailKinds ?? null).toBeNull();
    expect((await unsubscribePost(post(link))).status).toBe(200);
  });
});
