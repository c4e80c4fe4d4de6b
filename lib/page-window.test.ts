import { describe, expect, it } from "vitest";
import { clampPage, mergeSpans, pageOf, pageSpan, pagesFor, pinnedWindow, spanIndexes } from "./page-window";

describe("page windows", () => {
  it("counts pages (an empty list has one) and clamps requested pages into them", () => {
    expect(pagesFor(0, 50)).toBe(1);
    expect(pagesFor(100_000, 50)).toBe(2000);
    expect(pagesFor(101, 50)).toBe(3);
    expect(clampPage(undefined, 5)).toBe(1);
    expect(clampPage(undefined, 5, 5)).toBe(5);
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(99, 5)).toBe(5);
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });

  it("cuts a page and finds the page of an index", () => {
    expect(pageSpan(1, 50, 120)).toEqual({ start: 0, end: 50 });
    expect(pageSpan(3, 50, 120)).toEqual({ start: 100, end: 120 });
    expect(pageSpan(1, 50, 0)).toEqual({ start: 0, end: 0 });
    expect(pageOf(0, 50)).toBe(1);
    expect(pageOf(49, 50)).toBe(1);
    expect(pageOf(50, 50)).toBe(2);
  });

  it("merges overlapping and touching spans and drops empty ones", () => {
    expect(
      mergeSpans([
        { start: 10, end: 20 },
        { start: 0, end: 5 },
        { start: 5, end: 8 },
        { start: 15, end: 30 },
        { start: 40, end: 40 },
      ]),
    ).toEqual([
      { start: 0, end: 8 },
      { start: 10, end: 30 },
    ]);
  });

  it("keeps the top and the viewer's rows in view on any page", () => {
    const w = pinnedWindow({ total: 100_000, page: 3, pageSize: 50, top: 10, viewer: 76_543, around: 3 });
    expect(w.page).toBe(3);
    expect(w.pageCount).toBe(2000);
    expect(w.viewerPage).toBe(1531);
    expect(w.spans).toEqual([
      { start: 0, end: 10 },
      { start: 100, end: 150 },
      { start: 76_540, end: 76_547 },
    ]);
    expect(spanIndexes(w.spans)).toHaveLength(10 + 50 + 7);
  });

  it("opens on the viewer's page when no page is asked for, and on page 1 for an anonymous viewer", () => {
    const mine = pinnedWindow({ total: 1000, pageSize: 50, top: 10, viewer: 512, around: 3 });
    expect(mine.page).toBe(11);
    expect(mine.spans).toEqual([
      { start: 0, end: 10 },
      { start: 500, end: 550 },
    ]);
    const anonymous = pinnedWindow({ total: 1000, pageSize: 50, top: 10, around: 3 });
    expect(anonymous.page).toBe(1);
    expect(anonymous.viewerPage).toBeUndefined();
    expect(anonymous.spans).toEqual([{ start: 0, end: 50 }]);
  });

  it("joins the windows when they touch, clamps the viewer's window at the ends, and handles small and empty lists", () => {
    expect(pinnedWindow({ total: 100, page: 1, pageSize: 50, top: 10, viewer: 52, around: 3 }).spans).toEqual([{ start: 0, end: 56 }]);
    expect(pinnedWindow({ total: 100, page: 1, pageSize: 50, top: 10, viewer: 99, around: 3 }).spans).toEqual([
      { start: 0, end: 50 },
      { start: 96, end: 100 },
    ]);
    expect(pinnedWindow({ total: 7, page: 4, pageSize: 50, top: 10, viewer: 2, around: 3 })).toEqual({
      page: 1,
      pageCount: 1,
      viewerPage: 1,
      spans: [{ start: 0, end: 7 }],
    });
    expect(pinnedWindow({ total: 0, pageSize: 50, top: 10, around: 3 })).toEqual({ page: 1, pageCount: 1, spans: [] });
    // A viewer index outside the list (not a player) is ignored.
    expect(pinnedWindow({ total: 10, pageSize: 50, top: 10, viewer: 10, around: 3 }).viewerPage).toBeUndefined();
  });
});
