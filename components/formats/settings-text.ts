// A tournament's format settings in words, as the tournament page's About box
// lists them: each setting's label from the format's schema and its value as a
// person reads it (a choice's own words, yes or no, "win 3, draw 1, loss 0").
// A setting the form hides for the other values (group size with balanced groups)
// is left out too.

import { getFormat, settingFields, type FormatName, type SettingField } from "@/engine/formats";

export interface SettingLine {
  readonly key: string;
  readonly label: string;
  readonly text: string;
}

function valueText(field: SettingField, value: unknown): string {
  switch (field.kind) {
    case "flag":
      return value ? "yes" : "no";
    case "choice":
      return field.options.find((o) => o.value === value)?.label ?? String(value);
    case "group": {
      const values = (value ?? {}) as Record<string, unknown>;
      return field.fields.map((f) => `${f.key.slice(field.key.length + 1)} ${String(values[f.key.slice(field.key.length + 1)])}`).join(", ");
    }
    case "integer":
    case "number":
      return String(value);
  }
}

export function settingLines(format: FormatName, settings: Readonly<Record<string, unknown>>): SettingLine[] {
  return settingFields(getFormat(format).settings).flatMap((field) =>
    field.shownWhen && settings[field.shownWhen.key] !== field.shownWhen.value
      ? []
      : [{ key: field.key, label: field.label, text: valueText(field, settings[field.key]) }],
  );
}
