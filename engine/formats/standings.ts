// Ranking rows by an ordered list of tiebreak keys, with shared ranks ("3=") for
// rows equal on every key and a sentence per row saying why it is above the next
// one, so a page can show *why* A is above B without recomputing anything.

import type { StandingRow } from "./types";

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
 * listing; such rows share a rank) and explains every adjacent pair.
 */
export function rankByKeys(entries: readonly RankEntry[], keys: readonly RankKey[]): StandingRow[] {
  const cmp = (a: RankEntry, b: RankEntry): number => {
    for (const k of keys) {
      const x = a.values[k.name] ?? 0;
      const y = b.values[k.name] ?? 0;
      if (x !== y) return k.better === "high" ? y - x : x - y;
    }
    return 0;
  };
  const sorted = entries.slice().sort(cmp);
  const rows: StandingRow[] = [];
  let rank = 1;
  for (let i = 0; i < sorted.length; i++) {
    const e = sorted[i] as RankEntry;
    if (i > 0 && cmp(sorted[i - 1] as RankEntry, e) !== 0) rank = i + 1;
    const next = sorted[i + 1];
    const shared = (i > 0 && cmp(sorted[i - 1] as RankEntry, e) === 0) || (next !== undefined && cmp(e, next) === 0);
    rows.push({
      player: e.player,
      rank,
      rankLabel: shared ? `${rank}=` : String(rank),
      values: e.values,
      why: next ? explainOrder(e, next, keys) : "",
      status: e.status,
    });
  }
  return rows;
}

/** "same points (7); more wins: 3 vs 2" or "tied on points and wins: shared rank". */
export function explainOrder(a: RankEntry, b: RankEntry, keys: readonly RankKey[]): string {
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
