// A format's settings as form fields, drawn from its schema (engine/formats/
// settings.ts): a number box for a number, a list for a choice, a checkbox for a
// yes/no, a row of boxes for a group (the league's points), each with its label, its
// hint and the engine's problems about it beside it. Used by the create form and the
// /dev/tournaments preview; controlled by the caller, who holds the values.

import { getFormat, settingFields, type FormatName, type Problem, type SettingField } from "@/engine/formats";

/** Settings as a form holds them: the schema's keys, a group as an object of its own. */
export type SettingValues = Readonly<Record<string, unknown>>;

export interface SettingsFieldsProps {
  readonly format: FormatName;
  readonly values: SettingValues;
  readonly onChange: (values: SettingValues) => void;
  /** The engine's problems with the values (validateSettings); each is shown by the field it names. */
  readonly problems: readonly Problem[];
  /** Prefix of the inputs' ids ("s-": `s-groupSize`, `s-points-win`). */
  readonly idPrefix: string;
}

/** `values` with the setting at a dotted key ("points.win") set. */
export function withSetting(values: SettingValues, key: string, value: unknown): SettingValues {
  const [head, ...rest] = key.split(".");
  if (rest.length === 0) return { ...values, [head!]: value };
  return { ...values, [head!]: withSetting((values[head!] ?? {}) as SettingValues, rest.join("."), value) };
}

function valueAt(values: SettingValues, key: string): unknown {
  return key.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), values);
}

function Problems({ problems, id, field }: { problems: readonly Problem[]; id: string; field: string }) {
  return problems.map((p, i) => (
    <p key={i} className="text-sm text-red-700 dark:text-red-400" id={i === 0 ? `${id}-error` : undefined} data-testid={`field-problem-${field}`}>
      {p.message}
    </p>
  ));
}

function Field({ field, values, onChange, problems, idPrefix }: Omit<SettingsFieldsProps, "format"> & { field: SettingField }) {
  const id = `${idPrefix}${field.key.replace(/\./g, "-")}`;
  const mine = problems.filter((p) => p.field === field.key);
  const value = valueAt(values, field.key);
  const set = (v: unknown) => onChange(withSetting(values, field.key, v));
  const described = mine.length > 0 ? `${id}-error` : undefined;
  if (field.kind === "group") {
    return (
      <fieldset className="space-y-2 sm:col-span-2">
        <legend className="text-sm font-medium">{field.label}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {field.fields.map((f) => (
            <Field key={f.key} field={f} values={values} onChange={onChange} problems={problems} idPrefix={idPrefix} />
          ))}
        </div>
        <Problems problems={mine} id={id} field={field.key} />
      </fieldset>
    );
  }
  if (field.kind === "flag") {
    return (
      <div className="space-y-1 self-end">
        <label className="flex items-center gap-2 text-sm">
          <input id={id} type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} aria-describedby={described} />
          {field.label}
        </label>
        <Problems problems={mine} id={id} field={field.key} />
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {field.label}
      </label>
      {field.kind === "choice" ? (
        <select id={id} className="input" value={String(value)} onChange={(e) => set(e.target.value)} aria-describedby={described}>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type="number"
          className="input tabular-nums"
          inputMode="numeric"
          {...(field.kind === "integer" ? { min: field.min, max: field.max, step: 1 } : {})}
          value={typeof value === "number" && Number.isFinite(value) ? value : ""}
          onChange={(e) => set(Number(e.target.value))}
          aria-describedby={described}
        />
      )}
      {mine.length > 0 ? <Problems problems={mine} id={id} field={field.key} /> : field.hint ? <p className="text-xs text-stone-500">{field.hint}</p> : null}
    </div>
  );
}

/** The format's settings, those the other values show (group size only for fixed groups). */
export function SettingsFields({ format, values, onChange, problems, idPrefix }: SettingsFieldsProps) {
  const fields = settingFields(getFormat(format).settings).filter((f) => !f.shownWhen || values[f.shownWhen.key] === f.shownWhen.value);
  if (fields.length === 0) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((f) => (
        <Field key={f.key} field={f} values={values} onChange={onChange} problems={problems} idPrefix={idPrefix} />
      ))}
    </div>
  );
}
