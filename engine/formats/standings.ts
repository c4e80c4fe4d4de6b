// Ranking rows by an ordered list of tiebreak keys, with shared ranks ("3=") for
// rows equal on every key and a sentence per row saying why it is above the next
// one, so a page can show *why* A is above B. Tournament standings hand the
// sentences out on demand (Standings.why), since a page shows a few rows of many.

import type { RankedRow, StandingRow, Standings } from "./types";

export interface RankKey {
  readonly name: string;
  /** Noun for the sentence: "points", "wins as black". */
  readonly label: string;
  /** Which direction is better. */
  readonly better: "high" | "low";
  /** The comparison word when "more"/"fewer" would read wrong ("better place"). */
  readonly word?: string;
  /** Words for a value where the number means nothing to a reader ("won the final"). */
  readonly describe?: (value: number) => string;
}

export interface RankEntry {
  readonly player: string;
  readonly values: Readonly<Record<string, number>>;
  readonly status: StandingRow["status"];
}

const fmt = (x: number): string => (Number.isInteger(x) ? String(x) : String(Math.round(x * 1000) / 1000));

/**
 * Sorts entries by the keys (the incoming order breaks remaining ties only for the
 * listing; such rows share a rank). Each row's "why" is written only when asked
 * for (`why(i)`): a page shows about 70 rows of 100,000, and writing a sentence per
 * row cost more than the sort.
 */
export function rankTable(entries: readonly RankEntry[], keys: readonly RankKey[]): Standings {
  const n = entries.length;
  // One typed column per key, negated where higher is better, so that smaller
  // always sorts first: comparing numbers in arrays instead of reading
  // `values[name]` from each row halves a 100,000-row sort.
  const columns = keys.map((k) => {
    const column = new Float64Array(n);
    const sign = k.better === "high" ? -1 : 1;
    for (let i = 0; i < n; i++) column[i] = sign * ((entries[i] as RankEntry).values[k.name] ?? 0);
    return column;
  });
  const tie = (a: number, b: number): number => {
    for (let k = 0; k < columns.length; k++) {
      const column = columns[k] as Float64Array;
      const x = column[a] as number;
      const y = column[b] as number;
      if (x !== y) return x - y;
    }
    return 0;
  };
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => tie(a, b) || a - b);
  const rows: RankedRow[] = new Array<RankedRow>(n);
  let rank = 1;
  let label = "";
  let samePrev = false;
  for (let i = 0; i < n; i++) {
    const at = order[i] as number;
    const e = entries[at] as RankEntry;
    const sameNext = i + 1 < n && tie(at, order[i + 1] as number) === 0;
    if (!samePrev) {
      rank = i + 1;
      // Rows of a shared rank share one label string (75,000 players may share one).
      label = sameNext ? `${rank}=` : String(rank);
    }
    rows[i] = { player: e.player, rank, rankLabel: label, values: e.values, status: e.status };
    samePrev = sameNext;
  }
  return { rows, why: (i) => (i >= 0 && i + 1 < n ? explainOrder(rows[i] as RankedRow, rows[i + 1] as RankedRow, keys) : "") };
}

/** rankTable with every row's sentence written (small tables: a group, a league). */
export function rankByKeys(entries: readonly RankEntry[], keys: readonly RankKey[]): StandingRow[] {
  return standingRows(rankTable(entries, keys));
}

/** Row `index` of a table with its "why" (fields in StandingRow's order, so the JSON reads as it always did). */
export function standingRow(table: Standings, index: number): StandingRow {
  const r = table.rows[index] as RankedRow;
  return { player: r.player, rank: r.rank, rankLabel: r.rankLabel, values: r.values, why: table.why(index), status: r.status };
}

/** Every row of a table with its "why". */
export function standingRows(table: Standings): StandingRow[] {
  return table.rows.map((_, i) => standingRow(table, i));
}

/** "same points (7); more wins: 3 vs 2" or "tied on points and wins: shared rank". */
export function explainOrder(a: Pick<RankEntry, "values">, b: Pick<RankEntry, "values">, keys: readonly RankKey[]): string {
  const same: string[] = [];
  for (const k of keys) {
    const x = a.values[k.name] ?? 0;
    const y = b.values[k.name] ?? 0;
    if (x !== y) {
      const word = k.word ?? (k.better === "high" ? "more" : "fewer");
      const prefix = same.length > 0 ? `same ${same.join(", ")}; ` : "";
      const show = k.describe ?? fmt;
      return `${prefix}${word} ${k.label}: ${show(x)} vs ${show(y)}`;
    }
    same.push(`${k.label} (${fmt(x)})`);
  }
  return `tied on ${keys.map((k) => k.label).join(", ")}: shared rank`;
}

/** Rank label helper for orders decided elsewhere (every rank unique). */
export function uniqueRows(entries: readonly RankEntry[], whys: readonly string[]): StandingRow[] {
  return entries.map((e, i) => ({
    player: e.player,
    rank: i + 1,
    rankLabel: String(i + 1),
    values: e.values,
    why: whys[i] ?? "",
    status: e.status,
  }));
}
