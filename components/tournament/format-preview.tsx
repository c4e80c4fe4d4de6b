"use client";
// Live preview for the tournament-creation form: the settings' problems next to
// the field they concern, the first round's plan, and (from a seeded simulation
// on simulated players, up to 2,000 of them) the expected rounds, games per
// player and a rough duration under the time control. Inputs are debounced so
// typing a player count does not run a simulation per keystroke.

import { useEffect, useMemo, useState } from "react";
import type { FormatName, SettingsInput } from "@/engine/formats";
import { estimateDurationMs, formatDuration, isCorrespondence, typicalGameMs, type TimeControl } from "./duration";
import { previewCountsRounds } from "@/components/formats/pages";
import { formatNumber } from "./model";
import { buildPreview, fieldLabel } from "./preview";

export interface FormatPreviewProps<F extends FormatName = FormatName> {
  readonly format: F;
  readonly settings: SettingsInput<F> | undefined;
  /** Number of players expected. */
  readonly players: number;
  /** The most players the tournament admits: a preview for more is refused. */
  readonly maxPlayers?: number;
  readonly timeControl?: TimeControl;
  /** Seed of the simulation (fixed, so the preview does not jump around). */
  readonly seed?: string | number;
  /** Debounce delay in ms. */
  readonly delayMs?: number;
}

/** The value after it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

function Stat({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-md bg-stone-50 px-3 py-2 dark:bg-stone-900/40" data-testid={testId}>
      <dt className="text-xs text-stone-500 dark:text-stone-400">{label}</dt>
      <dd className="text-base leading-snug font-semibold tabular-nums [overflow-wrap:anywhere]">{value}</dd>
      {hint ? <dd className="text-xs text-stone-500 dark:text-stone-400">{hint}</dd> : null}
    </div>
  );
}

export function FormatPreview<F extends FormatName>({
  format,
  settings,
  players,
  maxPlayers,
  timeControl,
  seed = "preview",
  delayMs = 250,
}: FormatPreviewProps<F>) {
  // One key for everything the preview depends on, so the debounce sees a single value.
  const key = JSON.stringify({ format, settings: settings ?? {}, players, seed, maxPlayers: maxPlayers ?? null });
  const settled = useDebounced(key, delayMs);
  const preview = useMemo(() => {
    const input = JSON.parse(settled) as { format: F; settings: SettingsInput<F>; players: number; seed: string | number; maxPlayers: number | null };
    if (input.maxPlayers !== null && input.players > input.maxPlayers) {
      return {
        problems: [
          {
            field: "players",
            message: `The tournament admits at most ${input.maxPlayers} players; preview ${input.maxPlayers} or fewer, or raise "Most players".`,
          },
        ],
        firstRound: null,
        simulation: null,
      };
    }
    try {
      return buildPreview(input.format, input.settings, input.players, input.seed);
    } catch (e) {
      // The engine validated the settings; a throw here is a bug, shown rather than crashing the form.
      return { problems: [{ field: "format", message: e instanceof Error ? e.message : String(e) }], firstRound: null, simulation: null };
    }
  }, [settled]);
  const stale = settled !== key;
  const sim = preview.simulation;
  const gameMs = timeControl ? typicalGameMs(timeControl) : null;

  return (
    <section aria-label="Preview" aria-busy={stale} data-testid="format-preview" className={`card space-y-4 transition-opacity ${stale ? "opacity-60" : ""}`}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-semibold">Preview</h3>
        <span className="text-xs text-stone-500 dark:text-stone-400">
          {sim ? "from a simulated tournament with results drawn from ratings" : preview.firstRound ? "round 1 only" : ""}
        </span>
      </div>
      {preview.problems.length > 0 ? (
        <ul className="space-y-1.5" aria-live="polite" data-testid="preview-problems">
          {preview.problems.map((p, i) => (
            <li
              key={`${p.field}-${i}`}
              data-field={p.field}
              className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-300"
            >
              <span className="font-semibold">{fieldLabel(format, p.field)}:</span> {p.message}
            </li>
          ))}
        </ul>
      ) : (
        <dl className="grid grid-cols-2 gap-2">
          {preview.firstRound?.map((stat) => (
            <Stat key={stat.label} {...stat} />
          ))}
          {sim ? (
            <>
              {/* A league is one round of phases: its "rounds" are the phases shown above. */}
              {!previewCountsRounds(format) ? null : (
                <Stat
                  label="Expected rounds"
                  value={String(sim.rounds)}
                  hint={sim.steps !== sim.rounds ? `${sim.steps} steps one after another` : undefined}
                  testId="preview-rounds"
                />
              )}
              <Stat
                label="Games per player"
                value={`${formatNumber(Math.round(sim.gamesPerPlayer.mean * 10) / 10)} avg`}
                hint={`${sim.gamesPerPlayer.min}–${sim.gamesPerPlayer.max} in the simulation`}
                testId="preview-games-per-player"
              />
              {gameMs !== null && timeControl ? (
                <Stat
                  label="Rough duration"
                  value={formatDuration(estimateDurationMs(sim.steps, timeControl))}
                  hint={`${sim.steps} × ~${formatDuration(gameMs).replace("about ", "")} per ${isCorrespondence(timeControl) ? "correspondence " : ""}game`}
                  testId="preview-duration"
                />
              ) : null}
            </>
          ) : null}
        </dl>
      )}
      {preview.problems.length === 0 ? (
        <p className="text-xs text-stone-500 dark:text-stone-400">
          {"note" in preview && preview.note ? `${preview.note} ` : ""}
          {sim && timeControl
            ? `The duration is rough: a game is taken to last ${
                isCorrespondence(timeControl) ? "half the main time plus ~20 moves of increment" : "the main time plus ~60 moves of increment"
              }, the games of a round run in parallel, and breaks between rounds are not counted.`
            : ""}
        </p>
      ) : null}
    </section>
  );
}
