"use client";
// The tafl boards (Copenhagen 11×11, Brandubh 7×7): the tafl pieces, throne and
// corners on the shared square board (components/game/square-board.tsx), with legal targets
// from the tafl engine. The last move's captures are read from its notation
// ("f4-d4xd5") and shown as fading ghosts.

import { useCallback, useMemo } from "react";
import { boardGeometry, type BoardGeometry } from "@/components/game/board-geometry";
import type { GameBoardProps } from "@/components/game/board-props";
import { SquareBoard, type BoardPiece } from "@/components/game/square-board";
import { deserializeState, legalTargets, pieceAt, VARIANTS, type Piece, type VariantId } from "@/engine/games/tafl";

/** The squares and special squares of one variant's board (11×11 or 7×7). */
interface TaflLayout {
  readonly geometry: BoardGeometry;
  readonly throne: string;
  readonly corners: ReadonlySet<string>;
}

function layoutOf(variant: VariantId): TaflLayout {
  const size = VARIANTS[variant].size;
  const geometry = boardGeometry(size);
  const [top, bottom] = [geometry.screenRows(false)[0]!, geometry.screenRows(false)[size - 1]!];
  const middle = (size - 1) / 2;
  return {
    geometry,
    throne: geometry.squareAt(middle, middle, false),
    corners: new Set([top[0]!, top[size - 1]!, bottom[0]!, bottom[size - 1]!]),
  };
}

const LAYOUTS: Readonly<Record<VariantId, TaflLayout>> = { copenhagen: layoutOf("copenhagen"), brandubh: layoutOf("brandubh") };

/** "d3-d2xe2" → the move and the captured squares. */
function readMove(notation: string | null): { move: { from: string; to: string } | null; captures: string[] } {
  if (!notation) return { move: null, captures: [] };
  const [move, ...captures] = notation.split("x");
  const [from, to] = (move ?? "").split("-");
  return from && to ? { move: { from, to }, captures } : { move: null, captures: [] };
}

/** Copenhagen's 11×11 board. */
export function TaflBoard(props: GameBoardProps) {
  return <VariantBoard variant="copenhagen" label="Hnefatafl board" testId="hnefatafl-board" {...props} />;
}

/** Brandubh's 7×7 board. */
export function BrandubhBoard(props: GameBoardProps) {
  return <VariantBoard variant="brandubh" label="Brandubh board" testId="brandubh-board" {...props} />;
}

function VariantBoard({
  variant,
  label,
  testId,
  position,
  lastMove,
  flipped = false,
  canMove = false,
  onMove,
}: GameBoardProps & { variant: VariantId; label: string; testId: string }) {
  const { geometry: GEOMETRY, throne, corners } = LAYOUTS[variant];
  const isThrone = (square: string) => square === throne;
  const isCorner = (square: string) => corners.has(square);
  const state = useMemo(() => deserializeState(position, variant), [position, variant]);
  const { move, captures } = useMemo(() => readMove(lastMove), [lastMove]);
  const pieces = useMemo(() => {
    const icons = new Map<string, BoardPiece>();
    for (const square of GEOMETRY.screenRows(false).flat()) {
      const piece = pieceAt(state, square);
      if (piece) icons.set(square, { name: piece, icon: <PieceIcon piece={piece} />, mine: (piece === "attacker") === (state.toMove === "attackers") });
    }
    return icons;
  }, [state, GEOMETRY]);
  const targetsFrom = useCallback((square: string) => legalTargets(state, square), [state]);
  const pieceOn = useCallback((square: string) => pieces.get(square) ?? null, [pieces]);
  // The captured pieces belong to the side that did not make the last move, i.e. the side now to move.
  const ghostPiece: Piece = state.toMove === "attackers" ? "attacker" : "defender";

  return (
    <SquareBoard
      geometry={GEOMETRY}
      label={label}
      testId={testId}
      data={{ "data-to-move": state.toMove }}
      positionKey={`${state.ply}:${state.toMove}:${state.board}`}
      turnText={state.status.over ? "The game is over." : `${state.toMove === "attackers" ? "Attackers" : "Defenders"} to move.`}
      over={state.status.over}
      pieceAt={pieceOn}
      targetsFrom={targetsFrom}
      squareTone={(square) => (isThrone(square) || isCorner(square) ? "bg-[#c8a166] dark:bg-[#54432f]" : "bg-[#ecd8ac] dark:bg-[#74603f]")}
      squareMark={(square) => (isThrone(square) ? <RestrictedMark kind="throne" /> : isCorner(square) ? <RestrictedMark kind="corner" /> : null)}
      squareNotes={(square) => (isThrone(square) ? ["throne"] : isCorner(square) ? ["corner"] : [])}
      flipped={flipped}
      lastMove={move}
      captures={captures}
      ghost={<PieceIcon piece={ghostPiece} />}
      canMove={canMove}
      onMove={(m) => onMove?.(`${m.from}-${m.to}`)}
    />
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
        <path d="M27 66 L23 35 L38 47 L50 27 L62 47 L77 35 L73 66 Z" fill="#f59e0b" stroke="#92400e" strokeWidth="4" strokeLinejoin="round" />
      ) : (
        <circle cx="50" cy="50" r="29" fill="none" stroke="#d6d3d1" strokeWidth="4" />
      )}
    </svg>
  );
}
