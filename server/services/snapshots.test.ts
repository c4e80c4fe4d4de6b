// State snapshots no tournament points at: the sweeper deletes those written over an
// hour ago (a writer that stopped), never a recent one (a close still writing) nor a
// current one; and a start leaves one snapshot, the current one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { tournamentSnapshots, tournaments } from "@/db/schema";
import { newRowId } from "@/db/schema/ids";
import { runningTournament } from "@/test/api-fixtures";
import { openTestDatabase } from "@/test/db";
import { sweepSnapshots } from "./snapshots";

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
    // The start wrote one snapshot, beside its transaction or in it, and points at it.
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
