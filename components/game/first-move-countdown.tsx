"use client";
// A live game's first-move countdown (engine/clock.ts: firstMoveMs): the side to
// move must make its first move before it runs out, or the game is aborted. Counted
// down locally from the turn's start as the server stamped it, like the clocks.

import { clockText } from "./clock-display";
import { useShownMs } from "./use-shown-ms";

export function FirstMoveCountdown({ who, lengthMs, startedAt, serverOffsetMs }: { who: string; lengthMs: number; startedAt: number; serverOffsetMs: number }) {
  const ms = useShownMs({ remainingMs: lengthMs, running: true, stampedAt: startedAt, serverOffsetMs });
  return (
    // One line whatever the width (truncated if need be): the page sizes the board to the
    // room the clocks leave, and a line that wrapped at some widths would keep changing it.
    <p
      role="timer"
      data-testid="first-move-countdown"
      className="mt-1 truncate rounded-md bg-amber-100 px-3 py-1 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      {who} must move within <span className="font-semibold tabular-nums">{clockText(ms)}</span> or the game is aborted.
    </p>
  );
}
