// Letting the event loop go between slices of a long piece of work, so the server's
// other requests (and timers) get their turn: a 100,000-player round's close builds
// hundreds of thousands of rows, and done at once it held every request for a second.

/** Resolves on the event loop's next turn, after the I/O and timers that are due. */
export const letGo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

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
