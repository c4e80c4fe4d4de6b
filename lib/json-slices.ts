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

/** A container being written: the array or object, its keys (objects), the next index, whether a member was written. */
interface Frame {
  container: unknown[] | Record<string, unknown>;
  keys: string[] | null;
  next: number;
  wrote: boolean;
}

/**
 * Writes JSON.stringify(value)'s text into `out` in parts, in order (subtrees of at
 * most `limit` values whole), and yields after each whole subtree that was not a
 * single value and after every 64 parts, so that the caller can let the event loop go.
 * One generator with a stack of its own: a generator per level, each part passed up
 * through every level, made an iterator result per level per part (about 100 MB of
 * garbage for a 100,000-player state).
 */
function* writeParts(value: unknown, limit: number, out: string[]): Generator<void> {
  const stack: Frame[] = [];
  let parts = 0;
  /** Writes `v` whole, or opens it; true when it wrote a subtree whole. */
  const begin = (v: unknown): boolean => {
    if (whole(v)) {
      out.push(JSON.stringify(v));
      return false;
    }
    if (holdsAtMost(v, limit)) {
      out.push(JSON.stringify(v));
      return true;
    }
    const array = Array.isArray(v);
    out.push(array ? "[" : "{");
    stack.push({ container: v as Frame["container"], keys: array ? null : Object.keys(v as object), next: 0, wrote: false });
    return false;
  };
  if (begin(value)) yield;
  while (stack.length > 0) {
    const f = stack.at(-1)!;
    let heavy = false;
    if (f.keys === null) {
      const items = f.container as unknown[];
      if (f.next === items.length) {
        out.push("]");
        stack.pop();
      } else {
        const v = items[f.next++];
        if (f.next > 1) out.push(",");
        if (unwritable(v)) out.push("null");
        else heavy = begin(v);
      }
    } else if (f.next === f.keys.length) {
      out.push("}");
      stack.pop();
    } else {
      const key = f.keys[f.next++]!;
      const v = (f.container as Record<string, unknown>)[key];
      if (!unwritable(v)) {
        out.push(`${f.wrote ? "," : ""}${JSON.stringify(key)}:`);
        f.wrote = true;
        heavy = begin(v);
      }
    }
    if (heavy || ++parts % 64 === 0) yield;
  }
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
  const current: string[] = [];
  let started = performance.now();
  const close = () => {
    const text = current.join("");
    slices.push(as === "string" ? text : Buffer.from(text, "utf8"));
    current.length = 0;
  };
  const steps = writeParts(value, wholeUpTo, current);
  while (!steps.next().done) {
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
