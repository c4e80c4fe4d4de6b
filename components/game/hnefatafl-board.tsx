"use client";
// The interactive 11×11 Copenhagen hnefatafl board: draws a GameState and
// lets the player to move pick a piece and a legal target by click/tap, by
// dragging (pointer events: mouse, touch and pen alike) or by keyboard (an
// ARIA grid with a roving focus cursor). It knows no rules beyond asking the
// engine for legal targets, and it never plays a move itself: it reports
// `onMove` and waits for the parent to pass the next state.

import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { KeyboardEvent, PointerEvent } from "react";
import { legalTargets, pieceAt, type GameState, type Piece } from "@/engine/hnefatafl";
import {
  fileLabels,
  isCorner,
  isThrone,
  moveCursor,
  rankLabels,
  screenRows,
  squareFromPoint,
  squareLabel,
} from "./board-geometry";

export interface BoardMove {
  from: string;
  to: string;
}

export interface HnefataflBoardProps {
  state: GameState;
  /** False (default): rank 11 on top, files a→k. True: rank 1 on top, files k→a. */
  flipped?: boolean;
  /** Marked on the board (both squares). */
  lastMove?: BoardMove | null;
  /** Squares whose pieces the last move captured: shown as a fading ghost and a red ring. */
  captures?: readonly string[];
  /** Whether the user may move now (their turn, game running); false for spectators. */
  canMove?: boolean;
  /** Called with a legal move of the side to move; the parent plays it and passes the new state. */
  onMove?: (move: BoardMove) => void;
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

function ownerOf(piece: Piece | null): GameState["toMove"] | null {
  return piece === null ? null : piece === "attacker" ? "attackers" : "defenders";
}

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

export function HnefataflBoard({
  state,
  flipped = false,
  lastMove = null,
  captures = [],
  canMove = false,
  onMove,
}: HnefataflBoardProps) {
  const descriptionId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const ghostRef = useRef<HTMLDivElement>(null);
  const cells = useRef(new Map<string, HTMLDivElement>());
  const press = useRef<Press | null>(null);
  const pointer = useRef({ x: 0, y: 0 });

  // A selection belongs to the position it was made in: once the state moves
  // on (our move played, or the opponent's arrived) it lapses by itself.
  const positionKey = `${state.ply}:${state.toMove}:${state.board}`;
  const [selection, setSelection] = useState<{ square: string; key: string } | null>(null);
  const [cursor, setCursor] = useState<string>(() => lastMove?.to ?? "f6");
  const [dragFrom, setDragFrom] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState<string | null>(null);

  const interactive = canMove && !state.status.over;
  const isMovable = useCallback(
    (square: string) => interactive && ownerOf(pieceAt(state, square)) === state.toMove,
    [interactive, state],
  );
  const selected =
    selection !== null && selection.key === positionKey && isMovable(selection.square) ? selection.square : null;
  const targets = useMemo(() => new Set(selected ? legalTargets(state, selected) : []), [state, selected]);
  const rows = useMemo(() => screenRows(flipped), [flipped]);
  const captured = useMemo(() => new Set(captures), [captures]);
  // The captured pieces belong to the side that did not make the last move, i.e. the side now to move.
  const ghostPiece: Piece = state.toMove === "attackers" ? "attacker" : "defender";

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
  const placeGhost = useCallback((element: HTMLDivElement | null) => {
    ghostRef.current = element;
    if (!element || !gridRef.current) return;
    const rect = gridRef.current.getBoundingClientRect();
    const size = rect.width / 11;
    element.style.transform = `translate(${pointer.current.x - rect.left - size / 2}px, ${pointer.current.y - rect.top - size / 2}px)`;
  }, []);

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
    const over = squareFromPoint(event.clientX, event.clientY, gridRect(), flipped);
    setDragOver(over);
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
      const to = squareFromPoint(event.clientX, event.clientY, gridRect(), flipped);
      // Dropped elsewhere: the piece stays selected, so a tap can still finish the move.
      if (to !== null && legalTargets(state, current.square).includes(to)) play(current.square, to);
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
    const next = moveCursor(cursor, event.key, flipped, event.ctrlKey || event.metaKey);
    if (next === null) return;
    event.preventDefault();
    setCursor(next);
    cells.current.get(next)?.focus();
  };

  const turn = state.status.over
    ? "The game is over."
    : `${state.toMove === "attackers" ? "Attackers" : "Defenders"} to move.`;

  return (
    <div
      ref={rootRef}
      className="@container w-full touch-manipulation select-none"
      data-testid="hnefatafl-board"
      data-flipped={flipped ? "" : undefined}
      data-to-move={state.toMove}
    >
      <p id={descriptionId} className="sr-only">
        {turn} Arrow keys move between squares. Enter or Space picks up one of your pieces and puts it down on a legal
        target. Escape puts it back.
      </p>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-1 gap-y-0.5 text-[length:clamp(0.6rem,2.4cqw,0.85rem)] font-medium text-stone-500 tabular-nums dark:text-stone-400">
        <div aria-hidden className="grid grid-rows-11 pr-0.5">
          {rankLabels(flipped).map((rank) => (
            <span key={rank} className="flex items-center justify-end">
              {rank}
            </span>
          ))}
        </div>
        <div
          ref={gridRef}
          role="grid"
          aria-label="Hnefatafl board"
          aria-describedby={descriptionId}
          className="relative grid aspect-square grid-rows-11 gap-px rounded-sm bg-[#8b6a3e] p-px shadow-md ring-1 ring-[#6b4f2a] dark:bg-[#2a2015] dark:ring-[#2a2015]"
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
            <div key={index} role="row" className="grid grid-cols-11 gap-px">
              {row.map((square) => {
                const piece = pieceAt(state, square);
                const restricted = isThrone(square) ? "throne" : isCorner(square) ? "corner" : null;
                const moveMark = lastMove?.from === square ? "from" : lastMove?.to === square ? "to" : null;
                const isSelected = selected === square;
                const isTarget = targets.has(square);
                const isCaptured = captured.has(square);
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
                      piece,
                      selected: isSelected,
                      target: isTarget,
                      lastMove: moveMark,
                      captured: isCaptured,
                    })}
                    data-square={square}
                    data-restricted={restricted ?? undefined}
                    data-selected={isSelected ? "" : undefined}
                    data-target={isTarget ? "" : undefined}
                    data-last-move={moveMark ?? undefined}
                    data-captured={isCaptured ? "" : undefined}
                    className={`relative flex items-center justify-center focus-visible:z-10 focus-visible:outline-[3px] focus-visible:outline-solid focus-visible:outline-offset-[-3px] focus-visible:outline-sky-600 dark:focus-visible:outline-sky-400 ${
                      restricted ? "bg-[#c8a166] dark:bg-[#54432f]" : "bg-[#ecd8ac] dark:bg-[#74603f]"
                    } ${movable ? "cursor-grab touch-none" : isTarget ? "cursor-pointer" : ""}`}
                    onPointerDown={(event) => onSquarePointerDown(event, square)}
                    onFocus={() => setCursor(square)}
                  >
                    {restricted && <RestrictedMark kind={restricted} />}
                    {moveMark && (
                      <span
                        aria-hidden
                        className={`absolute inset-0 ${
                          moveMark === "to" ? "bg-amber-400/55 dark:bg-amber-400/35" : "bg-amber-300/40 dark:bg-amber-400/20"
                        }`}
                      />
                    )}
                    {isSelected && <span aria-hidden className="absolute inset-0 bg-emerald-500/45 dark:bg-emerald-400/35" />}
                    {isCaptured && (
                      <span aria-hidden className="absolute inset-[6%] rounded-full ring-2 ring-red-600 dark:ring-red-400" />
                    )}
                    {dragOver === square && isTarget && (
                      <span aria-hidden className="absolute inset-0 ring-4 ring-emerald-600/70 ring-inset" />
                    )}
                    {isCaptured && piece === null && (
                      <div key={`${positionKey}:${square}`} ref={fadeGhost} aria-hidden data-ghost="" className="relative size-[80%] opacity-30">
                        <PieceIcon piece={ghostPiece} />
                      </div>
                    )}
                    {piece && (
                      <div
                        data-piece={piece}
                        className={`relative size-[80%] ${dragFrom === square ? "opacity-30" : ""}`}
                      >
                        <PieceIcon piece={piece} />
                      </div>
                    )}
                    {isTarget && (
                      <span
                        aria-hidden
                        className={`absolute rounded-full ${
                          piece === null
                            ? "size-[28%] bg-emerald-700/55 dark:bg-emerald-300/60"
                            : "inset-[8%] ring-4 ring-emerald-700/55"
                        }`}
                      />
                    )}
                  </div>
                );
              })}
            </div>
          ))}
          {dragFrom && (
            <div
              ref={placeGhost}
              aria-hidden
              className="pointer-events-none absolute top-0 left-0 z-20 flex size-[calc(100%/11)] items-center justify-center"
            >
              <div className="size-[92%] drop-shadow-lg">
                <PieceIcon piece={pieceAt(state, dragFrom) ?? "attacker"} />
              </div>
            </div>
          )}
        </div>
        <div />
        <div aria-hidden className="grid grid-cols-11 text-center">
          {fileLabels(flipped).map((file) => (
            <span key={file}>{file}</span>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The throne and corners: only the king may stop there. */
function RestrictedMark({ kind }: { kind: "throne" | "corner" }) {
  return (
    <svg aria-hidden viewBox="0 0 100 100" className="absolute inset-0 size-full text-[#7a5a30] opacity-60 dark:text-[#c9ad7f]">
      <rect x="14" y="14" width="72" height="72" fill="none" stroke="currentColor" strokeWidth="4" />
      {kind === "corner" ? (
        <path d="M14 14 L86 86 M86 14 L14 86" stroke="currentColor" strokeWidth="4" />
      ) : (
        <path d="M50 14 L50 86 M14 50 L86 50" stroke="currentColor" strokeWidth="4" />
      )}
    </svg>
  );
}

/** A piece as a scalable disc: attackers dark, defenders light, the king light with a gold crown. */
function PieceIcon({ piece }: { piece: Piece }) {
  if (piece === "attacker") {
    return (
      <svg aria-hidden viewBox="0 0 100 100" className="size-full drop-shadow-[0_1px_1px_rgb(0_0_0/0.45)]">
        <circle cx="50" cy="50" r="44" strokeWidth="4" className="fill-[#292524] stroke-[#0c0a09] dark:fill-[#1c1917] dark:stroke-[#a8a29e]" />
        <circle cx="50" cy="50" r="29" fill="none" stroke="#57534e" strokeWidth="4" />
      </svg>
    );
  }
  return (
    <svg aria-hidden viewBox="0 0 100 100" className="size-full drop-shadow-[0_1px_1px_rgb(0_0_0/0.45)]">
      <circle cx="50" cy="50" r="44" fill="#fafaf9" stroke={piece === "king" ? "#b45309" : "#78716c"} strokeWidth={piece === "king" ? 7 : 4} />
      {piece === "king" ? (
        <path
          d="M27 66 L23 35 L38 47 L50 27 L62 47 L77 35 L73 66 Z"
          fill="#f59e0b"
          stroke="#92400e"
          strokeWidth="4"
          strokeLinejoin="round"
        />
      ) : (
        <circle cx="50" cy="50" r="29" fill="none" stroke="#d6d3d1" strokeWidth="4" />
      )}
    </svg>
  );
}
