"use client";
// The backgammon board (backgammon, nackgammon, hypergammon): an SVG of the 24 points,
// the bar and the borne-off trays, the dice and the cube, with the match score, the
// Crawford game, pip counts and the last entry of the record. A turn is made by
// clicks, one hop per die: select a checker (the points a hop may start from are
// marked), then one of the destinations the rules offer (`parts.next`); Undo takes
// back the last hop, Send plays the whole turn. The same by keyboard: the points a
// hop may start from or go to are buttons in the tab order (Enter or Space). Cube
// actions and the first roll are buttons. The opponent's last turn stays marked
// (where its checkers left, where they went) until the next turn is played. The
// rules are the engine's; this file only draws and asks.
import { useMemo, useState, type KeyboardEvent } from "react";
import type { GameBoardProps } from "@/components/game/board-props";
import { backgammon as rulesOfAnyVariant, type BgState } from "@/engine/games/backgammon/game";
import { BAR, OFF, SLOTS, pipCount, playHop } from "@/engine/games/backgammon/moves";
import { parseTurn } from "@/engine/games/backgammon/notation";
import { onSiteGame } from "@/engine/games/registry";

const W = 300;
const H = 240;
const COL = 20;
const R = 9;
const BAR_X = 130;
const TRAY_X = 280;

/** Column (0–11, left to right) and half of a point in the viewer's own numbering (1–24). */
function placeOf(k: number): { x: number; top: boolean } {
  const c = k <= 12 ? 12 - k : k - 13;
  return { x: (c < 6 ? 10 + c * COL : BAR_X + COL + (c - 6) * COL) + COL / 2, top: k > 12 };
}

const SIDE_FILL = { 1: "#f5f0e6", 2: "#3b2f2a" } as const;
const SIDE_STROKE = { 1: "#6b5a45", 2: "#d6c6a8" } as const;

/** A stack of `n` checkers of `side` at x, from the top or bottom edge (at most 5 drawn, the count written on the last). */
function Stack({ x, top, n, side, from = 10 }: { x: number; top: boolean; n: number; side: 1 | 2; from?: number }) {
  const shown = Math.min(n, 5);
  return (
    <>
      {Array.from({ length: shown }, (_, i) => {
        const cy = top ? from + R + i * 2 * R : H - from - R - i * 2 * R;
        return (
          <g key={i}>
            <circle cx={x} cy={cy} r={R - 0.5} fill={SIDE_FILL[side]} stroke={SIDE_STROKE[side]} strokeWidth={1} data-piece={side === 1 ? "light" : "dark"} />
            {i === shown - 1 && n > 5 && (
              <text x={x} y={cy + 3.5} textAnchor="middle" fontSize={10} fill={SIDE_STROKE[side]}>
                {n}
              </text>
            )}
          </g>
        );
      })}
    </>
  );
}

export function BackgammonBoard({ position, lastMove, flipped = false, canMove = false, onMove, compact = false }: GameBoardProps) {
  const state: BgState = useMemo(() => rulesOfAnyVariant.parse(position), [position]);
  const rules = onSiteGame(state.variant);
  // The hops made so far in this turn, kept only for the position they were made on.
  const [turn, setTurn] = useState<{ position: string; made: string[]; selected: number | null }>({ position, made: [], selected: null });
  const made = useMemo(() => (turn.position === position ? turn.made : []), [turn, position]);
  const selected = turn.position === position ? turn.selected : null;
  const mover = state.turn;
  const moving = canMove && state.phase === "move" && rules?.parts !== undefined;
  const offered = moving ? (rules!.parts!.next(position, made) ?? []) : [];
  const hops = offered.map((text) => ({ text, ...(parseTurn(text) as { from: number; to: number }[])[0]! }));

  // The board with this turn's hops so far.
  const board = useMemo(() => {
    const b = Int8Array.from(state.board);
    const [m, o] = mover === 1 ? [0, SLOTS] : [SLOTS, 0];
    for (const text of made) for (const { from, to } of parseTurn(text) as { from: number; to: number }[]) playHop(b, m, o, from, to);
    return b;
  }, [state.board, made, mover]);

  // Side 1's point q seen by the viewer (side 2 at the bottom when flipped), and a mover's point as side 1's.
  const viewerPoint = (q: number) => (flipped ? 25 - q : q);
  const moverPoint = (q: number) => (mover === 1 ? q : 25 - q);
  const count = (side: 1 | 2, q: number) => board[(side - 1) * SLOTS + (side === 1 ? q : 25 - q)]!;
  const bottom: 1 | 2 = flipped ? 2 : 1;
  const topSide: 1 | 2 = bottom === 1 ? 2 : 1;

  const sources = new Set(hops.map((h) => h.from));
  const targets = new Set(hops.filter((h) => h.from === selected).map((h) => h.to));
  const click = (p: number) => {
    if (!moving) return;
    const hop = hops.find((h) => h.from === selected && h.to === p);
    if (hop) setTurn({ position, made: [...made, hop.text], selected: null });
    else setTurn({ position, made, selected: sources.has(p) && p !== selected ? p : null });
  };
  const complete = moving && made.length > 0 && offered.length === 0;
  const send = (move: string) => {
    setTurn({ position, made: [], selected: null });
    onMove?.(move);
  };
  // The last player's turn (the part of `lastMove` before the server's rolls), in side 1's
  // numbering: it was made by the side not on turn now, unless a new game began since.
  const lastHops = useMemo(() => {
    const turnText = lastMove?.split(" · ")[0] ?? "";
    const hops = state.phase === "opening" || state.phase === "over" ? null : parseTurn(turnText);
    if (!Array.isArray(hops)) return { from: new Set<number>(), to: new Set<number>() };
    const side1 = (p: number) => (state.turn === 2 ? p : 25 - p);
    return { from: new Set(hops.map((h) => side1(h.from))), to: new Set(hops.map((h) => side1(h.to))) };
  }, [lastMove, state.phase, state.turn]);
  /** Keyboard access to point `p` (the mover's numbering), when a hop may start or end there. */
  const pointKeys = (p: number, where: string) => {
    if (!moving || !(sources.has(p) || targets.has(p))) return {};
    const what = targets.has(p)
      ? "move the selected checker here"
      : selected === p
        ? "selected: choose where it goes, or press again to let go"
        : "move a checker from here";
    return {
      tabIndex: 0,
      role: "button",
      "aria-label": `${where}: ${what}`,
      onKeyDown: (e: KeyboardEvent) => {
        if (e.key !== "Enter" && e.key !== " ") return;
        e.preventDefault();
        click(p);
      },
    };
  };
  const legal = rules ? rules.legalMoves(position) : [];
  const firstRoll = canMove && rules?.chance?.pending(position) !== null && rules?.chance?.pending(position) !== undefined;
  const [pips1, pips2] = [pipCount(board, 0), pipCount(board, 1)];
  const sideLabel = (side: 1 | 2) => (side === 1 ? "light" : "dark");

  return (
    <div className="space-y-2" data-testid="backgammon-board" data-phase={state.phase} data-turn={state.turn} data-made={made.join(" ")}>
      {compact ? null : (
        <p className="flex flex-wrap justify-between gap-2 text-sm" data-testid="match-score">
          <span>
            Match to {state.matchLength}: {state.score[0]}–{state.score[1]} · game {state.game}
            {state.crawford && (
              <strong className="ml-1 text-amber-800 dark:text-amber-400" data-testid="crawford">
                Crawford game (no doubling)
              </strong>
            )}
          </span>
          <span data-testid="pips">
            Pips: light {pips1}, dark {pips2}
          </span>
        </p>
      )}
      {/* A picture to a screen reader, except while the viewer moves: then its points are buttons. */}
      <svg viewBox={`0 0 ${W} ${H}`} className="w-full touch-manipulation select-none" role={moving ? "group" : "img"} aria-label="Backgammon board">
        <rect x={0} y={0} width={W} height={H} fill="#7a5230" rx={4} />
        <rect x={10} y={10} width={6 * COL} height={H - 20} fill="#e8d5a9" />
        <rect x={BAR_X + COL} y={10} width={6 * COL} height={H - 20} fill="#e8d5a9" />
        <rect x={BAR_X} y={10} width={COL} height={H - 20} fill="#5c3d22" />
        <rect x={TRAY_X - 8} y={10} width={COL + 4} height={H - 20} fill="#5c3d22" />
        {Array.from({ length: 24 }, (_, i) => {
          const q = i + 1;
          const { x, top } = placeOf(viewerPoint(q));
          const p = moverPoint(q);
          const tip = top ? 10 + 95 : H - 10 - 95;
          const base = top ? 10 : H - 10;
          const n1 = count(1, q);
          const n2 = count(2, q);
          return (
            <g
              key={q}
              data-point={q}
              data-last={lastHops.to.has(q) ? "to" : lastHops.from.has(q) ? "from" : undefined}
              onClick={() => click(p)}
              className={moving ? "cursor-pointer" : undefined}
              {...pointKeys(p, `Point ${p}`)}
            >
              <polygon points={`${x - COL / 2},${base} ${x + COL / 2},${base} ${x},${tip}`} fill={q % 2 ? "#a33b2b" : "#2f4f4f"} />
              {n1 > 0 && <Stack x={x} top={top} n={n1} side={1} />}
              {n2 > 0 && <Stack x={x} top={top} n={n2} side={2} />}
              {moving && sources.has(p) && selected === null && <circle cx={x} cy={top ? 6 : H - 6} r={3} fill="#facc15" />}
              {selected === p && <rect x={x - COL / 2} y={top ? 10 : H - 110} width={COL} height={100} fill="none" stroke="#facc15" strokeWidth={2} />}
              {targets.has(p) && <circle cx={x} cy={top ? 118 : H - 118} r={5} fill="#22c55e" data-target="" />}
              {/* The opponent's last turn: a hollow ring where checkers left, a filled mark where they went. */}
              {lastHops.to.has(q) ? (
                <rect x={x - COL / 2 + 2} y={top ? 3 : H - 8} width={COL - 4} height={5} rx={1} fill="#f59e0b" />
              ) : lastHops.from.has(q) ? (
                <rect x={x - COL / 2 + 2.5} y={top ? 3.5 : H - 7.5} width={COL - 5} height={4} rx={1} fill="none" stroke="#f59e0b" strokeWidth={1} />
              ) : null}
              <rect x={x - COL / 2} y={top ? 0 : H / 2} width={COL} height={H / 2} fill="transparent" />
            </g>
          );
        })}
        {([bottom, topSide] as const).map((side) => {
          const onBar = board[(side - 1) * SLOTS + BAR]!;
          const off = board[(side - 1) * SLOTS + OFF]!;
          const isBottom = side === bottom;
          const mine = side === mover;
          return (
            <g key={side}>
              <g data-point={`bar-${sideLabel(side)}`} onClick={() => mine && click(BAR)} {...(mine ? pointKeys(BAR, "The bar") : {})}>
                <rect x={BAR_X} y={isBottom ? H / 2 : 10} width={COL} height={H / 2 - 10} fill="transparent" />
                {onBar > 0 && <Stack x={BAR_X + COL / 2} top={!isBottom} n={onBar} side={side} from={H / 2 - 5 * 2 * R - 20} />}
                {mine && moving && sources.has(BAR) && <circle cx={BAR_X + COL / 2} cy={H / 2 + (isBottom ? 8 : -8)} r={3} fill="#facc15" />}
              </g>
              <g data-point={`off-${sideLabel(side)}`} onClick={() => mine && click(OFF)} {...(mine ? pointKeys(OFF, "Bear off") : {})}>
                <rect x={TRAY_X - 8} y={isBottom ? H / 2 : 10} width={COL + 4} height={H / 2 - 10} fill="transparent" />
                {off > 0 && (
                  <text x={TRAY_X + 2} y={isBottom ? H - 20 : 28} textAnchor="middle" fontSize={11} fill={SIDE_FILL[side]}>
                    {off}
                  </text>
                )}
                {mine && targets.has(OFF) && <circle cx={TRAY_X + 2} cy={isBottom ? H - 40 : 40} r={5} fill="#22c55e" data-target="" />}
              </g>
            </g>
          );
        })}
        {state.dice &&
          state.dice.map((d, i) => (
            <g key={i} data-testid="die">
              <rect x={BAR_X + COL + 40 + i * 26} y={H / 2 - 10} width={20} height={20} rx={3} fill={SIDE_FILL[mover]} stroke={SIDE_STROKE[mover]} />
              <text x={BAR_X + COL + 50 + i * 26} y={H / 2 + 5} textAnchor="middle" fontSize={13} fontWeight="bold" fill={SIDE_STROKE[mover]}>
                {d}
              </text>
            </g>
          ))}
        <g data-testid="cube">
          {/* The cube sits in the middle until a side owns it, then on that side's edge. */}
          <rect
            x={BAR_X - 1}
            y={state.cubeOwner === 0 ? H / 2 - 11 : state.cubeOwner === bottom ? H - 32 : 12}
            width={22}
            height={22}
            rx={3}
            fill="#fff"
            stroke="#111"
          />
          <text
            x={BAR_X + 10}
            y={(state.cubeOwner === 0 ? H / 2 - 11 : state.cubeOwner === bottom ? H - 32 : 12) + 15}
            textAnchor="middle"
            fontSize={11}
            fontWeight="bold"
          >
            {state.cube === 1 ? 64 : state.cube}
          </text>
        </g>
      </svg>
      {compact ? null : (
        <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="last-entry">
          {lastMove ? `Last: ${lastMove}` : "No move yet."}{" "}
          {state.phase === "over"
            ? ""
            : `${sideLabel(state.turn) === "light" ? "Light" : "Dark"} to ${state.phase === "cube" ? "answer the double" : state.phase === "move" ? "move" : "roll"}.`}
          {made.length > 0 && <span data-testid="turn-so-far"> This turn: {made.join(" ")}</span>}
        </p>
      )}
      {canMove && (
        <div className="flex flex-wrap gap-2">
          {firstRoll && (
            <button type="button" className="btn-primary" onClick={() => send("roll")}>
              Roll
            </button>
          )}
          {state.phase === "decide" && (
            <>
              <button type="button" className="btn-primary" onClick={() => send("roll")}>
                Roll
              </button>
              {legal.includes("double") && (
                <button type="button" className="btn-secondary" onClick={() => send("double")}>
                  Double
                </button>
              )}
            </>
          )}
          {state.phase === "cube" && (
            <>
              <button type="button" className="btn-primary" onClick={() => send("take")}>
                Take
              </button>
              <button type="button" className="btn-secondary" onClick={() => send("drop")}>
                Drop
              </button>
            </>
          )}
          {moving && (
            <>
              <button
                type="button"
                className="btn-secondary"
                disabled={made.length === 0}
                onClick={() => setTurn({ position, made: made.slice(0, -1), selected: null })}
              >
                Undo
              </button>
              <button type="button" className="btn-primary" disabled={!complete} onClick={() => send(rules!.parts!.join(position, made))}>
                Send turn
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
