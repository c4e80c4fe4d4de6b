// JSON.stringify's text for a large value, made in slices with the event loop let go
// between them. A 100,000-player tournament's state is tens of MB of JSON: stringified
// at once, and then encoded into the driver's buffer at once, it held the server for
// over half a second, and every request waited.
import { letGo } from "./let-go";

/**
 * How many levels to descend before stringifying what lies below whole. A tournament
 * state's deepest large lists are persistent vectors (32-way tries of arrays) of groups
 * or games inside a round: at this depth a subtree is at most a few thousand groups.
 */
const DESCEND = 7;

/** JSON.stringify skips these in objects and writes null for them in arrays. */
const unwritable = (v: unknown) => v === undefined || typeof v === "function" || typeof v === "symbol";

/** JSON.stringify(value)'s text in parts, in order; below `depth` levels, whole subtrees. */
function* parts(value: unknown, depth: number): Generator<string> {
  if (depth === 0 || value === null || typeof value !== "object" || typeof (value as { toJSON?: unknown }).toJSON === "function") {
    yield JSON.stringify(value);
    return;
  }
  if (Array.isArray(value)) {
    yield "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ",";
      const v: unknown = value[i];
      if (unwritable(v)) yield "null";
      else yield* parts(v, depth - 1);
    }
    yield "]";
    return;
  }
  yield "{";
  let first = true;
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (unwritable(v)) continue;
    yield `${first ? "" : ","}${JSON.stringify(key)}:`;
    first = false;
    yield* parts(v, depth - 1);
  }
  yield "}";
}

/**
 * The same text as JSON.stringify(value) for plain JSON data (objects, arrays,
 * strings, numbers, booleans, null), as UTF-8 bytes or as a string, made in slices of
 * about `sliceMs` of work each with the event loop let go between them.
 */
export async function jsonInSlices(value: unknown, as: "buffer", sliceMs?: number): Promise<Buffer>;
export async function jsonInSlices(value: unknown, as: "string", sliceMs?: number): Promise<string>;
export async function jsonInSlices(value: unknown, as: "buffer" | "string", sliceMs = 10): Promise<Buffer | string> {
  const slices: (Buffer | string)[] = [];
  let current: string[] = [];
  let started = performance.now();
  let count = 0;
  const close = () => {
    const text = current.join("");
    slices.push(as === "buffer" ? Buffer.from(text, "utf8") : text);
    current = [];
  };
  for (const part of parts(value, DESCEND)) {
    current.push(part);
    if (++count % 64 === 0 && performance.now() - started > sliceMs) {
      close();
      await letGo();
      started = performance.now();
    }
  }
  close();
  return as === "buffer" ? Buffer.concat(slices as Buffer[]) : (slices as string[]).join("");
}
