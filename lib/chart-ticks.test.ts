import { describe, expect, it } from "vitest";
import { dateTickLabels } from "./chart-ticks";

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe("dateTickLabels", () => {
  it("names each day once when several ticks fall on it", () => {
    const ticks = [at("2026-11-24T00:00Z"), at("2026-11-24T12:00Z"), at("2026-11-25T00:00Z"), at("2026-11-25T12:00Z"), at("2026-11-26T00:00Z")];
    expect(dateTickLabels(ticks, 4 * 24 * HOUR, "UTC")).toEqual(["24 Nov", "", "25 Nov", "", "26 Nov"]);
  });

  it("gives every tick its time on a short span, and the day under the first tick of each day", () => {
    const ticks = [at("2026-11-24T18:00Z"), at("2026-11-24T21:00Z"), at("2026-11-25T00:00Z"), at("2026-11-25T03:00Z")];
    expect(dateTickLabels(ticks, 12 * HOUR, "UTC")).toEqual(["18:00\n24 Nov", "21:00", "00:00\n25 Nov", "03:00"]);
  });

  it("reads days in the zone it is given", () => {
    // 23:00 UTC on the 24th is already the 25th in Berlin.
    expect(dateTickLabels([at("2026-11-24T12:00Z"), at("2026-11-24T23:00Z")], 5 * 24 * HOUR, "Europe/Berlin")).toEqual(["24 Nov", "25 Nov"]);
  });
});
