"use client";
// One game's rating history: the rating after each rated game on a time axis (dates in
// the viewer's zone), the ~95% band (±2·RD) shaded, and the value under the pointer or
// the keyboard (arrow keys, Home, End) read out below the chart. Drawn by uPlot, a small
// (≈23 kB gzipped) and well-kept time-series library; a table of the same points is
// there for screen readers and for anyone who prefers numbers.
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { displayRating, ratingInterval, ratingRange } from "@/engine/glicko2";
import { dateTickLabels } from "@/lib/chart-ticks";
import { absoluteTime, LocalTime } from "./local-time";

export interface RatingPoint {
  rating: number;
  rd: number;
  /** Epoch milliseconds of the game's end. */
  at: number;
  gameId: string;
}

const HEIGHT = 220;

export function RatingChart({ gameName, points }: { gameName: string; points: RatingPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [index, setIndex] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el || points.length === 0) return;
    const ink = getComputedStyle(el).color;
    const grid = "rgba(120, 113, 108, 0.2)";
    const axis = { stroke: ink, grid: { stroke: grid }, ticks: { stroke: grid } };
    const data: uPlot.AlignedData = [
      points.map((p) => p.at / 1000),
      points.map((p) => p.rating),
      points.map((p) => p.rating + 2 * p.rd),
      points.map((p) => p.rating - 2 * p.rd),
    ];
    const u = new uPlot(
      {
        width: el.clientWidth,
        height: HEIGHT,
        legend: { show: false },
        cursor: { y: false, points: { size: 8 } },
        scales: { x: { time: true } },
        axes: [
          // Dates as the rest of the site writes them ("24 Nov"), with the time when the span is short.
          // Each day named once, however many ticks fall on it.
          {
            ...axis,
            label: "Date",
            space: 70,
            size: 56,
            values: (self, ticks) =>
              dateTickLabels(
                ticks.map((t) => t * 1000),
                (self.scales.x!.max! - self.scales.x!.min!) * 1000,
              ),
          },
          { ...axis, label: "Rating", size: 60 },
        ],
        series: [
          {},
          { label: "Rating", stroke: "#b45309", width: 2, points: { show: points.length <= 40, size: 5 } },
          { label: "Upper", stroke: "transparent", points: { show: false } },
          { label: "Lower", stroke: "transparent", points: { show: false } },
        ],
        bands: [{ series: [2, 3], fill: "rgba(245, 158, 11, 0.18)" }],
        hooks: { setCursor: [(self) => setIndex(self.cursor.idx ?? null)] },
      },
      data,
      el,
    );
    plot.current = u;
    const resize = new ResizeObserver(() => u.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [points]);

  /** Arrow keys walk through the games, as the pointer does. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const u = plot.current;
    if (!u || points.length === 0) return;
    const current = index ?? points.length - 1;
    const next = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: points.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const i = Math.min(points.length - 1, Math.max(0, next));
    u.setCursor({ left: u.valToPos(points[i]!.at / 1000, "x"), top: u.valToPos(points[i]!.rating, "y") });
  }

  if (points.length === 0) return <p className="text-sm text-stone-600 dark:text-stone-400">No rated {gameName} games yet.</p>;
  const shown = index === null ? null : points[index];
  const last = points.at(-1)!;
  return (
    <figure className="min-w-0">
      <div
        ref={box}
        tabIndex={0}
        role="img"
        aria-label={`${gameName} rating after each of ${points.length} rated games, now ${Math.round(last.rating)}. Use the arrow keys to read each game's rating.`}
        onKeyDown={onKeyDown}
        onBlur={() => plot.current?.setCursor({ left: -10, top: -10 })}
        className="rounded text-stone-600 focus:outline-2 focus:outline-amber-600 dark:text-stone-300"
        style={{ minHeight: HEIGHT }}
        data-testid="rating-chart"
      />
      <figcaption className="mt-1 min-h-5 text-sm tabular-nums" aria-live="polite" data-testid="rating-chart-value">
        {shown ? (
          <>
            {absoluteTime(new Date(shown.at))}: <strong>{displayRating(shown)}</strong>, {ratingRange(shown)}
          </>
        ) : (
          <span className="text-stone-500">Point at the chart, or focus it and use the arrow keys, to read a game&rsquo;s rating.</span>
        )}
      </figcaption>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer text-stone-600 dark:text-stone-400">Show as a table</summary>
        <table className="mt-1 w-full text-left tabular-nums">
          <thead>
            <tr>
              <th scope="col">Game ended</th>
              <th scope="col" className="text-right">
                Rating
              </th>
              <th scope="col" className="text-right">
                Likely range
              </th>
            </tr>
          </thead>
          <tbody>
            {[...points].reverse().map((p) => (
              <tr key={p.gameId}>
                <td>
                  <a className="link" href={`/games/${p.gameId}`}>
                    <LocalTime at={p.at} />
                  </a>
                </td>
                <td className="text-right">{displayRating(p)}</td>
                <td className="text-right">{ratingInterval(p).join("–")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
