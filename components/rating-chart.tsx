// A small SVG line chart of a player's rating after each rated game, with the
// ±2·RD band shaded. Server-rendered; no chart library needed for one line.
export function RatingChart({ points }: { gameName: string; points: { rating: number; rd: number; at: Date }[] }) {
  if (points.length < 2) return <p className="text-sm text-stone-600 dark:text-stone-400">The chart appears after two rated games.</p>;
  const W = 480;
  const H = 160;
  const pad = 28;
  const lo = Math.min(...points.map((p) => p.rating - 2 * p.rd));
  const hi = Math.max(...points.map((p) => p.rating + 2 * p.rd));
  const x = (i: number) => pad + (i * (W - 2 * pad)) / (points.length - 1);
  const y = (r: number) => H - pad - ((r - lo) * (H - 2 * pad)) / Math.max(1, hi - lo);
  const line = points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" ");
  const band = [...points.map((p, i) => `${x(i)},${y(p.rating + 2 * p.rd)}`), ...points.map((p, i) => `${x(i)},${y(p.rating - 2 * p.rd)}`).reverse()].join(" ");
  const last = points.at(-1)!;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="w-full" role="img" aria-label={`Rating history: ${points.length} rated games, now ${Math.round(last.rating)}`}>
      <polygon points={band} className="fill-amber-200/50 dark:fill-amber-900/40" />
      <polyline points={line} fill="none" strokeWidth={2} className="stroke-amber-700 dark:stroke-amber-400" />
      <text x={4} y={y(hi) + 4} className="fill-stone-500 text-[10px]">
        {Math.round(hi)}
      </text>
      <text x={4} y={y(lo)} className="fill-stone-500 text-[10px]">
        {Math.round(lo)}
      </text>
    </svg>
  );
}
