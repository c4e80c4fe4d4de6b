// jsonInSlices gives JSON.stringify's exact text, whatever the value's shape and however
// many slices it is cut into: random JSON-like values (with the values JSON.stringify
// skips or writes as null), and a 2,000-player tournament state played one round.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { startTournament } from "@/engine/formats";
import { WIN1, playOut, players } from "@/engine/formats/testing";
import { jsonInSlices } from "./json-slices";

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
        expect(Buffer.concat(await jsonInSlices(value, "buffers", 0, 1)).toString("utf8")).toBe(expected);
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
