// Small presentational pieces the tournament views share: the scrolling table
// frame (tables scroll sideways on phones instead of squeezing), player labels,
// status badges, and a game's result as a link to its page when the site has one.

import type { ReactNode } from "react";
import type { GameWithId, StandingRow } from "@/engine/formats";
import { playerName, type GameLinks, type PlayerNames } from "./model";

/**
 * A table's card: a header and footer that stay put, and between them the table
 * in a horizontal scroller (tables scroll sideways on phones instead of being
 * squeezed). The scroller is focusable and named so keyboard users can scroll it
 * too. `fit` sizes the card to its table instead of the full width.
 */
export function TableFrame({
  label,
  header,
  footer,
  children,
  testId,
  fit = false,
}: {
  label: string;
  header?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  testId?: string;
  fit?: boolean;
}) {
  return (
    <div
      data-testid={testId}
      className={`${fit ? "max-w-full" : ""} overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm dark:border-stone-700 dark:bg-stone-800`}
    >
      {header ? <div className="px-3 pt-3 pb-2 text-sm font-semibold text-stone-800 dark:text-stone-100">{header}</div> : null}
      {/* Outline drawn inside: the card clips what lies outside its rounded corners. */}
      <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto focus-visible:-outline-offset-2">
        {children}
      </div>
      {footer}
    </div>
  );
}

export const thClass = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400";
export const tdClass = "px-3 py-2 align-middle";
export const numClass = "px-3 py-2 text-right align-middle tabular-nums";
export const theadClass = "border-b border-stone-200 bg-stone-50 dark:border-stone-700 dark:bg-stone-900/40";

/** A trophy drawn inline (emoji fonts are not everywhere); decorative, the text says "Champion". */
export function Trophy({ className = "size-3.5" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={`inline-block shrink-0 ${className}`}>
      <path d="M5 2h10v2h3v2.5A3.5 3.5 0 0 1 14.6 10 5 5 0 0 1 11 12.9V15h3v3H6v-3h3v-2.1A5 5 0 0 1 5.4 10 3.5 3.5 0 0 1 2 6.5V4h3V2Zm0 4H4v.5A1.5 1.5 0 0 0 5.1 8 5 5 0 0 1 5 7V6Zm10 0v1a5 5 0 0 1-.1 1A1.5 1.5 0 0 0 16 6.5V6h-1Z" />
    </svg>
  );
}

export function PlayerLabel({ id, names, showRating = false }: { id: string; names: PlayerNames; showRating?: boolean }) {
  const rating = names[id]?.rating;
  return (
    <span className="whitespace-nowrap">
      <span className="font-medium">{playerName(names, id)}</span>
      {showRating && rating !== undefined ? <span className="ml-1.5 text-xs text-stone-500 tabular-nums dark:text-stone-400">{Math.round(rating)}</span> : null}
    </span>
  );
}

const STATUS: Record<StandingRow["status"], { label: string; className: string }> = {
  champion: { label: "Champion", className: "bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-500/20 dark:text-amber-200 dark:ring-amber-500/40" },
  playing: {
    label: "Active",
    className: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/15 dark:text-emerald-300 dark:ring-emerald-500/30",
  },
  eliminated: { label: "Eliminated", className: "bg-stone-100 text-stone-600 ring-stone-200 dark:bg-stone-700/60 dark:text-stone-300 dark:ring-stone-600" },
  withdrawn: { label: "Withdrawn", className: "bg-red-50 text-red-700 ring-red-200 dark:bg-red-500/15 dark:text-red-300 dark:ring-red-500/30" },
};

export function StatusBadge({ status, label }: { status: StandingRow["status"]; label?: string }) {
  const s = STATUS[status];
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${s.className}`}
    >
      {status === "champion" ? <Trophy className="size-3" /> : null}
      {label ?? s.label}
    </span>
  );
}

export function Badge({ children, tone = "stone" }: { children: ReactNode; tone?: "stone" | "amber" | "emerald" | "red" | "sky" }) {
  const tones = {
    stone: "bg-stone-100 text-stone-700 ring-stone-200 dark:bg-stone-700/60 dark:text-stone-200 dark:ring-stone-600",
    amber: "bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-500/20 dark:text-amber-200 dark:ring-amber-500/40",
    emerald: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/15 dark:text-emerald-300 dark:ring-emerald-500/30",
    red: "bg-red-50 text-red-700 ring-red-200 dark:bg-red-500/15 dark:text-red-300 dark:ring-red-500/30",
    sky: "bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-500/15 dark:text-sky-300 dark:ring-sky-500/30",
  };
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tones[tone]}`}>
      {children}
    </span>
  );
}

/**
 * A game's state as a link to its page when the site gave one: the result, "live"
 * for an unplayed game with a page ("to play" when results are reported from
 * elsewhere: nothing is happening on the site), "·" for one not started, "void"
 * when voided. `onSite`: the tournament's games are played on the site (board and
 * clocks); otherwise elsewhere and reported, so an unplayed game is "to play".
 */
export function GameResultLink({
  game,
  text,
  title,
  gameLinks,
  className = "",
  onSite = true,
}: {
  game: GameWithId;
  text: string;
  title: string;
  gameLinks?: GameLinks;
  className?: string;
  onSite?: boolean;
}) {
  const href = gameLinks?.[game.id];
  const live = !game.result && !game.void;
  const shown = live ? (href ? (onSite ? "live" : "to play") : "·") : text;
  // "!" so the live colour wins over the colour a caller passes for results.
  const tone =
    live && href ? (onSite ? "font-semibold !text-emerald-700 dark:!text-emerald-400" : "text-xs !font-normal !text-stone-500 dark:!text-stone-400") : "";
  if (href) {
    return (
      <a href={href} title={title} data-game-id={game.id} className={`rounded px-0.5 underline-offset-2 hover:underline ${tone} ${className}`}>
        {shown}
      </a>
    );
  }
  return (
    <span title={title} data-game-id={game.id} className={`${tone} ${className}`}>
      {shown}
      {live ? <span className="sr-only"> (not played yet)</span> : null}
    </span>
  );
}

/** An empty state inside a view ("Round 2 starts when round 1 is complete"). */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p
      data-testid="empty-state"
      className="rounded-lg border border-dashed border-stone-300 bg-white/50 px-4 py-8 text-center text-sm text-stone-600 dark:border-stone-600 dark:bg-stone-800/40 dark:text-stone-400"
    >
      {children}
    </p>
  );
}
