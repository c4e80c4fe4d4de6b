// The public audit log: every random decision and "what was done" the engine
// recorded (per round), merged with the organizer's actions from the site (timed,
// named), so anyone can check how the tournament was run.

import type { AuditEntry } from "@/engine/formats";
import { mergeAudit, type OrganizerAction } from "./audit-entries";
import { Badge, EmptyState } from "./ui";

export type { OrganizerAction } from "./audit-entries";

export interface AuditLogProps {
  /** `state.audit`. */
  readonly audit: readonly AuditEntry[];
  /** Organizer actions recorded by the site (withdrawals entered, results corrected, …). */
  readonly actions?: readonly OrganizerAction[];
  /** When each round started (ISO), to interleave engine entries with actions by time. */
  readonly roundTimes?: Readonly<Record<number, string>>;
  /** Formats the ISO times; defaults to "2025-03-01 14:05 UTC". */
  readonly formatTime?: (iso: string) => string;
}

// Fixed format and zone by default: a locale- or zone-dependent text would differ
// between the server's render and the browser's and break hydration.
const defaultTime = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
};

export function AuditLog({ audit, actions = [], roundTimes, formatTime = defaultTime }: AuditLogProps) {
  const items = mergeAudit(audit, actions, roundTimes);
  if (items.length === 0) return <EmptyState>Nothing recorded yet: no random draw has been needed.</EmptyState>;
  return (
    <ol className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white text-sm shadow-sm dark:divide-stone-700/70 dark:border-stone-700 dark:bg-stone-800" data-testid="audit-log" aria-label="Audit log">
      {items.map((item) => (
        <li key={item.key} data-testid="audit-entry" data-kind={item.kind} className="flex flex-col gap-1 px-4 py-2.5 sm:flex-row sm:items-baseline sm:gap-3">
          <span className="flex shrink-0 items-center gap-2 sm:w-60">
            {item.kind === "engine" ? <Badge>Round {item.round}</Badge> : <Badge tone="sky">Organizer</Badge>}
            {item.at ? (
              <time dateTime={item.at} className="text-xs whitespace-nowrap text-stone-500 dark:text-stone-400">
                {formatTime(item.at)}
              </time>
            ) : null}
          </span>
          {item.kind === "engine" ? (
            <span className="min-w-0">
              <span className="text-stone-700 dark:text-stone-300">{item.what}</span>
              <span aria-hidden="true" className="px-1.5 text-stone-400">
                →
              </span>
              <span className="sr-only">: decided </span>
              <span className="font-medium">{item.decided}</span>
            </span>
          ) : (
            <span className="min-w-0">
              <span className="font-medium">{item.who}</span> <span className="text-stone-700 dark:text-stone-300">{item.what}</span>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
