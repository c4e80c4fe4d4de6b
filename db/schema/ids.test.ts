// newRowId's text against the uuid library's own reading of it: a version 7 UUID, the
// library's canonical text of the same bytes, time-ordered and unique; and blocks of
// them (rowIdBlock), numbered after one such id's prefix.
import { expect, it } from "vitest";
import { parse, stringify, validate, version } from "uuid";
import { newRowId, rowIdBlock } from "./ids";

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

it("makes blocks of valid version 7 ids, numbered in order, each after every id made before it and before every id made after the block began", () => {
  const before = newRowId();
  const next = rowIdBlock();
  const first = Array.from({ length: 3 }, () => next());
  const between = newRowId();
  const rest = Array.from({ length: 70_000 }, () => next());
  const block = [...first, ...rest];
  for (const id of [...block.slice(0, 300), ...block.slice(-300)]) {
    expect(validate(id)).toBe(true);
    expect(version(id)).toBe(7);
    expect(stringify(parse(id))).toBe(id);
  }
  // The numbers 1, 2, … in the last five bytes, after one prefix.
  expect(block.map((id) => parseInt(id.slice(26), 16))).toEqual(block.map((_, i) => i + 1));
  expect(new Set(block.map((id) => id.slice(0, 26))).size).toBe(1);
  for (let i = 1; i < block.length; i++) expect(block[i]! > block[i - 1]!).toBe(true);
  // A block sorts after every id made before it, and every id made after it began sorts after the whole block.
  expect(block[0]! > before).toBe(true);
  expect(between > block.at(-1)!).toBe(true);
  expect(rowIdBlock()() > block.at(-1)!).toBe(true);
});

it("writes both halves of a block's number: past 2^20 ids too", () => {
  const next = rowIdBlock();
  let last: string[] = [];
  for (let i = 1; i <= 2 ** 20 + 17; i++) {
    const id = next();
    if (i >= 2 ** 20 - 1) last.push(id);
  }
  expect(last.map((id) => parseInt(id.slice(26), 16))).toEqual(Array.from({ length: 19 }, (_, k) => 2 ** 20 - 1 + k));
  for (const id of last) expect(validate(id)).toBe(true);
  last = last.toSorted();
  expect(last.map((id) => parseInt(id.slice(26), 16))).toEqual(Array.from({ length: 19 }, (_, k) => 2 ** 20 - 1 + k));
});
