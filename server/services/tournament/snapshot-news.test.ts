// Another process's snapshot, told before its commit: a process that has read the
// tournament lately reads it ahead, and its first read once the tournament points at it
// takes that state instead of reading the row then. Also: readers of one snapshot share
// one reading, and a snapshot saved at the same log position (an organizer's change
// right after a close) replaces what a process remembered.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { tournamentSnapshots, tournaments } from "@/db/schema";
import { newRowId } from "@/db/schema/ids";
import type { TournamentState } from "@/engine/formats";
import { connectRedis } from "@/server/redis";
import { runningTournament } from "@/test/api-fixtures";
import { openTestDatabase } from "@/test/db";
import { writeSnapshot } from "../snapshots";
import { forget, hasSnapshot, liveState } from "./live-state";
import { heardWritten, listenForSnapshots, tellWritten } from "./snapshot-news";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(async () => {
  await h.close();
});

/** Points the tournament at another snapshot row, its log position unchanged, as a commit of another process does. */
async function pointAt(tournamentId: string, snapshotId: string): Promise<void> {
  await h.db.update(tournaments).set({ snapshotId }).where(eq(tournaments.id, tournamentId));
}

/** Replaces a snapshot row's JSON: a reader who reads the row from now on gets this instead. */
async function spoil(snapshotId: string): Promise<void> {
  await h.db
    .update(tournamentSnapshots)
    .set({ state: { spoiled: true } as never })
    .where(eq(tournamentSnapshots.id, snapshotId));
}

/** A running tournament this process has read (a page view), its state and the state's new snapshot row, not pointed at yet. */
async function readTournamentWithNextSnapshot() {
  const { tournamentId } = await runningTournament(h, "groups", "brandubh", 8);
  const state = (await liveState(h.db, tournamentId))!;
  const next = await writeSnapshot(h.db, tournamentId, state);
  return { tournamentId, state, next };
}

describe("a snapshot another process wrote and told of", () => {
  it("is read ahead, and taken by the first read once the tournament points at it", async () => {
    const { tournamentId, state, next } = await readTournamentWithNextSnapshot();
    const ahead = (await heardWritten(h.db, tournamentId, next)) as TournamentState;
    expect(ahead).toEqual(state);
    expect(ahead).not.toBe(state);
    expect(hasSnapshot(tournamentId, next)).toBe(true);
    // Read again now, the row would say this.
    await spoil(next);
    await pointAt(tournamentId, next);
    expect(await liveState(h.db, tournamentId)).toBe(ahead);
  });

  it("is not read by a process that has not read the tournament lately, nor again by one that has it", async () => {
    expect(heardWritten(h.db, randomUUID(), newRowId())).toBeNull();
    const { tournamentId, next } = await readTournamentWithNextSnapshot();
    await heardWritten(h.db, tournamentId, next);
    expect(heardWritten(h.db, tournamentId, next)).toBeNull();
  });

  it("read ahead as nothing (the close failed and deleted it) leaves the tournament read as it is", async () => {
    const { tournamentId, state } = await readTournamentWithNextSnapshot();
    const gone = newRowId();
    expect(await heardWritten(h.db, tournamentId, gone)).toBeNull();
    expect(await liveState(h.db, tournamentId)).toEqual(state);
  });

  it.skipIf(!process.env.REDIS_URL)("is heard through Redis from another process; this process's own are not read", async () => {
    const redis = await connectRedis(process.env.REDIS_URL!);
    const other = redis.client.duplicate();
    await other.connect();
    try {
      await listenForSnapshots(redis, h.db);
      const own = await readTournamentWithNextSnapshot();
      const theirs = await readTournamentWithNextSnapshot();
      // This process's own, and messages not well formed, all heard before the other's (one channel, in order).
      await tellWritten(own.tournamentId, Promise.resolve(own.next));
      for (const message of ["not json", JSON.stringify({ origin: "x", tournamentId: own.tournamentId, snapshotId: "1; drop" })]) {
        await other.publish("moot:snapshot-written", message);
      }
      await other.publish("moot:snapshot-written", JSON.stringify({ origin: randomUUID(), tournamentId: theirs.tournamentId, snapshotId: theirs.next }));
      await vi.waitFor(() => expect(hasSnapshot(theirs.tournamentId, theirs.next)).toBe(true));
      expect(hasSnapshot(own.tournamentId, own.next)).toBe(false);
      expect(hasSnapshot(own.tournamentId, "1; drop")).toBe(false);
    } finally {
      await other.close();
      await redis.close();
    }
  });
});

describe("reading a snapshot", () => {
  it("is one reading for the readers who come while it is read", async () => {
    const { tournamentId } = await runningTournament(h, "groups", "brandubh", 8);
    forget(tournamentId);
    const [a, b] = await Promise.all([liveState(h.db, tournamentId), liveState(h.db, tournamentId)]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
  });

  it("takes a snapshot saved at the same log position as the one remembered (a change right after a close)", async () => {
    const { tournamentId, state } = await readTournamentWithNextSnapshot();
    const changed: TournamentState = { ...state, roundsWithoutElimination: state.roundsWithoutElimination + 1 };
    const id = await writeSnapshot(h.db, tournamentId, changed);
    await pointAt(tournamentId, id);
    expect(await liveState(h.db, tournamentId)).toEqual(changed);
  });
});
