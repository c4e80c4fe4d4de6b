// The tie-breaks a Swiss organizer picks from, by FIDE's tie-break regulations
// (C.07, the 2023 text applied from 2024), computed from the tournament's table
// (trf-table.ts) after its completed rounds:
//
//   buchholz          BH: the sum of the opponents' scores.
//   buchholz-cut1     BH-C1: the same without the least significant one.
//   sonneborn-berger  SB: the sum of each opponent's score times the points scored against them.
//   direct-encounter  DE: among players level on everything before it, the points
//                     scored in their games with each other, when every two of them met.
//   wins              WON: games won over the board.
//   wins-black        BWG: games won over the board with black (the second side).
//
// Unplayed rounds (Art. 16): a round a player did not play (the pairing-allocated
// bye, a forfeit either way, a round they were absent or not yet entered) counts
// as a game against a dummy opponent with the player's own final score. An
// opponent's score is their score with every round after their last one
// available to play (after they withdrew) counted as a draw. For BH-C1 a round
// the player voluntarily did not play (absent, not entered, a forfeit loss) is
// cut before any other.
//
// Scores here are in points (a win 1, a draw ½); SB values are multiples of ¼.

import { pointsOf, type Table, type TableEntry } from "./trf-table";

export const TIEBREAK_NAMES = ["buchholz", "buchholz-cut1", "sonneborn-berger", "direct-encounter", "wins", "wins-black"] as const;
export type TiebreakName = (typeof TIEBREAK_NAMES)[number];

export const TIEBREAK_LABELS: Readonly<Record<TiebreakName, string>> = {
  buchholz: "Buchholz",
  "buchholz-cut1": "Buchholz cut 1",
  "sonneborn-berger": "Sonneborn-Berger",
  "direct-encounter": "direct encounter",
  wins: "wins",
  "wins-black": "wins with black",
};

const PLAYED = new Set(["1", "0", "=", "W", "D", "L"]);
/** A game of the round in play that has no result yet: it counts for nothing so far. */
export const PENDING = "*";
const played = (e: TableEntry | undefined): boolean => !!e && e.opponent >= 0 && PLAYED.has(e.code);
/** A voluntarily unplayed round: absent (not entered, withdrawn), a requested bye, or a forfeit loss. */
const voluntarilyUnplayed = (e: TableEntry | undefined): boolean => !e || e.code === "Z" || e.code === "H" || e.code === "-";

export interface TiebreakTable {
  /** Score in points after the completed rounds, per player. */
  readonly score: readonly number[];
  /** Each tie-break's value per player (direct encounter is computed while ranking: rank.ts). */
  readonly values: Readonly<Record<Exclude<TiebreakName, "direct-encounter">, readonly number[]>>;
}

export function tiebreakTable(table: Table, rounds: number): TiebreakTable {
  const players = table.players;
  const n = players.length;
  const score = players.map((rs) => {
    let s = 0;
    for (let r = 0; r < rounds; r++) s += pointsOf(rs[r]?.code ?? "Z");
    return s / 2;
  });
  // Adjusted scores: rounds after the last one available to play count as draws.
  const adjusted = players.map((rs) => {
    let last = 0;
    for (let r = rounds; r >= 1; r--) {
      if (!voluntarilyUnplayed(rs[r - 1])) {
        last = r;
        break;
      }
    }
    let s = 0;
    for (let r = 0; r < last; r++) s += pointsOf(rs[r]?.code ?? "Z");
    return s / 2 + (rounds - last) * 0.5;
  });
  const bh = new Array<number>(n).fill(0);
  const bhc1 = new Array<number>(n).fill(0);
  const sb = new Array<number>(n).fill(0);
  const wins = new Array<number>(n).fill(0);
  const winsBlack = new Array<number>(n).fill(0);
  players.forEach((rs, i) => {
    const parts: { value: number; vur: boolean }[] = [];
    for (let r = 0; r < rounds; r++) {
      const e = rs[r];
      if (e?.code === PENDING) continue; // a game of the round in play without a result yet
      const got = pointsOf(e?.code ?? "Z") / 2;
      const opponentScore = played(e) ? adjusted[e!.opponent]! : score[i]!;
      parts.push({ value: opponentScore, vur: voluntarilyUnplayed(e) });
      sb[i]! += got * opponentScore;
      if (played(e) && got === 1) {
        wins[i]!++;
        if (e!.colour === "b") winsBlack[i]!++;
      }
    }
    bh[i] = parts.reduce((t, p) => t + p.value, 0);
    // The least significant contribution: a voluntarily unplayed round first, else the lowest.
    parts.sort((a, b) => (a.vur !== b.vur ? (a.vur ? -1 : 1) : a.value - b.value));
    bhc1[i] = bh[i]! - (parts[0]?.value ?? 0);
  });
  return { score, values: { buchholz: bh, "buchholz-cut1": bhc1, "sonneborn-berger": sb, wins, "wins-black": winsBlack } };
}

/**
 * Direct encounter within a group of players level on everything before it: each
 * one's points in the games among them, when every two of them played each other;
 * otherwise it separates nobody (everyone 0). Forfeits are not encounters.
 */
export function directEncounter(table: Table, rounds: number, group: readonly number[]): number[] {
  if (group.length < 2) return group.map(() => 0);
  const inGroup = new Set(group);
  const points = new Map<number, number>();
  const met = new Set<string>();
  for (const i of group) {
    let p = 0;
    const rs = table.players[i]!;
    for (let r = 0; r < rounds; r++) {
      const e = rs[r];
      if (!played(e) || !inGroup.has(e!.opponent)) continue;
      p += pointsOf(e!.code) / 2;
      met.add(i < e!.opponent ? `${i}-${e!.opponent}` : `${e!.opponent}-${i}`);
    }
    points.set(i, p);
  }
  const allMet = met.size === (group.length * (group.length - 1)) / 2;
  return group.map((i) => (allMet ? points.get(i)! : 0));
}
