import { describe, expect, it } from "vitest";
import { findSetting, setting, settingFields, settingLabel, settingsProblems, settingsSchema } from "./settings";

const schema = settingsSchema({
  mode: setting.choice({ label: "Mode", what: "mode", options: { a: "Mode A", b: "Mode B" }, default: "a" }),
  size: setting.integer({ label: "Size", what: "size", hint: "2–8", min: 2, max: 8, even: true, default: 4, shownWhen: { key: "mode", value: "a" } }),
  on: setting.flag({ label: "On", what: "on", default: true }),
  points: setting.group({
    label: "Points",
    what: "points",
    fields: {
      win: setting.number({ label: "Win", what: "points for a win", default: 3 }),
      loss: setting.number({ label: "Loss", what: "points for a loss", default: 0 }),
    },
    check: ({ win, loss }) => (win > loss ? null : `a win must score more than a loss (got ${win}/${loss})`),
  }),
});

describe("a settings schema", () => {
  it("gives its defaults, nested ones included", () => {
    expect(schema.parse({})).toEqual({ mode: "a", size: 4, on: true, points: { win: 3, loss: 0 } });
    expect(schema.parse({ points: { win: 5 } })).toEqual({ mode: "a", size: 4, on: true, points: { win: 5, loss: 0 } });
  });

  it("reads back each setting's label, limits and default for the form", () => {
    const fields = settingFields(schema);
    expect(fields.map((f) => [f.key, f.kind, f.label])).toEqual([
      ["mode", "choice", "Mode"],
      ["size", "integer", "Size"],
      ["on", "flag", "On"],
      ["points", "group", "Points"],
    ]);
    expect(fields[1]).toMatchObject({ min: 2, max: 8, default: 4, hint: "2–8", shownWhen: { key: "mode", value: "a" } });
    expect(fields[0]).toMatchObject({
      options: [
        { value: "a", label: "Mode A" },
        { value: "b", label: "Mode B" },
      ],
      default: "a",
    });
    expect(findSetting(schema, "points.win")).toMatchObject({ key: "points.win", kind: "number", label: "Win", default: 3 });
    expect(settingLabel(schema, "points.loss")).toBe("Loss");
    expect(settingLabel(schema, "nothing")).toBe("nothing");
  });

  it("refuses each fault with a sentence that names the setting, unknown settings first", () => {
    const problems = settingsProblems(schema, { mode: "c", size: 3, on: "yes", typo: 1, points: { win: 0, draw: 1 } }, "the test format");
    expect(problems).toEqual([
      { field: "points.draw", message: 'points has no setting "draw" (known: win, loss)' },
      { field: "typo", message: 'the test format has no setting "typo" (known: mode, size, on, points)' },
      { field: "mode", message: 'mode must be "a" or "b" (got "c")' },
      { field: "size", message: "size must be even (got 3)" },
      { field: "on", message: "on must be true or false" },
      { field: "points", message: "a win must score more than a loss (got 0/0)" },
    ]);
    expect(settingsProblems(schema, { size: 2.5 }, "x")).toEqual([{ field: "size", message: "size must be a whole number (got 2.5)" }]);
    expect(settingsProblems(schema, { size: 10 }, "x")).toEqual([{ field: "size", message: "size must be between 2 and 8 (got 10)" }]);
    expect(settingsProblems(schema, { points: { win: "3" } }, "x")).toEqual([{ field: "points.win", message: 'points for a win must be a number (got "3")' }]);
    expect(settingsProblems(schema, { points: { win: 0 } }, "x")).toEqual([{ field: "points", message: "a win must score more than a loss (got 0/0)" }]);
    expect(settingsProblems(schema, [], "x")).toEqual([{ field: "settings", message: "the settings of x must be an object of named values" }]);
    expect(settingsProblems(schema, undefined, "x")).toEqual([]);
  });
});
