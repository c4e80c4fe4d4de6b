// Another process's snapshot, told before its commit: a process that has read the
// tournament lately makes it ahead (it folds the close's round itself, or reads the
// written row), and its first read once the tournament points at it takes that state
// instead of reading the row then; across two real server processes too. Also: readers
// of one snapshot share one reading, and a snapshot saved at the same log position (an
// organizer's change right after a close) replaces what a process remembered.
import { fork, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { games, tournamentSnapshots, tournaments } from "@/db/schema";
import { newRowId } from "@/db/schema/ids";
import { getFormat, playableGames, type FormatName, type TournamentState } from "@/engine/formats";
import { connectRedis, type SharedRedis } from "@/server/redis";
import { apiFor, newPlayer, runningTournament } from "@/test/api-fixtures";
import { openTestDatabase, uniqueName } from "@/test/db";
import { readSnapshot, writeSnapshot } from "../snapshots";
import { readRatings } from "./current-ratings";
import { forget, hasSnapshot, liveState } from "./live-state";
import { heardFolded, heardWritten, listenForSnapshots, tellWritten } from "./snapshot-news";

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
      const malformed = [
        "not json",
        JSON.stringify({ origin: "x", tournamentId: own.tournamentId, snapshotId: "1; drop" }),
        // A fold not well formed is not taken for a "written" news either: the row would be read.
        JSON.stringify({ origin: "x", tournamentId: own.tournamentId, snapshotId: own.next, folded: { from: "1; drop", seq: 1, ratings: "" } }),
        JSON.stringify({ origin: "x", tournamentId: own.tournamentId, snapshotId: own.next, folded: { from: newRowId(), seq: "1", ratings: "" } }),
      ];
      for (const message of malformed) {
        await other.publish("moot:snapshot-news", message);
      }
      await other.publish("moot:snapshot-news", JSON.stringify({ origin: randomUUID(), tournamentId: theirs.tournamentId, snapshotId: theirs.next }));
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

describe("a fold another process told of", () => {
  it("is not made from other ratings, nor from a state this process does not have: the row is read if it is written, else nothing", async () => {
    const { tournamentId, state, next } = await readTournamentWithNextSnapshot();
    const [head] = await h.db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
    const { digest } = await readRatings(h.db, head!);
    // Other ratings: read from the row.
    const read = await heardFolded(h.db, tournamentId, next, { from: head!.snapshotId!, seq: 1, ratings: `${digest}x` });
    expect(read?.by).toBe("reading");
    expect(read?.state).toEqual(state);
    // A snapshot this process does not have, and no row written yet: nothing, and the "written" news reads it later.
    const unwritten = newRowId();
    expect(await heardFolded(h.db, tournamentId, unwritten, { from: newRowId(), seq: 1, ratings: digest })).toBeNull();
    expect(hasSnapshot(tournamentId, unwritten)).toBe(false);
  });
});

const sharedDatabase = inject("testDatabaseUrl");
const REDIS_URL = process.env.REDIS_URL;

/** What the second process sends. */
type Said = "ready" | { read: string } | { made: string; by: "fold" | "reading" | null; state: string | null } | { took: string; state: string; same: boolean };

describe.skipIf(!sharedDatabase || !REDIS_URL)("a round's close, told to a second server process as it folds (PostgreSQL and Redis)", () => {
  let other: ChildProcess;
  let redis: SharedRedis;
  const said: Said[] = [];

  /** The first message of the second process (since the last taken) that `pick` accepts; taken. */
  async function heard<T extends Said>(pick: (m: Said) => m is T): Promise<T> {
    return vi.waitFor(
      () => {
        const i = said.findIndex(pick);
        if (i < 0) throw new Error("not yet");
        return said.splice(i, 1)[0] as T;
      },
      { timeout: 20_000, interval: 20 },
    );
  }

  beforeAll(async () => {
    other = fork("test/snapshot-process.ts", [], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, DATABASE_URL: sharedDatabase!, REDIS_URL: REDIS_URL! },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    other.on("message", (m) => said.push(m as Said));
    await heard((m): m is "ready" => m === "ready");
    // This process closes the rounds, and tells of them as a server does.
    redis = await connectRedis(REDIS_URL!);
  }, 30_000);
  afterAll(async () => {
    other?.send("stop");
    await redis?.close();
  });

  /** A rated chess tournament of `players`, each with a rating of their own, started. */
  async function started(format: FormatName, players: number) {
    const organizer = await newPlayer(h);
    const t = await apiFor(h, organizer).tournament.create({
      name: `Folded ${uniqueName("")}`,
      format,
      gameType: "chess",
      timeControl: "3d+6h",
      rated: true,
      minPlayers: getFormat(format).minPlayers,
      maxPlayers: Math.min(getFormat(format).maxPlayers, 64),
    });
    for (let i = 0; i < players; i++) {
      const p = await newPlayer(h, { ratings: { chess: 1400 + ((i * 37) % 400) } });
      await apiFor(h, p).tournament.join({ tournamentId: t.id });
    }
    await apiFor(h, organizer).tournament.start({ tournamentId: t.id });
    return { organizer, id: t.id };
  }

  // `readAt`: how many of round 1's results the second process has applied when it last
  // read the tournament (none, or half): the fold starts from the state it has.
  it.each([
    ["groups", 16, "none"],
    ["swiss", 10, "half"],
    ["elimination", 12, "none"],
    ["league", 6, "half"],
    ["diagonal", 6, "half"],
    ["staged", 21, "none"],
  ] as const)(
    "%s, %i players, read after %s of round 1: the other process folds the round itself into the very state the close saves, and reads no snapshot",
    async (format, players, readAt) => {
      const { organizer, id } = await started(format, players);
      const [before] = await h.db.select({ snapshotId: tournaments.snapshotId }).from(tournaments).where(eq(tournaments.id, id));
      const otherReads = async () => {
        other.send({ read: id });
        await heard((m): m is { read: string } => typeof m === "object" && "read" in m && m.read === id);
      };
      // Round 1's results set by the organizer, the last one's close run by this process:
      // decisive and drawn (an elimination's draw is replayed at once, not closed: decisive there).
      const results = format === "elimination" ? (["1-0", "0-1"] as const) : (["1-0", "0-1", "draw"] as const);
      const open = playableGames((await liveState(h.db, id))!);
      const half = Math.floor(open.length / 2);
      if (readAt === "none") await otherReads();
      for (const [i, g] of open.entries()) {
        if (readAt === "half" && i === half) await otherReads();
        const [site] = await h.db
          .select({ id: games.id })
          .from(games)
          .where(and(eq(games.tournamentId, id), eq(games.tournamentGameKey, g.id)));
        await apiFor(h, organizer).game.setResult({ gameId: site!.id, result: results[i % results.length]! });
      }
      const made = await heard((m): m is Extract<Said, { made: string }> => typeof m === "object" && "made" in m && m.made === id);
      expect(made.by).toBe("fold");
      await vi.waitFor(
        async () => {
          const [now] = await h.db.select({ snapshotId: tournaments.snapshotId }).from(tournaments).where(eq(tournaments.id, id));
          expect(now!.snapshotId).not.toBe(before!.snapshotId);
        },
        { timeout: 20_000, interval: 50 },
      );
      const saved = (await readSnapshot(h.db, id))!.state;
      // JSON both, as the snapshot is stored: the same state, field for field.
      expect(JSON.parse(made.state!)).toStrictEqual(JSON.parse(JSON.stringify(saved)));
      other.send({ take: id });
      const took = await heard((m): m is Extract<Said, { took: string }> => typeof m === "object" && "took" in m && m.took === id);
      expect(took.same).toBe(true);
    },
  );
});
