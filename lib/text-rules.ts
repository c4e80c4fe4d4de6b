// Rules for free text people type (names, descriptions, search boxes), shared by the
// forms and the server. PostgreSQL cannot store a NUL character at all, other control
// characters have no business in a name, bidi overrides make text read differently
// from what it is (a name that shows as "alice" but sorts as something else), and a
// name of only invisible characters looks like no name. Each is refused with a sentence.
//
// Every free-text field of every tRPC input goes through plainText: server/trpc/text-rules.test.ts
// walks each procedure's zod input and fails for a string field without it, so a new
// field cannot skip the rules.
import { z } from "zod";

// C0 controls and DEL; tab, line feed and carriage return are allowed where text may span lines.
// (Matching control characters is the point here, hence no-control-regex is off for these two.)
/* eslint-disable no-control-regex */
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F]/;
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/* eslint-enable no-control-regex */
// Embedding, override and isolate controls (LRE RLE PDF LRO RLO, LRI RLI FSI PDI).
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
// Something a reader can see: not whitespace, not a format/control/unassigned code
// point, not a combining mark alone, and not one of the blank-looking fillers.
const VISIBLE = /[^\s\p{C}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/u;

export interface TextRuleOptions {
  /** How the field is named in a sentence: "The name", "Search text". */
  label: string;
  multiline?: boolean;
}

/** The checks plainText added, so a test can tell a string field that has them from one that does not. */
const textRuleChecks = new WeakSet<object>();

/**
 * Adds the free-text rules to a zod string schema: no control characters (but line
 * breaks and tabs when multiline), no bidi overrides, and not only invisible characters
 * (empty text is the min check's business).
 */
export function plainText<T extends z.ZodType<string, string>>(schema: T, opts: TextRuleOptions): T {
  const rule = z.superRefine<string>((value, ctx) => {
    const control = opts.multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE;
    if (control.test(value)) {
      ctx.addIssue({ code: "custom", message: `${opts.label} may not contain control characters.` });
    } else if (BIDI_CONTROL.test(value)) {
      ctx.addIssue({ code: "custom", message: `${opts.label} may not contain text-direction override characters.` });
    } else if (value.length > 0 && !VISIBLE.test(value)) {
      ctx.addIssue({ code: "custom", message: `${opts.label} must contain visible characters.` });
    }
  });
  textRuleChecks.add(rule);
  return schema.check(rule) as T;
}

/** True when a string schema carries plainText's rules (zod keeps a schema's checks when it is copied with .min(), .trim() and the like). */
export function followsTextRules(schema: z.ZodType): boolean {
  return (schema._zod.def.checks ?? []).some((check) => textRuleChecks.has(check));
}

/**
 * The text without the characters the rules refuse (single-line), and empty when what is
 * left has nothing visible: for places that fall back instead of refusing (`?q=`).
 */
export function toPlainText(value: string): string {
  const kept = [...value].filter((ch) => !CONTROL_SINGLE_LINE.test(ch) && !BIDI_CONTROL.test(ch)).join("");
  return VISIBLE.test(kept) ? kept : "";
}
