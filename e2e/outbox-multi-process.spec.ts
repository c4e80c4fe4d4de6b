// The outbox across processes: two server processes on one database deliver each
// notification's e-mail exactly once to a real SMTP server (smtp-server, inside the
// test), also when the process sending a mail is killed with SIGKILL mid-send: its
// claim dies with its connection and the other process sends the mail once.
import { expect, test } from "./test";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { createFreshDatabase, type FreshDatabase } from "../test/fresh-database";
import { HttpSession } from "../test/http-session";
import { freePort, startServer, type ServerProcess } from "./server-process";
import { freshUsername } from "./helpers";

const DATABASE_URL = process.env.DATABASE_URL;
test.skip(!DATABASE_URL, "needs DATABASE_URL (a shared PostgreSQL)");

let fresh: FreshDatabase;
let smtp: SMTPServer;
let env: Record<string, string>;
const servers: ServerProcess[] = [];
/** Message-IDs of mails the SMTP server accepted completely. */
const delivered: string[] = [];
let hold = false;
let onHeld: (() => void) | null = null;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fresh = await createFreshDatabase(DATABASE_URL!, "moot_outbox");
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, done) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString()));
      stream.on("end", () => {
        // Holding: never answer, as a slow server would; the sender stays mid-send.
        if (hold) return onHeld?.();
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? "?";
        delivered.push(id);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  env = { DATABASE_URL: fresh.url, SEED_DEMO: "0", DATA_DIR: "/tmp/unused", SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` };
});

/** Killed by a signal, a process has no exit code but a signal code. */
const alive = (s: ServerProcess) => s.child.exitCode === null && s.child.signalCode === null;

test.afterAll(async () => {
  await Promise.all(servers.filter(alive).map((s) => s.stop("SIGKILL")));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await fresh?.drop();
});

const sql = <T>(text: string, values: unknown[] = []) => fresh.query<T>(text, values);

/** A player with an e-mail address whose opponent reports a result: one mail each. */
async function reportAgainst(reporterServer: ServerProcess, opponentServer: ServerProcess) {
  const reporter = new HttpSession(reporterServer.url);
  const opponent = new HttpSession(opponentServer.url);
  const opponentName = freshUsername("ob");
  await reporter.signUp(freshUsername("rp"), "outbox password");
  await opponent.signUp(opponentName, "outbox password");
  // A confirmed address (confirming is tested in server/services/notification/email.test.ts),
  // so the only mail is the notification's: the same address in the settings is no change.
  await sql("update users set email = $1, email_confirmed_at = now() where username = $2", [`${opponentName}@example.org`, opponentName]);
  await opponent.mutation("notification.updateSettings", {
    email: `${opponentName}@example.org`,
    emailKinds: ["result-reported"],
    emailDigest: false,
    reminderHours: [],
  });
  const ch = await opponent.mutation<{ id: string }>("challenge.create", { gameType: "race", timeControl: "3d+6h", side: "side2", rated: false });
  const { gameId } = await reporter.mutation<{ gameId: string }>("challenge.accept", { challengeId: ch.id });
  await reporter.mutation("game.report", { gameId, result: "1-0" });
}

const sentRows = () => sql<{ id: string; status: string }>("select id, status from notification_outbox where channel = 'email'");

test("a process killed mid-send leaves the mail to another, which sends it once", async () => {
  test.setTimeout(180_000);
  hold = true;
  const held = new Promise<void>((resolve) => (onHeld = resolve));
  const a = await startServer({ port: await freePort(), env });
  servers.push(a);
  await reportAgainst(a, a);
  await held; // A's worker claimed the row and is in the middle of sending it.
  await a.stop("SIGKILL");
  expect(delivered).toEqual([]);
  hold = false;
  const b = await startServer({ port: await freePort(), env });
  servers.push(b);
  await expect.poll(async () => (await sentRows()).map((r) => r.status), { timeout: 60_000 }).toEqual(["sent"]);
  const [row] = await sentRows();
  expect(delivered).toEqual([`<${row!.id}@moot.outbox>`]);
});

test("two processes deliver every notification's mail exactly once", async () => {
  test.setTimeout(180_000);
  const [a, b] = await Promise.all([startServer({ port: await freePort(), env }), startServer({ port: await freePort(), env })]);
  servers.push(a, b);
  const before = (await sentRows()).length;
  for (let i = 0; i < 6; i++) await reportAgainst(i % 2 ? a : b, i % 2 ? b : a);
  await expect.poll(async () => (await sentRows()).filter((r) => r.status === "sent").length, { timeout: 60_000 }).toBe(before + 6);
  const rows = await sentRows();
  // Each row's mail arrived once; none twice.
  expect([...delivered].sort()).toEqual(rows.map((r) => `<${r.id}@moot.outbox>`).sort());
});
