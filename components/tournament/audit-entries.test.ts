import { describe, expect, it } from "vitest";
import { mergeAudit } from "./audit-entries";

const audit = [
  { round: 2, what: "round 2 grouping", decided: "grouping 4 of 6" },
  { round: 1, what: "tie order", decided: "p3 above p4" },
];
const actions = [
  { at: "2025-03-20T11:00:00Z", who: "org", what: "extended a clock" },
  { at: "2025-03-01T09:00:00Z", who: "org", what: "opened registration" },
];

describe("mergeAudit", () => {
  it("lists engine entries by round, then organizer actions by time, without round times", () => {
    expect(mergeAudit(audit, actions).map((i) => i.what)).toEqual(["tie order", "round 2 grouping", "opened registration", "extended a clock"]);
  });
  it("interleaves by time when round start times are known", () => {
    const items = mergeAudit(audit, actions, { 1: "2025-03-08T00:00:00Z", 2: "2025-03-15T00:00:00Z" });
    expect(items.map((i) => i.what)).toEqual(["opened registration", "tie order", "round 2 grouping", "extended a clock"]);
    expect(items[1]).toMatchObject({ kind: "engine", at: "2025-03-08T00:00:00Z" });
  });
});
