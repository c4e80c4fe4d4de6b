// Letting the event loop go between slices of a long piece of work, so the server's
// other requests (and timers) get their turn: a 100,000-player round's close builds
// hundreds of thousands of rows, and done at once it held every request for a second.
//
// Two lanes. Work done for a request (asRequest: every tRPC procedure) goes first; work
// in the background lane (inBackground: a round's close, what it reads ahead for the
// pages; and anything outside a request, the sweeper's jobs) waits while a request is
// in flight, up to HOLD_MS a slice. A request waits on the database between its
// steps, and a slice of background work that started in that moment (10 to 25 ms at
// 100,000 players) held each of its next steps: a page read of eight round trips
// waited for eight slices.
import { AsyncLocalStorage } from "node:async_hooks";

type Lane = "request" | "background";
/** The lane the work runs in, and in a request's lane that request's own hold on background work (asRequest), which awaitBackground lets go while it waits. */
const lane = new AsyncLocalStorage<{ lane: Lane; hold?: Hold }>();
/** A request's hold on background work: `held` while it counts in `requests`; `ended` once the request has returned. */
type Hold = { held: boolean; ended: boolean };

/** Requests in flight, and holds (holdBackground): while there are any, background work waits (up to HOLD_MS a slice). */
let requests = 0;
/**
 * Requests awaiting background work (needed): while there are any, background work is
 * not held, or a request would wait HOLD_MS for each slice of what it awaits.
 */
let needing = 0;

/** Whether background work may go on now, not held for the requests in flight. */
const unheld = () => requests === 0 || needing > 0;

/**
 * How long a slice of background work waits for the requests in flight before it
 * goes on anyway, so that a steady stream of requests slows the background work down
 * but never stops it.
 */
export const HOLD_MS = 50;

/** How long a slice of sliced work holds the event loop before it lets go (letGo). */
export const SLICE_MS = 10;

/** Work that has let go and waits for its turn, first come first served in each lane. */
const waiting: Record<Lane, { go: () => void; since: number }[]> = { request: [], background: [] };
let turnScheduled = false;
let heldTimer: NodeJS.Timeout | null = null;

/**
 * One waiting piece of work goes on per turn of the event loop. A close runs several
 * sliced jobs side by side (the games' rows, the notices, the snapshot's JSON, the
 * pages' readings), and when each went on at every turn, a turn held all their slices
 * at once: 40 to 50 ms at 100,000 players, which a request waited at each of its
 * awaits. Node runs an immediate queued by this callback at the next turn, after that
 * turn's I/O and timers.
 */
function nextTurn(): void {
  turnScheduled = false;
  const first = waiting.request.shift();
  if (first) first.go();
  else {
    const background = waiting.background[0];
    if (background && (unheld() || performance.now() - background.since >= HOLD_MS)) {
      waiting.background.shift();
      background.go();
    }
  }
  schedule();
}

/** Queues the next turn: at once for request work or unheld background work, else when the oldest background slice's hold ends. */
function schedule(): void {
  if (turnScheduled) return;
  const background = waiting.background[0];
  if (waiting.request.length > 0 || (background && unheld())) {
    turnScheduled = true;
    if (heldTimer) clearTimeout(heldTimer);
    heldTimer = null;
    setImmediate(nextTurn);
  } else if (background && !heldTimer) {
    heldTimer = setTimeout(
      () => {
        heldTimer = null;
        nextTurn();
      },
      Math.max(0, HOLD_MS - (performance.now() - background.since)),
    );
  }
}

/**
 * Resolves at a later turn of the event loop, after the I/O and timers due by then,
 * and after the pieces of work of its lane that let go before this one: one of them
 * per turn. Background work also waits while a request is in flight, up to HOLD_MS.
 */
export function letGo(): Promise<void> {
  return new Promise((go) => {
    waiting[currentLane()].push({
      go: () => {
        sliceBegan();
        go();
      },
      since: performance.now(),
    });
    schedule();
  });
}

/**
 * When sliced work was first seen in the event loop's current iteration (sliceBegan),
 * or null before that: cleared by an immediate, at the end of the iteration's check
 * phase; when it was set in a check phase (work resumed by letGo), at the end of the next
 * iteration's, so that work in that iteration's timers and I/O counts from the earlier
 * time and lets go sooner than it needed to, never later.
 */
let iterationBegan: number | null = null;

/**
 * When the slice now running began: the first time, in this iteration of the event
 * loop, that sliced work let go of it or asked (letGoIfDue, runInSlices, jsonSlices).
 * One clock for every piece of work that runs in the iteration: each piece counting from
 * its own start, a chain of them that followed one another without letting go (the
 * pages' readings: the standings' last slice, then the side balance's, the places', the
 * groups' index, the clinch marks) held the event loop for each one's slice in turn, 20
 * to 30 ms at 2,000 players, and the close's next statement waited for all of it.
 */
export function sliceBegan(): number {
  if (iterationBegan === null) {
    iterationBegan = performance.now();
    setImmediate(() => (iterationBegan = null));
  }
  return iterationBegan;
}

/** Whether the slice now running (sliceBegan) has held the event loop `sliceMs`. */
export const sliceUp = (sliceMs = SLICE_MS): boolean => performance.now() - sliceBegan() >= sliceMs;

/**
 * letGo once the work now running has held the event loop `sliceMs`, else nothing (no
 * turn of the event loop is spent): between the steps of work whose steps' sizes vary
 * with the tournament (a round's close makes its games, its snapshot's first slice, its
 * notices one after another; at 2,000 players that went on for 35 to 135 ms, up to 13
 * slices, with no turn of the event loop between, and a request's reply waited for all
 * of it).
 */
export function letGoIfDue(sliceMs = SLICE_MS): Promise<void> | undefined {
  // Asked first in this iteration, the work has run since an I/O callback or a timer
  // for as long as it took: it lets go, sooner than it needed to maybe, never later.
  return iterationBegan === null || sliceUp(sliceMs) ? letGo() : undefined;
}

/** The lane the calling work runs in (outside any request: the background). */
export function currentLane(): Lane {
  return lane.getStore()?.lane ?? "background";
}

/** Runs a request's work: its slices go before background work, which waits while it is in flight. */
export async function asRequest<T>(work: () => Promise<T>): Promise<T> {
  const hold: Hold = { held: true, ended: false };
  requests++;
  try {
    return await lane.run({ lane: "request", hold }, work);
  } finally {
    hold.ended = true;
    // Background work held for this request goes on now.
    if (hold.held) {
      hold.held = false;
      unholdOne();
    }
  }
}

/**
 * Awaits background work the calling request started and now only waits for (a round's
 * close after its last result, the result's after-commit work): the request lets its
 * own hold on background work go meanwhile, so it does not hold the work it waits for,
 * while every other request in flight still holds it. `needed` instead unholds
 * background work for every request, which for a close is the whole close: measured
 * on 2026-12-03, a page read begun as a 2,000-player close began waited 120–230 ms (20 ms
 * alone), each of its steps behind one of the close's slices. Outside a request, just
 * the work.
 */
export async function awaitBackground<T>(work: Promise<T>): Promise<T> {
  // Only a request's own lane has its hold: background work it started (inBackground) has none.
  const hold = lane.getStore()?.hold;
  if (!hold?.held) return work;
  hold.held = false;
  unholdOne();
  try {
    return await work;
  } finally {
    // The hold back, unless the request returned meanwhile (it did not await this, or
    // failed first): taken then, nothing would ever let it go, and every piece of
    // background work would wait HOLD_MS a slice from then on.
    if (!hold.ended) {
      hold.held = true;
      requests++;
    }
  }
}

/**
 * Holds background work as a request in flight does (asRequest takes one such hold per
 * request), until the returned function is called (once; later calls do nothing).
 * Also for the short tail of background work that others wait on, made of round trips
 * (a round's close once its rows are inserted: its lock, a few small writes, the
 * commit): a slice of other background work (the pages' readings, 10 ms each) that
 * started while one of its statements was out held its next one.
 */
export function holdBackground(): () => void {
  requests++;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    unholdOne();
  };
}

/** One hold fewer (a request's, or holdBackground's): background work waiting for the last one goes on. */
function unholdOne(): void {
  requests--;
  if (requests === 0) schedule();
}

/**
 * Awaits background work a request needs (what a round's close or a heard snapshot
 * reads ahead for the page, begun before the request came): background work is not
 * held meanwhile. Outside a request, just the work.
 */
export async function needed<T>(work: Promise<T>): Promise<T> {
  if (currentLane() !== "request") return work;
  needing++;
  schedule();
  try {
    return await work;
  } finally {
    needing--;
  }
}

/** Runs work in the background lane, also when a request started it (a round's close after the round's last result). */
export function inBackground<T>(work: () => T): T {
  return lane.run({ lane: "background" }, work);
}

/** Rows built per slice by bulk work (games, notices, insert chunks): tens of milliseconds each. */
export const SLICE_ROWS = 5_000;

/** Runs the steps of a generator, letting the event loop go each time about `sliceMs` of them has passed. */
export async function stepInSlices(steps: Iterable<unknown>, sliceMs = SLICE_MS): Promise<void> {
  await runInSlices(steps[Symbol.iterator](), sliceMs);
}

/** stepInSlices for steps that make something: resolves to what the generator returns. */
export async function runInSlices<T>(steps: Iterator<unknown, T>, sliceMs = SLICE_MS): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (sliceUp(sliceMs)) await letGo();
  }
}
