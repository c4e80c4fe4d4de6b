import { describe, expect, it } from "vitest";
import type { ClinchMark, ClinchTable } from "@/engine/formats";
import { clinchTableFor, clinchWhy } from "./clinch-text";

const names = { a: { username: "alice" }, b: { username: "bob" }, c: { username: "carol" } };
const mark = (m: Partial<ClinchMark>): ClinchMark => ({
  player: "a",
  status: "open",
  undecided: false,
  ownRemaining: 2,
  ifWinsAll: "clinched",
  ifLosesAll: "out",
  swings: [],
  rivals: [],
  ...m,
});
const table = (m: ClinchMark, goal: ClinchTable["goal"] = "advance", places = 1): ClinchTable => ({
  round: 1,
  group: "Group 1",
  goal,
  places,
  remaining: 3,
  marks: [m],
});

describe("clinch sentences", () => {
  it("says why a player clinched or is out, in words", () => {
    const c = mark({ status: "clinched" });
    expect(clinchWhy(c, table(c), names).headline).toBe(
      "alice will go on to the next round whatever the 3 games still to play in this table, even losing all 2 of their own.",
    );
    const o = mark({ status: "out", ownRemaining: 1 });
    expect(clinchWhy(o, table(o, "win"), names).headline).toBe("alice can no longer finish first, even winning their last game.");
  });

  it("adds the table's note on how it was decided (the Swiss: points alone)", () => {
    const c = mark({ status: "clinched" });
    const why = clinchWhy(c, { ...table(c, "top", 3), group: null, note: "On points alone." }, names);
    expect(why.headline).toContain("finish in the top 3");
    expect(why.details).toEqual(["On points alone."]);
  });

  it("names the results that settle an open player, and the rivals", () => {
    const m = mark({
      swings: [
        { game: "r1-g1-1", side1: "a", side2: "b", outcome: "1-0", makes: "clinched" },
        { game: "r1-g1-2", side1: "b", side2: "c", outcome: "draw", makes: "out" },
      ],
      rivals: ["b", "c"],
    });
    const why = clinchWhy(m, table(m, "top", 4), names);
    expect(why.headline).toBe("Still open: alice may or may not finish in the top 4.");
    expect(why.details).toEqual([
      "Winning all 2 of their remaining games clinches it.",
      "Losing all of them puts them out.",
      "Results that settle it: alice beats bob: clinched; bob and carol draw: out.",
      "Can still finish above them: bob, carol.",
    ]);
  });

  it("says 'not decided yet' when the search ran out of budget", () => {
    const m = mark({ undecided: true });
    expect(clinchWhy(m, table(m), names).headline).toMatch(/^Not decided yet/);
  });

  it("finds a group's table by round and name, the league's by null", () => {
    const t = table(mark({}));
    expect(clinchTableFor([t], 1, "Group 1")).toBe(t);
    expect(clinchTableFor([t], 2, "Group 1")).toBeUndefined();
    expect(clinchTableFor([t], 1, null)).toBeUndefined();
  });
});
