// newRowId's text against the uuid library's own reading of it: a version 7 UUID, the
// library's canonical text of the same bytes, time-ordered and unique.
import { expect, it } from "vitest";
import { parse, stringify, validate, version } from "uuid";
import { newRowId } from "./ids";

it("makes valid, canonical, version 7 ids, each greater than the one before", () => {
  const before = Date.now();
  const ids = Array.from({ length: 20_000 }, () => newRowId());
  for (const id of ids.slice(0, 500)) {
    expect(validate(id)).toBe(true);
    expect(version(id)).toBe(7);
    expect(stringify(parse(id))).toBe(id);
  }
  // Every byte value shows up in its place somewhere: the hex table is right for all 256.
  const seen = new Set(ids.flatMap((id) => id.replaceAll("-", "").match(/../g)!));
  expect(seen.size).toBe(256);
  // The first 48 bits are the time in milliseconds.
  const ms = parseInt(ids[0]!.replaceAll("-", "").slice(0, 12), 16);
  expect(ms).toBeGreaterThanOrEqual(before);
  expect(ms).toBeLessThanOrEqual(Date.now());
  for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
});
