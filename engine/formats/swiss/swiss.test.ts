// The Swiss format's rules one by one: settings, rounds released one at a time,
// late entries, withdrawals, standings and tie-breaks, the TRF export. (Whole
// tournaments against bbpPairings: dutch.oracle.test.ts.)
import { describe, expect, it } from "vitest";
import { gamesOf, groupsOf } from "../core";
import type { FormatResult } from "../types";
import {
  addSwissPlayer,
  recordSwissResults,
  startSwiss,
  swissLateEntryRound,
  swissStandings,
  swissTable,
  swissTrf,
  validateSwiss,
  withdrawSwiss,
  type SwissState,
} from "./swiss";
import { parseTable } from "./trf-table";
import { tiebreakTable } from "./tiebreaks";

describe("Swiss settings, entries and standings", () => {
  const field = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - 10 * i }));
  const win = (state: SwissState): SwissState => {
    const round = state.rounds[state.rounds.length - 1]!;
    const results = gamesOf(groupsOf(round)[0]!)
      .map((g, n) => ({ g, gameId: `r${round.number}-g1-${n + 1}` }))
      .filter(({ g }) => !g.result)
      .map(({ g, gameId }) => ({
        gameId,
        result: { outcome: Number(g.side1.slice(1)) < Number(g.side2.slice(1)) ? "1-0" : "0-1", reason: "normal" } as FormatResult,
      }));
    return recordSwissResults(state, results).state;
  };

  it("refuses bad settings with a sentence each", () => {
    expect(validateSwiss({ rounds: 0 }, 8).map((p) => p.message)).toEqual(["the number of rounds must be between 1 and 30 (got 0)"]);
    expect(validateSwiss({ rounds: 8 }, 8).map((p) => p.message)).toEqual(["8 players can play at most 7 rounds without meeting twice (got 8)"]);
    expect(validateSwiss({ tiebreaks: { first: "koya" } }, 8).map((p) => p.field)).toEqual(["tiebreaks.first"]);
    expect(validateSwiss({ tiebreaks: { first: "wins", second: "wins" } }, 8)[0]!.message).toBe("a tie-break is chosen twice");
    expect(validateSwiss({ round: 5 }, 8)[0]!.message).toMatch(/has no setting "round"/);
    expect(validateSwiss(undefined, 1)[0]!.message).toBe("the Swiss needs at least 2 players (got 1)");
    expect(() => startSwiss(field(4), { rounds: 9 }, 1)).toThrow("4 players can play at most 3 rounds");
  });

  it("plays the set number of rounds, one round released at a time, and crowns the winner", () => {
    let state = startSwiss(field(9), { rounds: 4 }, "nine");
    expect(state.rounds).toHaveLength(1);
    expect(gamesOf(groupsOf(state.rounds[0]!)[0]!)).toHaveLength(4);
    for (let r = 1; r <= 4; r++) {
      expect(state.status).toBe("playing");
      state = win(state);
      expect(state.rounds).toHaveLength(Math.min(r + 1, 4));
    }
    expect(state.status).toBe("finished");
    // The strongest wins every game they play.
    expect(state.champions).toEqual(["p1"]);
    expect(swissStandings(state).rows[0]).toMatchObject({ player: "p1", rank: 1, values: { points: 4 } });
  });

  it("takes a late entry where its rating puts it, pairs them from the next round, and refuses one after the last pairing", () => {
    let state = startSwiss(field(8), { rounds: 3, lateEntries: "last" }, "late");
    state = addSwissPlayer(state, { id: "new", rating: 1985 });
    expect(state.players.map((p) => p.id).slice(0, 4)).toEqual(["p1", "p2", "new", "p3"]);
    expect(() => addSwissPlayer(state, { id: "new", rating: 1500 })).toThrow("already in this tournament");
    state = win(state);
    expect(groupsOf(state.rounds[1]!)[0]!.players).toContain("new");
    // Round 1 counts as an absence: no points, and it is a voluntarily unplayed round.
    expect(swissTable(state).players[2]![0]).toEqual({ opponent: -1, colour: null, code: "Z" });
    state = win(state);
    expect(() => addSwissPlayer(state, { id: "late2", rating: 1000 })).toThrow("the last round is already paired");
  });

  it("takes late entries as the organizer set: until half the rounds are paired (the default), until the last, or none", () => {
    // 5 rounds, "half": entries until round 3 is paired (lichess: 11 rounds -> until round 6).
    let state = startSwiss(field(10), { rounds: 5 }, "late-half");
    expect(state.settings.lateEntries).toBe("half");
    expect(swissLateEntryRound(state)).toBe(2);
    state = win(state);
    expect(swissLateEntryRound(state)).toBe(3);
    state = addSwissPlayer(state, { id: "late", rating: 1500 });
    state = win(state);
    expect(swissLateEntryRound(state)).toBeNull();
    expect(() => addSwissPlayer(state, { id: "later", rating: 1500 })).toThrow("took late entries until round 3 was paired");
    expect(groupsOf(state.rounds[2]!)[0]!.players).toContain("late");
    expect(swissLateEntryRound(startSwiss(field(12), { rounds: 11 }, "x"))).toBe(2);
    const eleven = { ...startSwiss(field(12), { rounds: 11 }, "x") };
    expect(swissLateEntryRound({ ...eleven, rounds: Array.from({ length: 5 }, () => eleven.rounds[0]!) })).toBe(6);
    expect(swissLateEntryRound({ ...eleven, rounds: Array.from({ length: 6 }, () => eleven.rounds[0]!) })).toBeNull();

    const closed = startSwiss(field(6), { rounds: 3, lateEntries: "none" }, "late-none");
    expect(swissLateEntryRound(closed)).toBeNull();
    expect(() => addSwissPlayer(closed, { id: "late", rating: 1500 })).toThrow("takes no late entries");
    expect(validateSwiss({ rounds: 3, lateEntries: "sometimes" }, 6)).toHaveLength(1);
  });

  it("forfeits a withdrawing player's game and pairs them no more", () => {
    let state = startSwiss(field(6), { rounds: 3 }, "withdraw");
    state = withdrawSwiss(state, "p1").state;
    const game = gamesOf(groupsOf(state.rounds[0]!)[0]!).find((g) => g.side1 === "p1" || g.side2 === "p1")!;
    expect(game.result?.reason).toBe("withdrawal");
    state = win(state);
    expect(groupsOf(state.rounds[1]!)[0]!.players).not.toContain("p1");
    expect(swissStandings(state).rows.find((r) => r.player === "p1")!.status).toBe("withdrawn");
  });

  it("computes Buchholz, its cut, Sonneborn-Berger, wins and wins with black, with unplayed rounds against a dummy of one's own score", () => {
    // 4 players, 3 rounds, written as a table: A beats B (w), draws C (b), has the bye;
    // B loses to A, beats D (b), beats C by forfeit; C beats D (w), draws A, loses to B by
    // forfeit; D loses to C and B and is absent in round 3.
    const t = parseTable({
      rounds: 3,
      initialColour: "w",
      table: ["2w1 3b= 0-U", "1b0 4b1 3w+", "4w1 1w= 2b-", "3b0 2w0 0-Z"],
    });
    const tb = tiebreakTable(t, 3);
    expect(tb.score).toEqual([2.5, 2, 1.5, 0]);
    // Opponents' scores: a round after one's last round available to play (C's forfeit
    // loss, D's absence) counts as a draw: C 1.5 -> 2, D 0 -> 0.5.
    // A: B 2 + C 2 + the bye (a dummy with A's own 2.5) = 6.5; cut 1: the lowest (2) goes.
    expect(tb.values.buchholz[0]).toBe(6.5);
    expect(tb.values["buchholz-cut1"][0]).toBe(4.5);
    // B: A 2.5 + D 0.5 + the forfeit win (own 2) = 5; C: D 0.5 + A 2.5 + the forfeit loss
    // (own 1.5, voluntarily unplayed: cut first) = 4.5, cut 1 = 3.
    expect(tb.values.buchholz[1]).toBe(5);
    expect(tb.values.buchholz[2]).toBe(4.5);
    expect(tb.values["buchholz-cut1"][2]).toBe(3);
    // SB: A = 1·2 + ½·2 + 1·2.5 (the bye) = 5.5; B = 0·2.5 + 1·0.5 + 1·2 (the forfeit win) = 2.5.
    expect(tb.values["sonneborn-berger"].slice(0, 2)).toEqual([5.5, 2.5]);
    // Over the board only: A won one game (white), B one (black), C one (white).
    expect(tb.values.wins).toEqual([1, 1, 1, 0]);
    expect(tb.values["wins-black"]).toEqual([0, 1, 0, 0]);
  });

  it("ranks by points and the chosen tie-breaks, says why, and shares a rank only when all are level", () => {
    let state = startSwiss(field(8), { rounds: 3, tiebreaks: { first: "buchholz", second: "wins", third: "none", fourth: "none" } }, "rank");
    for (let r = 0; r < 3; r++) state = win(state);
    const table = swissStandings(state);
    expect(table.rows.map((r) => r.player).slice(0, 1)).toEqual(["p1"]);
    expect(Object.keys(table.rows[0]!.values)).toEqual(["points", "buchholz", "wins"]);
    for (let i = 0; i + 1 < table.rows.length; i++) {
      const [a, b] = [table.rows[i]!, table.rows[i + 1]!];
      if (a.rank === b.rank) expect(a.rankLabel.endsWith("=")).toBe(true);
      else expect(table.why(i)).toMatch(/more (points|Buchholz|wins)/);
    }
  });

  it("exports a TRF whose lines hold each player's rounds in TRF columns", () => {
    let state = startSwiss(field(5), { rounds: 3 }, "trf");
    state = win(state);
    const trf = swissTrf(state, "Club Swiss", (id) => `Player ${id}`);
    const lines = trf.split("\n");
    expect(lines[0]).toBe("012 Club Swiss");
    const p1 = lines.find((l) => l.startsWith("001    1"))!;
    expect(p1.substring(14, 47).trim()).toBe("Player p1");
    expect(p1.substring(80, 84)).toBe(" 1.0");
    expect(p1.substring(91)).toMatch(/^ {3}\d [wb] 1$/);
    expect(lines).toContain("XXR 3");
  });
});
