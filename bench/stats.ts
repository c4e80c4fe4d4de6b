// Small helpers shared by the benchmarks: percentiles, "median (min–max)", the load
// average and a result table.
import { loadavg } from "node:os";

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
  target: string;
  ok: boolean | null;
}

/** Prints the rows; returns false if any row with a target missed it. */
export function printTable(rows: BenchRow[]): boolean {
  const widths = [4, 8, 6].map((w, i) => Math.max(w, ...rows.map((r) => [r.name, r.measured, r.target][i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  console.log(line(["name", "measured", "target", "ok"]));
  for (const r of rows) console.log(line([r.name, r.measured, r.target, r.ok === null ? "-" : r.ok ? "yes" : "NO"]));
  return rows.every((r) => r.ok !== false);
}

/** Resident memory of a process in MB (Linux /proc). */
export async function rssMb(pid: number): Promise<number> {
  const { readFileSync } = await import("node:fs");
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
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
