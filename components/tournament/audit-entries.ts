// Merges the engine's audit log (random draws and "what was done", per round, no
// clock time: the engine is pure) with the site's organizer actions (timed) into
// one list. With `roundTimes` (when each round started, as the server knows) both
// kinds sort by time; without it the engine entries are listed by round first,
// then the organizer actions in time order, since the two cannot be interleaved
// honestly.

import type { AuditEntry } from "@/engine/formats";

export interface OrganizerAction {
  /** ISO date-time. */
  readonly at: string;
  readonly who: string;
  readonly what: string;
}

export type AuditItem =
  | { readonly kind: "engine"; readonly key: string; readonly round: number; readonly what: string; readonly decided: string; readonly at?: string }
  | { readonly kind: "organizer"; readonly key: string; readonly at: string; readonly who: string; readonly what: string };

const time = (iso: string | undefined): number => {
  const t = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
};

export function mergeAudit(
  audit: readonly AuditEntry[],
  actions: readonly OrganizerAction[] = [],
  roundTimes?: Readonly<Record<number, string>>,
): AuditItem[] {
  const engine: AuditItem[] = audit.map((e, i) => {
    const at = roundTimes?.[e.round];
    return { kind: "engine", key: `e${i}`, round: e.round, what: e.what, decided: e.decided, ...(at ? { at } : {}) };
  });
  const organizer: AuditItem[] = actions
    .map((a, i): AuditItem => ({ kind: "organizer", key: `o${i}`, at: a.at, who: a.who, what: a.what }))
    .sort((a, b) => time(a.at) - time(b.at));
  if (!roundTimes) return [...engine.sort((a, b) => (a.kind === "engine" && b.kind === "engine" ? a.round - b.round : 0)), ...organizer];
  // Stable sort: entries of the same round keep the engine's order; an organizer
  // action at the same instant as a round start comes after the round's entries.
  const rank = (item: AuditItem) => (item.kind === "engine" ? 0 : 1);
  return [...engine, ...organizer].sort((a, b) => time(a.at) - time(b.at) || rank(a) - rank(b));
}
