// The tournament's notices are made by the database (notifySelected): checked here
// against notify, the path every other notice takes, as the oracle. The same
// notices, built one by one in this file as the tournament's code built them before,
// go through notify in one transaction, and the tournament's code makes its own in
// another; both are read back and rolled back. The rows must be the same, and so must
// the deliveries queued for them (e-mail by each recipient's settings, a push per
// subscription) and the hourly counts, whatever the ids.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db, DbHandle } from "@/db/client";
import { notificationSettings, pushSubscriptions, users } from "@/db/schema";
import { UUID_TEXT, newRowId } from "@/db/schema/ids";
import type { EngineEvent, TournamentState } from "@/engine/formats";
import { newPlayer } from "@/test/api-fixtures";
import { openOwnTestDatabase, uniqueName } from "@/test/db";
import type { SessionUser } from "@/server/auth/session";
import type { CreatedGame } from "../game/create-game";
import { transaction } from "../transaction";
import { configureChannels } from "./channels";
import { gameLink, gameSubject, notify, tournamentLink, tournamentSubject, type NewNotification } from "./notify";
import { noticeProgress, noticeStarted } from "./tournament-notices";

let h: DbHandle;
beforeAll(async () => {
  h = await openOwnTestDatabase();
  // E-mail on (nothing is sent: the outbox is only read), so that its deliveries are queued.
  configureChannels({
    siteUrl: "https://moot.test",
    email: { transport: nodemailer.createTransport({ jsonTransport: true }), from: "t@moot.test" },
    push: null,
    secret: "s",
  });
});
afterAll(async () => {
  configureChannels({ siteUrl: "http://localhost:3000", email: null, push: null, secret: "" });
  await h.close();
});

/** A player with a confirmed address, and `settings`; `pushes` subscriptions. */
async function player(settings: { emailKinds?: string[]; emailDigest?: boolean } | null, pushes = 0, confirmed = true): Promise<SessionUser> {
  const p = await newPlayer(h);
  await h.db
    .update(users)
    .set({ email: `${uniqueName("n")}@example.org`, emailConfirmedAt: confirmed ? new Date() : null })
    .where(eq(users.id, p.id));
  if (settings) await h.db.insert(notificationSettings).values({ userId: p.id, ...(settings as object) });
  for (let i = 0; i < pushes; i++)
    await h.db.insert(pushSubscriptions).values({ userId: p.id, endpoint: `https://push.test/${randomUUID()}`, p256dh: "k", auth: "a" });
  return p;
}

/** What a transaction left in the inbox, the outbox and the hourly counts, with every generated id replaced by what it stands for. */
async function written(tx: Db, users: readonly string[]) {
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const notices = rows<{ id: string; user_id: string; kind: string; payload: unknown; link: string; subject: string; dedupe_key: string; created_at: unknown }>(
    await tx.execute(sql`select * from notifications where user_id = any(${`{${users.join(",")}}`}::uuid[])`),
  );
  for (const n of notices) expect(n.id).toMatch(UUID_TEXT);
  const keyOf = new Map(notices.map((n) => [n.id, n.dedupe_key]));
  const outbox = rows<{
    id: string;
    user_id: string;
    channel: string;
    notification_id: string | null;
    subscription_id: string | null;
    dedupe_key: string;
    status: string;
  }>(await tx.execute(sql`select * from notification_outbox where user_id = any(${`{${users.join(",")}}`}::uuid[])`));
  const counts = rows<{ key: string; count: number }>(
    await tx.execute(sql`select key, count from rate_limits where key = any(${`{${users.map((u) => `deliveries:${u}`).join(",")}}`}::text[])`),
  );
  const sorted = <T>(xs: T[]) => xs.map((x) => JSON.stringify(x)).sort();
  return {
    notices: sorted(notices.map(({ id: _id, ...n }) => n)),
    outbox: sorted(
      outbox.map((o) => ({
        user: o.user_id,
        channel: o.channel,
        notice: o.notification_id && keyOf.get(o.notification_id),
        subscription: o.subscription_id,
        status: o.status,
        key: o.dedupe_key.replace(o.notification_id ?? "-", "<notice>"),
      })),
    ),
    counts: sorted(counts),
  };
}

/** What `write` leaves, rolled back afterwards. */
async function leftBy(write: (tx: Db) => Promise<unknown>, users: readonly string[]) {
  let seen: Awaited<ReturnType<typeof written>> | undefined;
  await transaction(h.db, async (tx) => {
    await write(tx);
    seen = await written(tx, users);
    throw new Error("rollback");
  }).catch((err: unknown) => {
    if (!(err instanceof Error) || err.message !== "rollback") throw err;
  });
  return seen!;
}

/** Whether the error, or one it wraps (Drizzle wraps the driver's), is a unique violation. */
function duplicateKey(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (/duplicate key value violates unique constraint/.test(e.message)) return true;
  return false;
}

const ref = (organizerId: string) => ({ id: randomUUID(), name: `Cup "${uniqueName("t")}" {x}, y`, organizerId });

/** The game notices as the tournament's code built them one by one: per player, in the games' order. */
function gameItems(t: ReturnType<typeof ref>, created: readonly CreatedGame[], round: number | undefined, names: Map<string, string>): NewNotification[] {
  const by = new Map<string, CreatedGame[]>();
  for (const g of created) for (const p of [g.side1Id, g.side2Id]) by.set(p, [...(by.get(p) ?? []), g]);
  return [...by].map(([player, mine]) => {
    const first = mine[0]!;
    const opponent = first.side1Id === player ? first.side2Id : first.side1Id;
    const one = mine.length === 1;
    return {
      userId: player,
      kind: "game-created",
      payload: one
        ? { gameId: first.id, opponent: names.get(opponent) ?? "your opponent", tournament: t.name, tournamentId: t.id, round }
        : { games: mine.length, tournament: t.name, tournamentId: t.id, round },
      link: one ? gameLink(first.id) : tournamentLink(t.id),
      subject: one ? gameSubject(first.id) : tournamentSubject(t.id),
      dedupeKey: `created:${first.id}:${player}`,
    };
  });
}

const item = (t: ReturnType<typeof ref>, userId: string, kind: NewNotification["kind"], extra: object, dedupeKey: string): NewNotification => ({
  userId,
  kind,
  payload: { tournament: t.name, tournamentId: t.id, ...extra },
  link: tournamentLink(t.id),
  subject: tournamentSubject(t.id),
  dedupeKey,
});

describe("a tournament's notices, made by the database", () => {
  it("are the notices and deliveries notify makes of the same items: new games, advanced, eliminated, the organizer's, champions", async () => {
    // a: default mail kinds, two push subscriptions; b: mails of "advanced" only;
    // c: a daily digest (no mail at once); d: an address not confirmed; o: the organizer.
    const [a, b, c, d, o] = [
      await player(null, 2),
      await player({ emailKinds: ["advanced"] }, 1),
      await player({ emailDigest: true }),
      await player(null, 0, false),
      await player(null),
    ];
    const gone = randomUUID(); // an opponent with no account row: "your opponent"
    const t = ref(o.id);
    // a has two games; the first released sorts after the second by id, so the key must follow the release order.
    const created: CreatedGame[] = [
      { id: "ffffffff-0000-4000-8000-000000000001", side1Id: a.id, side2Id: b.id, tournamentGameKey: "r2-g1" },
      { id: "00000000-0000-4000-8000-000000000002", side1Id: c.id, side2Id: a.id, tournamentGameKey: "r2-g2" },
      { id: randomUUID(), side1Id: d.id, side2Id: gone, tournamentGameKey: "r2-g3" },
    ];
    const names = new Map([a, b, c, d].map((p) => [p.id, p.username]));
    const everyone = [a.id, b.id, c.id, d.id, o.id, gone];

    const events: EngineEvent[] = [
      { type: "round-complete", round: 1 },
      { type: "round-released", round: 2 },
    ];
    // Only what noticeProgress reads of the state: round 1's advanced and eliminated, and that it goes on.
    const next = { status: "running", rounds: [{ advanced: [a.id, b.id], eliminated: [c.id, d.id] }] } as unknown as TournamentState;
    const expected = [
      ...gameItems(t, created, 2, names),
      item(t, o.id, "round-released", { round: 2 }, `round:${t.id}:2`),
      ...[a, b].map((p) => item(t, p.id, "advanced", { round: 1 }, `advanced:${t.id}:1:${p.id}`)),
      ...[c, d].map((p) => item(t, p.id, "eliminated", { round: 1 }, `eliminated:${t.id}:${p.id}`)),
    ];
    const now = new Date();
    const oracle = await leftBy((tx) => notify(tx, expected, now), everyone);
    const made = await leftBy((tx) => noticeProgress(tx, t, next, events, created, now), everyone);
    expect(made).toEqual(oracle);
    // What the oracle says, in words: a's first game's key; the missing opponent; a's mails and pushes; b's one mail.
    expect(oracle.notices.filter((n) => n.includes("game-created"))).toHaveLength(5);
    expect(oracle.notices.some((n) => n.includes(`created:ffffffff-0000-4000-8000-000000000001:${a.id}`))).toBe(true);
    expect(oracle.notices.some((n) => n.includes("your opponent"))).toBe(true);
    const outboxOf = (u: string) => oracle.outbox.map((x) => JSON.parse(x) as { user: string; channel: string }).filter((x) => x.user === u);
    expect(
      outboxOf(a.id)
        .map((x) => x.channel)
        .sort(),
    ).toEqual(["email", "push", "push", "push", "push"]);
    expect(
      outboxOf(b.id)
        .map((x) => x.channel)
        .sort(),
    ).toEqual(["email", "push", "push"]);
    expect(outboxOf(c.id)).toEqual([]);
    expect(outboxOf(d.id)).toEqual([]);

    // The final: the champion's notice, and no "advanced" for the last round's survivor.
    const finished = { status: "finished", rounds: [{ advanced: [a.id], eliminated: [b.id] }] } as unknown as TournamentState;
    const last: EngineEvent[] = [
      { type: "round-complete", round: 1 },
      { type: "finished", champions: [a.id] },
    ];
    const oracleLast = await leftBy(
      (tx) =>
        notify(tx, [item(t, b.id, "eliminated", { round: 1 }, `eliminated:${t.id}:${b.id}`), item(t, a.id, "champion", {}, `champion:${t.id}:${a.id}`)], now),
      everyone,
    );
    expect(await leftBy((tx) => noticeProgress(tx, t, finished, last, [], now), everyone)).toEqual(oracleLast);
    expect(oracleLast.notices).toHaveLength(2);
  });

  it("the start: one notice per player counting their games, a player with none told of 0", async () => {
    const [a, b, c, o] = [await player(null, 1), await player(null), await player({ emailKinds: [] }), await player(null)];
    const t = ref(o.id);
    const created: CreatedGame[] = [
      { id: randomUUID(), side1Id: a.id, side2Id: b.id, tournamentGameKey: "r1-g1" },
      { id: randomUUID(), side1Id: b.id, side2Id: a.id, tournamentGameKey: "r1-g2" },
    ];
    const games = new Map([
      [a.id, 2],
      [b.id, 2],
      [c.id, 0],
    ]);
    const expected = [...games].map(([p, n]) => item(t, p, "tournament-started", { round: 1, games: n }, `started:${t.id}:${p}`));
    const now = new Date();
    const everyone = [a.id, b.id, c.id, o.id];
    const oracle = await leftBy((tx) => notify(tx, expected, now), everyone);
    expect(await leftBy((tx) => noticeStarted(tx, t, [a.id, b.id, c.id], created, now), everyone)).toEqual(oracle);
    expect(oracle.notices).toHaveLength(3);
    expect(oracle.outbox).toHaveLength(3); // a: a mail and a push; b: a mail; c: no kinds by mail
  });

  /** Two players of a new tournament and its one game, with a state that completes no round (what noticeProgress reads of it). */
  async function oneGame() {
    const [a, b, o] = [await player(null), await player(null), await player(null)];
    const created: CreatedGame[] = [{ id: randomUUID(), side1Id: a.id, side2Id: b.id, tournamentGameKey: "r1-g1" }];
    return { a, b, t: ref(o.id), created, next: { status: "running", rounds: [] } as unknown as TournamentState };
  }

  it("a notice that exists already is not made again, nor delivered again", async () => {
    const { a, b, t, created, next } = await oneGame();
    const now = new Date();
    const twice = await leftBy(
      async (tx) => {
        await noticeProgress(tx, t, next, [], created, now);
        await noticeProgress(tx, t, next, [], created, new Date(now.getTime() + 1000));
      },
      [a.id, b.id],
    );
    expect(twice).toEqual(await leftBy((tx) => noticeProgress(tx, t, next, [], created, now), [a.id, b.id]));
    expect(twice.outbox).toHaveLength(2);
  });

  it("fresh notices (a start's, a close's) meeting a key already stored fail the statement instead of skipping it", async () => {
    const { a, b, t, created, next } = await oneGame();
    const now = new Date();
    await expect(
      leftBy(async (tx) => {
        await noticeStarted(tx, t, [a.id, b.id], created, now);
        await noticeStarted(tx, t, [a.id, b.id], created, now);
      }, []),
    ).rejects.toSatisfy(duplicateKey);
    await expect(
      leftBy(async (tx) => {
        await noticeProgress(tx, t, next, [], created, now);
        await noticeProgress(tx, t, next, [], created, now, { fresh: true });
      }, []),
    ).rejects.toSatisfy(duplicateKey);
  });

  it("numbers its rows after one new id: distinct, version 7, after every id made before and before every id made after", async () => {
    const [a, b, o] = [await player(null), await player(null), await player(null)];
    const created: CreatedGame[] = [{ id: randomUUID(), side1Id: a.id, side2Id: b.id, tournamentGameKey: "r1-g1" }];
    let ids: string[] = [];
    const before = newRowId();
    let after = "";
    await leftBy(async (tx) => {
      await noticeStarted(tx, ref(o.id), [a.id, b.id, o.id], created, new Date());
      after = newRowId();
      const r = (await tx.execute(sql`select id from notifications where user_id in (${a.id}, ${b.id}, ${o.id}) order by id`)) as unknown as {
        rows: { id: string }[];
      };
      ids = r.rows.map((x) => x.id);
    }, []);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(id > before && id < after).toBe(true);
    }
  });
});
