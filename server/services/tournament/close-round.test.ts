// A round's close on real PostgreSQL, with other requests of the tournament arriving
// while it runs (close-round.ts). The close is held at a known point, deterministically:
// a second connection inserts, uncommitted, the organizer's "round released" notice
// with the key the close gives it, so the close's insert of its notices waits for
// that connection, after its games are inserted and before it takes the tournament's
// lock. The test goes on once PostgreSQL shows that insert waiting, and lets it go by
// rolling the connection back. Needs a PostgreSQL server (DATABASE_URL): PGlite has
// one connection.
import { afterAll, afterEach, beforeAll, describe, expect, it, inject, vi } from "vitest";
import { and, count, eq, like, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type DbHandle } from "@/db/client";
import { games, tournamentAnnouncements, tournamentAudit, tournamentPlayers, tournamentResults, tournamentSnapshots, tournaments } from "@/db/schema";
import { getFormat, playableGames, type TournamentState } from "@/engine/formats";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import { uniqueName } from "@/test/db";
import { createFreshDatabase, type FreshDatabase } from "@/test/fresh-database";
import { inBackground, letGo } from "@/lib/let-go";
import { closeDueRounds } from "./close-round";
import { liveState } from "./live-state";
import { settleCleanUps } from "../transaction";

const url = inject("testDatabaseUrl");

// A database of the file's own: the test watches it for waiting statements.
let h: DbHandle;
let fresh: FreshDatabase | undefined;
beforeAll(async () => {
  if (!url) return;
  fresh = await createFreshDatabase(url, "moot_test_close");
  h = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
  await h.migrate();
});
afterAll(async () => {
  await settleCleanUps();
  await h?.close();
  await fresh?.drop();
});

const api = (user: SessionUser | null) => apiFor(h, user);

async function running(format: "groups" | "swiss", players: number, settings: Record<string, unknown> = {}) {
  const organizer = await newPlayer(h);
  const t = await api(organizer).tournament.create({
    name: `Close ${uniqueName("")}`,
    description: "",
    format,
    settings: settings as never,
    gameType: "chess",
    timeControl: "3d+6h",
    rated: false,
    minPlayers: getFormat(format).minPlayers,
    maxPlayers: 64,
  });
  for (let i = 0; i < players; i++) await api(await newPlayer(h)).tournament.join({ tournamentId: t.id });
  await api(organizer).tournament.start({ tournamentId: t.id });
  return { organizer, id: t.id };
}

const state = async (id: string): Promise<TournamentState> => (await liveState(h.db, id))!;

async function siteGameId(tournamentId: string, key: string): Promise<string> {
  const [g] = await h.db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.tournamentId, tournamentId), eq(games.tournamentGameKey, key)));
  return g!.id;
}

/** A result with no ties: the player whose id sorts first wins. */
const byId = (g: { side1: string; side2: string }) => (g.side1 < g.side2 ? "1-0" : "0-1");

/** Sets every result of the current round but one (byId); returns the last game's site id and result. */
async function allButLast(organizer: SessionUser, tournamentId: string): Promise<{ gameId: string; result: "1-0" | "0-1" }> {
  const open = playableGames(await state(tournamentId));
  for (const g of open.slice(0, -1)) await api(organizer).game.setResult({ gameId: await siteGameId(tournamentId, g.id), result: byId(g) });
  const last = open.at(-1)!;
  return { gameId: await siteGameId(tournamentId, last.id), result: byId(last) };
}

/** Holds the close of the tournament's round `round` before it takes the lock (see the top of the file); returns its release. */
async function holdClose(tournamentId: string, organizerId: string, round: number): Promise<() => Promise<void>> {
  const c = new pg.Client({ connectionString: fresh!.url });
  await c.connect();
  await c.query("begin");
  await c.query(
    `insert into notifications (id, user_id, kind, payload, link, subject, dedupe_key, created_at)
      values (gen_random_uuid(), $1, 'round-released', '{}', '/', 'held', $2, now())`,
    [organizerId, `round:${tournamentId}:${round}`],
  );
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await c.query("rollback");
    await c.end();
  };
  holds.push(release);
  return release;
}

/** Every hold still on after a test (one that failed) is let go, so no close waits forever. */
const holds: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const release of holds.splice(0)) await release();
});

/** Until `n` inserts (or the snapshot's COPY) wait for a lock (the held close's notices, and whatever waits for the close's games). */
async function waitingInserts(n: number): Promise<void> {
  for (let tries = 0; tries < 1500; tries++) {
    const r = (await h.db.execute(sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and (query ilike '%insert into %' or query ilike 'copy %')`)) as unknown as {
      rows: { n: number }[];
    };
    if (r.rows[0]!.n >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${n} inserts ever waited`);
}

async function gamesOfRound(tournamentId: string, round: number): Promise<string[]> {
  const rows = await h.db
    .select({ key: games.tournamentGameKey })
    .from(games)
    .where(and(eq(games.tournamentId, tournamentId), like(games.tournamentGameKey, `r${round}-%`)));
  return rows.map((r) => r.key!).sort();
}

async function audited(tournamentId: string, action: string): Promise<number> {
  const [row] = await h.db
    .select({ n: count() })
    .from(tournamentAudit)
    .where(and(eq(tournamentAudit.tournamentId, tournamentId), sql`${tournamentAudit.action} = ${action}`));
  return row!.n;
}

/** The tournament's snapshot rows: only the one it points at (a replaced or failed close's row is deleted). */
async function expectOnlyCurrentSnapshot(tournamentId: string): Promise<void> {
  // The replaced ones are deleted a few seconds after the commit: now.
  await settleCleanUps();
  const snapshots = await h.db.select({ id: tournamentSnapshots.id }).from(tournamentSnapshots).where(eq(tournamentSnapshots.tournamentId, tournamentId));
  const [t] = await h.db.select({ snapshotId: tournaments.snapshotId }).from(tournaments).where(eq(tournaments.id, tournamentId));
  expect(snapshots).toEqual([{ id: t!.snapshotId }]);
}

/** Round 2 as the engine has it, each game once on the site, released once. */
async function expectRoundTwoOnce(tournamentId: string): Promise<void> {
  const s = await state(tournamentId);
  expect(s.rounds).toHaveLength(2);
  const keys = playableGames(s)
    .map((g) => g.id)
    .sort();
  expect(keys.length).toBeGreaterThan(0);
  expect(await gamesOfRound(tournamentId, 2)).toEqual(keys);
  expect(await audited(tournamentId, "round started")).toBe(1);
}

/** The round's last result set, its close held before the lock (holdClose). */
async function closeHeld({ organizer, id }: { organizer: SessionUser; id: string }) {
  const last = await allButLast(organizer, id);
  const release = await holdClose(id, organizer.id, 2);
  const closing = api(organizer).game.setResult(last);
  await waitingInserts(1);
  return { organizer, id, release, closing };
}

describe.skipIf(!url)("closing a round while the tournament's other requests arrive", () => {
  it("lets a request that takes the tournament's lock through while the close runs, and readers see the round complete until it commits", async () => {
    const { organizer, id, release, closing } = await closeHeld(await running("groups", 8));
    // The result has committed; the close has inserted round 2's games and waits.
    const [row] = await h.db.select({ pending: tournaments.pending }).from(tournaments).where(eq(tournaments.id, id));
    expect(row!.pending).toBe(0);
    // An announcement takes the tournament's lock: with the close holding it, this would wait for the close.
    await api(organizer).notification.announce({ tournamentId: id, message: "Round 2 soon" });
    // Readers: round 1 complete, not closed, no round 2 yet (no provisional pairings).
    const reading = await state(id);
    expect(reading.rounds).toHaveLength(1);
    expect(reading.rounds[0]!.pending).toBe(0);
    expect(reading.rounds[0]!.status).toBe("playing");
    expect((await api(null).tournament.page({ tournamentId: id })).name).toMatch(/^Close /);
    expect(await gamesOfRound(id, 2)).toEqual([]);
    await release();
    await closing;
    await expectRoundTwoOnce(id);
    const [said] = await h.db.select({ n: count() }).from(tournamentAnnouncements).where(eq(tournamentAnnouncements.tournamentId, id));
    expect(said!.n).toBe(1);
  });

  it("is not held by the request of the round's last result, which awaits it: background work goes on meanwhile", async () => {
    const { id, release, closing } = await closeHeld(await running("groups", 8));
    // The setResult request is in flight, awaiting its close. Background work beside it
    // (another close's slices, the pages' reading ahead) goes on a step a turn when
    // nothing holds the lane, and one step per HOLD_MS (50 ms) while a request that
    // does not await it is in flight: held, the close's own slices went as slowly.
    let steps = 0;
    let on = true;
    const beside = inBackground(async () => {
      while (on) {
        await letGo();
        steps++;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 250));
    on = false;
    await beside;
    // Held, about five steps in 250 ms; unheld, one at every turn of the event loop.
    expect(steps).toBeGreaterThan(50);
    await release();
    await closing;
    await expectRoundTwoOnce(id);
  });

  it("starts again when the tournament changed under it: a cancellation during the close releases nothing", async () => {
    const { organizer, id, release, closing } = await closeHeld(await running("groups", 8));
    await api(organizer).tournament.cancel({ tournamentId: id });
    await release();
    await closing;
    const [t] = await h.db.select({ status: tournaments.status }).from(tournaments).where(eq(tournaments.id, id));
    expect(t!.status).toBe("cancelled");
    expect(await gamesOfRound(id, 2)).toEqual([]);
    expect(await audited(id, "round started")).toBe(0);
    // The snapshot the failed close wrote beside its transaction is gone.
    await expectOnlyCurrentSnapshot(id);
  });

  it("keeps a late entry made during the close: the entry closes the round itself, and the close finds it closed", async () => {
    const { id, release, closing } = await closeHeld(await running("swiss", 8, { rounds: 4, lateEntries: "half" }));
    const late = await newPlayer(h);
    const joining = api(late).tournament.join({ tournamentId: id });
    // The entry needs the state under the lock, so it closes the round first: its games
    // wait for the held close's, and the close, finding the lock taken, gives way.
    await waitingInserts(2);
    await release();
    await Promise.all([closing, joining]);
    await expectRoundTwoOnce(id);
    const s = await state(id);
    expect(s.players.map((p) => p.id)).toContain(late.id);
    expect(await audited(id, "late entry")).toBe(1);
    const [entered] = await h.db
      .select({ n: count() })
      .from(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.userId, late.id)));
    expect(entered!.n).toBe(1);
    await expectOnlyCurrentSnapshot(id);
  });

  it("writes the new snapshot before it takes the tournament's lock, and leaves one snapshot once it has committed", async () => {
    const { organizer, id } = await running("groups", 8);
    const last = await allButLast(organizer, id);
    // Hold every snapshot write (a table lock that conflicts with inserts); the close stops at its own.
    const c = new pg.Client({ connectionString: fresh!.url });
    await c.connect();
    await c.query("begin");
    await c.query("lock table tournament_snapshots in share mode");
    holds.push(async () => {
      await c.query("rollback").catch(() => {});
      await c.end().catch(() => {});
    });
    const closing = api(organizer).game.setResult(last);
    await waitingInserts(1);
    // The close waits at its snapshot with round 2's games inserted and the tournament's lock free.
    const other = new pg.Client({ connectionString: fresh!.url });
    await other.connect();
    try {
      await other.query("begin");
      const locked = await other.query("select id from tournaments where id = $1 for update nowait", [id]);
      expect(locked.rowCount).toBe(1);
      await other.query("rollback");
    } finally {
      await other.end();
    }
    await c.query("rollback");
    await closing;
    await expectRoundTwoOnce(id);
    // The start's snapshot is deleted once the close's is the current one.
    await expectOnlyCurrentSnapshot(id);
  });

  it("closes a round whose close never committed, once, however many processes sweep", async () => {
    const { organizer, id } = await running("groups", 8);
    await allButLast(organizer, id);
    const open = playableGames(await state(id));
    // The last result committed and its process stopped before closing: the log row and the counter at zero, nothing else.
    await h.db.insert(tournamentResults).values({ tournamentId: id, gameKey: open.at(-1)!.id, outcome: byId(open.at(-1)!), reason: "normal" });
    await h.db.update(tournaments).set({ pending: 0 }).where(eq(tournaments.id, id));
    expect(await gamesOfRound(id, 2)).toEqual([]);
    // Not yet: the round is left to the process that took the result for a while.
    expect(await closeDueRounds(h.db)).toEqual([]);
    // Two processes sweep at once: a second copy of the module has its own closes, as another process would.
    const later = new Date(Date.now() + 60_000);
    vi.resetModules();
    const other = (await import("./close-round")) as typeof import("./close-round");
    expect(other.closeDueRounds).not.toBe(closeDueRounds);
    const swept = await Promise.all([closeDueRounds(h.db, later), other.closeDueRounds(h.db, later)]);
    expect(swept.flat()).toContain(id);
    await expectRoundTwoOnce(id);
    expect(await closeDueRounds(h.db, later)).toEqual([]);
  });

  it("still closes a round whose notices meet a key already stored: the close inserts them unskipped, fails, and closes under the lock, skipping it", async () => {
    const { organizer, id } = await running("groups", 8);
    const last = await allButLast(organizer, id);
    // The organizer's "round released" notice of round 2, there before the close (committed).
    const key = `round:${id}:2`;
    await h.db.execute(sql`insert into notifications (id, user_id, kind, payload, link, subject, dedupe_key, created_at)
      values (gen_random_uuid(), ${organizer.id}, 'round-released', '{}', '/', 'stored', ${key}, now())`);
    const failed = vi.spyOn(console, "error");
    await api(organizer).game.setResult(last);
    await expectRoundTwoOnce(id);
    await expectOnlyCurrentSnapshot(id);
    // The stored notice stays the only one with its key; every other notice of the release is there.
    const told = (await h.db.execute(sql`select subject from notifications where dedupe_key = ${key}`)) as unknown as { rows: { subject: string }[] };
    expect(told.rows).toEqual([{ subject: "stored" }]);
    const created = (await h.db.execute(sql`select count(*)::int as n from notifications n join games g on n.dedupe_key like 'created:' || g.id::text || ':%'
      where g.tournament_id = ${id} and g.tournament_game_key like 'r2-%'`)) as unknown as { rows: { n: number }[] };
    expect(created.rows[0]!.n).toBeGreaterThan(0);
    // Nothing was reported as a failed close: the fallback is the close's own.
    expect(failed).not.toHaveBeenCalled();
    failed.mockRestore();
  });
});
