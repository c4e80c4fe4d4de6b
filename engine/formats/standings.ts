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

/** What rankTable keeps of a table, so that the next version of its entries is ranked by merging (its `previous`). */
interface Ranked {
  readonly entries: readonly RankEntry[];
  readonly keys: readonly RankKey[];
  /** Entry indexes in row order. */
  readonly order: Int32Array;
  /** 1 where row i ties row i + 1 on every key. */
  readonly sameNext: Uint8Array;
  /** Each player's entry index, made on first use; shared by the versions whose entries keep their players in place. */
  readonly playerAt: { map: Map<string, number> | null };
}
const rankedTables = new WeakMap<Standings, Ranked>();
/** The row index of each player, per table not made by rankTable (placeOf). */
const placeMaps = new WeakMap<Standings, Map<string, number>>();

/** More entries than this share changed (a sixteenth) and the table is sorted whole. */
const MERGE_SHARE = 16;

/**
 * Sorts entries by the keys (the incoming order breaks remaining ties only for the
 * listing; such rows share a rank). Each row's "why" is written only when asked
 * for (`why(i)`): a page shows about 70 rows of 100,000, and writing a sentence per
 * row cost more than the sort.
 *
 * `previous`: a table rankTable made of an earlier version of the same entries (same
 * count and keys; an entry is unchanged where it is the same object). The unchanged
 * entries then keep their order and each changed one is placed among them by binary
 * search (mergeChanged): after a result of a 100,000-player round, four entries of
 * 100,000 change, and sorting them all again took 60 ms at every version. The table is
 * the one a whole sort gives, since rows are ordered by their keys and then their
 * entry index.
 */
export function rankTable(entries: readonly RankEntry[], keys: readonly RankKey[], previous?: Standings): Standings {
  return runSteps(rankSteps(entries, keys, previous));
}

/** Runs steps (a generator that yields between them) to the end at once, and returns what they make. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Rows sorted per step: a caller that lets other work run between
 * steps (a server's read ahead of a new round's standings) is never held longer than
 * about this many rows take; sorted at once, a 100,000-row table held it 0.1 s.
 */
export const STEP_ROWS = 8192;

/** rankTable, yielding every STEP_ROWS rows sorted (`stepRows` for tests). */
export function* rankSteps(entries: readonly RankEntry[], keys: readonly RankKey[], previous?: Standings, stepRows = STEP_ROWS): Generator<void, Standings> {
  const prev = previous ? rankedTables.get(previous) : undefined;
  const merged = prev ? mergeChanged(entries, keys, prev) : null;
  if (merged === "unchanged") return previous as Standings;
  const { order, sameNext } = merged ?? (yield* sortWhole(entries, keys, stepRows));
  const table = rankedRows(entries, keys, order, sameNext);
  const samePlayers = merged !== null && prev !== undefined;
  rankedTables.set(table, { entries, keys, order, sameNext, playerAt: samePlayers ? prev.playerAt : { map: null } });
  return table;
}

/**
 * The table of entries in `order`: each row is made when first read (rowAt), and all of
 * them when `rows` is. A page reads about 70 rows of 100,000, and making every row
 * object at each version (after each result) took 30 ms at 100,000 players, up to 200
 * while a round's close ran beside it, with the garbage collection that followed.
 */
function rankedRows(entries: readonly RankEntry[], keys: readonly RankKey[], order: Int32Array, sameNext: Uint8Array): Standings {
  const n = entries.length;
  // Each row's rank: 1 + the index of the first row of its run of ties.
  const ranks = new Int32Array(n);
  for (let i = 0; i < n; i++) ranks[i] = i > 0 && sameNext[i - 1] === 1 ? (ranks[i - 1] as number) : i + 1;
  // Rows of a shared rank share one label string (75,000 players may share one).
  const labels = new Map<number, string>();
  const labelOf = (rank: number): string => {
    let label = labels.get(rank);
    if (label === undefined) labels.set(rank, (label = sameNext[rank - 1] === 1 ? `${rank}=` : String(rank)));
    return label;
  };
  // The rows made one by one, until the whole list is made: then the list alone (a row made before keeps its object).
  let made: Map<number, RankedRow> | undefined = new Map();
  let all: RankedRow[] | undefined;
  const row = (i: number): RankedRow => {
    if (all) return all[i] as RankedRow;
    let r = made!.get(i);
    if (!r) {
      const e = entries[order[i] as number] as RankEntry;
      const rank = ranks[i] as number;
      made!.set(i, (r = { player: e.player, rank, rankLabel: labelOf(rank), values: e.values, status: e.status }));
    }
    return r;
  };
  const table: Standings = {
    get rows() {
      if (!all) {
        all = Array.from({ length: n }, (_, i) => row(i));
        made = undefined;
      }
      return all;
    },
    why: (i) => (i >= 0 && i + 1 < n ? explainOrder(entries[order[i] as number] as RankEntry, entries[order[i + 1] as number] as RankEntry, keys) : ""),
  };
  lazyRows.set(table, { n, row });
  return table;
}

/** The row makers of the tables rankedRows made. */
const lazyRows = new WeakMap<Standings, { readonly n: number; readonly row: (i: number) => RankedRow }>();

/** How many rows the table has, without making them. */
export function rowCount(table: Standings): number {
  return lazyRows.get(table)?.n ?? table.rows.length;
}

/** Row `i` of the table (undefined past its end), made alone if the table makes rows when read. */
export function rowAt(table: Standings, i: number): RankedRow | undefined {
  const lazy = lazyRows.get(table);
  if (!lazy) return table.rows[i];
  return Number.isInteger(i) && i >= 0 && i < lazy.n ? lazy.row(i) : undefined;
}

/** Compares entry `a` with entry `b` of `others` (indexes) by the keys only: negative when `a` ranks above. */
function byKeys(entries: readonly RankEntry[], keys: readonly RankKey[], others = entries): (a: number, b: number) => number {
  return (a, b) => {
    const x = (entries[a] as RankEntry).values;
    const y = (others[b] as RankEntry).values;
    for (const k of keys) {
      const d = (x[k.name] ?? 0) - (y[k.name] ?? 0);
      if (d !== 0) return k.better === "high" ? -d : d;
    }
    return 0;
  };
}

/**
 * Every entry sorted by the keys, then by its index: runs of `stepRows` sorted one a
 * step, then merged two by two, a step per `stepRows` rows merged.
 */
function* sortWhole(entries: readonly RankEntry[], keys: readonly RankKey[], stepRows: number): Generator<void, { order: Int32Array; sameNext: Uint8Array }> {
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
  const before = (a: number, b: number): boolean => (tie(a, b) || a - b) < 0;
  let from = new Int32Array(n);
  for (let lo = 0; lo < n; lo += stepRows) {
    // Sorted as a plain array: V8 sorts it faster than an Int32Array with a comparator.
    const run = Array.from({ length: Math.min(stepRows, n - lo) }, (_, i) => lo + i);
    run.sort((a, b) => tie(a, b) || a - b);
    from.set(run, lo);
    yield;
  }
  let to = new Int32Array(n);
  for (let width = stepRows; width < n; width *= 2) {
    let merged = 0;
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        to[k++] = before(from[j] as number, from[i] as number) ? (from[j++] as number) : (from[i++] as number);
        if (++merged % stepRows === 0) yield;
      }
      while (i < mid) to[k++] = from[i++] as number;
      while (j < hi) to[k++] = from[j++] as number;
    }
    [from, to] = [to, from];
  }
  const order = from;
  const sameNext = new Uint8Array(n);
  for (let i = 0; i + 1 < n; i++) sameNext[i] = tie(order[i] as number, order[i + 1] as number) === 0 ? 1 : 0;
  return { order, sameNext };
}

/**
 * The order of `entries` from the previous version's: the unchanged entries keep their
 * order, and each changed one goes where a binary search of the previous order puts
 * it (that order is sorted by the previous values, which the unchanged entries still
 * have). Null when the previous table does not fit (other keys or count) or too much
 * changed; "unchanged" when nothing did. Two unchanged rows that end up next to each
 * other tie exactly when every row between them in the previous order tied its next
 * (rows are sorted by their keys), so only the rows next to a changed entry are
 * compared again.
 */
function mergeChanged(entries: readonly RankEntry[], keys: readonly RankKey[], prev: Ranked): { order: Int32Array; sameNext: Uint8Array } | "unchanged" | null {
  const n = entries.length;
  if (prev.keys !== keys || prev.entries.length !== n) return null;
  const changed: number[] = [];
  for (let i = 0; i < n; i++) {
    if (entries[i] === prev.entries[i]) continue;
    // A changed entry that is another player's: the players' indexes are not handed on.
    if ((entries[i] as RankEntry).player !== (prev.entries[i] as RankEntry).player) return null;
    changed.push(i);
    if (changed.length * MERGE_SHARE > n) return null;
  }
  if (changed.length === 0) return "unchanged";
  const isChanged = new Uint8Array(n);
  for (const i of changed) isChanged[i] = 1;
  const keyOrder = byKeys(entries, keys);
  const after = byKeys(entries, keys, prev.entries);
  changed.sort((a, b) => keyOrder(a, b) || a - b);
  // Where each changed entry goes: before the row at this position of the previous order.
  const at = changed.map((c) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const e = prev.order[mid] as number;
      if ((after(c, e) || c - e) > 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  });
  const order = new Int32Array(n);
  const sameNext = new Uint8Array(n);
  let q = 0;
  let lastKept = false;
  // Whether the last unchanged row written ties the rows after it in the previous order, up to here.
  let link = 0;
  const put = (e: number, kept: boolean) => {
    if (q > 0) sameNext[q - 1] = kept && lastKept ? link : keyOrder(order[q - 1] as number, e) === 0 ? 1 : 0;
    order[q++] = e;
    lastKept = kept;
  };
  let c = 0;
  for (let p = 0; p < n; p++) {
    while (c < changed.length && (at[c] as number) <= p) put(changed[c++] as number, false);
    const e = prev.order[p] as number;
    if (isChanged[e] === 1) {
      link &= prev.sameNext[p] as number;
      continue;
    }
    put(e, true);
    link = prev.sameNext[p] as number;
  }
  while (c < changed.length) put(changed[c++] as number, false);
  return { order, sameNext };
}

/**
 * The row index of the player in the table (undefined if not in it). For a table
 * rankTable made, from the rows' entry indexes, and the players' indexes are made once
 * for every version of a tournament's entries: a map of 100,000 players cost 20–50 ms
 * at each version.
 */
export function placeOf(table: Standings, player: string): number | undefined {
  const r = rankedTables.get(table);
  if (!r || r.entries.length !== rowCount(table)) {
    let map = placeMaps.get(table);
    if (!map) placeMaps.set(table, (map = new Map(table.rows.map((row, i) => [row.player, i]))));
    return map.get(player);
  }
  if (!r.playerAt.map) runSteps(placeIndexSteps(r));
  const at = r.playerAt.map!.get(player);
  return at === undefined ? undefined : entryRows(r)[at];
}

/** The player's row alone (undefined if not in the table): placeOf's index, then that one row. */
export function rowOf(table: Standings, player: string): RankedRow | undefined {
  const at = placeOf(table, player);
  return at === undefined ? undefined : rowAt(table, at);
}

/**
 * Makes what placeOf looks players up in, in steps of STEP_ROWS players: done ahead for
 * a new round's table (a close reads its pages ahead), where the players' index made at
 * once held the event loop 50 to 75 ms at 100,000 players.
 */
export function* warmPlaceIndex(table: Standings): Generator<void> {
  const r = rankedTables.get(table);
  if (!r || r.entries.length !== rowCount(table)) return;
  if (!r.playerAt.map) yield* placeIndexSteps(r);
  entryRows(r);
}

/** Each player's entry index (Ranked.playerAt), a step per STEP_ROWS players. */
function* placeIndexSteps(r: Ranked): Generator<void> {
  const map = new Map<string, number>();
  for (let i = 0; i < r.entries.length; i++) {
    map.set((r.entries[i] as RankEntry).player, i);
    if ((i + 1) % STEP_ROWS === 0) yield;
  }
  r.playerAt.map ??= map;
}

/** Each entry's row index, per table. */
const rowsOfEntries = new WeakMap<Ranked, Int32Array>();
function entryRows(r: Ranked): Int32Array {
  let rows = rowsOfEntries.get(r);
  if (!rows) {
    rows = new Int32Array(r.order.length);
    for (let i = 0; i < r.order.length; i++) rows[r.order[i] as number] = i;
    rowsOfEntries.set(r, rows);
  }
  return rows;
}

/** rankTable with every row's sentence written (small tables: a group, a league). */
export function rankByKeys(entries: readonly RankEntry[], keys: readonly RankKey[]): StandingRow[] {
  return standingRows(rankTable(entries, keys));
}

/** Row `index` of a table with its "why" (fields in StandingRow's order, so the JSON reads as it always did). */
export function standingRow(table: Standings, index: number): StandingRow {
  const r = rowAt(table, index) as RankedRow;
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
