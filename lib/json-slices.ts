// JSON.stringify's text for a large value, made in slices with the event loop let go
// between them. A 100,000-player tournament's state is tens of MB of JSON: stringified
// at once, and then encoded into the driver's buffer at once, it held the server for
// over half a second, and every request waited.
import { letGo, runInSlices, sliceUp } from "./let-go";

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
 * strings, numbers, booleans, null), in order, one slice of about `sliceMs` of work at
 * a time, with the event loop let go after each: a writer that takes the slices as
 * they come (a snapshot's COPY) holds no more of the text than it has not yet sent.
 * `wholeUpTo`: how many values a part stringified at once may hold (tests cut small
 * values finely).
 */
export async function* jsonSlices(value: unknown, sliceMs = 10, wholeUpTo = WHOLE_UP_TO): AsyncGenerator<string> {
  const current: string[] = [];
  const steps = writeParts(value, wholeUpTo, current);
  while (!steps.next().done) {
    if (sliceUp(sliceMs)) {
      // Nothing written yet when the slice was up already (other work used it).
      if (current.length > 0) yield current.join("");
      current.length = 0;
      await letGo();
    }
  }
  yield current.join("");
}

/** jsonSlices' text whole: as a string, or as its UTF-8 bytes. */
export async function jsonInSlices(value: unknown, as: "buffer", sliceMs?: number, wholeUpTo?: number): Promise<Buffer>;
export async function jsonInSlices(value: unknown, as: "string", sliceMs?: number, wholeUpTo?: number): Promise<string>;
export async function jsonInSlices(value: unknown, as: "buffer" | "string", sliceMs = 10, wholeUpTo = WHOLE_UP_TO): Promise<Buffer | string> {
  if (as === "string") {
    const slices: string[] = [];
    for await (const slice of jsonSlices(value, sliceMs, wholeUpTo)) slices.push(slice);
    return slices.join("");
  }
  // Each slice encoded as it comes: no string of the whole text to encode at once.
  const bytes: Buffer[] = [];
  for await (const slice of jsonSlices(value, sliceMs, wholeUpTo)) bytes.push(Buffer.from(slice, "utf8"));
  return Buffer.concat(bytes);
}

/**
 * Reads JSON text into its value in parts, yielding after each part so that the caller
 * can let the event loop go: the text is scanned once for its containers, and each run
 * of siblings of at most `limit` characters is given to JSON.parse whole (wrapped in
 * its container's brackets). A container longer than `limit` is built of its parts;
 * one up to it is parsed inside its parent's run, never separately.
 */
function* readParts(text: string, limit: number): Generator<void, unknown> {
  // Per open container, by depth: where it opened, where its current member begins
  // (after the bracket or a comma), that member's colon (objects), and once it is
  // known to be longer than `limit`, what is built of it so far, from where its members
  // are not yet parsed, and whether its current member is in already (a container
  // built of parts).
  const open: number[] = [];
  const member: number[] = [];
  const colon: number[] = [];
  const built: (unknown[] | Record<string, unknown> | null)[] = [];
  const runFrom: number[] = [];
  const placed: boolean[] = [];
  let d = -1;
  let root: unknown;
  let rooted = false;

  /** Parses the members between `from` and `to` (separated by commas) into container `k`. */
  const parseRun = (k: number, from: number, to: number) => {
    const into = built[k]!;
    if (Array.isArray(into)) {
      for (const x of JSON.parse(`[${text.slice(from, to)}]`) as unknown[]) into.push(x);
    } else {
      const members = JSON.parse(`{${text.slice(from, to)}}`) as Record<string, unknown>;
      for (const key of Object.keys(members)) define(into, key, members[key]);
    }
  };
  /** Container `k` and every open one around it are built of parts from now on. */
  const buildOf = (k: number) => {
    for (let j = k; j >= 0 && built[j] === null; j--) {
      built[j] = text.charCodeAt(open[j]!) === 91 ? [] : {};
      runFrom[j] = open[j]! + 1;
    }
  };
  /** A container built of parts goes into its parent `k`, after the parent's members before it. */
  const place = (k: number, value: unknown) => {
    if (member[k]! > runFrom[k]!) parseRun(k, runFrom[k]!, member[k]! - 1);
    const into = built[k]!;
    if (Array.isArray(into)) into.push(value);
    else define(into, JSON.parse(text.slice(member[k], colon[k])) as string, value);
    placed[k] = true;
  };

  const n = text.length;
  let scanned = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // A string: to its closing quote, one not escaped by an odd number of backslashes.
      let q = i;
      for (;;) {
        q = text.indexOf('"', q + 1);
        if (q < 0) throw new SyntaxError("JSON text ends inside a string");
        let b = q - 1;
        while (text.charCodeAt(b) === 92) b--;
        if ((q - 1 - b) % 2 === 0) break;
      }
      i = q;
    } else if (c === 123 || c === 91) {
      d++;
      open[d] = i;
      member[d] = i + 1;
      colon[d] = -1;
      built[d] = null;
      placed[d] = false;
    } else if (c === 58) {
      if (d >= 0) colon[d] = i;
    } else if (c === 44 || c === 125 || c === 93) {
      if (d < 0) throw new SyntaxError(`Unexpected "${text[i]}" in JSON at position ${i}`);
      if (built[d] === null && i - open[d]! > limit) buildOf(d);
      if (built[d] !== null) {
        if (placed[d]) runFrom[d] = i + 1;
        else if (c !== 44 || i - runFrom[d]! > limit) {
          // The members since the last parsed run, when long enough or at the end.
          if (i > runFrom[d]!) parseRun(d, runFrom[d]!, i);
          runFrom[d] = i + 1;
          yield;
        }
      }
      if (c === 44) {
        member[d] = i + 1;
        colon[d] = -1;
        placed[d] = false;
      } else {
        // The container ends: one built of parts goes into its parent (built of parts
        // too, by buildOf); one up to `limit` long stays in its parent's run of text.
        const value = built[d];
        d--;
        if (d >= 0) {
          if (value !== null) place(d, value);
        } else {
          root = value ?? JSON.parse(text.slice(open[0], i + 1));
          rooted = true;
          // Before and after it, only whitespace.
          if (!/^[ \t\n\r]*$/.test(text.slice(0, open[0])) || !/^[ \t\n\r]*$/.test(text.slice(i + 1))) {
            throw new SyntaxError("Unexpected text beside the JSON value");
          }
          break;
        }
      }
    }
    if (++scanned === 65_536) {
      scanned = 0;
      yield;
    }
  }
  if (d >= 0) throw new SyntaxError("JSON text ends inside a container");
  return rooted ? root : JSON.parse(text);
}

/** Sets a parsed member as JSON.parse does: an own property, also for the key "__proto__". */
function define(into: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(into, key, { value, writable: true, enumerable: true, configurable: true });
  else into[key] = value;
}

/** How long a run of sibling members JSON.parse reads at once: about a millisecond. */
const PARSE_RUN = 256 * 1024;

/**
 * JSON.parse(text), made in slices of about `sliceMs` of work each with the event loop
 * let go between them: a 100,000-player tournament's snapshot is tens of MB of JSON,
 * and parsed at once it held the server for half a second, every request waiting.
 * `limit`: how many characters JSON.parse reads at once (tests cut small values finely).
 */
export async function parseInSlices(text: string, sliceMs = 10, limit = PARSE_RUN): Promise<unknown> {
  return text.length <= limit ? JSON.parse(text) : runInSlices(readParts(text, limit), sliceMs);
}
