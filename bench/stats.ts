// Small helpers shared by the benchmarks: percentiles, "median (min–max)", the load
// average, a result table with baselines and ratios, and the bare transaction the
// server benchmarks' floors run (raw SQL through node-postgres, none of Moot's code).
import { loadavg } from "node:os";
import type pg from "pg";

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** "median (min–max, n=…)" of the samples, each written with `unit`. */
export function spread(samples: readonly number[], unit: (x: number) => string): string {
  const s = samples.slice().sort((a, b) => a - b);
  return `${unit(percentile(s, 50))} (${unit(s[0]!)}–${unit(s.at(-1)!)}, n=${s.length})`;
}

/** The 1-, 5- and 15-minute load averages, for the rows that say under what load they ran. */
export const loadAverage = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

export interface BenchRow {
  name: string;
  measured: string;
  /** The bare work the row is compared with, measured in the same run (see `versus`). */
  baseline?: string;
  /** Moot's figure over the baseline's, e.g. "2.4×" (see `ratio`). */
  ratio?: string;
  target: string;
  ok: boolean | null;
}

/** How many times the bare figure Moot's is ("2.4×"; under 1× Moot was faster). */
export const ratio = (moot: number, bare: number): string => `${(moot / bare).toFixed(1)}×`;

/** The median of the samples. */
export const median = (samples: readonly number[]): number =>
  percentile(
    samples.slice().sort((a, b) => a - b),
    50,
  );

/** Prints the rows (with baseline and ratio columns when a row has them); returns false if any row with a target missed it. */
export function printTable(rows: BenchRow[]): boolean {
  const compared = rows.some((r) => r.baseline !== undefined);
  const cellsOf = (r: BenchRow) => [
    r.name,
    r.measured,
    ...(compared ? [r.baseline ?? "-", r.ratio ?? "-"] : []),
    r.target,
    r.ok === null ? "-" : r.ok ? "yes" : "NO",
  ];
  const head = ["name", "measured", ...(compared ? ["baseline (bare, same run)", "ratio"] : []), "target", "ok"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => cellsOf(r)[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  console.log(line(head));
  for (const r of rows) console.log(line(cellsOf(r)));
  return rows.every((r) => r.ok !== false);
}

/** Resident memory of a process in MB (Linux /proc). */
export async function rssMb(pid: number): Promise<number> {
  const { readFileSync } = await import("node:fs");
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** A process and all its descendants, parents first (Linux /proc). */
export async function processTree(pid: number): Promise<number[]> {
  const { readdirSync, readFileSync } = await import("node:fs");
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${out[i]}/task`);
    } catch {
      continue; // gone meanwhile
    }
    for (const t of tasks) {
      const children = readFileSync(`/proc/${out[i]}/task/${t}/children`, "utf8").trim();
      if (children) out.push(...children.split(" ").map(Number));
    }
  }
  return out;
}

/**
 * Proportional memory of processes in MB (Linux smaps_rollup): each page shared by n of
 * them counts 1/n, so several Node processes' shared binary is counted once, not n times.
 */
export async function pssMb(pids: readonly number[]): Promise<number> {
  const { readFileSync } = await import("node:fs");
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes. */
export const wallNow = (): number => performance.timeOrigin + performance.now();

/** CPU time (user + system, all threads) a process has used so far, in ms (Linux /proc). */
export async function cpuMs(pid: number): Promise<number> {
  const { readFileSync } = await import("node:fs");
  // Fields after the command name (which may hold spaces) start at field 3; utime/stime are 14/15.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** One SQL statement with its parameters ($1, $2, …), for the bare floors. */
export interface Statement {
  text: string;
  values: unknown[];
}

/** BEGIN, each statement in turn, COMMIT, on one pooled connection: a round trip each. */
export async function bareTransaction(pool: pg.Pool, statements: readonly Statement[]): Promise<void> {
  const c = await pool.connect();
  try {
    await c.query("begin");
    for (const st of statements) await c.query(st.text, st.values);
    await c.query("commit");
  } catch (err) {
    await c.query("rollback");
    throw err;
  } finally {
    c.release();
  }
}
