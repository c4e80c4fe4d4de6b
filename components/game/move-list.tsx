"use client";
// The game's moves as numbered rows (attackers' move, defenders' reply), the
// latest highlighted and kept in view as moves arrive.

import { useEffect, useRef } from "react";
import { pairMoves } from "./move-pairs";

export interface MoveListProps {
  /** The moves in record notation ("d1-d5", "f4-d4xd5"), attackers' first. */
  moves: readonly string[];
}

export function MoveList({ moves }: MoveListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const pairs = pairMoves(moves);
  const latest = moves.length - 1;

  // Scrolls only the list's own box (not the page, as scrollIntoView would).
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [moves.length]);

  const cell = (move: string | null, index: number) => {
    if (move === null) return <span />;
    const current = index === latest;
    return (
      <span
        data-move-index={index}
        data-latest={current ? "" : undefined}
        aria-current={current ? "step" : undefined}
        className={`justify-self-start rounded px-1.5 py-0.5 font-mono ${
          current ? "bg-amber-200 font-semibold text-stone-900 dark:bg-amber-500/30 dark:text-amber-100" : ""
        }`}
      >
        {move}
      </span>
    );
  };

  return (
    <div
      ref={scroller}
      data-testid="move-list"
      // Focusable and named, so keyboard users can scroll a long list too.
      tabIndex={0}
      role="region"
      aria-label="Move list"
      className="max-h-72 overflow-y-auto rounded-lg border border-stone-200 bg-white text-sm dark:border-stone-700 dark:bg-stone-800"
    >
      {pairs.length === 0 ? (
        <p className="px-3 py-2 text-stone-500 dark:text-stone-400">No moves yet.</p>
      ) : (
        <ol aria-label="Moves" className="divide-y divide-stone-100 dark:divide-stone-700/60">
          {pairs.map((pair) => (
            <li
              key={pair.number}
              className="grid grid-cols-[2.5rem_1fr_1fr] items-center gap-1 px-2 py-1 odd:bg-stone-50 dark:odd:bg-stone-800/60"
            >
              <span className="text-right text-stone-500 tabular-nums dark:text-stone-400">{pair.number}.</span>
              {cell(pair.attackers, (pair.number - 1) * 2)}
              {cell(pair.defenders, (pair.number - 1) * 2 + 1)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
