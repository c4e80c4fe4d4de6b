// State snapshots no tournament points at: the sweeper deletes those written over an
// hour ago (a writer that stopped), never a recent one (a close still writing) nor a
// current one; and a start leaves one snapshot, the current one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { openDatabase, runsBesideTransactions, sendsBytesAsIs, type DbHandle } from "@/db/client";
import { games, tournamentSnapshots, tournaments } from "@/db/schema";
import { playableGames } from "@/engine/formats";
import { newRowId } from "@/db/schema/ids";
import { apiFor, runningTournament } from "@/test/api-fixtures";
import { openTestDatabase } from "@/test/db";
import { dropSnapshot, readSnapshot, snapshotBeside, sweepSnapshots, writeSnapshot } from "./snapshots";
import { settleCleanUps } from "./transaction";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(async () => {
  await h.close();
});

/** A version-7 id made at `at` (db/schema/ids.ts): its first 48 bits are the millisecond. */
function idAt(at: Date): string {
  const fresh = newRowId();
  const ms = at.getTime().toString(16).padStart(12, "0");
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}${fresh.slice(13)}`;
}

describe("snapshots no tournament points at", () => {
  it("are deleted by the sweeper once over an hour old; recent ones and current ones stay", async () => {
    const { tournamentId } = await runningTournament(h, "groups", "brandubh", 4);
    const [t] = await h.db.select({ snapshotId: tournaments.snapshotId }).from(tournaments).where(eq(tournaments.id, tournamentId));
    const mine = await h.db.select({ id: tournamentSnapshots.id }).from(tournamentSnapshots).where(eq(tournamentSnapshots.tournamentId, tournamentId));
    // PostgreSQL: written beside the transaction, as bytes; PGlite: in it, as text.
    const onPostgres = h.kind === "postgres";
    expect(runsBesideTransactions(h.db)).toBe(onPostgres);
    expect(sendsBytesAsIs(h.db)).toBe(onPostgres);
    expect(await h.db.transaction(async (tx) => sendsBytesAsIs(tx))).toBe(onPostgres);
    // The start wrote one snapshot and points at it.
    expect(mine).toEqual([{ id: t!.snapshotId }]);

    const now = new Date();
    const old = idAt(new Date(now.getTime() - 2 * 3_600_000));
    const recent = idAt(new Date(now.getTime() - 60_000));
    await h.db.insert(tournamentSnapshots).values([
      { id: old, tournamentId, state: {} as never },
      { id: recent, tournamentId, state: {} as never },
    ]);
    expect(await sweepSnapshots(h.db, now)).toBeGreaterThanOrEqual(1);
    const left = await h.db
      .select({ id: tournamentSnapshots.id })
      .from(tournamentSnapshots)
      .where(inArray(tournamentSnapshots.id, [old, recent, t!.snapshotId!]));
    expect(left.map((r) => r.id).sort()).toEqual([recent, t!.snapshotId!].sort());

    // At most once an hour: the recent row, an hour old by then, waits for the next sweep.
    expect(await sweepSnapshots(h.db, new Date(now.getTime() + 30 * 60_000))).toBe(0);
    expect(await sweepSnapshots(h.db, new Date(now.getTime() + 2 * 3_600_000))).toBeGreaterThanOrEqual(1);
    const [still] = await h.db.select({ id: tournamentSnapshots.id }).from(tournamentSnapshots).where(eq(tournamentSnapshots.id, recent));
    expect(still).toBeUndefined();
    const [current] = await h.db.select({ id: tournamentSnapshots.id }).from(tournamentSnapshots).where(eq(tournamentSnapshots.id, t!.snapshotId!));
    expect(current).toBeDefined();
  });
});

describe("a snapshot written beside a transaction", () => {
  it("is sent by COPY on PostgreSQL and read back as written, every character, over more writes than the pool has connections", async () => {
    const { tournamentId } = await runningTournament(h, "groups", "brandubh", 4);
    const current = (await readSnapshot(h.db, tournamentId))!.state;
    // Characters JSON escapes, and some it does not (a COPY in text format would have to).
    const odd = { ...current, name: 'tab\t newline\n back\\slash "quote" \u0000 é ☃ 𝄞 \\N' } as typeof current;
    const written: string[] = [];
    for (let i = 0; i < 12; i++) written.push(await writeSnapshot(h.db, tournamentId, i % 2 ? odd : current));
    const rows = await h.db
      .select({ id: tournamentSnapshots.id, state: tournamentSnapshots.state, text: sql<string>`${tournamentSnapshots.state}::text` })
      .from(tournamentSnapshots)
      .where(inArray(tournamentSnapshots.id, written));
    expect(rows).toHaveLength(12);
    for (const r of rows) {
      const expected = written.indexOf(r.id) % 2 ? odd : current;
      expect(r.state).toEqual(expected);
      expect(r.text).toBe(JSON.stringify(expected));
    }
    for (const id of written) await dropSnapshot(h.db, tournamentId, id);
  });

  it("tells when its JSON is made, before the database has taken the row (a reader may read ahead meanwhile)", async () => {
    const { tournamentId } = await runningTournament(h, "groups", "brandubh", 4);
    const state = (await readSnapshot(h.db, tournamentId))!.state;
    if (!runsBesideTransactions(h.db)) {
      // PGlite: written in the transaction, so nothing is made beside it.
      expect(snapshotBeside(h.db, tournamentId, state).made).toBeNull();
      return;
    }
    // Another transaction holds the table: the COPY waits for it, the JSON does not.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = h.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${tournamentSnapshots} in access exclusive mode`);
      locked();
      await held;
    });
    await lockTaken;
    const snapshot = snapshotBeside(h.db, tournamentId, state);
    let written = false;
    void snapshot.beside!.then(() => (written = true));
    await snapshot.made;
    expect(written).toBe(false);
    release();
    await holder;
    const id = await snapshot.beside;
    expect(id).not.toBeNull();
    const [row] = await h.db
      .select({ text: sql<string>`${tournamentSnapshots.state}::text` })
      .from(tournamentSnapshots)
      .where(eq(tournamentSnapshots.id, id!));
    expect(row!.text).toBe(JSON.stringify(state));
    await dropSnapshot(h.db, tournamentId, id!);
  });
});

describe("on the embedded database (PGlite), whatever DATABASE_URL says", () => {
  it("a start and a round's close write their snapshot in the transaction, as text, and leave the current one only", async () => {
    const own = await openDatabase({ dataDir: "memory://" });
    try {
      await own.migrate();
      // PGlite has one connection, and would serialize a Buffer parameter as a value of its own.
      expect(runsBesideTransactions(own.db)).toBe(false);
      expect(sendsBytesAsIs(own.db)).toBe(false);
      const { tournamentId, organizer } = await runningTournament(own, "groups", "brandubh", 8);
      const round1 = playableGames((await readSnapshot(own.db, tournamentId))!.state);
      for (const g of round1) {
        const [site] = await own.db.select({ id: games.id }).from(games).where(eq(games.tournamentGameKey, g.id));
        await apiFor(own, organizer).game.setResult({ gameId: site!.id, result: g.side1 < g.side2 ? "1-0" : "0-1" });
      }
      const after = (await readSnapshot(own.db, tournamentId))!;
      expect(after.state.rounds).toHaveLength(2);
      // The replaced snapshot is deleted a few seconds after the close's commit: now.
      await settleCleanUps();
      const rows = await own.db.select({ id: tournamentSnapshots.id }).from(tournamentSnapshots);
      const [t] = await own.db.select({ snapshotId: tournaments.snapshotId }).from(tournaments).where(eq(tournaments.id, tournamentId));
      expect(rows).toEqual([{ id: t!.snapshotId }]);
    } finally {
      await settleCleanUps();
      await own.close();
    }
  });
});
