// The live state between a round's last result and its close: a page read then sees the
// round complete and held open, and the close's fold starts from the state the process
// read before the hold, applying only the rows since, not the whole log to the snapshot
// again (at 100,000 players a second of work while every request waited).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { games, tournamentAudit, tournamentResults, tournamentSnapshots, tournaments } from "@/db/schema";
import { playableGames, startTournament } from "@/engine/formats";
import { players } from "@/engine/formats/testing";
import { apiFor, runningTournament } from "@/test/api-fixtures";
import { openTestDatabase } from "@/test/db";
import { applyLog, applyLogInSlices, expectSaved, foldLog, forget, liveState, rememberSaved } from "./live-state";
import { closeRound } from "./close-round";
import { readTournament } from "./lock-tournament";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(async () => {
  await h.close();
});

describe("the live state of a round being closed", () => {
  it("folds from the state read before the round was held: the snapshot is not read again", async () => {
    const { tournamentId, organizer } = await runningTournament(h, "groups", "brandubh", 8);
    const open = playableGames((await liveState(h.db, tournamentId))!);
    const win = (g: { side1: string; side2: string }) => (g.side1 < g.side2 ? "1-0" : "0-1");
    for (const g of open.slice(0, -1)) {
      const [site] = await h.db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.tournamentId, tournamentId), eq(games.tournamentGameKey, g.id)));
      await apiFor(h, organizer).game.setResult({ gameId: site!.id, result: win(g) });
    }
    // This process reads the state with one result missing (a page view), then the last
    // result is logged and its close has not run (as between the commit and the close).
    expect(playableGames((await liveState(h.db, tournamentId))!)).toHaveLength(1);
    const last = open.at(-1)!;
    await h.db.insert(tournamentResults).values({ tournamentId, gameKey: last.id, outcome: win(last), reason: "normal" });
    await h.db.update(tournaments).set({ pending: 0 }).where(eq(tournaments.id, tournamentId));
    // A page read now: the round is complete and held open.
    const held = (await liveState(h.db, tournamentId))!;
    expect(held.rounds).toHaveLength(1);
    expect(held.rounds[0]!.pending).toBe(0);
    // The stored snapshot is spoiled: a fold that read it again would fail.
    const [t] = await h.db.select({ snapshotId: tournaments.snapshotId }).from(tournaments).where(eq(tournaments.id, tournamentId));
    await h.db
      .update(tournamentSnapshots)
      .set({ state: { spoiled: true } as never })
      .where(eq(tournamentSnapshots.id, t!.snapshotId!));
    const folded = (await foldLog(h.db, tournamentId))!;
    expect(folded.transition.state.rounds).toHaveLength(2);
    expect(folded.transition.events.map((e) => e.type)).toContain("round-released");
    expect(folded.transition.state.rounds[0]!.status).toBe("complete");
  });
});

describe("a league phase whose last result a page read before the close", () => {
  it("is released by the close, which audits it once: the fold starts from the state before the reader's", async () => {
    const { tournamentId, organizer } = await runningTournament(h, "league", "chess-elsewhere", 4);
    const phase1 = playableGames((await liveState(h.db, tournamentId))!);
    expect(phase1).toHaveLength(2);
    const [first] = await h.db
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.tournamentId, tournamentId), eq(games.tournamentGameKey, phase1[0]!.id)));
    await apiFor(h, organizer).game.setResult({ gameId: first!.id, result: "1-0" });
    // The phase's last result is logged and its close has not run (as between the commit and the close).
    await h.db.insert(tournamentResults).values({ tournamentId, gameKey: phase1[1]!.id, outcome: "0-1", reason: "normal" });
    await h.db.update(tournaments).set({ pending: 0 }).where(eq(tournaments.id, tournamentId));
    // A page read now applies it: the reader's state has phase 2 released.
    const read = (await liveState(h.db, tournamentId))!;
    expect(playableGames(read).map((g) => g.id)).not.toContain(phase1[0]!.id);
    const folded = (await foldLog(h.db, tournamentId))!;
    expect(folded.transition.events.map((e) => e.type)).toContain("phase-released");
    await closeRound(h.db, tournamentId);
    const audits = await h.db
      .select({ action: tournamentAudit.action })
      .from(tournamentAudit)
      .where(and(eq(tournamentAudit.tournamentId, tournamentId), eq(tournamentAudit.action, "phase released")));
    expect(audits).toHaveLength(1);
    const phase2 = await h.db
      .select({ key: games.tournamentGameKey })
      .from(games)
      .where(and(eq(games.tournamentId, tournamentId), like(games.tournamentGameKey, "r1-p2-%")));
    expect(phase2).toHaveLength(2);
  });
});

describe("a save committed and not yet remembered", () => {
  it("is read as the state saved, not the snapshot read back, once the tournament points at its snapshot; before, the snapshot is read", async () => {
    const { tournamentId } = await runningTournament(h, "groups", "brandubh", 8);
    const [head] = await h.db
      .select({ snapshotId: tournaments.snapshotId, foldedSeq: tournaments.foldedSeq })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId));
    const read = (await liveState(h.db, tournamentId))!;
    // As between a save's commit and its after-commit task: this process has not remembered it.
    forget(tournamentId);
    const saved = structuredClone(read);
    // A save of another snapshot (not committed, or rolled back): nobody takes it.
    expectSaved(tournamentId, "00000000-0000-7000-8000-000000000000", saved);
    const fromDatabase = (await liveState(h.db, tournamentId))!;
    expect(fromDatabase).not.toBe(saved);
    expect(fromDatabase).toEqual(read);
    forget(tournamentId);
    // The tournament points at the snapshot being saved: its state is taken as it is.
    expectSaved(tournamentId, head!.snapshotId!, saved);
    expect(await liveState(h.db, tournamentId)).toBe(saved);
  });
});

describe("a read that began before this process's close committed", () => {
  it("reads the state the close saved, not a snapshot from the database, and does not put the earlier state back", async () => {
    const { tournamentId } = await runningTournament(h, "groups", "brandubh", 8);
    // A page read takes the tournament's row (its pointer) before the close commits.
    const stale = await readTournament(h.db, tournamentId);
    const before = (await liveState(h.db, tournamentId, stale))!;
    for (const g of playableGames(before)) {
      await h.db.insert(tournamentResults).values({ tournamentId, gameKey: g.id, outcome: g.side1 < g.side2 ? "1-0" : "0-1", reason: "normal" });
    }
    await h.db.update(tournaments).set({ pending: 0 }).where(eq(tournaments.id, tournamentId));
    await closeRound(h.db, tournamentId);
    const current = (await liveState(h.db, tournamentId))!;
    expect(current.rounds).toHaveLength(2);
    // The saved snapshot is spoiled in the database: a read of it would fail.
    const { snapshotId } = await readTournament(h.db, tournamentId);
    expect(snapshotId).not.toBe(stale.snapshotId);
    await h.db
      .update(tournamentSnapshots)
      .set({ state: { spoiled: true } as never })
      .where(eq(tournamentSnapshots.id, snapshotId!));
    // The read with the earlier pointer is given the later state this process has.
    expect(await liveState(h.db, tournamentId, stale)).toBe(current);
    // A reader that began with the earlier state and finishes now does not replace the later one.
    rememberSaved(tournamentId, stale.snapshotId!, before, stale.foldedSeq, stale.version);
    expect(await liveState(h.db, tournamentId)).toBe(current);
  });
});

describe("applying the log in slices", () => {
  it("gives the same state and events as one batch, for a round left open and for one closed", async () => {
    const start = startTournament("groups", players(40), { partition: "fixed", groupSize: 4 } as never, 11);
    const rows = playableGames(start).map((g, i) => ({
      seq: i + 1,
      gameKey: g.id,
      outcome: (["1-0", "0-1", "draw"] as const)[i % 3]!,
      reason: "normal" as const,
      margin: null,
    }));
    for (const options of [{ hold: true }, {}]) {
      const whole = applyLog(start, rows, options);
      const sliced = await applyLogInSlices(start, rows, options, 7);
      expect(sliced.state).toEqual(whole.state);
      expect(sliced.events).toEqual(whole.events);
    }
    // The round closed: round 2 planned, the same in both.
    expect(applyLog(start, rows, {}).state.rounds).toHaveLength(2);
  });
});
