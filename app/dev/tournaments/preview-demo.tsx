"use client";
// The creation-form preview with the controls a real form would have, each
// showing the engine's problems about its own field (problem.field).

import { useState, type ReactNode } from "react";
import { CLOCK_PRESETS } from "@/engine/clock";
import { FORMATS, validateSettings, type FormatName, type Problem, type SettingsInput } from "@/engine/formats";
import { FormatPreview } from "@/components/tournament/format-preview";
import { problemsFor } from "@/components/tournament/preview";

function Field({ id, label, problems, children }: { id: string; label: string; problems: readonly Problem[]; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-stone-600 dark:text-stone-300">
        {label}
      </label>
      {children}
      {problems.map((p, i) => (
        <p key={i} className="text-xs text-red-700 dark:text-red-400" data-testid={`field-problem-${p.field}`}>
          {p.message}
        </p>
      ))}
    </div>
  );
}

/** A number input that keeps what was typed (so "" and "1e" can be edited) and reports numbers. */
function NumberInput({ id, value, onChange, min, max }: { id: string; value: number; onChange: (n: number) => void; min?: number; max?: number }) {
  const [text, setText] = useState(String(value));
  return (
    <input
      id={id}
      className="input tabular-nums"
      inputMode="numeric"
      type="number"
      min={min}
      max={max}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value !== "" && Number.isFinite(n)) onChange(n);
      }}
    />
  );
}

export function PreviewDemo() {
  const [format, setFormat] = useState<FormatName>("groups");
  const [players, setPlayers] = useState(40);
  const [clock, setClock] = useState(CLOCK_PRESETS[0]!.id);
  const [groups, setGroups] = useState({ partition: "fixed" as "fixed" | "balanced", groupSize: 4, maxGroupSize: 8, gamesPerPair: 1 });
  const [diagonal, setDiagonal] = useState({
    firstRoundOpponents: 4,
    laterRoundOpponents: 2,
    gamesPerOpponent: 1,
    eliminationLosses: 2,
    lossesCarryOver: true,
  });
  const [points, setPoints] = useState({ win: 3, draw: 1, loss: 0 });

  const settings: SettingsInput<FormatName> =
    format === "groups"
      ? groups.partition === "fixed"
        ? { partition: "fixed", groupSize: groups.groupSize, gamesPerPair: groups.gamesPerPair }
        : { partition: "balanced", maxGroupSize: groups.maxGroupSize, gamesPerPair: groups.gamesPerPair }
      : format === "league"
        ? { points }
        : format === "diagonal"
          ? diagonal
          : {};
  const problems = validateSettings(format, settings, players);
  const preset = CLOCK_PRESETS.find((p) => p.id === clock) ?? CLOCK_PRESETS[0]!;

  return (
    <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <form className="card space-y-3" aria-label="Preview settings" onSubmit={(e) => e.preventDefault()} data-testid="preview-controls">
        <Field id="pv-format" label="Format" problems={problemsFor(problems, "format")}>
          <select id="pv-format" className="input" value={format} onChange={(e) => setFormat(e.target.value as FormatName)}>
            {Object.values(FORMATS).map((f) => (
              <option key={f.name} value={f.name}>
                {f.title}
              </option>
            ))}
          </select>
        </Field>
        <Field id="pv-players" label="Players" problems={problemsFor(problems, "players")}>
          <NumberInput id="pv-players" value={players} onChange={setPlayers} min={2} />
        </Field>
        <Field id="pv-clock" label="Time control" problems={[]}>
          <select id="pv-clock" className="input" value={clock} onChange={(e) => setClock(e.target.value)}>
            {CLOCK_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        {format === "groups" ? (
          <>
            <Field id="pv-partition" label="Partition" problems={problemsFor(problems, "partition")}>
              <select
                id="pv-partition"
                className="input"
                value={groups.partition}
                onChange={(e) => setGroups({ ...groups, partition: e.target.value as "fixed" | "balanced" })}
              >
                <option value="fixed">Fixed group size</option>
                <option value="balanced">Balanced groups</option>
              </select>
            </Field>
            {groups.partition === "fixed" ? (
              <Field id="pv-group-size" label="Group size" problems={problemsFor(problems, "groupSize")}>
                <NumberInput id="pv-group-size" value={groups.groupSize} onChange={(n) => setGroups({ ...groups, groupSize: n })} />
              </Field>
            ) : (
              <Field id="pv-max-group" label="Largest group" problems={problemsFor(problems, "maxGroupSize")}>
                <NumberInput id="pv-max-group" value={groups.maxGroupSize} onChange={(n) => setGroups({ ...groups, maxGroupSize: n })} />
              </Field>
            )}
            <Field id="pv-gpp" label="Games per pair and side" problems={problemsFor(problems, "gamesPerPair")}>
              <NumberInput id="pv-gpp" value={groups.gamesPerPair} onChange={(n) => setGroups({ ...groups, gamesPerPair: n })} />
            </Field>
          </>
        ) : null}
        {format === "league" ? (
          <div className="grid grid-cols-3 gap-2">
            {(["win", "draw", "loss"] as const).map((k) => (
              <Field key={k} id={`pv-points-${k}`} label={`Points: ${k}`} problems={problemsFor(problems, `points.${k}`)}>
                <NumberInput id={`pv-points-${k}`} value={points[k]} onChange={(n) => setPoints({ ...points, [k]: n })} />
              </Field>
            ))}
            {problemsFor(problems, "points")
              .filter((p) => p.field === "points")
              .map((p, i) => (
                <p key={i} className="col-span-3 text-xs text-red-700 dark:text-red-400" data-testid="field-problem-points">
                  {p.message}
                </p>
              ))}
          </div>
        ) : null}
        {format === "diagonal" ? (
          <>
            {(
              [
                ["firstRoundOpponents", "First-round opponents"],
                ["laterRoundOpponents", "Later-round opponents"],
                ["gamesPerOpponent", "Games per opponent"],
                ["eliminationLosses", "Losses to go out"],
              ] as const
            ).map(([k, label]) => (
              <Field key={k} id={`pv-${k}`} label={label} problems={problemsFor(problems, k)}>
                <NumberInput id={`pv-${k}`} value={diagonal[k]} onChange={(n) => setDiagonal({ ...diagonal, [k]: n })} />
              </Field>
            ))}
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={diagonal.lossesCarryOver} onChange={(e) => setDiagonal({ ...diagonal, lossesCarryOver: e.target.checked })} />
              Losses carry over between rounds
            </label>
          </>
        ) : null}
        {format === "staged" ? (
          <p className="text-xs text-stone-500 dark:text-stone-400">The staged championship has a fixed path: 16–32 players, nothing to set.</p>
        ) : null}
      </form>
      <FormatPreview format={format} settings={settings} players={players} timeControl={preset} />
    </div>
  );
}
