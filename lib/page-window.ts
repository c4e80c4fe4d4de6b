// Windows over long lists for pages that show part of them (the tournament page's
// standings, groups, players and audit log): which slice a page number shows, and
// which rows stay in view whatever the page (the top, and the viewer's own row).
// Pure, so the server builds windows with it and the tests check the arithmetic.

/** The largest page number and round number the API's windows accept (larger ones are refused; pages past the end are clamped). */
export const MAX_PAGE = 1_000_000;
export const MAX_ROUND = 1000;

/** A half-open range of list indexes, [start, end). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** How many pages `total` items fill (at least one, so an empty list has page 1). */
export function pagesFor(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** A requested page brought into 1..pageCount (missing, too small or too big pages are clamped, never an error). */
export function clampPage(page: number | undefined, pageCount: number, fallback = 1): number {
  if (page === undefined || !Number.isFinite(page)) return Math.min(Math.max(1, fallback), pageCount);
  return Math.min(Math.max(1, Math.trunc(page)), pageCount);
}

/** The page an item at `index` falls on. */
export function pageOf(index: number, size: number): number {
  return Math.floor(index / size) + 1;
}

/** The items of one page. */
export function pageSpan(page: number, size: number, total: number): Span {
  const start = Math.min((page - 1) * size, total);
  return { start, end: Math.min(start + size, total) };
}

/** Sorted, with overlapping or touching spans joined; empty spans dropped. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.start <= last.end) out[out.length - 1] = { start: last.start, end: Math.max(last.end, s.end) };
    else out.push(s);
  }
  return out;
}

export interface PinnedWindowInput {
  readonly total: number;
  /** Requested page (clamped); the viewer's page when absent and the viewer is in the list, else 1. */
  readonly page?: number;
  readonly pageSize: number;
  /** Rows at the top always shown. */
  readonly top: number;
  /** Index of the viewer's row, when the viewer is in the list. */
  readonly viewer?: number;
  /** Rows shown on either side of the viewer's row. */
  readonly around: number;
}

export interface PinnedWindow {
  readonly page: number;
  readonly pageCount: number;
  /** The page the viewer's row is on, when the viewer is in the list. */
  readonly viewerPage?: number;
  /** The rows to show, in order; a gap lies between two spans. */
  readonly spans: readonly Span[];
}

/**
 * The rows a ranked table shows: the requested page, plus the top rows and a few
 * rows around the viewer's own when they are not on that page, so the leaders and
 * your own place are always in view.
 */
export function pinnedWindow(input: PinnedWindowInput): PinnedWindow {
  const { total, pageSize, top, viewer, around } = input;
  const pageCount = pagesFor(total, pageSize);
  const viewerPage = viewer !== undefined && viewer >= 0 && viewer < total ? pageOf(viewer, pageSize) : undefined;
  const page = clampPage(input.page, pageCount, viewerPage ?? 1);
  const spans: Span[] = [{ start: 0, end: Math.min(top, total) }, pageSpan(page, pageSize, total)];
  if (viewerPage !== undefined && viewer !== undefined) spans.push({ start: Math.max(0, viewer - around), end: Math.min(total, viewer + around + 1) });
  return { page, pageCount, ...(viewerPage !== undefined ? { viewerPage } : {}), spans: mergeSpans(spans) };
}

/** The indexes the spans cover, in order. */
export function spanIndexes(spans: readonly Span[]): number[] {
  const out: number[] = [];
  for (const s of spans) for (let i = s.start; i < s.end; i++) out.push(i);
  return out;
}
