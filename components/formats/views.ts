// The React part of each format's site (contract.ts `FormatViews`), by format: one
// line per format. Pages read it to draw a round, the settings note and the
// /formats pages; the pure part is pages.ts.

import type { FormatName } from "@/engine/formats";
import type { FormatViews } from "./contract";
import type { PanelData } from "./pages";
import { diagonalViews } from "./diagonal/views";
import { eliminationViews } from "./elimination/views";
import { groupsViews } from "./groups/views";
import { leagueViews } from "./league/views";
import { stagedViews } from "./staged/views";
import { swissViews } from "./swiss/views";

export const FORMAT_VIEWS: { readonly [F in FormatName]: FormatViews<PanelData<F>> } = {
  groups: groupsViews,
  league: leagueViews,
  diagonal: diagonalViews,
  staged: stagedViews,
  swiss: swissViews,
  elimination: eliminationViews,
};

/**
 * The views of a format, for data of any format. TypeScript cannot correlate a
 * panel's `format` with its entry through a union, hence the one cast.
 */
export function viewsOf(format: FormatName): FormatViews<unknown> {
  return FORMAT_VIEWS[format] as FormatViews<unknown>;
}
