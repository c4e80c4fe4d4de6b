"use client";
// A local hot-seat game for trying the board components in a browser (and for
// their e2e spec): both sides of any on-site game are played here through the
// game contract, and the clocks run on the engine's clock arithmetic with this
// browser as server.

import { useEffect, useState } from "react";
import { ON_SITE_GAMES, onSiteGame, type OnSiteGame } from "@/engine/games/registry";
import { afterMove, CLOCK_PRESETS, clockPreset, createClock, flaggedSide, remainingAt, stopClock, type ClockState } from "@/engine/clock";
import { GameClock } from "@/components/game/game-clock";
import { boardFor } from "@/components/games/registry";
import { MoveList } from "@/components/game/move-list";

interface Ply {
  position: string;
  notation: string | null;
  clock: ClockState;
}

const DEFAULT_PRESET = "10m+5s";

function startPly(game: OnSiteGame, presetId: string): Ply {
  const preset = clockPreset(presetId) ?? CLOCK_PRESETS[0]!;
  // The clock starts with the first move, as a real game starts once both players are there.
  return { position: game.setup(), notation: null, clock: createClock(preset, null) };
}

function describeStatus(game: OnSiteGame, position: string): string {
  const status = game.status(position);
  if (!status.over) return `${game.sideNames[game.toMove(position) - 1]} to move`;
  const { winner, reason } = status;
  return winner === null ? `Draw (${reason})` : `${game.sideNames[winner - 1]} won: ${reason}`;
}

export function BoardDemo() {
  const [gameId, setGameId] = useState(ON_SITE_GAMES[0]!.id);
  const game = onSiteGame(gameId) ?? ON_SITE_GAMES[0]!;
  const Board = boardFor(game.id)!;
  const [presetId, setPresetId] = useState(DEFAULT_PRESET);
  const [plies, setPlies] = useState<Ply[]>(() => [startPly(game, DEFAULT_PRESET)]);
  const [flipped, setFlipped] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = plies[plies.length - 1]!;
  const { position, clock } = current;
  const over = game.status(position).over;
  const preset = clockPreset(presetId) ?? CLOCK_PRESETS[0]!;

  // Ends the game on time: the referee's job in a real game, done here by polling.
  useEffect(() => {
    if (over || clock.turnStartedAt === null) return;
    const timer = setInterval(() => {
      const now = Date.now();
      const side = flaggedSide(clock, now);
      if (side === null) return;
      const ended = game.end(position, side === 1 ? 2 : 1, "timeout");
      setPlies((all) => [...all.slice(0, -1), { ...current, position: ended, clock: stopClock(clock, now) }]);
    }, 200);
    return () => clearInterval(timer);
  }, [game, position, over, clock, current]);

  function play(move: string) {
    const outcome = game.play(position, move);
    if (!outcome.ok) {
      setError(`${move}: ${outcome.reason}`);
      return;
    }
    setError(null);
    const now = Date.now();
    const charged = afterMove(clock, now);
    // The rules say whose turn is next (a side may move twice running in the four-colour game).
    let nextClock = charged.ok ? { ...charged.clock, toMove: outcome.toMove } : clock;
    if (outcome.status.over) nextClock = stopClock(nextClock, now);
    setPlies((all) => [...all, { position: outcome.position, notation: outcome.notation, clock: nextClock }]);
  }

  function restart(id: string, next: OnSiteGame = game) {
    setPresetId(id);
    setPlies([startPly(next, id)]);
    setError(null);
  }

  const stampedAt = clock.turnStartedAt ?? 0;
  const clockProps = (side: 1 | 2) => ({
    remainingMs: remainingAt(clock, side, stampedAt),
    running: !over && clock.turnStartedAt !== null && clock.toMove === side,
    stampedAt,
    active: !over && clock.toMove === side,
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
          <Board position={position} flipped={flipped} lastMove={current.notation} canMove={!over} onMove={play} />
        </div>
        <aside className="space-y-3">
          <p role="status" data-testid="game-status" className="font-semibold">
            {describeStatus(game, position)}
          </p>
          {error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
          <GameClock label={game.sideNames[0]} {...clockProps(1)} />
          <GameClock label={game.sideNames[1]} {...clockProps(2)} />
          <MoveList moves={plies.flatMap((ply) => (ply.notation === null ? [] : [ply.notation]))} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => setFlipped((f) => !f)} aria-pressed={flipped}>
              Flip board
            </button>
            <button type="button" className="btn-secondary" onClick={() => setPlies((all) => all.slice(0, -1))} disabled={plies.length < 2}>
              Undo
            </button>
            <button type="button" className="btn-secondary" onClick={() => restart(presetId)}>
              New game
            </button>
          </div>
          <label className="block space-y-1 text-sm">
            <span className="font-medium">Game</span>
            <select
              className="input"
              value={game.id}
              onChange={(event) => {
                const next = onSiteGame(event.target.value) ?? game;
                setGameId(next.id);
                restart(presetId, next);
              }}
            >
              {ON_SITE_GAMES.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
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
