// The tournament page's windows in its URL: ?standings=, ?round=, ?groups=,
// ?players=, ?q=, ?balance=, ?audit=, so every page of every list is a link
// (works without JavaScript, with the back button, and can be shared).

export const WINDOW_PARAMS = ["standings", "round", "groups", "players", "balance", "audit"] as const;
export type WindowParam = (typeof WINDOW_PARAMS)[number];
export type PageParams = { -readonly [K in WindowParam]?: number } & { q?: string };

/** The page's URL with `changes` applied to the current windows (undefined drops one), ending at `anchor`. */
export function pageHref(tournamentId: string, current: PageParams, changes: Partial<Record<keyof PageParams, number | string | undefined>>, anchor: string): string {
  const merged: Record<string, number | string | undefined> = { ...current, ...changes };
  const query = new URLSearchParams();
  for (const key of [...WINDOW_PARAMS, "q"] as const) {
    const v = merged[key];
    if (v !== undefined && v !== "") query.set(key, String(v));
  }
  const qs = query.toString();
  return `/tournaments/${tournamentId}${qs ? `?${qs}` : ""}#${anchor}`;
}
