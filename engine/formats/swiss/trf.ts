// A Swiss tournament as a FIDE Tournament Report File (TRF-16, with the XXR and
// XXC lines pairing programs read): anyone can load it into a pairing checker
// (bbpPairings -c, JaVaFo -c) and confirm every round's pairing, as our own tests do.
//
// Completed rounds only: a round in play has no results to report yet. A round a
// player took no part in (not yet entered, withdrawn, absent) is "0000 - Z"; the
// pairing-allocated bye is "0000 - U"; a forfeit is "+" / "-" beside the opponent,
// since the game was paired but not played.

import { pointsOf, type Table } from "./trf-table";

export interface TrfPlayerInfo {
  readonly name: string;
  readonly rating: number;
  /** Place in the standings, 1 = first (0 when unknown). */
  readonly rank: number;
}

export interface TrfOptions {
  readonly tournamentName: string;
  /** Rounds to write (the completed ones); the table may hold more. */
  readonly rounds: number;
  readonly players: readonly TrfPlayerInfo[];
  /** Players to mark absent ("0000 - Z") in the round after the last written one, the round to pair next. */
  readonly absentNext?: readonly boolean[];
}

const pad = (value: string | number, width: number, align: "left" | "right" = "right"): string => {
  const s = String(value).slice(0, width);
  return align === "right" ? s.padStart(width) : s.padEnd(width);
};

/** Points in TRF's form ("3.5") from half-points. */
const points = (half: number): string => (half / 2).toFixed(1);

/** TRF only takes the characters of Latin-1 and no line breaks: anything else becomes "?". */
const latin1 = (s: string): string => s.replace(/[\r\n]/g, " ").replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

export function writeTrf(table: Table, options: TrfOptions): string {
  const lines: string[] = [];
  lines.push(`012 ${latin1(options.tournamentName)}`);
  lines.push(`062 ${table.players.length}`);
  lines.push("092 Individual: Swiss-System (FIDE Dutch)");
  table.players.forEach((rounds, i) => {
    const info = options.players[i]!;
    // Fixed columns (1-based in the TRF description): start rank 5-8, name 15-47,
    // rating 49-52, points 81-84, rank 86-89, then 10 columns per round from 92.
    const head = Array.from({ length: 91 }, () => " ");
    const put = (column: number, text: string) => {
      for (let c = 0; c < text.length; c++) head[column - 1 + c] = text[c]!;
    };
    let total = 0;
    let roundsText = "";
    for (let r = 0; r < options.rounds; r++) {
      const e = rounds[r];
      const code = e ? e.code : "Z";
      total += pointsOf(code);
      const opponent = e && e.opponent >= 0 ? pad(e.opponent + 1, 4) : "0000";
      roundsText += `${r > 0 ? "  " : ""}${opponent} ${e?.colour ?? "-"} ${code}`;
    }
    if (options.absentNext?.[i]) roundsText += `${options.rounds > 0 ? "  " : ""}0000 - Z`;
    put(1, "001");
    put(5, pad(i + 1, 4));
    put(15, pad(latin1(info.name), 33, "left"));
    put(49, pad(info.rating > 0 ? Math.round(info.rating) : "", 4));
    put(81, pad(points(total), 4));
    put(86, pad(info.rank || "", 4));
    lines.push((head.join("") + roundsText).trimEnd());
  });
  lines.push(`XXR ${table.totalRounds}`);
  lines.push(`XXC ${table.initialColour === "w" ? "white1" : "black1"}`);
  return lines.join("\n") + "\n";
}
