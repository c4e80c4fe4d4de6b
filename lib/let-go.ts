// Letting the event loop go between slices of a long piece of work, so the server's
// other requests (and timers) get their turn: a 100,000-player round's close builds
// hundreds of thousands of rows, and done at once it held every request for a second.

/** Resolves on the event loop's next turn, after the I/O and timers that are due. */
export const letGo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Rows built per slice by bulk work (games, notices, insert chunks): tens of milliseconds each. */
export const SLICE_ROWS = 5_000;
