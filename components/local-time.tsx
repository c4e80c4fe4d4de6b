"use client";
// The one way the site shows an instant: "Mon 24 Nov 2026, 14:50 CET" in the
// viewer's own time zone, with a relative hint ("in 2 days", "3 hours ago") where it
// helps. The server cannot know the viewer's zone, so the first render (server and
// hydration) shows UTC and the browser switches to its own zone right after.
import { useEffect, useState } from "react";

const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "in 2 days", "3 hours ago", "just now". */
export function relativeTime(at: Date, now: Date): string {
  const diff = at.getTime() - now.getTime();
  const fmt = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  for (const [unit, ms] of RELATIVE_UNITS) {
    if (Math.abs(diff) >= ms) return fmt.format(Math.round(diff / ms), unit);
  }
  return "just now";
}

/** The absolute text: weekday, date, time and zone name, in `timeZone` (default: the viewer's). */
export function absoluteTime(at: Date, options: { timeZone?: string; dateOnly?: boolean } = {}): string {
  return new Intl.DateTimeFormat("en-GB", {
    weekday: options.dateOnly ? undefined : "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    ...(options.dateOnly ? {} : { hour: "2-digit", minute: "2-digit", timeZoneName: "short" }),
    timeZone: options.timeZone,
  }).format(at);
}

export function LocalTime({
  at,
  relative = false,
  dateOnly = false,
  className,
}: {
  /** A Date or an ISO string / epoch milliseconds. */
  at: Date | string | number;
  /** Adds "(in 2 days)" after the date. */
  relative?: boolean;
  /** Only the day (joined, played on). */
  dateOnly?: boolean;
  className?: string;
}) {
  const date = at instanceof Date ? at : new Date(at);
  const [local, setLocal] = useState(false);
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setLocal(true);
    setNow(new Date());
    if (!relative) return;
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, [relative]);
  if (Number.isNaN(date.getTime())) return null;
  const text = absoluteTime(date, { dateOnly, timeZone: local ? undefined : "UTC" });
  return (
    <time dateTime={date.toISOString()} className={className} title={date.toISOString()} data-testid="local-time">
      {text}
      {relative && now ? ` (${relativeTime(date, now)})` : ""}
    </time>
  );
}
