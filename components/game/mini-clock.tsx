"use client";
// A player's clock on a game's card (the home page's games in play, the lobby's live
// games): the same local countdown as the board's clocks, as one line of text.
import { clockText, spokenClock } from "./clock-display";
import { useShownMs } from "./use-shown-ms";

export function MiniClock({ player, remainingMs, running, stampedAt }: { player: string; remainingMs: number; running: boolean; stampedAt: number }) {
  const ms = useShownMs({ remainingMs, running, stampedAt });
  return (
    <span
      role="timer"
      aria-label={`${player}: ${spokenClock(ms)} left`}
      data-testid="mini-clock"
      data-running={running ? "" : undefined}
      className={`tabular-nums ${running ? "font-semibold text-amber-800 dark:text-amber-300" : ""}`}
    >
      {clockText(ms)}
    </span>
  );
}
