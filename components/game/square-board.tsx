"use client";
// The interactive square board every on-site game draws on (tafl, chess): it
// lets the player to move pick a piece and a legal target by click/tap, by
// dragging (pointer events: mouse, touch and pen alike) or by keyboard (an
// ARIA grid with a roving focus cursor). It knows no rules: the game's own
// board (components/games/<game>/) tells it what stands where, which pieces
// may move and where to, and how squares look; it never plays a move itself:
// it reports `onMove` and waits for the parent to pass the next position.
//
// The board is as wide as its container; the page sizes the container so that
// the board and the clocks fit the window's height.

import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { KeyboardEvent, PointerEvent, ReactNode } from "react";
import { squareLabel, type BoardGeometry } from "./board-geometry";

export interface BoardPiece {
  /** Spoken name, e.g. "king" or "white knight". */
  readonly name: string;
  readonly icon: ReactNode;
  /** Belongs to the side to move. */
  readonly mine: boolean;
}

export interface SquareBoardProps {
  geometry: BoardGeometry;
  /** Accessible name of the grid, e.g. "Chess board". */
  label: string;
  testId: string;
  /** Changes whenever the position does: a selection lapses with its position. */
  positionKey: string;
  /** "White to move." / "The game is over." */
  turnText: string;
  over: boolean;
  pieceAt: (square: string) => BoardPiece | null;
  targetsFrom: (square: string) => readonly string[];
  /** Tailwind classes of a square's background. */
  squareTone: (square: string) => string;
  /** Drawn under the piece (e.g. the throne's mark). */
  squareMark?: (square: string) => ReactNode;
  /** What the square itself is, for its spoken name ("throne", "in check"). */
  squareNotes?: (square: string) => readonly string[];
  /** Squares to ring in red (a king in check). */
  alert?: ReadonlySet<string>;
  /** False (default): highest rank on top. */
  flipped?: boolean;
  lastMove?: { from: string; to: string } | null;
  /** Squares whose pieces the last move captured: shown as a fading ghost and a red ring. */
  captures?: readonly string[];
  /** The icon of a captured piece's ghost. */
  ghost?: ReactNode;
  /** Whether the user may move now (their turn, game running); false for spectators and replays. */
  canMove?: boolean;
  onMove?: (move: { from: string; to: string }) => void;
  /** Extra attributes on the root, for tests and styling. */
  data?: Record<`data-${string}`, string | undefined>;
  /** Drawn over the board (e.g. a promotion picker). */
  overlay?: ReactNode;
}

/** A pointer pressed on a square, until it is released. */
interface Press {
  square: string;
  pointerId: number;
  x: number;
  y: number;
  /** The square was already selected before this press, so a tap on it deselects. */
  wasSelected: boolean;
  /** The press is on a piece the user may move, so it may become a drag. */
  movable: boolean;
  dragging: boolean;
}

/** Movement (px) before a press on a piece counts as a drag rather than a tap. */
const DRAG_THRESHOLD = 5;

/** Fades a captured piece's ghost out, unless the user prefers reduced motion (then it stays faint). */
function fadeGhost(element: HTMLElement | null): void {
  if (!element || typeof element.animate !== "function") return;
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  element.animate(
    [
      { opacity: 0.9, transform: "scale(1)" },
      { opacity: 0, transform: "scale(0.55)" },
    ],
    { duration: 900, easing: "ease-in", fill: "forwards" },
  );
}

export function SquareBoard({
  geometry,
  label,
  testId,
  positionKey,
  turnText,
  over,
  pieceAt,
  targetsFrom,
  squareTone,
  squareMark,
  squareNotes,
  alert,
  flipped = false,
  lastMove = null,
  captures = [],
  ghost,
  canMove = false,
  onMove,
  data,
  overlay,
}: SquareBoardProps) {
  const size = geometry.size;
  const descriptionId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const ghostRef = useRef<HTMLDivElement>(null);
  const cells = useRef(new Map<string, HTMLDivElement>());
  const press = useRef<Press | null>(null);
  const pointer = useRef({ x: 0, y: 0 });

  const [selection, setSelection] = useState<{ square: string; key: string } | null>(null);
  const [cursor, setCursor] = useState<string>(() => lastMove?.to ?? geometry.squareAt(Math.floor(size / 2), Math.floor(size / 2), false));
  const [dragFrom, setDragFrom] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState<string | null>(null);

  const interactive = canMove && !over;
  const isMovable = useCallback((square: string) => interactive && pieceAt(square)?.mine === true, [interactive, pieceAt]);
  const selected = selection !== null && selection.key === positionKey && isMovable(selection.square) ? selection.square : null;
  const targets = useMemo(() => new Set(selected ? targetsFrom(selected) : []), [targetsFrom, selected]);
  const rows = useMemo(() => geometry.screenRows(flipped), [geometry, flipped]);
  const captured = useMemo(() => new Set(captures), [captures]);

  const select = (square: string | null) => setSelection(square === null ? null : { square, key: positionKey });

  const play = (from: string, to: string) => {
    setSelection(null);
    onMove?.({ from, to });
  };

  /** A tap, click, Enter or Space on a square. */
  const activate = (square: string) => {
    if (!interactive) return;
    if (selected !== null && targets.has(square)) play(selected, square);
    else if (isMovable(square)) select(square === selected ? null : square);
    else select(null);
  };

  // A press outside the board drops the selection, as a click on an empty square would.
  useEffect(() => {
    if (selected === null) return;
    const onDocumentPointerDown = (event: globalThis.PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setSelection(null);
    };
    document.addEventListener("pointerdown", onDocumentPointerDown);
    return () => document.removeEventListener("pointerdown", onDocumentPointerDown);
  }, [selected]);

  const gridRect = () => gridRef.current?.getBoundingClientRect() ?? { left: 0, top: 0, width: 0, height: 0 };

  /** Keeps the dragged piece under the pointer (written to the DOM directly: no render per pointer move). */
  const placeGhost = useCallback(
    (element: HTMLDivElement | null) => {
      ghostRef.current = element;
      if (!element || !gridRef.current) return;
      const rect = gridRef.current.getBoundingClientRect();
      const cell = rect.width / size;
      element.style.transform = `translate(${pointer.current.x - rect.left - cell / 2}px, ${pointer.current.y - rect.top - cell / 2}px)`;
    },
    [size],
  );

  const onSquarePointerDown = (event: PointerEvent<HTMLDivElement>, square: string) => {
    if (event.button !== 0) return;
    // A second finger during a drag is ignored; any other earlier press whose
    // release we never saw (let go outside the board) is simply replaced.
    if (press.current?.dragging && press.current.pointerId !== event.pointerId) return;
    const movable = isMovable(square);
    const wasSelected = selected === square;
    // Selecting on press (not release) shows the targets before a drag starts.
    if (movable && !wasSelected) select(square);
    press.current = { square, pointerId: event.pointerId, x: event.clientX, y: event.clientY, wasSelected, movable, dragging: false };
    pointer.current = { x: event.clientX, y: event.clientY };
  };

  const onGridPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId || !current.movable) return;
    pointer.current = { x: event.clientX, y: event.clientY };
    if (!current.dragging) {
      if (Math.hypot(event.clientX - current.x, event.clientY - current.y) < DRAG_THRESHOLD) return;
      current.dragging = true;
      setDragFrom(current.square);
      // The grid keeps the pointer from here on, so the drop is seen wherever it
      // happens. Not on press: capturing then would steal the focus from the square.
      gridRef.current?.setPointerCapture(event.pointerId);
    }
    placeGhost(ghostRef.current);
    setDragOver(geometry.squareFromPoint(event.clientX, event.clientY, gridRect(), flipped));
  };

  const endDrag = () => {
    setDragFrom(null);
    setDragOver(null);
  };

  const onGridPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    press.current = null;
    if (current.dragging) {
      endDrag();
      const to = geometry.squareFromPoint(event.clientX, event.clientY, gridRect(), flipped);
      // Dropped elsewhere: the piece stays selected, so a tap can still finish the move.
      if (to !== null && targetsFrom(current.square).includes(to)) play(current.square, to);
      return;
    }
    if (current.movable) {
      if (current.wasSelected) select(null);
      return;
    }
    activate(current.square);
  };

  const onGridPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    if (press.current?.pointerId !== event.pointerId) return;
    press.current = null;
    endDrag();
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      if (selected !== null) event.preventDefault();
      select(null);
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate(cursor);
      return;
    }
    const next = geometry.moveCursor(cursor, event.key, flipped, event.ctrlKey || event.metaKey);
    if (next === null) return;
    event.preventDefault();
    setCursor(next);
    cells.current.get(next)?.focus();
  };

  const rowsClass = { gridTemplateRows: `repeat(${size}, minmax(0, 1fr))` };
  const colsClass = { gridTemplateColumns: `repeat(${size}, minmax(0, 1fr))` };
  const dragged = dragFrom ? pieceAt(dragFrom) : null;

  return (
    <div
      ref={rootRef}
      className="@container mx-auto w-full touch-manipulation select-none"
      data-testid={testId}
      data-flipped={flipped ? "" : undefined}
      {...data}
    >
      <p id={descriptionId} className="sr-only">
        {turnText} Arrow keys move between squares. Enter or Space picks up one of your pieces and puts it down on a legal target. Escape puts it back.
      </p>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-1 gap-y-0.5 text-[length:clamp(0.6rem,2.4cqw,0.85rem)] font-medium text-stone-500 tabular-nums dark:text-stone-400">
        <div aria-hidden className="grid pr-0.5" style={rowsClass}>
          {geometry.rankLabels(flipped).map((rank) => (
            <span key={rank} className="flex items-center justify-end">
              {rank}
            </span>
          ))}
        </div>
        <div
          ref={gridRef}
          role="grid"
          aria-label={label}
          aria-describedby={descriptionId}
          className="relative grid aspect-square gap-px rounded-sm bg-[#8b6a3e] p-px shadow-md ring-1 ring-[#6b4f2a] dark:bg-[#2a2015] dark:ring-[#2a2015]"
          style={rowsClass}
          onKeyDown={onGridKeyDown}
          onPointerMove={onGridPointerMove}
          onPointerUp={onGridPointerUp}
          onPointerCancel={onGridPointerCancel}
          onLostPointerCapture={(event) => {
            // Only the grid's own capture ending counts: a touched square losing
            // its implicit capture to the grid (at drag start) bubbles here too.
            if (event.target === event.currentTarget) onGridPointerCancel(event);
          }}
        >
          {rows.map((row, index) => (
            <div key={index} role="row" className="grid gap-px" style={colsClass}>
              {row.map((square) => {
                const piece = pieceAt(square);
                const moveMark = lastMove?.from === square ? "from" : lastMove?.to === square ? "to" : null;
                const isSelected = selected === square;
                const isTarget = targets.has(square);
                const isCaptured = captured.has(square);
                const isAlert = alert?.has(square) ?? false;
                const movable = isMovable(square);
                return (
                  <div
                    key={square}
                    ref={(element) => {
                      if (element) cells.current.set(square, element);
                      else cells.current.delete(square);
                    }}
                    role="gridcell"
                    tabIndex={square === cursor ? 0 : -1}
                    aria-selected={isSelected}
                    aria-label={squareLabel(square, {
                      piece: piece?.name ?? null,
                      notes: squareNotes?.(square),
                      selected: isSelected,
                      target: isTarget,
                      lastMove: moveMark,
                      captured: isCaptured,
                    })}
                    data-square={square}
                    data-selected={isSelected ? "" : undefined}
                    data-target={isTarget ? "" : undefined}
                    data-last-move={moveMark ?? undefined}
                    data-captured={isCaptured ? "" : undefined}
                    data-alert={isAlert ? "" : undefined}
                    className={`relative flex items-center justify-center focus-visible:z-10 focus-visible:outline-[3px] focus-visible:outline-solid focus-visible:outline-offset-[-3px] focus-visible:outline-sky-600 dark:focus-visible:outline-sky-400 ${squareTone(square)} ${
                      movable ? "cursor-grab touch-none" : isTarget ? "cursor-pointer" : ""
                    }`}
                    onPointerDown={(event) => onSquarePointerDown(event, square)}
                    onFocus={() => setCursor(square)}
                  >
                    {squareMark?.(square)}
                    {moveMark && (
                      <span
                        aria-hidden
                        className={`absolute inset-0 ${moveMark === "to" ? "bg-amber-400/55 dark:bg-amber-400/35" : "bg-amber-300/40 dark:bg-amber-400/20"}`}
                      />
                    )}
                    {isAlert && (
                      <span
                        aria-hidden
                        className="absolute inset-0 bg-[radial-gradient(circle,rgb(220_38_38/0.85)_0%,rgb(220_38_38/0.35)_55%,transparent_75%)]"
                      />
                    )}
                    {isSelected && <span aria-hidden className="absolute inset-0 bg-emerald-500/45 dark:bg-emerald-400/35" />}
                    {isCaptured && <span aria-hidden className="absolute inset-[6%] rounded-full ring-2 ring-red-600 dark:ring-red-400" />}
                    {dragOver === square && isTarget && <span aria-hidden className="absolute inset-0 ring-4 ring-emerald-600/70 ring-inset" />}
                    {isCaptured && piece === null && ghost && (
                      <div key={`${positionKey}:${square}`} ref={fadeGhost} aria-hidden data-ghost="" className="relative size-[80%] opacity-30">
                        {ghost}
                      </div>
                    )}
                    {piece && (
                      <div data-piece={piece.name} className={`relative size-[86%] ${dragFrom === square ? "opacity-30" : ""}`}>
                        {piece.icon}
                      </div>
                    )}
                    {isTarget && (
                      <span
                        aria-hidden
                        className={`absolute rounded-full ${
                          piece === null ? "size-[28%] bg-emerald-700/55 dark:bg-emerald-300/60" : "inset-[8%] ring-4 ring-emerald-700/55"
                        }`}
                      />
                    )}
                  </div>
                );
              })}
            </div>
          ))}
          {dragged && (
            <div
              ref={placeGhost}
              aria-hidden
              className="pointer-events-none absolute top-0 left-0 z-20 flex items-center justify-center"
              style={{ width: `${100 / size}%`, height: `${100 / size}%` }}
            >
              <div className="size-[92%] drop-shadow-lg">{dragged.icon}</div>
            </div>
          )}
          {overlay}
        </div>
        <div />
        <div aria-hidden className="grid text-center" style={colsClass}>
          {geometry.fileLabels(flipped).map((file) => (
            <span key={file}>{file}</span>
          ))}
        </div>
      </div>
    </div>
  );
}
