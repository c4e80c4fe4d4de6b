"use client";
// The chess board: chess.js (through engine/games/chess) says what stands
// where and which moves are legal; the shared square board
// (components/game/square-board.tsx) draws it and handles drag, tap and
// keyboard. A pawn reaching the last rank opens a piece picker before the move
// is sent. The last move and a king in check are marked.

import { useCallback, useMemo, useState, type ReactNode } from "react";
import type { Color, PieceSymbol } from "chess.js";
import { boardGeometry } from "@/components/game/board-geometry";
import type { GameBoardProps } from "@/components/game/board-props";
import { SquareBoard, type BoardPiece } from "@/components/game/square-board";
import { chess, chessAt } from "@/engine/games/chess/chess";

const GEOMETRY = boardGeometry(8);
const NAMES: Record<PieceSymbol, string> = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };
const PROMOTIONS: readonly PieceSymbol[] = ["q", "r", "b", "n"];

function isDark(square: string): boolean {
  return (square.charCodeAt(0) - 97 + Number(square[1]) - 1) % 2 === 0;
}

export function ChessBoard({ position, flipped = false, canMove = false, onMove }: GameBoardProps) {
  const state = useMemo(() => chess.parse(position), [position]);
  const turn = state.moves.length % 2 === 0 ? "w" : "b";
  const [promotion, setPromotion] = useState<{ from: string; to: string; key: string } | null>(null);

  const pieces = useMemo(() => {
    const map = new Map<string, BoardPiece>();
    const mover = state.moves.length % 2 === 0 ? "w" : "b";
    for (const row of chessAt(state).board()) {
      for (const cell of row) {
        if (!cell) continue;
        const colour = cell.color === "w" ? "white" : "black";
        map.set(cell.square, {
          name: `${colour} ${NAMES[cell.type]}`,
          icon: <ChessPieceIcon type={cell.type} color={cell.color} />,
          mine: cell.color === mover,
        });
      }
    }
    return map;
  }, [state]);
  const legal = useMemo(() => (state.status.over ? [] : chessAt(state).moves({ verbose: true })), [state]);
  const targetsFrom = useCallback((square: string) => [...new Set(legal.filter((m) => m.from === square).map((m) => m.to as string))], [legal]);
  const pieceOn = useCallback((square: string) => pieces.get(square) ?? null, [pieces]);

  const last = state.moves.at(-1);
  const lastMove = last ? { from: last.slice(0, 2), to: last.slice(2, 4) } : null;
  const checked = useMemo(() => {
    if (!chessAt(state).inCheck()) return new Set<string>();
    const kingName = `${state.moves.length % 2 === 0 ? "white" : "black"} king`;
    const king = [...pieces.entries()].find(([, piece]) => piece.name === kingName);
    return new Set(king ? [king[0]] : []);
  }, [state, pieces]);

  const over = state.status.over;
  const sideText = turn === "w" ? "White" : "Black";
  const picking = promotion !== null && promotion.key === position ? promotion : null;

  return (
    <SquareBoard
      geometry={GEOMETRY}
      label="Chess board"
      testId="chess-board"
      data={{ "data-to-move": turn === "w" ? "white" : "black", "data-check": checked.size > 0 ? "" : undefined }}
      positionKey={position}
      turnText={over ? "The game is over." : `${sideText} to move${checked.size > 0 ? ", in check" : ""}.`}
      over={over}
      pieceAt={pieceOn}
      targetsFrom={targetsFrom}
      squareTone={(square) => (isDark(square) ? "bg-[#b58863] dark:bg-[#8a6a4c]" : "bg-[#f0d9b5] dark:bg-[#c9b08c]")}
      squareNotes={(square) => (checked.has(square) ? ["in check"] : [])}
      alert={checked}
      flipped={flipped}
      lastMove={lastMove}
      canMove={canMove && picking === null}
      onMove={({ from, to }) => {
        if (legal.some((m) => m.from === from && m.to === to && m.promotion)) setPromotion({ from, to, key: position });
        else onMove?.(`${from}${to}`);
      }}
      overlay={
        picking && (
          <div
            role="dialog"
            aria-label="Promote the pawn to"
            data-testid="promotion-picker"
            className="absolute inset-0 z-30 flex items-center justify-center bg-stone-900/50"
            onKeyDown={(event) => {
              if (event.key === "Escape") setPromotion(null);
              event.stopPropagation();
            }}
          >
            <div className="flex gap-2 rounded-lg bg-white p-3 shadow-xl dark:bg-stone-800">
              {PROMOTIONS.map((type, index) => (
                <button
                  key={type}
                  type="button"
                  autoFocus={index === 0}
                  aria-label={`Promote to ${NAMES[type]}`}
                  className="size-14 rounded-md border border-stone-300 p-1 hover:bg-amber-100 focus-visible:outline-3 focus-visible:outline-sky-600 dark:border-stone-600 dark:hover:bg-stone-700"
                  onPointerDown={(event) => event.stopPropagation()}
                  onPointerUp={(event) => event.stopPropagation()}
                  onClick={() => {
                    setPromotion(null);
                    onMove?.(`${picking.from}${picking.to}${type}`);
                  }}
                >
                  <ChessPieceIcon type={type} color={turn} />
                </button>
              ))}
              <button type="button" className="btn-secondary self-center" onClick={() => setPromotion(null)}>
                Cancel
              </button>
            </div>
          </div>
        )
      }
    />
  );
}

// The pieces drawn as shapes, in a 45-unit square: a font's chess glyphs are missing
// where the font lacks them (empty boxes) and look different on every system.
/** The wide foot of the rook, queen and king. */
const FOOT = <rect x="10" y="34" width="25" height="6.5" rx="1.5" />;
const SHAPES: Record<PieceSymbol, ReactNode> = {
  p: (
    <>
      <circle cx="22.5" cy="13" r="5.5" />
      <path d="M17 36 L28 36 C27 31 26 27 27 24 C29 23 29 20 26.5 19.5 L18.5 19.5 C16 20 16 23 18 24 C19 27 18 31 17 36 Z" />
      <rect x="11" y="35" width="23" height="5.5" rx="1.5" />
    </>
  ),
  r: (
    <>
      <path d="M11 9 H16 V13 H20 V9 H25 V13 H29 V9 H34 V17 H11 Z" />
      <path d="M14 17 H31 L30 34 H15 Z" />
      {FOOT}
    </>
  ),
  n: (
    <>
      <path d="M14 39 H34 C34 28 32 18 27 12 L26 7 L23 10.5 C18 11 13 16 10.5 22.5 C9.5 25.5 12 28 14.5 26.5 L19 23.5 C20.5 27.5 15 31 14 39 Z" />
      <circle cx="20" cy="16.5" r="1.4" className="piece-mark" />
      <rect x="11" y="36" width="24" height="4.5" rx="1.5" />
    </>
  ),
  b: (
    <>
      <circle cx="22.5" cy="7" r="2.8" />
      <path d="M22.5 9.5 C30 15 31 24 27 29.5 H18 C14 24 15 15 22.5 9.5 Z" />
      <path d="M22.5 15 L26 19.5" className="piece-mark" fill="none" strokeWidth="1.6" />
      <path d="M17 29.5 H28 L27 35 H18 Z" />
      <rect x="10" y="35" width="25" height="5.5" rx="1.5" />
    </>
  ),
  q: (
    <>
      <path d="M11 34 L8.5 15 L15 25.5 L15.5 11 L19.5 24.5 L22.5 9 L25.5 24.5 L29.5 11 L30 25.5 L36.5 15 L34 34 Z" />
      {[
        [8.5, 13],
        [15.5, 9.5],
        [22.5, 7],
        [29.5, 9.5],
        [36.5, 13],
      ].map(([cx, cy]) => (
        <circle key={cx} cx={cx} cy={cy} r="2.3" />
      ))}
      {FOOT}
    </>
  ),
  k: (
    <>
      <path d="M21 3 H24 V6 H27 V9 H24 V14 H21 V9 H18 V6 H21 Z" />
      <path d="M12 34 C7 27 11 18 18 20.5 C19.5 15.5 25.5 15.5 27 20.5 C34 18 38 27 33 34 Z" />
      {FOOT}
    </>
  ),
};

function ChessPieceIcon({ type, color }: { type: PieceSymbol; color: Color }) {
  const white = color === "w";
  return (
    <svg
      aria-hidden
      viewBox="0 0 45 45"
      data-shape={`${color}${type}`}
      className={`size-full drop-shadow-[0_1px_1px_rgb(0_0_0/0.35)] ${white ? "[&_.piece-mark]:stroke-stone-900" : "[&_.piece-mark]:fill-stone-200 [&_.piece-mark]:stroke-stone-200"}`}
      fill={white ? "#fafaf9" : "#1c1917"}
      stroke={white ? "#1c1917" : "#57534e"}
      strokeWidth={white ? 1.5 : 1}
      strokeLinejoin="round"
    >
      {SHAPES[type]}
    </svg>
  );
}
