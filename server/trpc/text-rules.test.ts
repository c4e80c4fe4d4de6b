// One text rule for every free-text input, made structural: this walks every tRPC
// procedure's zod input down to each string field and fails for a field that does not
// carry lib/text-rules.ts's plainText, so a new field cannot skip it. Fields with a
// closed alphabet (ids, e-mail addresses, patterns) are let through only if they refuse
// the same text; passwords alone are exempt, by name.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { followsTextRules } from "@/lib/text-rules";
import { appRouter } from "./root";

/** Text no one can have meant: NUL (a 500 from PostgreSQL), a right-to-left override, only a zero-width space. */
const HOSTILE = ["a\u0000b", "abc\u202Edef", "\u200B\u200B"];

/** Hashed and never shown: any character a person types is part of the secret. */
const EXEMPT = new Set(["account.signUp:password", "account.changePassword:currentPassword", "account.changePassword:newPassword", "account.delete:password"]);

interface Leaf {
  path: string;
  schema: z.ZodString;
}

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Every string schema inside a zod schema, with where it sits. */
function stringLeaves(schema: unknown, path: string, out: Leaf[] = [], seen = new Set<unknown>()): Leaf[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: unknown, sub = path) => stringLeaves(child, sub, out, seen);
  switch (def.type) {
    case "string":
      out.push({ path, schema: schema as z.ZodString });
      break;
    case "object":
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) walk(child, path ? `${path}.${key}` : key);
      if (def.catchall) walk(def.catchall, `${path}[*]`);
      break;
    case "array":
      walk(def.element, `${path}[]`);
      break;
    case "record":
      walk(def.keyType, `${path}{key}`);
      walk(def.valueType, `${path}{value}`);
      break;
    case "tuple":
      (def.items as unknown[]).forEach((item, i) => walk(item, `${path}[${i}]`));
      if (def.rest) walk(def.rest, `${path}[...]`);
      break;
    case "union":
      for (const option of def.options as unknown[]) walk(option);
      break;
    case "intersection":
      walk(def.left);
      walk(def.right);
      break;
    case "pipe":
      walk(def.in);
      walk(def.out);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      walk(def.innerType);
      break;
    case "lazy":
      walk((def.getter as () => unknown)());
      break;
    case "number":
    case "int":
    case "boolean":
    case "enum":
    case "literal":
    case "void":
    case "undefined":
    case "null":
    case "date":
    case "transform":
      break;
    default:
      throw new Error(`${path}: the walk does not know zod's "${def.type}" yet; teach it, so no string inside is missed`);
  }
  return out;
}

/** Ids, e-mail addresses and patterns: a closed alphabet, checked by zod itself. */
function closedAlphabet(leaf: z.ZodString): boolean {
  const def = defOf(leaf) as Def & { format?: string; checks?: { _zod: { def: { format?: string } } }[] };
  return ["uuid", "guid", "email"].includes(def.format ?? "") || (def.checks ?? []).some((c) => c._zod.def.format === "regex");
}

const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, { _def: { inputs: unknown[] } }> } })._def.procedures);
const leaves = procedures.flatMap(([name, proc]) =>
  proc._def.inputs.flatMap((input) => stringLeaves(input, "").map((l) => ({ ...l, path: `${name}:${l.path}` }))),
);

describe("one text rule for every free-text input", () => {
  it("finds the procedures' string fields (the walk itself works)", () => {
    const paths = leaves.map((l) => l.path);
    expect(paths).toContain("notification.announce:message");
    expect(paths).toContain("notification.unsubscribePush:endpoint");
    expect(paths).toContain("tournament.create:settings{key}");
    expect(paths).toContain("account.signUp:password");
  });

  it("every string field carries plainText, or has a closed alphabet, or is a password", () => {
    const missing = leaves.filter((l) => !EXEMPT.has(l.path) && !followsTextRules(l.schema) && !closedAlphabet(l.schema)).map((l) => l.path);
    expect(missing).toEqual([]);
  });

  it("every field but a password refuses NUL, bidi overrides and zero-width-only text, and free text says why in a sentence", () => {
    const problems: string[] = [];
    for (const leaf of leaves) {
      if (EXEMPT.has(leaf.path)) continue;
      for (const value of HOSTILE) {
        const result = leaf.schema.safeParse(value);
        if (result.success) problems.push(`${leaf.path} accepts ${JSON.stringify(value)}`);
        else if (followsTextRules(leaf.schema) && !result.error.issues.some((i) => /^[A-Z].* (may not contain|must contain) .*\.$/.test(i.message))) {
          problems.push(`${leaf.path} refuses ${JSON.stringify(value)} without the rule's sentence: ${result.error.issues.map((i) => i.message).join(" / ")}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
