"use client";
// One player's clock face. The server sends the remaining time with the
// instant it measured it; this counts down locally from there (nothing is
// streamed), waking only when the shown text changes. The server stays the
// authority: the shown value is a prediction, corrected by the next update.

import { clockText, isLowTime, spokenClock } from "./clock-display";
import { useShownMs } from "./use-shown-ms";

export interface GameClockProps {
  /** Whose clock, e.g. "Attackers" or a player's name. */
  label: string;
  /** Milliseconds left when the server measured them. */
  remainingMs: number;
  /** Whether this clock is counting down (its side is to move and the game runs). */
  running: boolean;
  /** Server epoch ms at which `remainingMs` was measured. */
  stampedAt: number;
  /** serverNow − clientNow, to read the server's timeline from the client's clock. */
  serverOffsetMs?: number;
  /** Emphasised as the side to move (may be true while the clock is stopped). */
  active?: boolean;
  /** The starting time, if known: under a tenth of it counts as low time too. */
  initialMs?: number;
}

export function GameClock({ label, remainingMs, running, stampedAt, serverOffsetMs = 0, active = false, initialMs }: GameClockProps) {
  const ms = useShownMs({ remainingMs, running, stampedAt, serverOffsetMs });
  const low = isLowTime(ms, initialMs);
  const flagged = ms <= 0;

  const tone = flagged
    ? "border-red-600 bg-red-600 text-white dark:border-red-500 dark:bg-red-700"
    : low && active
      ? "border-red-500 bg-red-50 text-red-800 ring-2 ring-red-500/40 dark:border-red-500 dark:bg-red-950/60 dark:text-red-200"
      : active
        ? "border-amber-500 bg-amber-50 text-stone-900 ring-2 ring-amber-500/30 dark:border-amber-500 dark:bg-amber-950/40 dark:text-stone-50"
        : "border-stone-200 bg-white text-stone-600 dark:border-stone-700 dark:bg-stone-800 dark:text-stone-300";

  return (
    <div
      role="timer"
      aria-label={`${label}: ${spokenClock(ms)} left`}
      data-testid="game-clock"
      data-clock-label={label}
      data-clock-ms={Math.floor(ms / 1000) * 1000}
      data-running={running ? "" : undefined}
      data-active={active ? "" : undefined}
      data-low={low ? "" : undefined}
      className={`flex items-center justify-between gap-3 rounded-lg border px-3 py-2 shadow-sm transition-colors ${tone}`}
    >
      <span className="flex min-w-0 items-center gap-2 text-sm font-medium" aria-hidden>
        <span className={`size-2 shrink-0 rounded-full ${running && !flagged ? "bg-current motion-safe:animate-pulse" : "bg-transparent"}`} />
        <span className="truncate">{label}</span>
      </span>
      <span className={`text-2xl font-semibold tracking-tight tabular-nums ${low && !flagged ? "text-red-700 dark:text-red-300" : ""}`} aria-hidden>
        {clockText(ms)}
      </span>
    </div>
  );
}
