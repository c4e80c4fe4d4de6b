"use client";
// The chess board: chess.js (through engine/games/chess) says what stands
// where and which moves are legal; the shared square board
// (components/game/square-board.tsx) draws it and handles drag, tap and
// keyboard. A pawn reaching the last rank opens a piece picker before the move
// is sent. The last move and a king in check are marked.

import { useCallback, useMemo, useState } from "react";
import type { Color, PieceSymbol } from "chess.js";
import { boardGeometry } from "@/components/game/board-geometry";
import type { GameBoardProps } from "@/components/game/board-props";
import { SquareBoard, type BoardPiece } from "@/components/game/square-board";
import { chess, chessAt } from "@/engine/games/chess/chess";

const GEOMETRY = boardGeometry(8);
const NAMES: Record<PieceSymbol, string> = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };
// The filled chess glyphs, drawn in either colour; U+FE0E asks for text, not emoji, presentation.
const GLYPHS: Record<PieceSymbol, string> = { k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" };
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
        map.set(cell.square, { name: `${colour} ${NAMES[cell.type]}`, icon: <ChessPieceIcon type={cell.type} color={cell.color} />, mine: cell.color === mover });
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

function ChessPieceIcon({ type, color }: { type: PieceSymbol; color: Color }) {
  const white = color === "w";
  return (
    <svg aria-hidden viewBox="0 0 100 100" className="size-full drop-shadow-[0_1px_1px_rgb(0_0_0/0.35)]">
      <text
        x="50"
        y="54"
        textAnchor="middle"
        dominantBaseline="middle"
        fontSize="88"
        fontFamily="'DejaVu Sans', 'Segoe UI Symbol', 'Apple Symbols', 'Noto Sans Symbols 2', serif"
        fill={white ? "#fafaf9" : "#1c1917"}
        stroke={white ? "#1c1917" : "#57534e"}
        strokeWidth={white ? 3 : 1.5}
        paintOrder="stroke"
      >
        {`${GLYPHS[type]}\uFE0E`}
      </text>
    </svg>
  );
}

