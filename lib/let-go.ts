// Letting the event loop go between slices of a long piece of work, so the server's
// other requests (and timers) get their turn: a 100,000-player round's close builds
// hundreds of thousands of rows, and done at once it held every request for a second.

/** Work that has let go and waits for its turn, first come first served. */
const waiting: (() => void)[] = [];
let turnsScheduled = false;

/**
 * One waiting piece of work goes on per turn of the event loop. A close runs several
 * sliced jobs side by side (the games' rows, the notices, the snapshot's JSON, the
 * pages' readings), and when each went on at every turn, a turn held all their slices
 * at once: 40 to 50 ms at 100,000 players, which a request waited at each of its
 * awaits. Node runs an immediate queued by this callback at the next turn, after that
 * turn's I/O and timers.
 */
function nextTurn(): void {
  waiting.shift()?.();
  if (waiting.length > 0) setImmediate(nextTurn);
  else turnsScheduled = false;
}

/**
 * Resolves at a later turn of the event loop, after the I/O and timers due by then,
 * and after the pieces of work that let go before this one: one of them per turn.
 */
export function letGo(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!turnsScheduled) {
      turnsScheduled = true;
      setImmediate(nextTurn);
    }
  });
}

/** Rows built per slice by bulk work (games, notices, insert chunks): tens of milliseconds each. */
export const SLICE_ROWS = 5_000;

/** Runs the steps of a generator, letting the event loop go each time about `sliceMs` of them has passed. */
export async function stepInSlices(steps: Iterable<unknown>, sliceMs = 10): Promise<void> {
  await runInSlices(steps[Symbol.iterator](), sliceMs);
}

/** stepInSlices for steps that make something: resolves to what the generator returns. */
export async function runInSlices<T>(steps: Iterator<unknown, T>, sliceMs = 10): Promise<T> {
  let started = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - started > sliceMs) {
      await letGo();
      started = performance.now();
    }
  }
}
