// The tournament page's windows in its URL: ?standings=, ?round=, ?groups=,
// ?players=, ?q=, ?balance=, ?audit=, so every page of every list is a link
// (works without JavaScript, with the back button, and can be shared). ?invite=
// (the secret of an invitation link) is not a window but rides along the same way:
// a visitor who pages the lists must still be able to ask to join.

export const WINDOW_PARAMS = ["standings", "round", "groups", "players", "balance", "audit"] as const;
export type WindowParam = (typeof WINDOW_PARAMS)[number];
export type PageParams = { -readonly [K in WindowParam]?: number } & { q?: string; invite?: string };
type PageChanges = Partial<Record<keyof PageParams, number | string | undefined>>;

/** Every parameter of the page, in the order the URL spells them. */
const ALL_PARAMS = [...WINDOW_PARAMS, "q", "invite"] as const;

/**
 * The page's query parameters with `changes` applied to the current ones (undefined
 * drops one). The one place that builds them, so no link or form of the page can
 * forget a window: links take them as a URL (pageHref), the search form as hidden
 * fields (pageFields).
 */
export function pageQuery(current: PageParams, changes: PageChanges): [string, string][] {
  const merged: Record<string, number | string | undefined> = { ...current, ...changes };
  const out: [string, string][] = [];
  for (const key of ALL_PARAMS) {
    const v = merged[key];
    if (v !== undefined && v !== "") out.push([key, String(v)]);
  }
  return out;
}

/** The page's URL with `changes` applied to the current parameters, ending at `anchor`. */
export function pageHref(tournamentId: string, current: PageParams, changes: PageChanges, anchor: string): string {
  const qs = new URLSearchParams(pageQuery(current, changes)).toString();
  return `/tournaments/${tournamentId}${qs ? `?${qs}` : ""}#${anchor}`;
}

/**
 * The hidden fields a GET form of the page carries so that submitting it keeps the
 * other parameters (a GET form replaces the whole query with its fields). `own` are
 * the parameters the form sets or resets itself (its inputs), left out here.
 */
export function pageFields(current: PageParams, own: readonly (keyof PageParams)[]): [string, string][] {
  return pageQuery(current, Object.fromEntries(own.map((k) => [k, undefined])));
}
