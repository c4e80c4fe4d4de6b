// Tournaments on a real database, through the real tRPC procedures: creation rules,
// registration limits, starting, results feeding the engine, rounds created exactly
// once, withdrawals, corrections, and who may do what.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, inArray, like, sql } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { games, tournamentPlayers, tournamentResults, tournamentSnapshots, tournaments } from "@/db/schema";
import { openTestDatabase, uniqueName } from "@/test/db";
import type { SessionUser } from "@/server/auth/session";
import { apiFor, newPlayer } from "@/test/api-fixtures";
import type { GameResult } from "@/lib/contracts";
import { gamesOf, getFormat, groupsOf, playableGames, startTournament as engineStart, type TournamentState } from "@/engine/formats";
import { forget, liveState } from "./live-state";
import { startScheduledTournaments } from "./start-tournament";
import { recordTournamentResult } from "./record-result";
import { transaction } from "../transaction";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

const api = (user: SessionUser | null) => apiFor(h, user);
/** A player rated `rating` in chess, the game of these tournaments. */
const player = (rating?: number) => newPlayer(h, { ratings: rating === undefined ? {} : { "chess-elsewhere": rating } });

const base = { description: "", gameType: "chess-elsewhere", timeControl: "3d+6h", rated: false } as const;

async function tournamentWith(format: "groups" | "league" | "diagonal" | "staged", n: number, settings: Record<string, unknown> = {}, extra = {}) {
  const organizer = await player();
  const limits = { minPlayers: getFormat(format).minPlayers, maxPlayers: Math.min(getFormat(format).maxPlayers, 1000) };
  const t = await api(organizer).tournament.create({ ...base, ...limits, name: `${format} ${uniqueName("")}`, format, settings: settings as never, ...extra });
  const players: SessionUser[] = [];
  for (let i = 0; i < n; i++) {
    const p = await player(2000 - i * 10);
    await api(p).tournament.join({ tournamentId: t.id });
    players.push(p);
  }
  return { organizer, t, players };
}

async function state(id: string): Promise<TournamentState> {
  return (await liveState(h.db, id))!;
}

async function siteGame(tournamentId: string, key: string) {
  const [g] = await h.db
    .select()
    .from(games)
    .where(and(eq(games.tournamentId, tournamentId), eq(games.tournamentGameKey, key)));
  return g!;
}

/** Sets results for every playable game: the stronger player (lower seed index) wins. */
async function playRound(organizer: SessionUser, tournamentId: string, pick: (g: { side1: string; side2: string }) => GameResult = () => "1-0") {
  for (const g of playableGames(await state(tournamentId))) {
    const site = await siteGame(tournamentId, g.id);
    await api(organizer).game.setResult({ gameId: site.id, result: pick(g) });
  }
}

describe("creating and joining", () => {
  it("explains bad settings and refuses anonymous organizers", async () => {
    const me = await player();
    const limits = { minPlayers: 2, maxPlayers: 64 };
    await expect(api(me).tournament.create({ ...base, ...limits, name: "Bad", format: "groups", settings: { groupSize: 1 } })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/^Settings: groupSize/),
    });
    await expect(api(me).tournament.create({ ...base, ...limits, name: "x", format: "groups" })).rejects.toMatchObject({
      message: "The name must be at least 3 characters.",
    });
    await expect(api(me).tournament.create({ ...base, ...limits, name: "Staged", format: "staged", minPlayers: 4 })).rejects.toMatchObject({
      message: "Staged groups championship needs at least 16 players.",
    });
    await expect(api(null).tournament.create({ ...base, ...limits, name: "Anon", format: "groups" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("enforces the player limit even when everyone joins at once, and rating limits", async () => {
    const { t } = await tournamentWith("league", 0, {}, { maxPlayers: 4, minPlayers: 4, minRating: 1000, maxRating: 2100 });
    const hopefuls = await Promise.all(Array.from({ length: 8 }, () => player()));
    const results = await Promise.allSettled(hopefuls.map((p) => api(p).tournament.join({ tournamentId: t.id })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toBe("The tournament is full (4 players).");
    const joined = hopefuls[results.findIndex((r) => r.status === "fulfilled")]!;
    await expect(api(joined).tournament.join({ tournamentId: t.id })).rejects.toMatchObject({ message: "You have already joined this tournament." });
    await api(joined).tournament.leave({ tournamentId: t.id });
    // The summary counts players without listing them.
    const summary = await api(null).tournament.summary({ tournamentId: t.id });
    expect(summary).toMatchObject({ id: t.id, status: "registering", maxPlayers: 4, playerCount: 3 });
    expect(summary).not.toHaveProperty("players");
    expect(summary).not.toHaveProperty("state");
    // The limits apply to the rating in the tournament's game (chess), not in another.
    const weakAtChess = await newPlayer(h, { ratings: { "chess-elsewhere": 900, hnefatafl: 1800 } });
    await expect(api(weakAtChess).tournament.join({ tournamentId: t.id })).rejects.toMatchObject({
      message: "This tournament is for players rated 1000 or more; your rating is 900.",
    });
  });
});

describe("running by itself", () => {
  it("a five-player group elimination runs to its champion; each round created once", async () => {
    const { organizer, t, players } = await tournamentWith("groups", 5, { groupSize: 4 });
    await expect(api(players[0]!).tournament.start({ tournamentId: t.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const started = await api(organizer).tournament.start({ tournamentId: t.id });
    expect(started.games).toBe(playableGames(await state(t.id)).length);
    await expect(api(organizer).tournament.start({ tournamentId: t.id })).rejects.toMatchObject({ message: "The tournament has already started or ended." });
    for (let round = 0; round < 10 && (await state(t.id)).status === "playing"; round++) await playRound(organizer, t.id);
    const final = await api(null).tournament.get({ tournamentId: t.id });
    expect(final.status).toBe("finished");
    // Side 1 always won: the engine's own rules decide the champion; it is one of the players.
    expect(final.champions.length).toBeGreaterThan(0);
    for (const c of final.champions) expect(players.map((p) => p.id)).toContain(c);
    // Every engine game has exactly one site game.
    const s = await state(t.id);
    const engineGames = s.rounds.reduce((n, r) => n + groupsOf(r).reduce((m, g) => m + gamesOf(g).length, 0), 0);
    const [site] = await h.db.select({ n: count() }).from(games).where(eq(games.tournamentId, t.id));
    expect(site!.n).toBe(engineGames);
  });

  it("the seed reproduces the draw: players are handed to the engine in the order they joined, whatever order the database stores them in", async () => {
    // Six players of equal rating: their seeding order is drawn at random, from the order given.
    const { organizer, t } = await tournamentWith("groups", 0);
    const equal: SessionUser[] = [];
    for (let i = 0; i < 6; i++) {
      const p = await player(1700);
      await api(p).tournament.join({ tournamentId: t.id });
      equal.push(p);
    }
    // Storing the first two rows again (same values) puts them at the end of the table's
    // storage, so an unordered read returns them last.
    const firstTwo = and(eq(tournamentPlayers.tournamentId, t.id), inArray(tournamentPlayers.userId, [equal[0]!.id, equal[1]!.id]));
    const rows = await h.db.delete(tournamentPlayers).where(firstTwo).returning();
    await h.db.insert(tournamentPlayers).values(rows);
    const stored = await h.db.select({ id: tournamentPlayers.userId }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, t.id));
    expect(stored.map((r) => r.id)).not.toEqual(equal.map((p) => p.id));
    await api(organizer).tournament.start({ tournamentId: t.id });
    const expected = engineStart(
      "groups",
      equal.map((p) => ({ id: p.id, rating: 1700 })),
      {},
      t.seed,
      { gameType: "chess" },
    );
    expect((await state(t.id)).players).toEqual(expected.players);
  });

  it("a result mid-round appends one log row and leaves the snapshot alone; the round's last result folds", async () => {
    const { organizer, t } = await tournamentWith("groups", 8, { groupSize: 4 });
    await api(organizer).tournament.start({ tournamentId: t.id });
    const snapshot = async () =>
      (
        await h.db
          .select({ state: tournamentSnapshots.state, foldedSeq: tournaments.foldedSeq, pending: tournaments.pending })
          .from(tournaments)
          .innerJoin(tournamentSnapshots, eq(tournamentSnapshots.id, tournaments.snapshotId))
          .where(eq(tournaments.id, t.id))
      )[0]!;
    const before = await snapshot();
    const open = playableGames(await state(t.id));
    expect(before.pending).toBe(open.length);
    await api(organizer).game.setResult({ gameId: (await siteGame(t.id, open[0]!.id)).id, result: "0-1" });
    const after = await snapshot();
    expect(after.state).toEqual(before.state);
    expect(after.foldedSeq).toBe(before.foldedSeq);
    expect(after.pending).toBe(before.pending - 1);
    // The same game finishing again (a repeated finish) is not logged or counted twice.
    const finished = await siteGame(t.id, open[0]!.id);
    await transaction(h.db, (tx) => recordTournamentResult(tx, finished, "1-0", "set by organizer", null, new Date()));
    expect((await snapshot()).pending).toBe(before.pending - 1);
    const log = await h.db.select().from(tournamentResults).where(eq(tournamentResults.tournamentId, t.id));
    expect(log).toMatchObject([{ gameKey: open[0]!.id, outcome: "0-1", reason: "organizer" }]);
    // The live state (snapshot + log) has the result; so do the standings and the page.
    expect(gamesOf(groupsOf((await state(t.id)).rounds[0]!)[0]!)[0]!.result).toMatchObject({ outcome: "0-1" });
    // Every result but the round's last leaves the snapshot as it was; the last one folds.
    for (const g of open.slice(1, -1)) await api(organizer).game.setResult({ gameId: (await siteGame(t.id, g.id)).id, result: "1-0" });
    const beforeLast = await snapshot();
    expect(beforeLast.state).toEqual(before.state);
    expect(beforeLast.foldedSeq).toBe(before.foldedSeq);
    expect(beforeLast.pending).toBe(1);
    await api(organizer).game.setResult({ gameId: (await siteGame(t.id, open.at(-1)!.id)).id, result: "1-0" });
    const closed = await snapshot();
    expect(closed.foldedSeq).toBeGreaterThanOrEqual(log[0]!.seq + open.length - 1);
    expect(closed.state!.rounds.length).toBe(2);
    expect(closed.pending).toBe(playableGames(closed.state!).length);
  });

  it("a tournament stored before the result log (whole state, counter filled by the migration) keeps running", async () => {
    const { organizer, t } = await tournamentWith("groups", 4, { groupSize: 4 });
    await api(organizer).tournament.start({ tournamentId: t.id });
    const open = playableGames(await state(t.id));
    // As migration 0004 leaves it: results so far inside the state, an empty log.
    await api(organizer).game.setResult({ gameId: (await siteGame(t.id, open[0]!.id)).id, result: "1-0" });
    const folded = await state(t.id);
    await h.db.delete(tournamentResults).where(eq(tournamentResults.tournamentId, t.id));
    const [old] = await h.db.insert(tournamentSnapshots).values({ tournamentId: t.id, state: folded }).returning();
    await h.db.update(tournaments).set({ snapshotId: old!.id, foldedSeq: 0, pending: 0 }).where(eq(tournaments.id, t.id));
    await h.db.execute(
      sql`UPDATE tournaments SET pending = COALESCE((s.state::json->'rounds'->-1->>'pending')::int, 0) FROM tournament_snapshots s WHERE s.id = tournaments.snapshot_id AND tournaments.id = ${t.id}`,
    );
    forget(t.id); // this process remembered the live state; read the stored one
    await playRound(organizer, t.id);
    const final = await api(null).tournament.get({ tournamentId: t.id });
    expect(final.state!.rounds[0]!.status).toBe("complete");
  });

  it("simultaneous last results of a round create the next round exactly once", async () => {
    const { organizer, t, players } = await tournamentWith("groups", 6, { groupSize: 3 });
    await api(organizer).tournament.start({ tournamentId: t.id });
    const strength = new Map(players.map((p, i) => [p.id, i]));
    const stronger = (g: { side1: string; side2: string }) => (strength.get(g.side1)! < strength.get(g.side2)! ? "1-0" : "0-1");
    const pending = playableGames(await state(t.id));
    // All but the last two, one by one; then the last two at the same moment.
    for (const g of pending.slice(0, -2)) await api(organizer).game.setResult({ gameId: (await siteGame(t.id, g.id)).id, result: stronger(g) });
    const lastTwo = pending.slice(-2);
    await Promise.all(lastTwo.map(async (g) => api(organizer).game.setResult({ gameId: (await siteGame(t.id, g.id)).id, result: stronger(g) })));
    const s = await state(t.id);
    expect(s.rounds).toHaveLength(2);
    const [round2] = await h.db
      .select({ n: count() })
      .from(games)
      .where(and(eq(games.tournamentId, t.id), like(games.tournamentGameKey, "r2-%")));
    expect(round2!.n).toBe(playableGames(s).length);
  });

  it("a league of four runs to the end with the right table", async () => {
    const { organizer, t, players } = await tournamentWith("league", 4);
    await api(organizer).tournament.start({ tournamentId: t.id });
    // The higher-rated player always wins: the strongest must top the table with 18 points.
    const strength = new Map(players.map((p, i) => [p.id, i]));
    for (let phase = 0; phase < 10 && (await state(t.id)).status === "playing"; phase++) {
      await playRound(organizer, t.id, (g) => (strength.get(g.side1)! < strength.get(g.side2)! ? "1-0" : "0-1"));
    }
    const view = await api(null).tournament.get({ tournamentId: t.id });
    expect(view.status).toBe("finished");
    expect(view.champions).toEqual([players[0]!.id]);
    const table = await api(null).tournament.standings({ tournamentId: t.id });
    expect(table.rows.map((r) => r.player)).toEqual(players.map((p) => p.id));
    expect(table.rows[0]!.values.points).toBe(18);
  });

  it("staged: the role is chosen once, before the game begins, and choosing never restarts the clock", async () => {
    const { organizer, t, players } = await tournamentWith("staged", 16, {}, { gameType: "four-colour" });
    await api(organizer).tournament.start({ tournamentId: t.id });
    await playRound(organizer, t.id);
    const open = playableGames(await state(t.id)).filter((g) => g.chooser);
    expect(open.length).toBeGreaterThanOrEqual(2);
    const who = (g: (typeof open)[number]) => {
      const chooser = players.find((p) => p.id === g.chooser)!;
      const other = players.find((p) => p.id === (g.side1 === chooser.id ? g.side2 : g.side1))!;
      return { chooser, other };
    };

    // A lower seed reports a win; the higher seed may no longer swap sides under it.
    const [reported, chosen] = [open[0]!, open[1]!];
    const r = who(reported);
    const site = await siteGame(t.id, reported.id);
    const otherWins = site.side1Id === r.other.id ? "1-0" : "0-1";
    const pending = await api(r.other).game.report({ gameId: site.id, result: otherWins });
    await expect(api(r.chooser).tournament.chooseRole({ gameId: site.id, role: "B" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Roles can only be chosen before the game starts; a result has already been reported.",
    });
    await api(r.chooser).game.answerReport({ gameId: site.id, answer: "confirm", reportId: pending.report!.id });
    const done = await siteGame(t.id, reported.id);
    expect(done.result).toBe(otherWins);
    expect(done.side1Id === r.other.id ? "1-0" : "0-1").toBe(done.result);

    // One choice; repeating it is refused and the clock keeps the deadline it started with.
    const c = who(chosen);
    const before = await siteGame(t.id, chosen.id);
    await api(c.chooser).tournament.chooseRole({ gameId: before.id, role: "B" });
    const after = await siteGame(t.id, chosen.id);
    expect(after.side2Id).toBe(c.chooser.id);
    expect(after.deadline).toEqual(before.deadline);
    for (const role of ["A", "B"] as const) {
      await expect(api(c.chooser).tournament.chooseRole({ gameId: before.id, role })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: "The roles of this game are settled: they have been chosen already, or the rules fix them.",
      });
    }
    const again = await siteGame(t.id, chosen.id);
    expect([again.side1Id, again.side2Id, again.deadline]).toEqual([after.side1Id, after.side2Id, after.deadline]);
  });

  it("a staged championship of sixteen runs to a champion; the higher seed may choose B", async () => {
    const { organizer, t, players } = await tournamentWith("staged", 16, {}, { gameType: "four-colour" });
    await api(organizer).tournament.start({ tournamentId: t.id });
    const strength = new Map(players.map((p, i) => [p.id, i]));
    let chose = false;
    for (let round = 0; round < 12 && (await state(t.id)).status === "playing"; round++) {
      const s = await state(t.id);
      const open = playableGames(s).find((g) => g.chooser);
      if (open && !chose) {
        const site = await siteGame(t.id, open.id);
        const chooser = players.find((p) => p.id === open.chooser)!;
        const other = players.find((p) => p.id !== chooser.id && (p.id === open.side1 || p.id === open.side2))!;
        await expect(api(other).tournament.chooseRole({ gameId: site.id, role: "B" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
        await api(chooser).tournament.chooseRole({ gameId: site.id, role: "B" });
        expect((await siteGame(t.id, open.id)).side2Id).toBe(chooser.id);
        chose = true;
      }
      await playRound(organizer, t.id, (g) => (strength.get(g.side1)! < strength.get(g.side2)! ? "1-0" : "0-1"));
    }
    expect(chose).toBe(true);
    const view = await api(null).tournament.get({ tournamentId: t.id });
    expect(view.status).toBe("finished");
    expect(view.champions).toEqual([players[0]!.id]);
  });
});

describe("organizer actions", () => {
  it("a withdrawal mid-round forfeits the player's unplayed games (group elimination)", async () => {
    const { organizer, t, players } = await tournamentWith("groups", 4, { groupSize: 4 });
    await api(organizer).tournament.start({ tournamentId: t.id });
    const quitter = players[1]!;
    await expect(api(players[2]!).tournament.withdraw({ tournamentId: t.id, playerId: quitter.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await api(quitter).tournament.withdraw({ tournamentId: t.id, playerId: quitter.id });
    const s = await state(t.id);
    expect(s.withdrawals.map((w) => w.player)).toEqual([quitter.id]);
    const theirs = await h.db.select().from(games).where(eq(games.tournamentId, t.id));
    for (const g of theirs.filter((g) => g.side1Id === quitter.id || g.side2Id === quitter.id)) {
      expect(g.status).toBe("finished");
      expect(g.result).toBe(g.side1Id === quitter.id ? "0-1" : "1-0");
    }
    expect(playableGames(s).every((g) => g.side1 !== quitter.id && g.side2 !== quitter.id)).toBe(true);
  });

  it("a correction re-runs the standings; every organizer action is refused to others", async () => {
    const { organizer, t, players } = await tournamentWith("league", 4);
    const stranger = await player();
    await api(organizer).tournament.start({ tournamentId: t.id });
    const [first] = playableGames(await state(t.id));
    const site = await siteGame(t.id, first!.id);
    await expect(api(stranger).game.setResult({ gameId: site.id, result: "1-0" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(api(players[0]!).game.setResult({ gameId: site.id, result: "1-0" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await api(organizer).game.setResult({ gameId: site.id, result: "1-0" });
    const before = (await api(null).tournament.standings({ tournamentId: t.id })).rows.find((r) => r.player === first!.side1)!;
    await api(organizer).game.setResult({ gameId: site.id, result: "0-1" });
    const after = (await api(null).tournament.standings({ tournamentId: t.id })).rows.find((r) => r.player === first!.side1)!;
    expect(before.values.points).toBe(3);
    expect(after.values.points).toBe(0);
    const audit = (await api(null).tournament.get({ tournamentId: t.id })).audit.map((a) => a.action);
    expect(audit).toEqual(expect.arrayContaining(["created", "started", "result set", "result corrected"]));

    for (const attempt of [
      () => api(stranger).tournament.cancel({ tournamentId: t.id }),
      () => api(stranger).tournament.withdraw({ tournamentId: t.id, playerId: players[0]!.id }),
      () => api(players[0]!).tournament.withdraw({ tournamentId: t.id, playerId: players[0]!.id, disqualify: true }),
      () => api(stranger).tournament.start({ tournamentId: t.id }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await api(organizer).tournament.cancel({ tournamentId: t.id });
    expect((await api(null).tournament.get({ tournamentId: t.id })).status).toBe("cancelled");
    const [active] = await h.db
      .select({ n: count() })
      .from(games)
      .where(and(eq(games.tournamentId, t.id), eq(games.status, "active")));
    expect(active!.n).toBe(0);
  });

  it("starts at the scheduled time, or cancels when too few joined", async () => {
    const soon = new Date(Date.now() + 60_000);
    const enough = await tournamentWith("league", 4, {}, { startsAt: soon, minPlayers: 4 });
    const tooFew = await tournamentWith("league", 2, {}, { startsAt: soon, minPlayers: 4 });
    const done = await startScheduledTournaments(h.db, new Date(Date.now() + 120_000));
    expect(done).toEqual(expect.arrayContaining([enough.t.id, tooFew.t.id]));
    expect((await api(null).tournament.get({ tournamentId: enough.t.id })).status).toBe("running");
    const cancelled = await api(null).tournament.get({ tournamentId: tooFew.t.id });
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.audit.at(-1)!.detail).toMatch(/needs at least 4 players; 2 joined/);
  });
});
