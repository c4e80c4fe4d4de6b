// Pure arithmetic behind the clock face (game-clock.tsx): what to show at a
// given client instant, when the shown text next changes (so the component
// wakes only then), when time counts as low, and how to say the time aloud.

import { formatClock } from "@/engine/clock";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface ClockReading {
  /** Milliseconds left when the server measured them. */
  remainingMs: number;
  running: boolean;
  /** Server epoch ms at which `remainingMs` was measured. */
  stampedAt: number;
  /** serverNow − clientNow. */
  serverOffsetMs?: number;
}

/**
 * Milliseconds to show at client time `clientNow`: the stamped time minus what
 * has elapsed on the server's timeline since, never below zero. Elapsed time
 * is floored at zero so clock skew never shows more than the server sent.
 */
export function shownMs(reading: ClockReading, clientNow: number): number {
  const remaining = Math.max(0, reading.remainingMs);
  if (!reading.running) return remaining;
  const elapsed = Math.max(0, clientNow + (reading.serverOffsetMs ?? 0) - reading.stampedAt);
  return Math.max(0, remaining - elapsed);
}

/**
 * Milliseconds until formatClock's text for a running clock showing `ms`
 * changes: it counts tenths from ten seconds down, whole seconds above, and
 * rounds down, so the text changes just after `ms` drops below the multiple
 * of the unit at or under it (hence the + 1).
 */
export function msUntilNextChange(ms: number): number {
  if (ms <= 0) return Infinity;
  const unit = ms <= 10 * SECOND ? 100 : SECOND;
  return (ms % unit) + 1;
}

/**
 * Low time: under a minute, or under a tenth of the starting time when that
 * is known (a day and a half's margin in a 3-day correspondence game is low).
 */
export function isLowTime(ms: number, initialMs?: number): boolean {
  return ms < MINUTE || (initialMs !== undefined && ms < initialMs / 10);
}

/** The clock face text (formatClock shows tenths under ten seconds itself). */
export function clockText(ms: number): string {
  return formatClock(ms);
}

/** Spoken form for an aria-label, e.g. "2 days 5 hours 3 minutes", "4 minutes 9 seconds". */
export function spokenClock(ms: number): string {
  const clamped = Math.max(0, Math.floor(ms));
  const units: [number, string][] = [
    [Math.floor(clamped / DAY), "day"],
    [Math.floor((clamped % DAY) / HOUR), "hour"],
    [Math.floor((clamped % HOUR) / MINUTE), "minute"],
    [Math.floor((clamped % MINUTE) / SECOND), "second"],
  ];
  // Seconds matter only in the last hour; saying them for days is noise.
  const shown = clamped >= HOUR ? units.slice(0, 3) : units.slice(2);
  const words = shown.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}${n === 1 ? "" : "s"}`);
  return words.length > 0 ? words.join(" ") : "0 seconds";
}
