"use client";
// A local hot-seat game for trying the board components in a browser (and for
// their e2e spec): both sides are played here with the engine's tryMove, and
// the clocks run on the engine's clock arithmetic with this browser as server.

import { useEffect, useState } from "react";
import { newGame, timeout, tryMove, type GameState } from "@/engine/hnefatafl";
import {
  afterMove,
  CLOCK_PRESETS,
  clockPreset,
  createClock,
  flaggedSide,
  remainingAt,
  stopClock,
  type ClockState,
} from "@/engine/clock";
import { GameClock } from "@/components/game/game-clock";
import { HnefataflBoard, type BoardMove } from "@/components/game/hnefatafl-board";
import { MoveList } from "@/components/game/move-list";

interface Ply {
  state: GameState;
  move: BoardMove | null;
  captures: readonly string[];
  notation: string | null;
  clock: ClockState;
}

const DEFAULT_PRESET = "10m+5s";

function startPly(presetId: string): Ply {
  const preset = clockPreset(presetId) ?? CLOCK_PRESETS[0]!;
  // The clock starts with the first move, as a real game starts once both players are there.
  return { state: newGame(), move: null, captures: [], notation: null, clock: createClock(preset, null) };
}

function describeStatus(state: GameState): string {
  if (!state.status.over) return `${state.toMove === "attackers" ? "Attackers" : "Defenders"} to move`;
  const { winner, reason } = state.status;
  return winner === null ? `Draw (${reason})` : `${winner === "attackers" ? "Attackers" : "Defenders"} won: ${reason}`;
}

export function BoardDemo() {
  const [presetId, setPresetId] = useState(DEFAULT_PRESET);
  const [plies, setPlies] = useState<Ply[]>(() => [startPly(DEFAULT_PRESET)]);
  const [flipped, setFlipped] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = plies[plies.length - 1]!;
  const { state, clock } = current;
  const preset = clockPreset(presetId) ?? CLOCK_PRESETS[0]!;

  // Ends the game on time: the referee's job in a real game, done here by polling.
  useEffect(() => {
    if (state.status.over || clock.turnStartedAt === null) return;
    const timer = setInterval(() => {
      const now = Date.now();
      const side = flaggedSide(clock, now);
      if (side === null) return;
      const ended = timeout(state, side === 1 ? "attackers" : "defenders");
      if (!ended.ok) return;
      setPlies((all) => [...all.slice(0, -1), { ...current, state: ended.state, clock: stopClock(clock, now) }]);
    }, 200);
    return () => clearInterval(timer);
  }, [state, clock, current]);

  function play(move: BoardMove) {
    const outcome = tryMove(state, move);
    if (!outcome.ok) {
      setError(`${move.from}-${move.to}: ${outcome.reason}`);
      return;
    }
    setError(null);
    const now = Date.now();
    const charged = afterMove(clock, now);
    let nextClock = charged.ok ? charged.clock : clock;
    if (outcome.status.over) nextClock = stopClock(nextClock, now);
    setPlies((all) => [
      ...all,
      { state: outcome.state, move, captures: outcome.captures, notation: outcome.notation, clock: nextClock },
    ]);
  }

  function restart(id: string) {
    setPresetId(id);
    setPlies([startPly(id)]);
    setError(null);
  }

  const stampedAt = clock.turnStartedAt ?? 0;
  const clockProps = (side: 1 | 2) => ({
    remainingMs: remainingAt(clock, side, stampedAt),
    running: !state.status.over && clock.turnStartedAt !== null && clock.toMove === side,
    stampedAt,
    active: !state.status.over && clock.toMove === side,
    initialMs: preset.initialMs,
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Board demo</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">Both sides are played here; nothing is saved.</p>
      </div>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="mx-auto w-full max-w-[min(100%,calc(100svh-9rem))]">
          <HnefataflBoard
            state={state}
            flipped={flipped}
            lastMove={current.move}
            captures={current.captures}
            canMove={!state.status.over}
            onMove={play}
          />
        </div>
        <aside className="space-y-3">
          <p role="status" data-testid="game-status" className="font-semibold">
            {describeStatus(state)}
          </p>
          {error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
          <GameClock label="Attackers" {...clockProps(1)} />
          <GameClock label="Defenders" {...clockProps(2)} />
          <MoveList moves={plies.flatMap((ply) => (ply.notation === null ? [] : [ply.notation]))} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => setFlipped((f) => !f)} aria-pressed={flipped}>
              Flip board
            </button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setPlies((all) => all.slice(0, -1))}
              disabled={plies.length < 2}
            >
              Undo
            </button>
            <button type="button" className="btn-secondary" onClick={() => restart(presetId)}>
              New game
            </button>
          </div>
          <label className="block space-y-1 text-sm">
            <span className="font-medium">Time control</span>
            <select className="input" value={presetId} onChange={(event) => restart(event.target.value)}>
              {CLOCK_PRESETS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
        </aside>
      </div>
    </div>
  );
}
