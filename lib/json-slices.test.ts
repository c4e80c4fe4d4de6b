// jsonInSlices gives JSON.stringify's exact text, whatever the value's shape and however
// many slices it is cut into: random JSON-like values (with the values JSON.stringify
// skips or writes as null), and a 2,000-player tournament state played one round.
// parseInSlices gives JSON.parse's value of the same texts, also spaced out, and refuses
// what JSON.parse refuses.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { startTournament } from "@/engine/formats";
import { WIN1, playOut, players } from "@/engine/formats/testing";
import { jsonInSlices, jsonSlices, parseInSlices } from "./json-slices";

const leaf = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  fc.double({ noNaN: false }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date(),
);
const tree = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("node"), { maxLength: 6 }), fc.dictionary(fc.string(), tie("node"), { maxKeys: 6 })),
})).node;

describe("jsonInSlices", () => {
  it("writes JSON.stringify's text, as a string and as UTF-8 bytes, in one slice or many", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.array(tree), fc.dictionary(fc.string(), tree)), async (value) => {
        const expected = JSON.stringify(value);
        expect(await jsonInSlices(value, "string")).toBe(expected);
        // Parts of one value each (every container cut open), and a slice of no time: the event loop is let go after every part.
        expect(await jsonInSlices(value, "string", 0, 1)).toBe(expected);
        expect((await jsonInSlices(value, "buffer", 0, 1)).toString("utf8")).toBe(expected);
        // The slices as a writer takes them, one at a time.
        const slices: string[] = [];
        for await (const slice of jsonSlices(value, 0, 1)) slices.push(slice);
        expect(slices.join("")).toBe(expected);
        expect(await jsonInSlices(value, "string", 0, 3)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("writes a tournament's state as JSON.stringify does, letting the event loop run between slices", async () => {
    const state = playOut(startTournament("groups", players(2000), {}, 7), () => WIN1, 1);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const bytes = await jsonInSlices(state, "buffer", 0);
    clearInterval(timer);
    expect(bytes.toString("utf8")).toBe(JSON.stringify(state));
    expect(ticks).toBeGreaterThan(0);
    // Cut finer than a whole group's values.
    expect(await jsonInSlices(state, "string", 0, 10)).toBe(JSON.stringify(state));
  });
});

/** The value's text with its keys in order: two parses of one text agree exactly when these do. */
const exactly = (value: unknown) => JSON.stringify(value);

describe("parseInSlices", () => {
  it("reads JSON.parse's value, whole or built of parts however small, from compact and spaced-out text", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.array(tree), fc.dictionary(fc.string(), tree)), fc.integer({ min: 1, max: 40 }), async (value, limit) => {
        for (const text of [JSON.stringify(value), JSON.stringify(value, null, 2), ` \n${JSON.stringify(value, null, "\t")}\r\n`]) {
          const expected = exactly(JSON.parse(text));
          expect(exactly(await parseInSlices(text))).toBe(expected);
          // A run of at most `limit` characters parsed at once: every container longer is built of parts.
          expect(exactly(await parseInSlices(text, 0, limit))).toBe(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a member named __proto__ as JSON.parse does: an own property, the prototype untouched", async () => {
    const text = '{"a":[1,2,3],"__proto__":{"polluted":true},"b":{"__proto__":[4]}}';
    const value = (await parseInSlices(text, 0, 2)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(["a", "__proto__", "b"]);
    expect(exactly(value)).toBe(exactly(JSON.parse(text)));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses text JSON.parse refuses, with a SyntaxError", async () => {
    for (const text of ['[1,2,{"a":3}', "[1,2]]", '{"a":[1,2,3]} [4]', '[1,2,"open]', "[1,,2,3,4,5]", '{"a" 1,"b":2,"c":3}', "[1,2,3,4,5,6,7]x"]) {
      expect(() => JSON.parse(text), text).toThrow(SyntaxError);
      await expect(parseInSlices(text, 0, 2), text).rejects.toThrow(SyntaxError);
    }
  });

  it("reads a tournament's state as JSON.parse does, letting the event loop run between slices", async () => {
    const state = playOut(startTournament("groups", players(2000), {}, 7), () => WIN1, 1);
    const text = JSON.stringify(state);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const value = await parseInSlices(text, 0, 4096);
    clearInterval(timer);
    expect(value).toEqual(state);
    expect(exactly(value)).toBe(text);
    expect(ticks).toBeGreaterThan(0);
  });
});
