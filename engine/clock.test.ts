import { describe, expect, it } from "vitest";
import {
  afterMove,
  CLOCK_PRESETS,
  clockPreset,
  createClock,
  deadline,
  DEFAULT_CLOCK_PRESET_ID,
  FIRST_MOVE_MS,
  firstMoveMs,
  firstMovePending,
  flaggedSide,
  formatClock,
  isFlagged,
  isLiveControl,
  remainingAt,
  startClock,
  stopClock,
  timeUsed,
  type ClockState,
} from "./clock";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2025, 0, 1);

function moved(clock: ClockState, now: number): ClockState {
  const outcome = afterMove(clock, now);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.clock;
}

describe("presets", () => {
  it("default to 3 days + 6 hours and have unique ids", () => {
    const preset = clockPreset(DEFAULT_CLOCK_PRESET_ID);
    expect(preset).toMatchObject({ initialMs: 3 * DAY, incrementMs: 6 * HOUR });
    expect(new Set(CLOCK_PRESETS.map((p) => p.id)).size).toBe(CLOCK_PRESETS.length);
    expect(clockPreset("1d+2h")).toMatchObject({ initialMs: DAY, incrementMs: 2 * HOUR });
    expect(clockPreset("10m+5s")).toMatchObject({ initialMs: 600_000, incrementMs: 5_000 });
    expect(clockPreset("3m+2s")).toMatchObject({ initialMs: 180_000, incrementMs: 2_000 });
    expect(clockPreset("nope")).toBeUndefined();
  });
});

describe("Fischer arithmetic", () => {
  const preset = { initialMs: 3 * DAY, incrementMs: 6 * HOUR };

  it("charges the mover the time used and adds the increment", () => {
    const clock = createClock(preset, T0);
    expect(timeUsed(clock, T0 + 5 * HOUR)).toBe(5 * HOUR);
    const next = moved(clock, T0 + 5 * HOUR);
    expect(next.remainingMs).toEqual([3 * DAY - 5 * HOUR + 6 * HOUR, 3 * DAY]);
    expect(next.toMove).toBe(2);
    expect(next.turnStartedAt).toBe(T0 + 5 * HOUR);
    const back = moved(next, T0 + 7 * HOUR);
    expect(back.remainingMs).toEqual([3 * DAY + HOUR, 3 * DAY + 4 * HOUR]);
    expect(back.toMove).toBe(1);
  });

  it("gives the deadline of the side to move", () => {
    const clock = createClock(preset, T0);
    expect(deadline(clock)).toBe(T0 + 3 * DAY);
    expect(deadline(moved(clock, T0 + HOUR))).toBe(T0 + HOUR + 3 * DAY);
    expect(deadline(createClock(preset, null))).toBeNull();
  });

  it("flags the side to move at the deadline, not before", () => {
    const clock = createClock(preset, T0);
    expect(isFlagged(clock, T0 + 3 * DAY - 1)).toBe(false);
    expect(isFlagged(clock, T0 + 3 * DAY)).toBe(true);
    expect(flaggedSide(clock, T0 + 3 * DAY + 1)).toBe(1);
    expect(flaggedSide(clock, T0)).toBeNull();
    expect(afterMove(clock, T0 + 3 * DAY)).toEqual({ ok: false, reason: "time is up" });
    const second = moved(clock, T0 + 1000);
    expect(flaggedSide(second, T0 + 1000 + 3 * DAY)).toBe(2);
  });

  it("shows remaining time per side, frozen for the side not to move and never negative", () => {
    const clock = createClock({ initialMs: 60_000, incrementMs: 0 }, T0);
    expect(remainingAt(clock, 1, T0 + 10_000)).toBe(50_000);
    expect(remainingAt(clock, 2, T0 + 10_000)).toBe(60_000);
    expect(remainingAt(clock, 1, T0 + 100_000)).toBe(0);
    // Clock skew: a now before the turn started charges nothing.
    expect(remainingAt(clock, 1, T0 - 5_000)).toBe(60_000);
  });

  it("starts and stops", () => {
    const waiting = createClock(preset, null);
    expect(timeUsed(waiting, T0)).toBe(0);
    expect(isFlagged(waiting, T0 + 10 * DAY)).toBe(false);
    const running = startClock(waiting, T0);
    const stopped = stopClock(running, T0 + 2 * HOUR);
    expect(stopped).toEqual({ ...running, remainingMs: [3 * DAY - 2 * HOUR, 3 * DAY], turnStartedAt: null });
    expect(stopClock(running, T0 + 4 * DAY).remainingMs).toEqual([0, 3 * DAY]);
  });

  it("keeps the total time consistent over many moves", () => {
    let clock = createClock({ initialMs: 180_000, incrementMs: 2_000 }, T0);
    let now = T0;
    for (let i = 0; i < 40; i++) {
      now += 1_500 + (i % 7) * 100;
      clock = moved(clock, now);
    }
    const used = now - T0;
    expect(clock.remainingMs[0] + clock.remainingMs[1]).toBe(2 * 180_000 + 40 * 2_000 - used);
  });
});

describe("the first-move countdown of live games", () => {
  const blitz = { initialMs: 180_000, incrementMs: 2_000 };

  it("applies to each side's first move of a live time control only", () => {
    expect(isLiveControl(blitz)).toBe(true);
    expect(isLiveControl({ initialMs: 10 * 60_000 })).toBe(true);
    expect(isLiveControl({ initialMs: DAY })).toBe(false);
    expect([0, 1, 2].map((ply) => firstMovePending(blitz, ply))).toEqual([true, true, false]);
    expect(firstMovePending({ initialMs: 3 * DAY }, 0)).toBe(false);
    expect(firstMovePending(blitz, 0, false)).toBe(false);
  });

  it("runs its own countdown while the main clocks wait; they start after each side's first move", () => {
    expect(firstMoveMs(blitz)).toBe(FIRST_MOVE_MS);
    // Never longer than the main time itself.
    expect(firstMoveMs({ initialMs: 5_000 })).toBe(5_000);
    const start: ClockState = { ...createClock(blitz, T0), firstMoveMs: FIRST_MOVE_MS };
    // Side 1's countdown: its main time does not run, the deadline is the countdown's end.
    expect(deadline(start)).toBe(T0 + FIRST_MOVE_MS);
    expect(remainingAt(start, 1, T0 + 20_000)).toBe(180_000);
    expect(isFlagged(start, T0 + FIRST_MOVE_MS - 1)).toBe(false);
    expect(isFlagged(start, T0 + FIRST_MOVE_MS)).toBe(true);
    expect(afterMove(start, T0 + FIRST_MOVE_MS)).toEqual({ ok: false, reason: "time is up" });

    // Side 1 moves after 20 s: nothing charged, no increment; side 2's countdown starts.
    const second = moved(start, T0 + 20_000);
    expect(second).toMatchObject({ remainingMs: [180_000, 180_000], toMove: 2, turnStartedAt: T0 + 20_000, firstMoveMs: FIRST_MOVE_MS });
    expect(deadline(second)).toBe(T0 + 20_000 + FIRST_MOVE_MS);

    // Side 2 moves 25 s later: the main clocks start with side 1's turn.
    const main = moved(second, T0 + 45_000);
    expect(main.firstMoveMs).toBeUndefined();
    expect(main).toMatchObject({ remainingMs: [180_000, 180_000], toMove: 1, turnStartedAt: T0 + 45_000 });
    expect(deadline(main)).toBe(T0 + 45_000 + 180_000);
    expect(remainingAt(main, 1, T0 + 55_000)).toBe(170_000);
    // From here on Fischer as always: time charged, increment added.
    expect(moved(main, T0 + 55_000).remainingMs).toEqual([172_000, 180_000]);
  });
});

describe("formatClock", () => {
  it("prints days, hours, minutes and tenths as they matter", () => {
    expect(formatClock(3 * DAY + 6 * HOUR)).toBe("3d 06:00:00");
    expect(formatClock(HOUR + 62_000)).toBe("1:01:02");
    expect(formatClock(598_999)).toBe("9:58");
    expect(formatClock(7_350)).toBe("0:07.3");
    expect(formatClock(-5)).toBe("0:00.0");
  });
});
