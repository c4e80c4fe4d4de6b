// Backgammon moves in the standard notation: each hop "from/to" from the mover's own
// point of view, "bar" and "off" for the bar and bearing off, "*" for a hit, "(2)"
// for a hop made twice ("13/11(2) 6/4(2)", "bar/22*", "6/off"). Players may also
// chain a checker's hops ("24/18*/13") or write a run as one hop ("24/13").
import { BAR, OFF, type Hop } from "./moves";

const pointName = (p: number): string => (p === BAR ? "bar" : p === OFF ? "off" : String(p));

/** A hop as written. */
export function formatHop(hop: Hop): string {
  return `${pointName(hop.from)}/${pointName(hop.to)}${hop.hit ? "*" : ""}`;
}

/** A turn's hops in falling order of their start (an order they can be played in: a checker moving on starts lower), repeated hops grouped. */
export function formatTurn(hops: readonly Hop[]): string {
  const sorted = [...hops].sort((a, b) => b.from - a.from || b.to - a.to);
  const parts: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    let n = 1;
    const hop = sorted[i]!;
    while (i + n < sorted.length && sorted[i + n]!.from === hop.from && sorted[i + n]!.to === hop.to && !hop.hit && !sorted[i + n]!.hit) n++;
    parts.push(formatHop(hop) + (n > 1 ? `(${n})` : ""));
    i += n;
  }
  return parts.join(" ");
}

/** The hops in played order (a turn's part-moves, one per die as generated). */
export function hopsInOrder(hops: readonly Hop[]): string[] {
  return [...hops].sort((a, b) => b.from - a.from || b.to - a.to).map(formatHop);
}

function readPoint(text: string): number | null {
  if (/^bar$/i.test(text)) return BAR;
  if (/^off$/i.test(text)) return OFF;
  if (!/^\d{1,2}$/.test(text)) return null;
  const p = Number(text);
  return p <= 25 ? p : null;
}

/** The hops a move names, in written order; or a sentence saying what cannot be read. */
export function parseTurn(text: string): { from: number; to: number }[] | string {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return 'write a move such as "24/18 13/11"';
  const hops: { from: number; to: number }[] = [];
  for (const token of tokens) {
    const match = /^([^()]+?)(?:\((\d)\))?$/.exec(token);
    const points = match?.[1]!.split("/").map((part) => readPoint(part.replace(/\*$/, "")));
    if (!match || !points || points.length < 2 || points.some((p) => p === null)) return `"${token}" is not a move such as "24/18" or "bar/22*"`;
    const times = match[2] ? Number(match[2]) : 1;
    if (times < 1 || times > 4) return `"${token}" repeats a hop ${times} times`;
    for (let t = 0; t < times; t++) {
      for (let k = 0; k + 1 < points.length; k++) {
        const from = points[k]!;
        const to = points[k + 1]!;
        if (from === OFF || to === BAR || to >= from) return `"${token}" does not move towards home`;
        hops.push({ from, to });
      }
    }
  }
  return hops;
}
