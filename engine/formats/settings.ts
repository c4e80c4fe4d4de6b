// A format's settings as one zod schema: each setting says its label, its default
// and its limits where it is declared (`setting.integer({ label, what, min, max,
// default })`), and everything else reads that one declaration:
// - the engine and the server check input with it (`settingsProblems`: one problem
//   per fault, each a sentence naming the setting as `what` says it);
// - the defaults and a stored tournament's values come from parsing with it;
// - the create form draws its fields from it (`settingFields`), and the tournament
//   page and the preview label values and problems with its labels (`settingLabel`).
// A format with nothing to set declares `settingsSchema({})`.

import { z } from "zod";
import type { Problem } from "./types";

/** What every setting says about itself. */
export interface SettingInfo {
  /** As the create form and the tournament page label it ("Group size"). */
  readonly label: string;
  /** The setting in a sentence, lower case ("group size"): problems name it so. */
  readonly what: string;
  /** A short help line under the field ("2–16"). */
  readonly hint?: string;
  /** Shown in the form only while another setting of the format has this value (group size: only for fixed groups). */
  readonly shownWhen?: { readonly key: string; readonly value: string };
  /**
   * The simulator's flag for it (`npm run simulate -- --FLAG value`; a yes/no setting
   * takes `--FLAG` and `--no-FLAG`), when not its key in kebab case ("group-size";
   * in a group, the group's and the member's: "points-win").
   */
  readonly flag?: string;
}

/** A setting as the form draws it: its key (a dotted path inside a group) and what its declaration says. */
export type SettingField = SettingInfo & { readonly key: string } & (
    | { readonly kind: "integer"; readonly min: number; readonly max: number; readonly default: number }
    | { readonly kind: "number"; readonly default: number }
    | { readonly kind: "choice"; readonly options: readonly { readonly value: string; readonly label: string }[]; readonly default: string }
    | { readonly kind: "flag"; readonly default: boolean }
    | { readonly kind: "group"; readonly fields: readonly SettingField[] }
  );

type Declared = SettingField extends infer T ? (T extends unknown ? Omit<T, "key" | "fields"> : never) : never;

/** The declarations, by schema, read back by `settingFields` and the problem messages. */
const DECLARED = z.registry<Declared>();

/** A format's settings schema: an object of settings, every key known (a typo is refused, not ignored). */
export type SettingsSchema<S> = z.ZodType<S, unknown> & { readonly shape: Readonly<Record<string, z.ZodType>> };

export function settingsSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape);
}

export const setting = {
  /**
   * A whole number from `min` to `max`; `even` refuses odd values, `check` refuses
   * others with its own sentence (null: fine).
   */
  integer(
    info: SettingInfo & {
      readonly min: number;
      readonly max: number;
      readonly default: number;
      readonly even?: boolean;
      readonly check?: (value: number) => string | null;
    },
  ) {
    const { what, min, max, check } = info;
    const notWhole = (iss: { input?: unknown }) => `${what} must be a whole number (got ${JSON.stringify(iss.input)})`;
    const outside = (iss: { input?: unknown }) => `${what} must be between ${min} and ${max} (got ${String(iss.input)})`;
    let checked: z.ZodType<number, number> = z.number({ error: notWhole }).int({ error: notWhole }).min(min, { error: outside }).max(max, { error: outside });
    if (info.even) checked = checked.refine((v) => v % 2 === 0, { error: (iss) => `${what} must be even (got ${String(iss.input)})` });
    if (check)
      checked = checked.superRefine((v, ctx) => {
        const message = check(v);
        if (message) ctx.addIssue({ code: "custom", message });
      });
    return checked.default(info.default).register(DECLARED, { ...plain(info), kind: "integer", min, max, default: info.default });
  },
  /** Any finite number. */
  number(info: SettingInfo & { readonly default: number }) {
    return z
      .number({ error: (iss) => `${info.what} must be a number (got ${JSON.stringify(iss.input)})` })
      .default(info.default)
      .register(DECLARED, { ...plain(info), kind: "number", default: info.default });
  },
  /** One of `options` (value → label). */
  choice<const V extends string>(info: SettingInfo & { readonly options: Readonly<Record<V, string>>; readonly default: NoInfer<V> }) {
    const values = Object.keys(info.options) as [V, ...V[]];
    const listed = values.map((v) => JSON.stringify(v)).join(" or ");
    return z
      .enum(values, { error: (iss) => `${info.what} must be ${listed} (got ${JSON.stringify(iss.input)})` })
      .default(info.default as never)
      .register(DECLARED, {
        ...plain(info),
        kind: "choice",
        options: values.map((value) => ({ value, label: info.options[value] })),
        default: info.default,
      });
  },
  /** Yes or no. */
  flag(info: SettingInfo & { readonly default: boolean }) {
    return z
      .boolean({ error: () => `${info.what} must be true or false` })
      .default(info.default)
      .register(DECLARED, { ...plain(info), kind: "flag", default: info.default });
  },
  /**
   * Settings that belong together (the league's points for a win, a draw and a loss),
   * stored as one object; `check` refuses a combination with a sentence.
   */
  group<Shape extends z.ZodRawShape>(info: SettingInfo & { readonly fields: Shape; readonly check?: (value: z.output<z.ZodObject<Shape>>) => string | null }) {
    const object = z.strictObject(info.fields);
    const checked = info.check
      ? object.superRefine((value, ctx) => {
          const message = info.check!(value);
          if (message) ctx.addIssue({ code: "custom", message });
        })
      : object;
    // Missing fields take their own defaults.
    return checked.default(object.parse({}) as never).register(DECLARED, { ...plain(info), kind: "group" });
  },
};

function plain(info: SettingInfo): SettingInfo {
  return {
    label: info.label,
    what: info.what,
    ...(info.hint ? { hint: info.hint } : {}),
    ...(info.shownWhen ? { shownWhen: info.shownWhen } : {}),
    ...(info.flag ? { flag: info.flag } : {}),
  };
}

/** The simulator's flag of a setting (without the leading dashes). */
export function settingFlag(field: SettingField): string {
  return field.flag ?? field.key.replace(/\./g, "-").replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The object inside a group's default and refinement wrappers. */
function objectOf(schema: z.ZodType): z.ZodObject | null {
  let s: z.ZodType = schema;
  for (let i = 0; i < 4; i++) {
    if (s instanceof z.ZodObject) return s;
    if (s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
    else return null;
  }
  return null;
}

/** Every setting of a schema in declaration order, as the form draws them. */
export function settingFields(schema: SettingsSchema<unknown>, prefix = ""): SettingField[] {
  return Object.entries(schema.shape).flatMap(([name, field]): SettingField[] => {
    const declared = DECLARED.get(field);
    if (!declared) return [];
    const key = prefix + name;
    if (declared.kind === "group") {
      const inner = objectOf(field);
      return [{ ...declared, key, fields: inner ? settingFields(inner as unknown as SettingsSchema<unknown>, `${key}.`) : [] }];
    }
    return [{ ...declared, key } as SettingField];
  });
}

/** The setting at a dotted key ("points.win"), or undefined. */
export function findSetting(schema: SettingsSchema<unknown>, key: string): SettingField | undefined {
  const walk = (fields: readonly SettingField[]): SettingField | undefined => {
    for (const f of fields) {
      if (f.key === key) return f;
      if (f.kind === "group" && key.startsWith(`${f.key}.`)) return walk(f.fields);
    }
    return undefined;
  };
  return walk(settingFields(schema));
}

/** The label of a setting (or of a group's member), for problems and stored values; the key itself when the schema has none. */
export function settingLabel(schema: SettingsSchema<unknown>, key: string): string {
  return findSetting(schema, key)?.label ?? key;
}

/**
 * Every problem with `input` (settings as a form or an API client sent them; missing
 * keys take their defaults), one per fault: unknown settings first, then each
 * setting's in declaration order. `noun` names the format in sentences ("the league").
 */
export function settingsProblems(schema: SettingsSchema<unknown>, input: unknown, noun: string): Problem[] {
  if (input !== undefined && (typeof input !== "object" || input === null || Array.isArray(input))) {
    return [{ field: "settings", message: `the settings of ${noun} must be an object of named values` }];
  }
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return [];
  const unknown: Problem[] = [];
  const others: Problem[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      const owner = path ? findSetting(schema, path) : undefined;
      const known = owner?.kind === "group" ? owner.fields.map((f) => f.key.slice(path.length + 1)) : settingFields(schema).map((f) => f.key);
      const where = owner ? owner.what : noun;
      for (const key of issue.keys) {
        unknown.push({ field: path ? `${path}.${key}` : key, message: `${where} has no setting "${key}" (known: ${known.join(", ") || "none"})` });
      }
    } else {
      others.push({ field: path || "settings", message: issue.message });
    }
  }
  return [...unknown, ...others];
}

/** The settings `input` stands for, defaults filled in. Throws (with the problems' sentences) when they are not valid. */
export function parseSettings<S>(schema: SettingsSchema<S>, input: unknown, noun: string): S {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  throw new Error(
    settingsProblems(schema, input, noun)
      .map((p) => p.message)
      .join("; "),
  );
}
