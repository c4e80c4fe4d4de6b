import { describe, expect, it } from "vitest";
import { clockText, isLowTime, msUntilNextChange, shownMs, spokenClock } from "./clock-display";

describe("shownMs", () => {
  const reading = { remainingMs: 60_000, running: true, stampedAt: 1_000_000 };

  it("counts down from the stamp on the server's timeline", () => {
    expect(shownMs(reading, 1_000_000)).toBe(60_000);
    expect(shownMs(reading, 1_002_500)).toBe(57_500);
    // The client's clock is 3 s behind the server's: 3 s more have elapsed.
    expect(shownMs({ ...reading, serverOffsetMs: 3_000 }, 1_002_500)).toBe(54_500);
  });

  it("never goes below zero", () => {
    expect(shownMs(reading, 2_000_000)).toBe(0);
    expect(shownMs({ ...reading, remainingMs: -5 }, 1_000_000)).toBe(0);
  });

  it("never shows more than was sent when the client runs behind", () => {
    expect(shownMs(reading, 990_000)).toBe(60_000);
  });

  it("stands still while stopped", () => {
    expect(shownMs({ ...reading, running: false }, 1_030_000)).toBe(60_000);
  });
});

describe("msUntilNextChange", () => {
  it("wakes just after the next whole second above ten seconds", () => {
    expect(msUntilNextChange(65_432)).toBe(433);
    expect(msUntilNextChange(65_000)).toBe(1);
    expect(msUntilNextChange(10_500)).toBe(501);
  });
  it("wakes every tenth below ten seconds", () => {
    expect(msUntilNextChange(9_950)).toBe(51);
    expect(msUntilNextChange(10_000)).toBe(1);
  });
  it("the text does change then", () => {
    for (const ms of [65_432, 65_000, 10_500, 10_000, 9_950, 1_234]) {
      expect(clockText(ms - msUntilNextChange(ms))).not.toBe(clockText(ms));
      expect(clockText(ms - msUntilNextChange(ms) + 1)).toBe(clockText(ms));
    }
  });
  it("never wakes for a clock at zero", () => {
    expect(msUntilNextChange(0)).toBe(Infinity);
  });
});

describe("isLowTime", () => {
  it("is under a minute, or under a tenth of the starting time", () => {
    expect(isLowTime(59_999)).toBe(true);
    expect(isLowTime(60_000)).toBe(false);
    const threeDays = 3 * 24 * 3600_000;
    expect(isLowTime(7 * 3600_000, threeDays)).toBe(true);
    expect(isLowTime(8 * 3600_000, threeDays)).toBe(false);
  });
});

describe("spokenClock", () => {
  it("says days, hours and minutes for long times, minutes and seconds for short", () => {
    expect(spokenClock(2 * 86_400_000 + 5 * 3_600_000 + 3 * 60_000 + 7_000)).toBe("2 days 5 hours 3 minutes");
    expect(spokenClock(3_600_000)).toBe("1 hour");
    expect(spokenClock(4 * 60_000 + 9_000)).toBe("4 minutes 9 seconds");
    expect(spokenClock(1_500)).toBe("1 second");
    expect(spokenClock(0)).toBe("0 seconds");
  });
});
