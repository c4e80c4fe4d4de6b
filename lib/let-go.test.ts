// letGo's turns: pieces of work that let go go on one per turn of the event loop, first
// come first served, so that a turn never holds two jobs' slices at once.
import { expect, it } from "vitest";
import { letGo, runInSlices } from "./let-go";

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
