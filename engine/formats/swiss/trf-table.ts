// The round-by-round table of a Swiss tournament in the compact form of the test
// fixtures: per player, one token per round, "<opponent><colour><result>" as in a
// FIDE TRF line (opponent 0 for none, colour w, b or -, result 1 0 = + - W D L for
// games, U for the pairing-allocated bye, Z H F for other byes). Turned into the
// Dutch pairing's input for any round, and into the pairing that round got.

import type { Colour, PairingInput, PairingPlayer, RoundRecord } from "./dutch";

export interface TableEntry {
  /** Opponent's 0-based index, or -1. */
  readonly opponent: number;
  readonly colour: Colour | null;
  readonly code: string;
}

export interface Table {
  readonly totalRounds: number;
  readonly initialColour: Colour;
  /** players[i][r]: player i (pairing number i+1) in round r+1. */
  readonly players: readonly (readonly TableEntry[])[];
}

/** Points in half-points (win 2), as every fixture uses the standard scoring. */
export function pointsOf(code: string): number {
  switch (code) {
    case "1":
    case "+":
    case "W":
    case "U":
    case "F":
      return 2;
    case "=":
    case "D":
    case "H":
      return 1;
    default:
      return 0;
  }
}

const PLAYED = new Set(["1", "0", "=", "W", "D", "L"]);

export function parseTable(line: { rounds: number; initialColour: Colour; table: readonly string[] }): Table {
  return {
    totalRounds: line.rounds,
    initialColour: line.initialColour,
    players: line.table.map((row) =>
      row.split(" ").map((token) => {
        const m = /^(\d+)([wb-])(.)$/.exec(token);
        if (!m) throw new Error(`bad table token ${token}`);
        return { opponent: Number(m[1]) - 1, colour: m[2] === "-" ? null : (m[2] as Colour), code: m[3]! };
      }),
    ),
  };
}

export function recordOf(entry: TableEntry): RoundRecord {
  return {
    opponent: entry.opponent,
    colour: entry.colour,
    points: pointsOf(entry.code),
    played: PLAYED.has(entry.code) && entry.opponent >= 0,
    pab: entry.code === "U",
  };
}

/** Whether the player was paired in this round (a game, even forfeited, or the pairing-allocated bye). */
export const pairedIn = (entry: TableEntry | undefined): boolean => !!entry && (entry.opponent >= 0 || entry.code === "U");

/** The Dutch pairing's input for round `round` (1-based). */
export function inputFor(table: Table, round: number): PairingInput {
  const players: PairingPlayer[] = table.players.map((rounds, i) => ({
    tpn: i + 1,
    history: rounds.slice(0, round - 1).map(recordOf),
    present: pairedIn(rounds[round - 1]),
  }));
  return { players, round, totalRounds: table.totalRounds, initialColour: table.initialColour, winPoints: 2 };
}

/** The pairing the table shows for round `round`: [white, black] pairs sorted, and the bye. */
export function pairingIn(table: Table, round: number): { pairs: [number, number][]; bye: number | null } {
  const pairs: [number, number][] = [];
  let bye: number | null = null;
  table.players.forEach((rounds, i) => {
    const e = rounds[round - 1];
    if (!e) return;
    if (e.code === "U") bye = i;
    else if (e.opponent >= 0 && e.colour === "w") pairs.push([i, e.opponent]);
  });
  return { pairs: pairs.sort((a, b) => a[0] - b[0]), bye };
}
