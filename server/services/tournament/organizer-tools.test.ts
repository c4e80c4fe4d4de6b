// The organizer's tools before the start, on a real database through the real tRPC
// procedures: editing a registering tournament, invite-only entry by link with an
// approval list, removing a registrant. Each refuses anyone but the organizer (or
// an admin), refuses bad input with a sentence, changes nothing when it refuses,
// and writes the audit log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { tournamentAudit, tournamentPlayers, tournaments } from "@/db/schema";
import { openTestDatabase, uniqueName } from "@/test/db";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { REQUEST_COOLDOWN_MS, requestToJoin } from "./request-to-join";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

const api = (user: SessionUser | null) => apiFor(h, user);
const form = (extra: Record<string, unknown> = {}) => ({
  name: uniqueName("Edit me "),
  description: "",
  format: "groups" as const,
  settings: {},
  gameType: "chess-elsewhere" as const,
  timeControl: "3d+6h",
  rated: false,
  minPlayers: 2,
  maxPlayers: 16,
  ...extra,
});

async function auditOf(tournamentId: string) {
  return h.db
    .select({ action: tournamentAudit.action, detail: tournamentAudit.detail })
    .from(tournamentAudit)
    .where(eq(tournamentAudit.tournamentId, tournamentId));
}

describe("editing before the start", () => {
  it("the organizer changes name, limits and settings; the log says what changed", async () => {
    const organizer = await newPlayer(h);
    const t = await api(organizer).tournament.create(form());
    const next = form({ name: "Renamed cup", maxPlayers: 8, settings: { groupSize: 3 }, description: "Now with rules." });
    const { changed } = await api(organizer).tournament.edit({ tournamentId: t.id, tournament: next });
    expect(changed.join(" | ")).toContain("name “");
    const [row] = await h.db.select().from(tournaments).where(eq(tournaments.id, t.id));
    expect(row).toMatchObject({ name: "Renamed cup", maxPlayers: 8, description: "Now with rules." });
    expect((row!.settings as { groupSize: number }).groupSize).toBe(3);
    const log = await auditOf(t.id);
    expect(log.find((a) => a.action === "edited")?.detail).toMatch(/^Changed name “.*” → “Renamed cup”; description; format settings; players 2–16 → 2–8\.$/);
  });

  it("refuses others, bad settings, too few places for those registered, and a started tournament, changing nothing", async () => {
    const organizer = await newPlayer(h);
    const stranger = await newPlayer(h);
    const t = await api(organizer).tournament.create(form());
    await expect(api(stranger).tournament.edit({ tournamentId: t.id, tournament: form({ name: "Mine now" }) })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(api(null).tournament.edit({ tournamentId: t.id, tournament: form() })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(api(organizer).tournament.edit({ tournamentId: t.id, tournament: form({ settings: { groupSize: 1 } }) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(api(organizer).tournament.edit({ tournamentId: t.id, tournament: form({ name: "x" }) })).rejects.toThrow(
      "The name must be at least 3 characters.",
    );
    for (let i = 0; i < 3; i++) await api(await newPlayer(h)).tournament.join({ tournamentId: t.id });
    await expect(api(organizer).tournament.edit({ tournamentId: t.id, tournament: form({ maxPlayers: 2 }) })).rejects.toThrow("3 players have already joined");
    const [row] = await h.db.select().from(tournaments).where(eq(tournaments.id, t.id));
    expect(row).toMatchObject({ name: t.name, maxPlayers: 16 });
    await api(organizer).tournament.start({ tournamentId: t.id });
    await expect(api(organizer).tournament.edit({ tournamentId: t.id, tournament: form() })).rejects.toThrow(
      "A tournament can only be edited before it starts.",
    );
    expect((await auditOf(t.id)).filter((a) => a.action === "edited")).toHaveLength(0);
  });
});

describe("invite-only entry", () => {
  it("join needs the link; a request waits for the organizer, who approves or declines", async () => {
    const organizer = await newPlayer(h);
    const alice = await newPlayer(h);
    const bob = await newPlayer(h);
    const t = await api(organizer).tournament.create(form({ inviteOnly: true }));
    await expect(api(alice).tournament.join({ tournamentId: t.id })).rejects.toThrow("This tournament is by invitation");
    const panel = await api(organizer).tournament.organizerPanel({ tournamentId: t.id });
    expect(panel.inviteToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await expect(api(alice).tournament.organizerPanel({ tournamentId: t.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(api(alice).tournament.requestToJoin({ tournamentId: t.id, token: "wrong-token-wrong-token!" })).rejects.toThrow(
      "This invite link is not valid any more",
    );
    await api(alice).tournament.requestToJoin({ tournamentId: t.id, token: panel.inviteToken! });
    await api(bob).tournament.requestToJoin({ tournamentId: t.id, token: panel.inviteToken! });
    await expect(api(alice).tournament.requestToJoin({ tournamentId: t.id, token: panel.inviteToken! })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await api(alice).tournament.myRequest({ tournamentId: t.id })).toBe(true);
    const waiting = await api(organizer).tournament.organizerPanel({ tournamentId: t.id });
    expect(waiting.requests.map((r) => r.username)).toEqual([alice.username, bob.username]);
    await expect(api(bob).tournament.answerRequest({ tournamentId: t.id, userId: bob.id, approve: true })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await api(organizer).tournament.answerRequest({ tournamentId: t.id, userId: alice.id, approve: true });
    await api(organizer).tournament.answerRequest({ tournamentId: t.id, userId: bob.id, approve: false });
    await expect(api(organizer).tournament.answerRequest({ tournamentId: t.id, userId: bob.id, approve: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const entered = await h.db.select({ userId: tournamentPlayers.userId }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, t.id));
    expect(entered.map((p) => p.userId)).toEqual([alice.id]);
    // The log is public: it records the entry, never who asked or was declined.
    const log = await auditOf(t.id);
    expect(log.map((a) => a.detail)).toContain(`${alice.username} was approved and entered.`);
    expect(log.filter((a) => a.detail.includes(bob.username))).toEqual([]);
    // A renewed link revokes the old one.
    const { token } = await api(organizer).tournament.renewInviteLink({ tournamentId: t.id });
    expect(token).not.toBe(panel.inviteToken);
    await expect(api(bob).tournament.requestToJoin({ tournamentId: t.id, token: panel.inviteToken! })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("join-request spam", () => {
  it("a declined player may ask again only after the cooldown, and the public log never shows the request or the decline", async () => {
    const organizer = await newPlayer(h);
    const bob = await newPlayer(h);
    const t = await api(organizer).tournament.create(form({ inviteOnly: true }));
    const { inviteToken } = await api(organizer).tournament.organizerPanel({ tournamentId: t.id });
    const ask = { tournamentId: t.id, token: inviteToken! };
    await api(bob).tournament.requestToJoin(ask);
    await api(organizer).tournament.answerRequest({ tournamentId: t.id, userId: bob.id, approve: false });
    // Asking again at once (the 50 cycles) is refused with a sentence and changes nothing.
    for (let i = 0; i < 5; i++) {
      await expect(api(bob).tournament.requestToJoin(ask)).rejects.toMatchObject({
        code: "TOO_MANY_REQUESTS",
        message: "The organizer declined your request: you may ask again in 24 hours.",
      });
    }
    expect(await api(bob).tournament.myRequest({ tournamentId: t.id })).toBe(false);
    expect((await api(organizer).tournament.organizerPanel({ tournamentId: t.id })).requests).toEqual([]);
    await expect(api(organizer).tournament.answerRequest({ tournamentId: t.id, userId: bob.id, approve: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // An hour before the cooldown ends it still holds; after it the request is waiting again.
    const declinedAt = Date.now();
    await expect(requestToJoin(h.db, bob, ask, new Date(declinedAt + REQUEST_COOLDOWN_MS - 3_600_000))).rejects.toThrow("you may ask again in 1 hour.");
    await requestToJoin(h.db, bob, ask, new Date(declinedAt + REQUEST_COOLDOWN_MS + 1000));
    expect((await api(organizer).tournament.organizerPanel({ tournamentId: t.id })).requests.map((r) => r.username)).toEqual([bob.username]);

    // The public log, as anyone reads it, has no trace of the requests or the decline.
    const page = await api(null).tournament.audit({ tournamentId: t.id });
    expect(JSON.stringify(page)).not.toContain(bob.username);
    expect((await auditOf(t.id)).map((a) => a.action)).toEqual(["created"]);
  });
});

describe("removing a registrant", () => {
  it("the organizer removes a player before the start, nobody else can, and not after the start", async () => {
    const organizer = await newPlayer(h);
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    const t = await api(organizer).tournament.create(form());
    await api(a).tournament.join({ tournamentId: t.id });
    await api(b).tournament.join({ tournamentId: t.id });
    await expect(api(a).tournament.removeRegistrant({ tournamentId: t.id, userId: b.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await api(organizer).tournament.removeRegistrant({ tournamentId: t.id, userId: b.id });
    await expect(api(organizer).tournament.removeRegistrant({ tournamentId: t.id, userId: b.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const left = await h.db
      .select()
      .from(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, b.id)));
    expect(left).toHaveLength(0);
    expect((await auditOf(t.id)).find((x) => x.action === "removed")?.detail).toBe(`${b.username} was removed from the registrations.`);
    await api(b).tournament.join({ tournamentId: t.id });
    await api(organizer).tournament.start({ tournamentId: t.id });
    await expect(api(organizer).tournament.removeRegistrant({ tournamentId: t.id, userId: a.id })).rejects.toThrow(
      "Registrants can only be removed before the start",
    );
  });
});
