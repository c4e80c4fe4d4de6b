"use client";
// The milliseconds a clock face shows, counted down locally from the server's stamped
// reading (nothing is streamed), waking only when the shown text changes. Shared by the
// clocks and the first-move countdown.
import { useEffect, useState } from "react";
import { msUntilNextChange, shownMs, type ClockReading } from "./clock-display";

export function useShownMs({ remainingMs, running, stampedAt, serverOffsetMs = 0 }: ClockReading): number {
  // Null until mounted: the server render cannot know the client's time, so it shows
  // the stamped value and the first effect corrects it.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const clientNow = Date.now();
      setNow(clientNow);
      if (!running) return;
      const delay = msUntilNextChange(shownMs({ remainingMs, running, stampedAt, serverOffsetMs }, clientNow));
      // Capped so a sleeping laptop or a throttled tab catches up within a second.
      if (Number.isFinite(delay)) timer = setTimeout(tick, Math.min(delay, 1000));
    };
    tick();
    return () => clearTimeout(timer);
  }, [remainingMs, running, stampedAt, serverOffsetMs]);
  return now === null ? Math.max(0, remainingMs) : shownMs({ remainingMs, running, stampedAt, serverOffsetMs }, now);
}
