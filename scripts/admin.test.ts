// Site admin rights come from a role on the account, granted by the operator's command
// (run here as a real process), never from a username someone can register.
import { randomUUID } from "node:crypto";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { encode } from "next-auth/jwt";
import { eq } from "drizzle-orm";
import { openDatabase, type DbHandle } from "@/db/client";
import { users } from "@/db/schema";
import { sessionUserFromCookies } from "@/server/auth/session";
import { createCaller } from "@/server/trpc/root";

const SECRET = "a test secret that is long enough for next-auth";
process.env.NEXTAUTH_SECRET = SECRET;
// The old way: anyone who registered this name was an admin.
process.env.ADMIN_USERNAMES = "siteboss";

let h: DbHandle;
let url: string | null;
let dataDir: string | null = null;
const open = () => openDatabase({ databaseUrl: url ?? undefined, dataDir: dataDir ?? "unused" });
beforeAll(async () => {
  url = inject("testDatabaseUrl");
  if (!url) dataDir = mkdtempSync(path.join(tmpdir(), "moot-admin-"));
  h = await open();
  await h.migrate();
}, 60_000);
afterAll(async () => {
  await h.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `npm run admin -- …` against the test database (PGlite allows one process: close ours meanwhile). */
async function admin(...args: string[]): Promise<{ status: number | null; out: string }> {
  if (dataDir) await h.close();
  const r = spawnSync(path.join("node_modules", ".bin", "tsx"), ["scripts/admin.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: url ?? "", DATA_DIR: dataDir ?? "unused" },
    timeout: 120_000,
  });
  if (dataDir) h = await open();
  return { status: r.status, out: `${r.stdout}${r.stderr}`.trim() };
}

async function sessionOf(id: string) {
  const [row] = await h.db.select().from(users).where(eq(users.id, id));
  const token = await encode({ token: { sub: id, name: row!.username, sv: row!.sessionVersion, sid: randomUUID() }, secret: SECRET });
  return sessionUserFromCookies(h.db, `next-auth.session-token=${token}`);
}

const PASSWORD = "boss password";
const name = `SiteBoss`;

describe("site admins", () => {
  it("a name alone gives no rights; the operator's grant does, and it stays with the account, not the name", async () => {
    const boss = await createCaller({ db: h.db, dbKind: h.kind, user: null, clientIp: null }).account.signUp({ username: name, password: PASSWORD });
    expect((await sessionOf(boss.id))?.isAdmin).toBe(false);

    expect(await admin("grant", "siteboss")).toEqual({ status: 0, out: `SiteBoss (${boss.id}) is now a site admin.` });
    expect((await sessionOf(boss.id))?.isAdmin).toBe(true);
    expect((await admin("list")).out).toBe(`SiteBoss\t${boss.id}`);

    // The admin deletes the account; whoever registers the freed name is nobody special.
    await createCaller({ db: h.db, dbKind: h.kind, user: { id: boss.id, username: name, isAdmin: true }, clientIp: null }).account.delete({
      password: PASSWORD,
    });
    const squatter = await createCaller({ db: h.db, dbKind: h.kind, user: null, clientIp: null }).account.signUp({ username: "SITEBOSS", password: PASSWORD });
    expect((await sessionOf(squatter.id))?.isAdmin).toBe(false);
    expect((await admin("list")).out).toBe("No account has the admin role.");
  }, 300_000);

  it("revokes, and explains mistakes in a sentence", async () => {
    const [someone] = await h.db
      .insert(users)
      .values({ username: `Op${Date.now() % 1e8}`, passwordHash: "x", role: "admin" })
      .returning();
    expect(await admin("revoke", someone!.username)).toEqual({ status: 0, out: `${someone!.username} (${someone!.id}) is no longer a site admin.` });
    expect((await sessionOf(someone!.id))?.isAdmin).toBe(false);
    expect(await admin("grant", "nobody-by-this-name")).toEqual({ status: 1, out: "There is no account named “nobody-by-this-name”." });
    expect(await admin("promote")).toEqual({ status: 2, out: "Usage: npm run admin -- grant NAME | revoke NAME | list" });
  }, 300_000);
});
