// JSON.stringify's text for a large value, made in slices with the event loop let go
// between them. A 100,000-player tournament's state is tens of MB of JSON: stringified
// at once, and then encoded into the driver's buffer at once, it held the server for
// over half a second, and every request waited.
import { letGo } from "./let-go";

/**
 * How many values (every object, array and leaf counts one) a subtree may hold to be
 * stringified whole: about a millisecond of JSON.stringify. Smaller pieces cost more
 * than they save: cutting a whole state into the parts of its first seven levels made
 * the text four to six times slower to write than JSON.stringify.
 */
const WHOLE_UP_TO = 20_000;

/** JSON.stringify skips these in objects and writes null for them in arrays. */
const unwritable = (v: unknown) => v === undefined || typeof v === "function" || typeof v === "symbol";

const whole = (value: unknown) => value === null || typeof value !== "object" || typeof (value as { toJSON?: unknown }).toJSON === "function";

/** Whether the value holds at most `limit` values: counted until there are more, not further. */
function holdsAtMost(value: unknown, limit: number): boolean {
  let left = limit - 1;
  const stack: object[] = [value as object];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (Array.isArray(v)) {
      if ((left -= v.length) < 0) return false;
      for (const x of v as unknown[]) if (!whole(x)) stack.push(x as object);
    } else {
      for (const k in v) {
        const x = (v as Record<string, unknown>)[k];
        if (--left < 0) return false;
        if (!whole(x)) stack.push(x as object);
      }
    }
  }
  return true;
}

/** JSON.stringify(value)'s text in parts, in order: subtrees of at most `limit` values whole. */
function* parts(value: unknown, limit: number): Generator<string> {
  if (whole(value) || holdsAtMost(value, limit)) {
    yield JSON.stringify(value);
    return;
  }
  if (Array.isArray(value)) {
    yield "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ",";
      const v: unknown = value[i];
      if (unwritable(v)) yield "null";
      else yield* parts(v, limit);
    }
    yield "]";
    return;
  }
  yield "{";
  let first = true;
  for (const key of Object.keys(value as object)) {
    const v = (value as Record<string, unknown>)[key];
    if (unwritable(v)) continue;
    yield `${first ? "" : ","}${JSON.stringify(key)}:`;
    first = false;
    yield* parts(v, limit);
  }
  yield "}";
}

/**
 * The same text as JSON.stringify(value) for plain JSON data (objects, arrays,
 * strings, numbers, booleans, null), made in slices of about `sliceMs` of work each
 * with the event loop let go between them: as a string, as UTF-8 bytes, or as the
 * slices' UTF-8 bytes in order ("buffers": for a writer that takes them one by one,
 * sparing a copy of the whole, which at tens of MB held the process a quarter of a
 * second). `wholeUpTo`: how many values a part stringified at once may hold (tests cut
 * small values finely).
 */
export async function jsonInSlices(value: unknown, as: "buffers", sliceMs?: number, wholeUpTo?: number): Promise<Buffer[]>;
export async function jsonInSlices(value: unknown, as: "buffer", sliceMs?: number, wholeUpTo?: number): Promise<Buffer>;
export async function jsonInSlices(value: unknown, as: "string", sliceMs?: number, wholeUpTo?: number): Promise<string>;
export async function jsonInSlices(
  value: unknown,
  as: "buffers" | "buffer" | "string",
  sliceMs = 10,
  wholeUpTo = WHOLE_UP_TO,
): Promise<Buffer[] | Buffer | string> {
  const slices: (Buffer | string)[] = [];
  let current: string[] = [];
  let started = performance.now();
  const close = () => {
    const text = current.join("");
    slices.push(as === "string" ? text : Buffer.from(text, "utf8"));
    current = [];
  };
  for (const part of parts(value, wholeUpTo)) {
    current.push(part);
    if (performance.now() - started > sliceMs) {
      close();
      await letGo();
      started = performance.now();
    }
  }
  close();
  if (as === "buffers") return slices as Buffer[];
  return as === "buffer" ? Buffer.concat(slices as Buffer[]) : (slices as string[]).join("");
}
