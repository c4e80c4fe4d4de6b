// The API's shape of a new tournament: settings are named values, or a group's named values.
import { describe, expect, it } from "vitest";
import { ZCreateTournamentInput } from "./tournament-rules";

const base = { name: "Club Swiss", format: "swiss", gameType: "chess-elsewhere", timeControl: "3d+6h", minPlayers: 2, maxPlayers: 32 };

describe("ZCreateTournamentInput", () => {
  it("takes a group of settings as named values (the Swiss's tie-breaks, the league's points)", () => {
    expect(ZCreateTournamentInput.safeParse({ ...base, settings: { rounds: 4, tiebreaks: { first: "wins", second: "none" } } }).success).toBe(true);
    expect(ZCreateTournamentInput.safeParse({ ...base, format: "league", settings: { points: { win: 3, draw: 1, loss: 0 } } }).success).toBe(true);
  });

  it("refuses settings nested deeper than a group", () => {
    expect(ZCreateTournamentInput.safeParse({ ...base, settings: { tiebreaks: { first: { deeper: 1 } } } }).success).toBe(false);
  });
});
