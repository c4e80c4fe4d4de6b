"use client";
// The audit log of a whole tournament held in the browser (the /dev/tournaments
// demo): merged and paged here, opening on the latest page. The tournament page
// pages its log on the server instead (AuditEntries and page links).

import { useState } from "react";
import type { AuditEntry, TournamentState } from "@/engine/formats";
import { mergeAudit, type OrganizerAction } from "./audit-entries";
import { AUDIT_PAGE_SIZE, AuditEntries } from "./audit-log";
import type { GameLinks, PlayerNames } from "./model";

export interface AuditLogProps {
  /** `state.audit`. */
  readonly audit: readonly AuditEntry[];
  /** Actions recorded by the site (withdrawals entered, results corrected, rounds started, …). */
  readonly actions?: readonly OrganizerAction[];
  /** When each round started (ISO), to interleave engine entries with actions by time. */
  readonly roundTimes?: Readonly<Record<number, string>>;
  /** Player ids -> names, so entries name people instead of ids. */
  readonly names?: PlayerNames;
  /** The tournament state, to name the players of a game code. */
  readonly state?: TournamentState | null;
  readonly gameLinks?: GameLinks;
  /** Names link to the players' pages. */
  readonly linkPlayers?: boolean;
}

export function AuditLog(props: AuditLogProps) {
  const items = mergeAudit(props.audit, props.actions ?? [], props.roundTimes);
  const pageCount = Math.max(1, Math.ceil(items.length / AUDIT_PAGE_SIZE));
  const [page, setPage] = useState<number | null>(null);
  // Opens on the latest page: what happened most recently is what people look for.
  const current = Math.min(page ?? pageCount, pageCount);
  const shown = items.slice((current - 1) * AUDIT_PAGE_SIZE, current * AUDIT_PAGE_SIZE);
  return (
    <div className="space-y-2">
      <AuditEntries
        items={shown}
        context={{ names: props.names ?? {}, state: props.state ?? null }}
        gameLinks={props.gameLinks}
        linkPlayers={props.linkPlayers}
      />
      {pageCount > 1 ? (
        <nav aria-label="Audit log pages" className="flex items-center justify-between gap-4 text-sm" data-testid="audit-pages">
          <button type="button" className="btn-secondary" disabled={current <= 1} onClick={() => setPage(current - 1)}>
            ← Earlier
          </button>
          <span>
            Page {current} of {pageCount} · {items.length} entries
          </span>
          <button type="button" className="btn-secondary" disabled={current >= pageCount} onClick={() => setPage(current + 1)}>
            Later →
          </button>
        </nav>
      ) : null}
    </div>
  );
}
