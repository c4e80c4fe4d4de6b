// The date labels under a time axis (the rating chart). uPlot may put several ticks on
// one day (every 12 hours on a four-day span); labelled one by one they read
// "24 Nov 24 Nov 25 Nov 25 Nov". Each day is named once: at its first tick, and the
// ticks after it on the same day carry only their time, or nothing on a long span.

const DAY_MS = 86_400_000;

/** Labels for ticks (epoch ms, ascending) on an axis spanning spanMs, in the viewer's zone unless timeZone is given. */
export function dateTickLabels(ticks: readonly number[], spanMs: number, timeZone?: string): string[] {
  const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone });
  const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone });
  const withTimes = spanMs < 3 * DAY_MS;
  let previous = "";
  return ticks.map((t) => {
    const d = day.format(t);
    const newDay = d !== previous;
    previous = d;
    if (!withTimes) return newDay ? d : "";
    return newDay ? `${time.format(t)}\n${d}` : time.format(t);
  });
}
