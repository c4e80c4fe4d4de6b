// letGo's turns: pieces of work that let go go on one per turn of the event loop, first
// come first served, so that a turn never holds two jobs' slices at once.
import { describe, expect, it } from "vitest";
import { HOLD_MS, SLICE_MS, asRequest, awaitBackground, holdBackground, inBackground, letGo, letGoIfDue, needed, runInSlices } from "./let-go";

/** Counts the event loop's turns: an immediate that queues itself again runs once per turn. */
function turnCounter() {
  let turn = 0;
  let on = true;
  const tick = () => {
    turn++;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    now: () => turn,
    stop: () => {
      on = false;
    },
  };
}

it("lets one waiting piece of work go on per turn, in the order they let go", async () => {
  const turns = turnCounter();
  const steps: { job: string; turn: number }[] = [];
  const job = async (name: string, n: number) => {
    for (let i = 0; i < n; i++) {
      await letGo();
      steps.push({ job: name, turn: turns.now() });
    }
  };
  await Promise.all([job("a", 4), job("b", 4), job("c", 2)]);
  turns.stop();
  expect(steps.map((s) => s.job).join("")).toBe("abcabcabab");
  // Never two steps in one turn.
  expect(new Set(steps.map((s) => s.turn)).size).toBe(steps.length);
});

it("still lets timers and I/O in between: a due timer runs between two steps of a job", async () => {
  const order: string[] = [];
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      order.push("timer");
      resolve();
    }, 1),
  );
  const started = performance.now();
  let step = 0;
  // Steps of at least 2 ms each, let go after each 1 ms slice, until the timer has run.
  function* steps() {
    while (!order.includes("timer") && performance.now() - started < 2000) {
      const t = performance.now();
      while (performance.now() - t < 2);
      order.push(`step ${++step}`);
      yield;
    }
  }
  await Promise.all([runInSlices(steps(), 1), timer]);
  // Held until every step was done, the timer would have run after about a thousand of them.
  expect(order.at(-1)).toBe("timer");
  expect(step).toBeLessThan(50);
});

describe("letGoIfDue", () => {
  /** Busy for `ms` without letting the event loop turn. */
  const busy = (ms: number) => {
    const t = performance.now();
    while (performance.now() - t < ms);
  };

  it("lets go once the work has held the event loop a slice since it last went on, and spends no turn before", async () => {
    // A slice ten times the default: with SLICE_MS (10 ms), the process being descheduled for
    // 5 ms between going on and the first check (CI, two cores, test files in parallel) made
    // the half-slice check due.
    const slice = 10 * SLICE_MS;
    await letGo();
    // Just went on: not due, and nothing to await.
    expect(letGoIfDue(slice)).toBeUndefined();
    busy(slice / 2);
    expect(letGoIfDue(slice)).toBeUndefined();
    busy(slice / 2 + 1);
    const due = letGoIfDue(slice);
    expect(due).toBeInstanceOf(Promise);
    // A timer due meanwhile runs before the work goes on.
    let timer = false;
    setTimeout(() => (timer = true), 0);
    busy(2);
    await due;
    expect(timer).toBe(true);
    // Having let go, it is not due again at once.
    expect(letGoIfDue(slice)).toBeUndefined();
  });

  it("cuts work of steps of varying sizes into turns of about a slice: a timer runs between them", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    // 60 steps of 1 to 4 ms, 150 ms of work, with a check after each.
    let turnsLetGo = 0;
    for (let i = 0; i < 60; i++) {
      busy(1 + (i % 4));
      const due = letGoIfDue();
      if (due) turnsLetGo++;
      await due;
    }
    clearInterval(timer);
    // Without the checks this work is one block of 150 ms, and the timer runs once after it.
    expect(ticks).toBeGreaterThanOrEqual(turnsLetGo);
    expect(turnsLetGo).toBeGreaterThanOrEqual(150 / (SLICE_MS + 4) / 2);
    // Not at every step: only once a slice is up.
    expect(turnsLetGo).toBeLessThan(60);
  });
});

describe("one slice per turn of the event loop", () => {
  const busy = (ms: number) => {
    const t = performance.now();
    while (performance.now() - t < ms);
  };
  function* work(steps: number, done: string[], name: string) {
    for (let i = 0; i < steps; i++) {
      busy(1);
      done.push(name);
      yield;
    }
  }

  it("counts sliced work that follows other sliced work in the same turn from the turn's first slice, not its own start", async () => {
    // As the pages' readings do: one job's last slice, then the next job at once, without
    // the event loop turning between (its first step checks a slice the first one began).
    const slice = 10 * SLICE_MS;
    await letGo();
    const done: string[] = [];
    let stepsBeforeTimer = -1;
    setTimeout(() => (stepsBeforeTimer = done.filter((n) => n === "second").length), 0);
    // The first job takes most of a slice and ends without letting go.
    await runInSlices(work(Math.floor(slice * 0.8), done, "first"), slice);
    await runInSlices(work(slice, done, "second"), slice);
    // Counting its own slice, the second job ran a whole slice (`slice` steps of 1 ms) before the
    // timer; counting the turn's, only what was left of the first job's slice.
    expect(stepsBeforeTimer).toBeGreaterThanOrEqual(0);
    expect(stepsBeforeTimer).toBeLessThan(slice * 0.6);
  });

  it("lets go at once when asked first in a turn that began with I/O or a timer (letGoIfDue): that work's length is not known", async () => {
    // An immediate first: a slice begun in an earlier check phase (the test before) is
    // cleared by an immediate queued before this one.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(letGoIfDue(10 * SLICE_MS)).toBeInstanceOf(Promise);
    // Having let go, the turn's slice began then.
    await letGo();
    expect(letGoIfDue(10 * SLICE_MS)).toBeUndefined();
  });
});

/** A job of `n` steps, each after letting go, recording its name in `order`. */
async function steps(name: string, n: number, order: string[]): Promise<void> {
  for (let i = 0; i < n; i++) {
    await letGo();
    order.push(name);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("lanes", () => {
  it("holds background slices while a request is in flight, and lets them go when it ends", async () => {
    const order: string[] = [];
    // Outside any request: the background lane.
    const background = steps("b", 1000, order);
    await sleep(5);
    const before = order.length;
    expect(before).toBeGreaterThan(0);
    // A request waiting on I/O (here a timer) for less than HOLD_MS, a few times.
    await asRequest(async () => {
      for (let i = 0; i < 3; i++) await sleep(Math.floor(HOLD_MS / 5));
      order.push("request done");
    });
    // Not one background step while the request was in flight.
    expect(order.indexOf("request done")).toBe(before);
    await background;
    expect(order.filter((x) => x === "b")).toHaveLength(1000);
  });

  it("runs a request's own slices before waiting background work", async () => {
    const order: string[] = [];
    const background = steps("b", 50, order);
    await letGo();
    await asRequest(() => steps("r", 5, order));
    await background;
    // The request's five steps in a row: no background step between them.
    const first = order.indexOf("r");
    expect(order.slice(first, first + 5).join("")).toBe("rrrrr");
  });

  it("slows background work behind a long request but never stops it", async () => {
    const order: string[] = [];
    let inRequest = true;
    const background = (async () => {
      while (inRequest) {
        await letGo();
        order.push("b");
      }
    })();
    await asRequest(async () => {
      await sleep(HOLD_MS * 5);
      inRequest = false;
    });
    await background;
    // Let go once per turn, unheld it would have gone on at every turn (thousands in this
    // time); held, about once per HOLD_MS.
    expect(order.length).toBeGreaterThanOrEqual(2);
    expect(order.length).toBeLessThan(50);
  });

  it("does not hold background work a request awaits (needed), as a page read awaiting what was read ahead for it", async () => {
    const order: string[] = [];
    const ahead = steps("b", 20, order);
    await letGo();
    const turns = turnCounter();
    const from = turns.now();
    await asRequest(() => needed(ahead));
    turns.stop();
    expect(order).toHaveLength(20);
    // About a step per turn; held, each step would have waited HOLD_MS while the
    // request is in flight, thousands of turns.
    expect(turns.now() - from).toBeLessThan(100);
  });

  it("holds background slices while a hold is on (a close's last round trips), and lets them go once it is released", async () => {
    const order: string[] = [];
    const background = steps("b", 1000, order);
    await sleep(5);
    const release = holdBackground();
    const before = order.length;
    expect(before).toBeGreaterThan(0);
    // Round trips of the close's tail, each shorter than HOLD_MS.
    for (let i = 0; i < 3; i++) await sleep(Math.floor(HOLD_MS / 5));
    expect(order).toHaveLength(before);
    release();
    // A second release changes nothing: the other holds (none here) still count.
    release();
    await background;
    expect(order.filter((x) => x === "b")).toHaveLength(1000);
    // Released twice, and still a request holds background work as before.
    const after: string[] = [];
    const more = steps("b", 1000, after);
    await sleep(5);
    const at = after.length;
    await asRequest(() => sleep(Math.floor(HOLD_MS / 5)));
    expect(after.length).toBe(at);
    await more;
  });

  it("does not hold background work a request waits for (awaitBackground), as the round's last result waits for its close", async () => {
    const order: string[] = [];
    const turns = turnCounter();
    const from = turns.now();
    await asRequest(() => awaitBackground(inBackground(() => steps("close", 20, order))));
    turns.stop();
    expect(order).toHaveLength(20);
    // About a step per turn; held by the request waiting for it, each step would have waited HOLD_MS.
    expect(turns.now() - from).toBeLessThan(100);
  });

  it("still holds that work while another request is in flight, and the waiting request gets its hold back after", async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The closing request: waits for its close, a long background job.
    const closing = asRequest(async () => {
      await awaitBackground(
        inBackground(async () => {
          for (let i = 0; i < 1000; i++) {
            await letGo();
            order.push("close");
          }
        }),
      );
      // Back in flight: background work started now waits for it.
      const after = inBackground(() => steps("after", 1, order));
      await gate;
      order.push("closing request done");
      await after;
    });
    await sleep(5);
    expect(order.length).toBeGreaterThan(0);
    // Another request, waiting on I/O for less than HOLD_MS a few times: the close waits for it.
    const before = order.length;
    await asRequest(async () => {
      for (let i = 0; i < 3; i++) await sleep(Math.floor(HOLD_MS / 5));
      order.push("page done");
    });
    expect(order.indexOf("page done")).toBe(before);
    while (order.filter((x) => x === "close").length < 1000) await sleep(5);
    await sleep(Math.floor(HOLD_MS / 5));
    release();
    await closing;
    expect(order.slice(-2)).toEqual(["closing request done", "after"]);
  });

  it("takes no hold back for a request that returned while it waited (awaitBackground not awaited, or the request failed first)", async () => {
    const order: string[] = [];
    let waiting!: Promise<void>;
    await expect(
      asRequest(async () => {
        waiting = awaitBackground(inBackground(() => steps("close", 5, order)));
        throw new Error("failed first");
      }),
    ).rejects.toThrow("failed first");
    await waiting;
    // No request in flight now: background work goes on at every turn, not once per HOLD_MS.
    const turns = turnCounter();
    const from = turns.now();
    await steps("after", 20, order);
    turns.stop();
    expect(turns.now() - from).toBeLessThan(100);
  });

  it("holds background work a request starts (inBackground), as a round's close after its last result", async () => {
    const order: string[] = [];
    await asRequest(async () => {
      const close = inBackground(() => steps("close", 3, order));
      await sleep(Math.floor(HOLD_MS / 5));
      order.push("request done");
      void close;
    });
    await sleep(HOLD_MS);
    expect(order[0]).toBe("request done");
    expect(order.filter((x) => x === "close")).toHaveLength(3);
  });
});
