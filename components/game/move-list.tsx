"use client";
// The game's moves as numbered rows (side 1's move, side 2's reply). With
// `onSelect`, each move is a button that shows the board after it (replay);
// the move shown is marked, and the latest is kept in view as moves arrive.

import { useEffect, useRef } from "react";
import { pairMoves } from "./move-pairs";

export interface MoveListProps {
  /** The moves in the game's notation, side 1's first. */
  moves: readonly string[];
  /** How many moves the board shows (default: all of them). */
  shown?: number;
  /** Called with the number of moves to show when a move is picked. */
  onSelect?: (ply: number) => void;
}

export function MoveList({ moves, shown = moves.length, onSelect }: MoveListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const pairs = pairMoves(moves);
  const latest = moves.length - 1;

  // Scrolls only the list's own box (not the page, as scrollIntoView would).
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const current = box.querySelector<HTMLElement>("[aria-current]");
    if (shown >= moves.length || !current) box.scrollTop = box.scrollHeight;
    else if (current.offsetTop < box.scrollTop || current.offsetTop > box.scrollTop + box.clientHeight - current.offsetHeight) {
      box.scrollTop = current.offsetTop - box.clientHeight / 2;
    }
  }, [moves.length, shown]);

  const cell = (move: string | null, index: number) => {
    if (move === null) return <span />;
    const current = index === shown - 1;
    const className = `justify-self-start rounded px-1.5 py-0.5 font-mono ${
      current ? "bg-amber-200 font-semibold text-stone-900 dark:bg-amber-500/30 dark:text-amber-100" : ""
    }`;
    const attributes = {
      "data-move-index": index,
      "data-latest": index === latest ? "" : undefined,
      "aria-current": current ? ("step" as const) : undefined,
    };
    return onSelect ? (
      <button type="button" {...attributes} className={`${className} hover:bg-amber-100 dark:hover:bg-stone-700`} onClick={() => onSelect(index + 1)}>
        {move}
      </button>
    ) : (
      <span {...attributes} className={className}>
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
            <li key={pair.number} className="grid grid-cols-[2.5rem_1fr_1fr] items-center gap-1 px-2 py-1 odd:bg-stone-50 dark:odd:bg-stone-800/60">
              <span className="text-right text-stone-500 tabular-nums dark:text-stone-400">{pair.number}.</span>
              {cell(pair.first, (pair.number - 1) * 2)}
              {cell(pair.second, (pair.number - 1) * 2 + 1)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
