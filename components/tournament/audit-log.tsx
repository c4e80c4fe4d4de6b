// The public audit log: every random decision and "what was done" the engine
// recorded (per round), merged with the actions recorded by the site (timed,
// named), so anyone can check how the tournament was run. Each entry is a sentence
// with names and links. AuditEntries draws one page of entries (on the server for
// the tournament page, which pages the log there); AuditLog (audit-log-pages.tsx)
// merges and pages a whole log in the browser for the demo.

import { LocalTime } from "@/components/local-time";
import { actionSentence, engineSentence, type AuditItem, type Segment, type SentenceContext } from "./audit-entries";
import type { GameLinks } from "./model";
import { Badge, EmptyState } from "./ui";

export type { OrganizerAction } from "./audit-entries";

export interface AuditEntriesProps {
  /** The entries to show, in order. */
  readonly items: readonly AuditItem[];
  /** Names, and the games and groupings the entries mention. */
  readonly context: SentenceContext;
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

function Entry({ item, props }: { item: AuditItem; props: AuditEntriesProps }) {
  const ctx = props.context;
  const badge = item.kind === "engine" ? { label: `Round ${item.round} draw`, tone: "amber" as const } : BADGE[item.actor]!;
  return (
    <li
      data-testid="audit-entry"
      data-kind={item.kind}
      data-actor={item.kind === "organizer" ? item.actor : "engine"}
      className="flex flex-col gap-1 px-4 py-2.5 sm:flex-row sm:items-baseline sm:gap-3"
    >
      <span className="flex shrink-0 flex-wrap items-center gap-2 sm:w-64">
        <Badge tone={badge.tone}>{badge.label}</Badge>
        {item.at ? <LocalTime at={item.at} className="text-xs whitespace-nowrap text-stone-500 dark:text-stone-400" /> : null}
      </span>
      {/* A long name or list of names breaks anywhere rather than widen a phone's page. */}
      <span className="min-w-0 [overflow-wrap:anywhere] text-stone-700 dark:text-stone-300">
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

/** One page of entries; the empty state when there are none at all. */
export function AuditEntries(props: AuditEntriesProps) {
  if (props.items.length === 0) return <EmptyState>Nothing recorded yet.</EmptyState>;
  return (
    <ol
      className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white text-sm shadow-sm dark:divide-stone-700/70 dark:border-stone-700 dark:bg-stone-800"
      data-testid="audit-log"
      aria-label="Audit log"
    >
      {props.items.map((item) => (
        <Entry key={item.key} item={item} props={props} />
      ))}
    </ol>
  );
}
