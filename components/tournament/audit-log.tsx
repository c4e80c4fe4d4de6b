"use client";
// The public audit log: every random decision and "what was done" the engine
// recorded (per round), merged with the actions recorded by the site (timed,
// named), so anyone can check how the tournament was run. Each entry is a sentence
// with names and links; long logs are paged, newest page last as they happened.

import { useState } from "react";
import type { AuditEntry, TournamentState } from "@/engine/formats";
import { LocalTime } from "@/components/local-time";
import { actionSentence, engineSentence, mergeAudit, type AuditItem, type OrganizerAction, type Segment } from "./audit-entries";
import type { GameLinks, PlayerNames } from "./model";
import { Badge, EmptyState } from "./ui";

export type { OrganizerAction } from "./audit-entries";

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

export const AUDIT_PAGE_SIZE = 25;

const BADGE: Record<string, { label: string; tone: "stone" | "sky" | "emerald" | "amber" }> = {
  organizer: { label: "Organizer", tone: "sky" },
  player: { label: "Player", tone: "emerald" },
  system: { label: "Automatic", tone: "stone" },
};

const playerHref = (username: string) => `/players/${encodeURIComponent(username)}`;

function Sentence({ segments, gameLinks, links }: { segments: readonly Segment[]; gameLinks?: GameLinks; links?: boolean }) {
  return (
    <>
      {segments.map((s, i) => {
        if (s.type === "text") return <span key={i}>{s.text}</span>;
        if (s.type === "player") {
          return links ? (
            <a key={i} className="link font-medium" href={playerHref(s.name)}>
              {s.name}
            </a>
          ) : (
            <span key={i} className="font-medium">
              {s.name}
            </span>
          );
        }
        const href = gameLinks?.[s.id];
        return href ? (
          <a key={i} className="link" href={href} data-game-id={s.id}>
            {s.label}
          </a>
        ) : (
          <span key={i}>{s.label}</span>
        );
      })}
    </>
  );
}

function Entry({ item, props }: { item: AuditItem; props: AuditLogProps }) {
  const ctx = { names: props.names ?? {}, state: props.state ?? null };
  const badge = item.kind === "engine" ? { label: `Round ${item.round} draw`, tone: "amber" as const } : BADGE[item.actor]!;
  return (
    <li data-testid="audit-entry" data-kind={item.kind} data-actor={item.kind === "organizer" ? item.actor : "engine"} className="flex flex-col gap-1 px-4 py-2.5 sm:flex-row sm:items-baseline sm:gap-3">
      <span className="flex shrink-0 flex-wrap items-center gap-2 sm:w-64">
        <Badge tone={badge.tone}>{badge.label}</Badge>
        {item.at ? <LocalTime at={item.at} className="text-xs whitespace-nowrap text-stone-500 dark:text-stone-400" /> : null}
      </span>
      <span className="min-w-0 text-stone-700 dark:text-stone-300">
        {item.kind === "engine" ? (
          <Sentence segments={engineSentence(item, ctx)} gameLinks={props.gameLinks} links={props.linkPlayers} />
        ) : (
          <>
            {item.actor === "system" ? (
              <span className="font-medium">Moot </span>
            ) : (
              <>
                <Sentence segments={[{ type: "player", id: item.who, name: item.who }]} links={props.linkPlayers} />{" "}
              </>
            )}
            <Sentence segments={actionSentence(item.action, item.what, ctx)} gameLinks={props.gameLinks} links={props.linkPlayers} />
          </>
        )}
      </span>
    </li>
  );
}

export function AuditLog(props: AuditLogProps) {
  const items = mergeAudit(props.audit, props.actions ?? [], props.roundTimes);
  const pageCount = Math.max(1, Math.ceil(items.length / AUDIT_PAGE_SIZE));
  const [page, setPage] = useState<number | null>(null);
  // Opens on the latest page: what happened most recently is what people look for.
  const current = Math.min(page ?? pageCount, pageCount);
  if (items.length === 0) return <EmptyState>Nothing recorded yet.</EmptyState>;
  const shown = items.slice((current - 1) * AUDIT_PAGE_SIZE, current * AUDIT_PAGE_SIZE);
  return (
    <div className="space-y-2">
      <ol
        className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white text-sm shadow-sm dark:divide-stone-700/70 dark:border-stone-700 dark:bg-stone-800"
        data-testid="audit-log"
        aria-label="Audit log"
      >
        {shown.map((item) => (
          <Entry key={item.key} item={item} props={props} />
        ))}
      </ol>
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
