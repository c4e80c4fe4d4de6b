"use client";
// The four-colour polyomino board: a 20×20 grid drawn in SVG (the shared square
// board moves pieces from square to square; here pieces come from a tray), the
// tray of the colour to move with rotate and flip, a ghost of the selected piece
// under the pointer or the keyboard cursor that says whether it fits (the rules'
// own sentence, engine/games/polyomino/view.ts), the corners where the colour may
// touch its own, the latest placement and the live scores; and, before the first
// piece, the Freestyle pre-game (A names blue's and red's first pieces, B chooses
// colours). It sends moves in the game's notation and knows no rule itself.
//
// Keys on the board: arrows move the cursor, R rotates, F flips, [ and ] pick the
// previous and next piece, Enter places.

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from "react";
import type { GameBoardProps } from "@/components/game/board-props";
import { COLOURS, SIZE, type Colour } from "@/engine/games/polyomino/board";
import { allowedPieces, polyomino, scores, sideOf, squareName, type PolyState } from "@/engine/games/polyomino/game";
import { PIECES } from "@/engine/games/polyomino/pieces";
import { ghost, lastPlacement, pieceShape, remainingPieces, touchSquares } from "@/engine/games/polyomino/view";

const FILL: Readonly<Record<(typeof COLOURS)[number], string>> = { blue: "#2563eb", yellow: "#eab308", red: "#dc2626", green: "#16a34a" };
const STARTERS = PIECES.filter((piece) => piece.canStart).map((piece) => piece.name);

/** Turning a quarter clockwise keeps the mirroring (k ≥ 4) and adds a turn. */
const rotated = (k: number) => (k & 4) | ((k + 1) & 3);
/** Mirroring left to right, then the same turns: another of the 8 orientations. */
const flippedK = (k: number) => k ^ 4;

/** [file, rank] from 0 of the square at screen cell (col, row); row 0 is rank 20. */
const squareAtCell = (col: number, row: number): [number, number] => [col, SIZE - 1 - row];

/**
 * Where the piece lies when the pointer is on (x, y): the square under the pointer is
 * the piece's square nearest its middle, so the ghost sits around the pointer. Returns
 * the notation's square (the leftmost square of the bottom row) as [file, rank].
 */
function anchorFor(cells: readonly [number, number][], x: number, y: number): [number, number] {
  const midX = (Math.min(...cells.map(([dx]) => dx)) + Math.max(...cells.map(([dx]) => dx))) / 2;
  const midY = (Math.min(...cells.map(([, dy]) => dy)) + Math.max(...cells.map(([, dy]) => dy))) / 2;
  let grab = cells[0]!;
  for (const cell of cells) if (Math.hypot(cell[0] - midX, cell[1] - midY) < Math.hypot(grab[0] - midX, grab[1] - midY)) grab = cell;
  return [x - grab[0], y - grab[1]];
}

export function PolyominoBoard({ position, flipped = false, canMove = false, onMove, compact = false }: GameBoardProps) {
  const state = useMemo(() => polyomino.parse(position), [position]);
  const pregame = state.moves.length < 2;
  const colour: Colour = state.toColour;
  const over = state.status.over;
  const placing = canMove && !over && !pregame;
  const allowed = allowedPieces(state, colour);
  const tray = useMemo(() => remainingPieces(state, colour), [state, colour]);
  const placeable = useMemo(() => tray.filter((name) => allowed & (1 << PIECES.findIndex((p) => p.name === name))), [tray, allowed]);

  const [picked, setPicked] = useState<string | null>(null);
  const [k, setK] = useState(0);
  const [cursor, setCursor] = useState<[number, number] | null>(null);
  const [dragging, setDragging] = useState(false);
  const svg = useRef<SVGSVGElement>(null);
  // The selection lapses when its piece is gone (placed, or another colour's turn).
  const selected = picked !== null && placeable.includes(picked) ? picked : (placeable[0] ?? null);

  const shape = useMemo(() => (selected ? pieceShape(selected, k) : null), [selected, k]);
  const anchor = shape && cursor ? anchorFor(shape, cursor[0], cursor[1]) : null;
  const onBoard = anchor !== null && anchor[0] >= 0 && anchor[0] < SIZE && anchor[1] >= 0 && anchor[1] < SIZE;
  const notation = placing && selected && onBoard ? `${COLOURS[colour]} ${selected}:${k}@${squareName(anchor[0], anchor[1])}` : null;
  const preview = useMemo(() => (notation ? ghost(state, notation) : null), [state, notation]);
  // Squares of the ghost the rules could not name (its notation square is off the board): drawn, refused.
  const ghostSquares = useMemo(() => {
    if (!placing || !shape || !anchor) return new Set<string>();
    if (preview) return new Set(preview.squares);
    return new Set(
      shape
        .map(([dx, dy]) => [anchor[0] + dx, anchor[1] + dy] as const)
        .filter(([x, y]) => x >= 0 && y >= 0 && x < SIZE && y < SIZE)
        .map(([x, y]) => squareName(x, y)),
    );
  }, [placing, shape, anchor, preview]);
  const ghostReason = !placing || !anchor ? null : preview ? preview.reason : "the piece would reach off the board";
  const fits = placing && preview !== null && preview.reason === null;

  const touch = useMemo(() => new Set(placing ? touchSquares(state) : []), [state, placing]);
  const last = useMemo(() => lastPlacement(state), [state]);
  const lastSquares = useMemo(() => new Set(last?.squares ?? []), [last]);
  const score = useMemo(() => scores(state), [state]);
  const colourAt = useCallback((x: number, y: number) => state.board.colourAt(x, y), [state]);

  const place = useCallback(() => {
    if (fits && notation) onMove?.(notation);
  }, [fits, notation, onMove]);

  const cellFromPointer = useCallback(
    (clientX: number, clientY: number): [number, number] | null => {
      const box = svg.current?.getBoundingClientRect();
      if (!box || box.width === 0) return null;
      const col = Math.floor(((clientX - box.left) / box.width) * SIZE);
      const row = Math.floor(((clientY - box.top) / box.height) * SIZE);
      if (col < 0 || row < 0 || col >= SIZE || row >= SIZE) return null;
      // A flipped board is the same drawing turned half a turn (the <g> below).
      return flipped ? squareAtCell(SIZE - 1 - col, SIZE - 1 - row) : squareAtCell(col, row);
    },
    [flipped],
  );

  // Dragging a piece from the tray: the ghost follows the pointer over the board, and
  // letting go where it fits places it.
  const dropRef = useRef(place);
  useEffect(() => {
    dropRef.current = place;
  });
  useEffect(() => {
    if (!dragging) return;
    const move = (event: PointerEvent) => setCursor(cellFromPointer(event.clientX, event.clientY));
    const up = (event: PointerEvent) => {
      setDragging(false);
      if (cellFromPointer(event.clientX, event.clientY)) dropRef.current();
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    return () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
    };
  }, [dragging, cellFromPointer]);

  const cycle = (step: number) => {
    if (placeable.length === 0) return;
    const at = selected ? placeable.indexOf(selected) : -1;
    setPicked(placeable[(at + step + placeable.length) % placeable.length]!);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!placing) return;
    const steps: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const arrow = steps[event.key];
    const step: [number, number] | undefined = arrow && (flipped ? [-arrow[0], -arrow[1]] : arrow);
    if (step) {
      const [x, y] = cursor ?? [Math.floor(SIZE / 2), Math.floor(SIZE / 2)];
      setCursor([Math.max(0, Math.min(SIZE - 1, x + step[0])), Math.max(0, Math.min(SIZE - 1, y + step[1]))]);
    } else if (event.key === "r" || event.key === "R") setK(rotated);
    else if (event.key === "f" || event.key === "F") setK(flippedK);
    else if (event.key === "]") cycle(1);
    else if (event.key === "[") cycle(-1);
    else if (event.key === "Enter" || event.key === " ") place();
    else return;
    event.preventDefault();
    // The page steps through the game on arrow keys (replay-controls.tsx), which would take
    // them from the board: it leaves HTML grids alone, but this grid is an SVG element.
    event.stopPropagation();
  };

  const colourName = COLOURS[colour];
  const holder = (c: Colour) => (state.bPlays ? (sideOf(state, c) === 1 ? "A" : "B") : null);
  const turnText = over
    ? "The game is over."
    : state.moves.length === 0
      ? "A names blue's and red's first pieces."
      : state.moves.length === 1
        ? "B chooses blue and red, or yellow and green."
        : `${colourName[0]!.toUpperCase()}${colourName.slice(1)} (${holder(colour)}) to place.`;

  return (
    // On wide screens the tray stands beside the grid, so the board keeps the window's height;
    // on a phone it is one row under the grid that scrolls sideways by itself. Beside the
    // grid, the panel is size-contained (its content does not make the row taller) and the
    // columns are fractions: the board's height to width stays one fixed ratio, which the
    // game page's fitting (it sizes the board by that ratio) needs to settle.
    <div
      className={compact ? "" : "space-y-2 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,1fr)] lg:gap-3 lg:space-y-0"}
      data-testid="polyomino-board"
      data-flipped={flipped ? "" : undefined}
      data-to-move={pregame ? undefined : colourName}
      data-selected={selected ?? undefined}
      data-orientation={k}
    >
      <svg
        ref={svg}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        // A widget of its own keys (arrows, R, F, [, ], Enter), not a grid of cells.
        role="application"
        aria-label={`Four-colour polyomino board. ${turnText}${placing ? " Arrows move the piece, R rotates, F flips, [ and ] change piece, Enter places." : ""}`}
        tabIndex={0}
        data-testid="polyomino-grid"
        data-ghost={notation ?? undefined}
        data-fits={placing && anchor ? String(fits) : undefined}
        className="block aspect-square w-full touch-none rounded-md border border-stone-400 bg-stone-100 outline-none select-none focus-visible:ring-3 focus-visible:ring-sky-600 dark:border-stone-600 dark:bg-stone-800"
        onKeyDown={onKeyDown}
        onPointerMove={(event: ReactPointerEvent) => {
          if (placing && event.pointerType === "mouse") setCursor(cellFromPointer(event.clientX, event.clientY));
        }}
        onPointerLeave={(event: ReactPointerEvent) => {
          if (!dragging && event.pointerType === "mouse") setCursor(null);
        }}
        onClick={(event) => {
          if (!placing) return;
          const cell = cellFromPointer(event.clientX, event.clientY);
          // A touch has no hover: the first tap shows the ghost, a tap on the same square places it.
          if (cell && cursor && cell[0] === cursor[0] && cell[1] === cursor[1]) place();
          else setCursor(cell);
        }}
      >
        <g transform={flipped ? `rotate(180 ${SIZE / 2} ${SIZE / 2})` : undefined}>
          {Array.from({ length: SIZE * SIZE }, (_, i) => {
            const [col, row] = [i % SIZE, Math.floor(i / SIZE)];
            const [x, y] = squareAtCell(col, row);
            const name = squareName(x, y);
            const c = colourAt(x, y);
            return (
              <rect
                key={name}
                data-square={name}
                data-colour={c >= 0 ? COLOURS[c] : undefined}
                x={col + 0.04}
                y={row + 0.04}
                width={0.92}
                height={0.92}
                rx={0.12}
                fill={c >= 0 ? FILL[COLOURS[c]!] : "currentColor"}
                className={c >= 0 ? undefined : "text-stone-200 dark:text-stone-700"}
              />
            );
          })}
          {/* Marks over the squares: the pointer goes through them to the square below. */}
          <g pointerEvents="none">
            {[...touch].map((name) => {
              const [col, row] = cellOf(name);
              return <circle key={`t${name}`} data-touch={name} cx={col + 0.5} cy={row + 0.5} r={0.18} fill={FILL[colourName]} opacity={0.7} />;
            })}
            {[...lastSquares].map((name) => {
              const [col, row] = cellOf(name);
              return (
                <rect
                  key={`l${name}`}
                  data-last={name}
                  x={col + 0.15}
                  y={row + 0.15}
                  width={0.7}
                  height={0.7}
                  rx={0.1}
                  fill="none"
                  stroke="white"
                  strokeWidth={0.12}
                />
              );
            })}
            {[...ghostSquares].map((name) => {
              const [col, row] = cellOf(name);
              return (
                <rect
                  key={`g${name}`}
                  data-ghost-square={name}
                  x={col + 0.04}
                  y={row + 0.04}
                  width={0.92}
                  height={0.92}
                  rx={0.12}
                  fill={FILL[colourName]}
                  fillOpacity={fits ? 0.6 : 0.3}
                  stroke={fits ? "#052e16" : "#7f1d1d"}
                  strokeWidth={0.08}
                  strokeDasharray={fits ? undefined : "0.2 0.15"}
                />
              );
            })}
            {placing && cursor && !ghostSquares.size && (
              <rect x={cursor[0] + 0.02} y={SIZE - 1 - cursor[1] + 0.02} width={0.96} height={0.96} fill="none" stroke="#0284c7" strokeWidth={0.08} />
            )}
          </g>
        </g>
      </svg>
      {/* Scrolls on wide screens, so it must take keyboard focus to be scrolled without a mouse. */}
      {compact ? null : (
        <div className="space-y-2 lg:overflow-y-auto lg:[contain:size]" tabIndex={0} role="region" aria-label="Pieces and scores">
          <p className="min-h-5 text-sm" data-testid="polyomino-status" role="status" aria-live="polite">
            {placing && anchor ? (fits ? `${notation}: fits. Click or press Enter to place.` : `Does not fit: ${ghostReason}.`) : turnText}
          </p>
          <Scores state={state} colours={score.colours} sides={score.sides} />
          {pregame ? (
            <Pregame state={state} canMove={canMove && !over} onMove={onMove} />
          ) : (
            !over && (
              <div className="space-y-2">
                {placing && (
                  <div className="flex flex-wrap items-center gap-2">
                    <button type="button" className="btn-secondary" onClick={() => cycle(-1)} aria-label="Previous piece">
                      ‹
                    </button>
                    <button type="button" className="btn-secondary" onClick={() => cycle(1)} aria-label="Next piece">
                      ›
                    </button>
                    <button type="button" className="btn-secondary" onClick={() => setK(rotated)} data-testid="rotate">
                      Rotate (R)
                    </button>
                    <button type="button" className="btn-secondary" onClick={() => setK(flippedK)} data-testid="flip">
                      Flip (F)
                    </button>
                  </div>
                )}
                <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-wrap lg:overflow-visible" aria-label={`${colourName}'s pieces`} data-testid="tray">
                  {tray.map((name) => {
                    const usable = placing && placeable.includes(name);
                    return (
                      <li key={name} className="shrink-0">
                        <button
                          type="button"
                          aria-label={`${name}${usable ? "" : " (not now)"}`}
                          aria-pressed={name === selected}
                          data-piece={name}
                          disabled={!usable}
                          className={`block size-11 rounded border p-0.5 lg:size-9 ${name === selected && placing ? "border-sky-600 ring-2 ring-sky-600" : "border-stone-300 dark:border-stone-600"} ${usable ? "" : "opacity-50"}`}
                          onPointerDown={(event) => {
                            if (!usable) return;
                            setPicked(name);
                            // A mouse drag from the tray places where it is let go. A finger on the
                            // tray scrolls it instead: on a touch screen, tap a piece, then the board.
                            if (event.pointerType === "mouse" && event.button === 0) setDragging(true);
                          }}
                          onClick={() => setPicked(name)}
                        >
                          <PieceIcon name={name} k={name === selected ? k : 0} fill={FILL[colourName]} />
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </div>
            )
          )}
        </div>
      )}
    </div>
  );
}

/** Screen cell [col, row] of a square's name ("a20" → [0, 0]). */
function cellOf(name: string): [number, number] {
  return [name.charCodeAt(0) - 97, SIZE - Number(name.slice(1))];
}

function PieceIcon({ name, k, fill }: { name: string; k: number; fill: string }) {
  const cells = pieceShape(name, k) ?? [];
  const xs = cells.map(([dx]) => dx);
  const ys = cells.map(([, dy]) => dy);
  const [minX, maxY] = [Math.min(...xs), Math.max(...ys)];
  const size = Math.max(Math.max(...xs) - minX + 1, maxY - Math.min(...ys) + 1, 3);
  return (
    <svg aria-hidden viewBox={`0 0 ${size} ${size}`} className="size-full">
      {cells.map(([dx, dy]) => (
        <rect key={`${dx},${dy}`} x={dx - minX + 0.05} y={maxY - dy + 0.05} width={0.9} height={0.9} rx={0.1} fill={fill} />
      ))}
    </svg>
  );
}

function Scores({ state, colours, sides }: { state: PolyState; colours: readonly number[]; sides: readonly [number, number] }) {
  return (
    <dl className="flex flex-wrap gap-x-3 gap-y-1 text-sm" data-testid="scores">
      {COLOURS.map((name, c) => (
        <div key={name} className="flex items-center gap-1" data-score-colour={name} data-score={colours[c]}>
          {/* A <dl>'s groups may hold only <dt> and <dd>: the swatch is part of the term. */}
          <dt className="flex items-center">
            <span aria-hidden className="inline-block size-3 rounded-sm" style={{ background: FILL[name] }} />
            <span className="sr-only">{name}</span>
          </dt>
          <dd>
            {colours[c]} <span className="text-stone-600 dark:text-stone-400">({remainingPieces(state, c as Colour).length} left)</span>
          </dd>
        </div>
      ))}
      {state.bPlays && (
        <div className="flex gap-1 font-semibold" data-testid="side-scores" data-a={sides[0]} data-b={sides[1]}>
          <dt className="sr-only">Players</dt>
          <dd>
            A {sides[0]} · B {sides[1]}
            <span className="font-normal text-stone-600 dark:text-stone-400">
              {" "}
              (B plays {state.bPlays === "blue-red" ? "blue and red" : "yellow and green"})
            </span>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The Freestyle pre-game: A names blue's and red's first pieces, then B picks colours. */
function Pregame({ state, canMove, onMove }: { state: PolyState; canMove: boolean; onMove: GameBoardProps["onMove"] }) {
  const [blue, setBlue] = useState("F5");
  const [red, setRed] = useState("L5");
  if (state.moves.length === 0) {
    if (!canMove) return <p className="text-sm">Waiting for A to name blue&apos;s and red&apos;s first pieces.</p>;
    return (
      <form
        className="flex flex-wrap items-end gap-3"
        data-testid="pregame-open"
        onSubmit={(event) => {
          event.preventDefault();
          onMove?.(`open ${blue} ${red}`);
        }}
      >
        {(
          [
            ["blue", blue, setBlue],
            ["red", red, setRed],
          ] as const
        ).map(([colour, value, set]) => (
          <label key={colour} className="flex items-center gap-2 text-sm">
            <span aria-hidden className="inline-block size-8">
              <PieceIcon name={value} k={0} fill={FILL[colour]} />
            </span>
            {colour[0]!.toUpperCase() + colour.slice(1)}&apos;s first piece
            <select className="input w-auto" value={value} onChange={(event) => set(event.target.value)}>
              {STARTERS.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </label>
        ))}
        <button type="submit" className="btn-primary">
          Name the first pieces
        </button>
      </form>
    );
  }
  const [blueFirst, redFirst] = state.opening!.map((i) => PIECES[i]!.name);
  return (
    <div className="space-y-2 text-sm" data-testid="pregame-choose">
      <p className="flex flex-wrap items-center gap-x-1">
        A named{" "}
        <span aria-hidden className="inline-block size-6">
          <PieceIcon name={blueFirst!} k={0} fill={FILL.blue} />
        </span>
        {blueFirst} for blue and{" "}
        <span aria-hidden className="inline-block size-6">
          <PieceIcon name={redFirst!} k={0} fill={FILL.red} />
        </span>
        {redFirst} for red.
      </p>
      {canMove ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-primary" onClick={() => onMove?.("choose blue-red")}>
            Play blue and red
          </button>
          <button type="button" className="btn-primary" onClick={() => onMove?.("choose yellow-green")}>
            Play yellow and green
          </button>
        </div>
      ) : (
        <p>Waiting for B to choose blue and red, or yellow and green.</p>
      )}
    </div>
  );
}
