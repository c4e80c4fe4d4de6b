// Every mutating procedure, called as an anonymous visitor, an unrelated player, a
// participant and the organizer: each is allowed or refused exactly as it should be.
// The table must name every mutation the API has, so a new one cannot slip in unchecked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer, runningTournament, type Caller } from "@/test/api-fixtures";
import { openTestDatabase } from "@/test/db";
import { createGame } from "@/server/services/game/create-game";
import { eq } from "drizzle-orm";
import { games, notifications } from "@/db/schema";
import { appRouter } from "./root";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

type Role = "anonymous" | "unrelated" | "participant" | "organizer";
/** "ok", or the error code the caller must get. */
type Expect = "ok" | "UNAUTHORIZED" | "FORBIDDEN" | "BAD_REQUEST" | "NOT_FOUND" | "CONFLICT";
interface Case {
  /** Builds a fresh world and returns the call to make and who each role is. */
  setup(): Promise<{ call: (api: Caller) => Promise<unknown>; participant: SessionUser; organizer: SessionUser }>;
  expect: Record<Role, Expect>;
}

const PASSWORD = "fixture password";
const anyone = { anonymous: "UNAUTHORIZED", unrelated: "ok", participant: "ok", organizer: "ok" } as const;
const playersOnly = { anonymous: "UNAUTHORIZED", unrelated: "FORBIDDEN", participant: "ok", organizer: "FORBIDDEN" } as const;
const organizerOnly = { anonymous: "UNAUTHORIZED", unrelated: "FORBIDDEN", participant: "FORBIDDEN", organizer: "ok" } as const;

async function tafl() {
  const t = await runningTournament(h, "league", "hnefatafl", 4);
  return { ...t, participant: t.side1 };
}
async function chessPair() {
  const [a, b] = [await newPlayer(h), await newPlayer(h)];
  const game = await h.db.transaction((tx) =>
    createGame(tx, { gameType: "chess-elsewhere", side1Id: a.id, side2Id: b.id, rated: false, initialMs: 1e8, incrementMs: 0 }, new Date()),
  );
  return { a, b, game };
}

/** A tournament in registration with one member (entered by approval when invite-only). */
async function registering(inviteOnly = false) {
  const organizer = await newPlayer(h);
  const member = await newPlayer(h);
  const form = {
    name: "Organizer check",
    format: "league" as const,
    gameType: "chess-elsewhere" as const,
    timeControl: "3d+6h",
    minPlayers: 4,
    maxPlayers: 8,
    inviteOnly,
  };
  const t = await apiFor(h, organizer).tournament.create(form);
  const token = inviteOnly ? (await apiFor(h, organizer).tournament.organizerPanel({ tournamentId: t.id })).inviteToken! : "";
  if (inviteOnly) {
    await apiFor(h, member).tournament.requestToJoin({ tournamentId: t.id, token });
    await apiFor(h, organizer).tournament.answerRequest({ tournamentId: t.id, userId: member.id, approve: true });
  } else {
    await apiFor(h, member).tournament.join({ tournamentId: t.id });
  }
  return { organizer, member, t, token, form: { ...form, description: "", settings: {}, rated: true } };
}

const CASES: Record<string, Case> = {
  "account.signUp": {
    async setup() {
      const me = await newPlayer(h);
      let n = 0;
      return { participant: me, organizer: me, call: (api) => api.account.signUp({ username: `su${Date.now() % 1e9}${n++}`, password: PASSWORD }) };
    },
    expect: { anonymous: "ok", unrelated: "ok", participant: "ok", organizer: "ok" },
  },
  "account.changePassword": {
    async setup() {
      const me = await newPlayer(h, { password: PASSWORD });
      return { participant: me, organizer: me, call: (api) => api.account.changePassword({ currentPassword: PASSWORD, newPassword: "another password" }) };
    },
    // An unrelated user changes their own password only; their own is not PASSWORD.
    expect: { anonymous: "UNAUTHORIZED", unrelated: "BAD_REQUEST", participant: "ok", organizer: "ok" },
  },
  "account.signOutEverywhere": {
    async setup() {
      const me = await newPlayer(h);
      return { participant: me, organizer: me, call: (api) => api.account.signOutEverywhere() };
    },
    // Anyone signed in ends their own sessions only.
    expect: anyone,
  },
  "account.delete": {
    async setup() {
      const me = await newPlayer(h, { password: PASSWORD });
      return { participant: me, organizer: me, call: (api) => api.account.delete({ password: PASSWORD }) };
    },
    expect: { anonymous: "UNAUTHORIZED", unrelated: "BAD_REQUEST", participant: "ok", organizer: "ok" },
  },
  "game.move": {
    async setup() {
      const t = await tafl();
      return { ...t, call: (api) => api.game.move({ gameId: t.game.id, ply: 0, move: "d1-d3" }) };
    },
    expect: playersOnly,
  },
  "game.setDiceSeed": {
    async setup() {
      const t = await runningTournament(h, "league", "hypergammon", 4);
      return { ...t, participant: t.side1, call: (api) => api.game.setDiceSeed({ gameId: t.game.id, seed: "my-seed" }) };
    },
    expect: playersOnly,
  },
  "game.resign": {
    async setup() {
      const t = await tafl();
      return { ...t, call: (api) => api.game.resign({ gameId: t.game.id }) };
    },
    expect: playersOnly,
  },
  "game.abort": {
    async setup() {
      // A live challenge game before anyone moved: its players may abort it.
      const [a, b] = [await newPlayer(h), await newPlayer(h)];
      const game = await h.db.transaction((tx) =>
        createGame(tx, { gameType: "chess", side1Id: a.id, side2Id: b.id, rated: false, initialMs: 180_000, incrementMs: 2_000 }, new Date()),
      );
      return { participant: a, organizer: await newPlayer(h), call: (api) => api.game.abort({ gameId: game.id }) };
    },
    expect: playersOnly,
  },
  "game.draw": {
    async setup() {
      const t = await tafl();
      return { ...t, call: (api) => api.game.draw({ gameId: t.game.id, action: "offer" }) };
    },
    expect: playersOnly,
  },
  "game.report": {
    async setup() {
      const { a, game } = await chessPair();
      return { participant: a, organizer: await newPlayer(h), call: (api) => api.game.report({ gameId: game.id, result: "1-0" }) };
    },
    expect: playersOnly,
  },
  "game.answerReport": {
    async setup() {
      const { a, b, game } = await chessPair();
      const reported = await apiFor(h, a).game.report({ gameId: game.id, result: "1-0" });
      return {
        participant: b,
        organizer: await newPlayer(h),
        call: (api) => api.game.answerReport({ gameId: game.id, answer: "confirm", reportId: reported.report!.id }),
      };
    },
    expect: playersOnly,
  },
  "game.setResult": {
    async setup() {
      const t = await tafl();
      return { ...t, call: (api) => api.game.setResult({ gameId: t.game.id, result: "1-0" }) };
    },
    expect: organizerOnly,
  },
  "challenge.create": {
    async setup() {
      const me = await newPlayer(h);
      return { participant: me, organizer: me, call: (api) => api.challenge.create({ gameType: "chess-elsewhere", timeControl: "3d+6h" }) };
    },
    expect: anyone,
  },
  "challenge.accept": {
    async setup() {
      const creator = await newPlayer(h);
      const ch = await apiFor(h, creator).challenge.create({ gameType: "chess-elsewhere", timeControl: "3d+6h" });
      // The "participant" here is the challenge's creator, who cannot accept their own.
      return { participant: creator, organizer: await newPlayer(h), call: (api) => api.challenge.accept({ challengeId: ch.id }) };
    },
    expect: { anonymous: "UNAUTHORIZED", unrelated: "ok", participant: "BAD_REQUEST", organizer: "ok" },
  },
  "challenge.cancel": {
    async setup() {
      const creator = await newPlayer(h);
      const ch = await apiFor(h, creator).challenge.create({ gameType: "chess-elsewhere", timeControl: "3d+6h" });
      return { participant: creator, organizer: await newPlayer(h), call: (api) => api.challenge.cancel({ challengeId: ch.id }) };
    },
    expect: { anonymous: "UNAUTHORIZED", unrelated: "FORBIDDEN", participant: "ok", organizer: "FORBIDDEN" },
  },
  "challenge.rematch": {
    async setup() {
      const { a, game } = await chessPair();
      await h.db.update(games).set({ status: "finished", result: "1-0" }).where(eq(games.id, game.id));
      // Each role calls on a world of its own, so "ok" is the first offer of the game.
      return { participant: a, organizer: await newPlayer(h), call: (api) => api.challenge.rematch({ gameId: game.id }) };
    },
    expect: playersOnly,
  },
  "challenge.decline": {
    async setup() {
      const [creator, addressee] = [await newPlayer(h), await newPlayer(h)];
      const ch = await apiFor(h, creator).challenge.create({ gameType: "chess-elsewhere", timeControl: "3d+6h", opponent: addressee.username });
      // Only the addressee may decline: not the challenger ("organizer" here), not anyone else.
      return { participant: addressee, organizer: creator, call: (api) => api.challenge.decline({ challengeId: ch.id }) };
    },
    expect: playersOnly,
  },
  "tournament.create": {
    async setup() {
      const me = await newPlayer(h);
      return {
        participant: me,
        organizer: me,
        call: (api) =>
          api.tournament.create({ name: "Auth check", format: "league", gameType: "chess-elsewhere", timeControl: "3d+6h", minPlayers: 4, maxPlayers: 8 }),
      };
    },
    expect: anyone,
  },
  "tournament.join": {
    async setup() {
      const organizer = await newPlayer(h);
      const t = await apiFor(h, organizer).tournament.create({
        name: "Join check",
        format: "league",
        gameType: "chess-elsewhere",
        timeControl: "3d+6h",
        minPlayers: 4,
        maxPlayers: 8,
      });
      return { participant: await newPlayer(h), organizer, call: (api) => api.tournament.join({ tournamentId: t.id }) };
    },
    expect: anyone,
  },
  "tournament.leave": {
    async setup() {
      const organizer = await newPlayer(h);
      const member = await newPlayer(h);
      const t = await apiFor(h, organizer).tournament.create({
        name: "Leave check",
        format: "league",
        gameType: "chess-elsewhere",
        timeControl: "3d+6h",
        minPlayers: 4,
        maxPlayers: 8,
      });
      await apiFor(h, member).tournament.join({ tournamentId: t.id });
      return { participant: member, organizer, call: (api) => api.tournament.leave({ tournamentId: t.id }) };
    },
    expect: { anonymous: "UNAUTHORIZED", unrelated: "BAD_REQUEST", participant: "ok", organizer: "BAD_REQUEST" },
  },
  "tournament.start": {
    async setup() {
      const organizer = await newPlayer(h);
      const member = await newPlayer(h);
      const t = await apiFor(h, organizer).tournament.create({
        name: "Start check",
        format: "league",
        gameType: "chess-elsewhere",
        timeControl: "3d+6h",
        minPlayers: 4,
        maxPlayers: 8,
      });
      await apiFor(h, member).tournament.join({ tournamentId: t.id });
      for (let i = 0; i < 3; i++) await apiFor(h, await newPlayer(h)).tournament.join({ tournamentId: t.id });
      return { participant: member, organizer, call: (api) => api.tournament.start({ tournamentId: t.id }) };
    },
    expect: organizerOnly,
  },
  "tournament.cancel": {
    async setup() {
      const t = await tafl();
      return { ...t, call: (api) => api.tournament.cancel({ tournamentId: t.tournamentId }) };
    },
    expect: organizerOnly,
  },
  "tournament.withdraw": {
    async setup() {
      const t = await tafl();
      // Withdrawing the participant: themself, or the organizer, may.
      return { ...t, call: (api) => api.tournament.withdraw({ tournamentId: t.tournamentId, playerId: t.participant.id }) };
    },
    expect: { anonymous: "UNAUTHORIZED", unrelated: "FORBIDDEN", participant: "ok", organizer: "ok" },
  },
  "tournament.chooseRole": {
    async setup() {
      // Staged, round 1 has no choices; a higher-seed choice exists only from round 2.
      // Here the chooser-less game is refused for everyone but the anonymous and unrelated checks.
      const t = await runningTournament(h, "staged", "four-colour", 16);
      return { participant: t.side1, organizer: t.organizer, call: (api) => api.tournament.chooseRole({ gameId: t.game.id, role: "B" }) };
    },
    expect: { anonymous: "UNAUTHORIZED", unrelated: "FORBIDDEN", participant: "BAD_REQUEST", organizer: "FORBIDDEN" },
  },
  "tournament.edit": {
    async setup() {
      const { organizer, member, t, form } = await registering();
      return { participant: member, organizer, call: (api) => api.tournament.edit({ tournamentId: t.id, tournament: { ...form, name: "Edited check" } }) };
    },
    expect: organizerOnly,
  },
  "tournament.removeRegistrant": {
    async setup() {
      const { organizer, member, t } = await registering();
      return { participant: member, organizer, call: (api) => api.tournament.removeRegistrant({ tournamentId: t.id, userId: member.id }) };
    },
    expect: organizerOnly,
  },
  "tournament.requestToJoin": {
    async setup() {
      const { organizer, member, t, token } = await registering(true);
      return { participant: member, organizer, call: (api) => api.tournament.requestToJoin({ tournamentId: t.id, token }) };
    },
    // Anyone signed in who holds the link may ask (the member asks again only after leaving).
    expect: { anonymous: "UNAUTHORIZED", unrelated: "ok", participant: "CONFLICT", organizer: "ok" },
  },
  "tournament.answerRequest": {
    async setup() {
      const { organizer, t, token } = await registering(true);
      const asker = await newPlayer(h);
      await apiFor(h, asker).tournament.requestToJoin({ tournamentId: t.id, token });
      return { participant: asker, organizer, call: (api) => api.tournament.answerRequest({ tournamentId: t.id, userId: asker.id, approve: true }) };
    },
    expect: organizerOnly,
  },
  "tournament.renewInviteLink": {
    async setup() {
      const { organizer, member, t } = await registering(true);
      return { participant: member, organizer, call: (api) => api.tournament.renewInviteLink({ tournamentId: t.id }) };
    },
    expect: organizerOnly,
  },
  "notification.markRead": {
    async setup() {
      const me = await newPlayer(h);
      const [n] = await h.db
        .insert(notifications)
        .values({ userId: me.id, kind: "game-over", payload: { opponent: "x" }, link: "/", subject: "x" })
        .returning();
      return { participant: me, organizer: me, call: (api) => api.notification.markRead({ id: n!.id }) };
    },
    // Someone else's notification does not exist for the caller.
    expect: { anonymous: "UNAUTHORIZED", unrelated: "NOT_FOUND", participant: "ok", organizer: "ok" },
  },
  "notification.updateSettings": {
    async setup() {
      const me = await newPlayer(h);
      return {
        participant: me,
        organizer: me,
        call: (api) => api.notification.updateSettings({ email: "", emailKinds: ["your-move"], emailDigest: false, reminderHours: [12] }),
      };
    },
    expect: anyone,
  },
  "notification.resendConfirmation": {
    async setup() {
      const me = await newPlayer(h);
      await apiFor(h, me).notification.updateSettings({ email: `${me.username}@example.org`, emailKinds: [], emailDigest: false, reminderHours: [] });
      return { participant: me, organizer: me, call: (api) => api.notification.resendConfirmation() };
    },
    // Only for the caller's own unconfirmed address: an unrelated user has none.
    expect: { anonymous: "UNAUTHORIZED", unrelated: "BAD_REQUEST", participant: "ok", organizer: "ok" },
  },
  "notification.subscribePush": {
    async setup() {
      const me = await newPlayer(h);
      let n = 0;
      return {
        participant: me,
        organizer: me,
        call: (api) =>
          api.notification.subscribePush({
            endpoint: `https://push.example/${me.id}/${n++}`,
            keys: { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", auth: "tBHItJI5svbpez7KI4CCXg" },
          }),
      };
    },
    expect: anyone,
  },
  "notification.unsubscribePush": {
    async setup() {
      const me = await newPlayer(h);
      return { participant: me, organizer: me, call: (api) => api.notification.unsubscribePush({ endpoint: "https://push.example/none" }) };
    },
    expect: anyone,
  },
  "notification.rotateCalendar": {
    async setup() {
      const me = await newPlayer(h);
      return { participant: me, organizer: me, call: (api) => api.notification.rotateCalendar() };
    },
    expect: anyone,
  },
  "notification.announce": {
    async setup() {
      const t = await tafl();
      return { ...t, call: (api) => api.notification.announce({ tournamentId: t.tournamentId, message: "Round 2 starts Monday." }) };
    },
    expect: organizerOnly,
  },
  "notification.retryDelivery": {
    async setup() {
      const me = await newPlayer(h);
      return { participant: me, organizer: me, call: (api) => api.notification.retryDelivery({ id: me.id }) };
    },
    // Site admins only (none of these roles is one).
    expect: { anonymous: "UNAUTHORIZED", unrelated: "FORBIDDEN", participant: "FORBIDDEN", organizer: "FORBIDDEN" },
  },
  "chat.post": {
    async setup() {
      const t = await tafl();
      return { ...t, call: (api) => api.chat.post({ room: { kind: "game", id: t.game.id }, text: "good luck" }) };
    },
    // A game's room: its players write (the organizer reads, and hides).
    expect: playersOnly,
  },
  "chat.hide": {
    async setup() {
      const t = await tafl();
      const m = await apiFor(h, t.side2).chat.post({ room: { kind: "game", id: t.game.id }, text: "rude" });
      return { ...t, call: (api) => api.chat.hide({ messageId: m.id }) };
    },
    expect: organizerOnly,
  },
  "chat.keep": {
    async setup() {
      const t = await tafl();
      const m = await apiFor(h, t.side2).chat.post({ room: { kind: "tournament", id: t.tournamentId }, text: "rude?" });
      return { ...t, call: (api) => api.chat.keep({ messageId: m.id }) };
    },
    expect: organizerOnly,
  },
  "chat.report": {
    async setup() {
      const t = await tafl();
      const m = await apiFor(h, t.side2).chat.post({ room: { kind: "game", id: t.game.id }, text: "rude" });
      return { ...t, call: (api) => api.chat.report({ messageId: m.id, reason: "rude" }) };
    },
    // Any signed-in reader but its author.
    expect: anyone,
  },
  "chat.block": {
    async setup() {
      const t = await tafl();
      return { ...t, call: (api) => api.chat.block({ userId: t.side2.id }) };
    },
    expect: anyone,
  },
  "chat.unblock": {
    async setup() {
      const t = await tafl();
      return { ...t, call: (api) => api.chat.unblock({ userId: t.side2.id }) };
    },
    expect: anyone,
  },
  "notification.markAllRead": {
    async setup() {
      const me = await newPlayer(h);
      return { participant: me, organizer: me, call: (api) => api.notification.markAllRead() };
    },
    expect: anyone,
  },
};

describe("authorization of every mutation", () => {
  it("the table covers every mutation of the API", () => {
    const mutations = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures)
      .filter(([, p]) => p._def.type === "mutation")
      .map(([path]) => path)
      .sort();
    expect(Object.keys(CASES).sort()).toEqual(mutations);
  });

  for (const [path, c] of Object.entries(CASES)) {
    for (const role of ["anonymous", "unrelated", "participant", "organizer"] as const) {
      it(`${path} as ${role}: ${c.expect[role]}`, async () => {
        const world = await c.setup();
        const who = role === "anonymous" ? null : role === "unrelated" ? await newPlayer(h) : role === "participant" ? world.participant : world.organizer;
        const call = world.call(apiFor(h, who));
        if (c.expect[role] === "ok") await expect(call).resolves.not.toThrow();
        else await expect(call).rejects.toMatchObject({ code: c.expect[role] });
      });
    }
  }
});
