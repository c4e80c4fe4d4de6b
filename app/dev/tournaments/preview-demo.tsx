"use client";
// The creation-form preview with the controls a real form would have (the
// format's settings drawn from its schema, as on the create form), each showing
// the engine's problems about its own field (problem.field).

import { useState, type ReactNode } from "react";
import { CLOCK_PRESETS } from "@/engine/clock";
import { FORMAT_NAMES, defaultSettings, formatLabel, validateSettings, type FormatName, type Problem } from "@/engine/formats";
import { SettingsFields, type SettingValues } from "@/components/formats/settings-fields";
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
  const [settings, setSettings] = useState<SettingValues>(() => defaultSettings("groups"));
  const problems = validateSettings(format, settings, players);
  const preset = CLOCK_PRESETS.find((p) => p.id === clock) ?? CLOCK_PRESETS[0]!;

  return (
    <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <form className="card space-y-3" aria-label="Preview settings" onSubmit={(e) => e.preventDefault()} data-testid="preview-controls">
        <Field id="pv-format" label="Format" problems={problemsFor(problems, "format")}>
          <select
            id="pv-format"
            className="input"
            value={format}
            onChange={(e) => {
              const next = e.target.value as FormatName;
              setFormat(next);
              setSettings(defaultSettings(next));
            }}
          >
            {FORMAT_NAMES.map((f) => (
              <option key={f} value={f}>
                {formatLabel(f)}
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
        <SettingsFields format={format} values={settings} onChange={setSettings} problems={problems} idPrefix="pv-" />
      </form>
      <FormatPreview format={format} settings={settings as never} players={players} timeControl={preset} />
    </div>
  );
}
