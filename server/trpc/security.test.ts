// Regression tests for the holes found by probing the running site (issue 10), through
// the real services and procedures on a real database. Each fails on the code before
// the fix: a burst of password guesses all checked, an account deletion blocked by a
// squatted tombstone name, control characters reaching PostgreSQL as a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, type DbHandle } from "@/db/client";
import { users } from "@/db/schema";
import { verifyPassword } from "@/server/auth/password";
import { changePassword } from "@/server/services/account/change-password";
import { deleteAccount } from "@/server/services/account/delete-account";
import { verifyCredentials, WRONG_CREDENTIALS } from "@/server/services/account/verify-credentials";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { openTestDatabase, uniqueName } from "@/test/db";

let h: DbHandle;
// A second, separate connection pool to the same database stands in for a second
// server process (PostgreSQL only; PGlite is one process by nature).
let other: DbHandle | null = null;
beforeAll(async () => {
  h = await openTestDatabase();
  const url = inject("testDatabaseUrl");
  if (url) other = await openDatabase({ databaseUrl: url, dataDir: "unused" });
});
afterAll(async () => {
  await other?.close();
  await h.close();
});

const PASSWORD = "the right password";

describe("password guesses are counted before they are checked", () => {
  it("checks at most 5 guesses of a burst for one username, across processes, and the right one inside it does not sign in", async () => {
    const me = await newPlayer(h, { password: PASSWORD });
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 30 ? PASSWORD : `wrong guess ${i}`));
    // One instant for the whole burst, so a slow machine cannot let the lock expire mid-test.
    const now = new Date("2031-01-01T00:00:00Z");
    const results = await Promise.all(
      guesses.map((password, i) => verifyCredentials((i % 2 === 1 && other ? other : h).db, { username: me.username, password, ip: null }, now)),
    );
    const checked = results.filter((r) => r.ok || r.message === WRONG_CREDENTIALS);
    expect(checked.length).toBeLessThanOrEqual(5);
    for (const r of results)
      if (!r.ok && r.message !== WRONG_CREDENTIALS) expect(r.message).toMatch(/^Too many failed sign-ins\. Please wait \d+ seconds? and try again\.$/);
    // The right password was sent 31st: by then the free attempts were used.
    expect(results[30]!.ok).toBe(false);
  });

  it("throttles current-password checks when changing the password, like sign-in", async () => {
    const me = await newPlayer(h, { password: PASSWORD });
    const now = new Date("2031-01-02T00:00:00Z");
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => changePassword(h.db, me.id, { currentPassword: `guess number ${i}`, newPassword: "a new password" }, now)),
    );
    const codes = outcomes.map((o) => (o.status === "rejected" ? (o.reason as { code: string }).code : "ok"));
    expect(codes.filter((c) => c === "BAD_REQUEST")).toHaveLength(5);
    expect(codes.filter((c) => c === "TOO_MANY_REQUESTS")).toHaveLength(25);
    // Locked: even the right current password is not checked now, and nothing changed.
    await expect(changePassword(h.db, me.id, { currentPassword: PASSWORD, newPassword: "a new password" }, now)).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/^Too many wrong passwords\. Please wait \d+ seconds? and try again\.$/),
    });
    const [row] = await h.db.select().from(users).where(eq(users.id, me.id));
    expect(await verifyPassword(row!.passwordHash!, PASSWORD)).toBe(true);
    // The same budget covers sign-in: the guesses above locked it too.
    const signIn = await verifyCredentials(h.db, { username: me.username, password: PASSWORD, ip: null }, now);
    expect(signIn.ok).toBe(false);
  });

  it("throttles the password asked before deleting the account, through the API too", async () => {
    const me = await newPlayer(h, { password: PASSWORD });
    const now = new Date("2031-01-03T00:00:00Z");
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => deleteAccount(h.db, me.id, { password: `guess ${i}` }, now)));
    const codes = outcomes.map((o) => (o.status === "rejected" ? (o.reason as { code: string }).code : "ok"));
    expect(codes.filter((c) => c === "BAD_REQUEST")).toHaveLength(5);
    expect(codes.filter((c) => c === "TOO_MANY_REQUESTS")).toHaveLength(7);
    // Through the API (real clock): the lock set above lasts until 2031, so it holds.
    await expect(apiFor(h, me).account.delete({ password: PASSWORD })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });
});

describe("account deletion cannot be blocked", () => {
  it("refuses sign-ups with the reserved deleted- prefix and deletes with a tombstone made of the whole id", async () => {
    const victim = await apiFor(h, null).account.signUp({ username: uniqueName("Vic"), password: PASSWORD });
    const md5 = await import("node:crypto").then((c) => c.createHash("md5").update(victim.id).digest("hex"));
    for (const squat of [`deleted-${md5.slice(0, 8)}`, `Deleted-${md5.slice(0, 8)}`, "DELETED-x"]) {
      await expect(apiFor(h, null).account.signUp({ username: squat, password: PASSWORD })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: "Usernames starting with “deleted-” are reserved. Please choose another.",
      });
    }
    await apiFor(h, { ...victim, isAdmin: false }).account.delete({ password: PASSWORD });
    const [row] = await h.db.select().from(users).where(eq(users.id, victim.id));
    expect(row!.username).toBe(`deleted-${victim.id}`);
  });

  it("deletes even when an old-style tombstone name is already taken", async () => {
    const victim = await apiFor(h, null).account.signUp({ username: uniqueName("Vic"), password: PASSWORD });
    const md5 = await import("node:crypto").then((c) => c.createHash("md5").update(victim.id).digest("hex"));
    // Registered before the prefix was reserved.
    await h.db.insert(users).values({ username: `deleted-${md5.slice(0, 8)}`, passwordHash: "x" });
    await expect(apiFor(h, { ...victim, isAdmin: false }).account.delete({ password: PASSWORD })).resolves.toBeUndefined();
  });
});

describe("text a person could not have meant is refused with a sentence", () => {
  const tournament = (over: Record<string, unknown>) => ({
    name: "Spring Cup",
    format: "league" as const,
    gameType: "chess-elsewhere" as const,
    timeControl: "3d+6h",
    minPlayers: 4,
    maxPlayers: 8,
    ...over,
  });

  it.each([
    [
      "player.list search with NUL",
      (api: ReturnType<typeof apiFor>) => api.player.list({ search: "a\u0000b" }),
      /Search text may not contain control characters\./,
    ],
    [
      "tournament.list search with NUL",
      (api: ReturnType<typeof apiFor>) => api.tournament.list({ search: "\u0000" }),
      /Search text may not contain control characters\./,
    ],
    [
      "a tournament name with NUL",
      (api: ReturnType<typeof apiFor>) => api.tournament.create(tournament({ name: "Cup\u0000Final" })),
      /The name may not contain control characters\./,
    ],
    [
      "a description with NUL",
      (api: ReturnType<typeof apiFor>) => api.tournament.create(tournament({ description: "hi\u0000" })),
      /The description may not contain control characters\./,
    ],
    [
      "a name of invisible characters only",
      (api: ReturnType<typeof apiFor>) => api.tournament.create(tournament({ name: "\u200B\u200B\u2060\u3164" })),
      /The name must contain visible characters\./,
    ],
    [
      "a name with a bidi override",
      (api: ReturnType<typeof apiFor>) => api.tournament.create(tournament({ name: "Cup \u202Eevil" })),
      /The name may not contain text-direction override characters\./,
    ],
  ])("%s", async (_what, call, message) => {
    const api = apiFor(h, await newPlayer(h));
    await expect(call(api)).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(message) });
  });

  it("still accepts ordinary text: line breaks in a description, accents, emoji", async () => {
    const api = apiFor(h, await newPlayer(h));
    const t = await api.tournament.create(tournament({ name: "Coupe d’été 🏆", description: "Line one\nLine two\ttabbed" }));
    expect(t.id).toBeTruthy();
  });
});
