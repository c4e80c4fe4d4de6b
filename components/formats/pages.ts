// The pure part of each format's site (contract.ts `FormatPage`), by format: one
// line per format. The server reads it to cut the tournament page's round, the
// components to score and label tables and to preview round 1. No React here (the
// views are in views.ts), so the server's services can read it.

import type { FormatName, SettingsByFormat, StandingRow, TournamentState } from "@/engine/formats";
import type { ColumnSpec, FormatFile, FormatPage, Points, PreviewStat, RoundPanelInput, RoundTab } from "./contract";
import { diagonalPage } from "./diagonal/page";
import { eliminationPage } from "./elimination/page";
import { groupsPage } from "./groups/page";
import { leaguePage } from "./league/page";
import { stagedPage } from "./staged/page";
import { swissPage } from "./swiss/page";

export const FORMAT_PAGES = {
  groups: groupsPage,
  league: leaguePage,
  diagonal: diagonalPage,
  staged: stagedPage,
  swiss: swissPage,
  elimination: eliminationPage,
} as const satisfies { readonly [F in FormatName]: FormatPage<F, unknown> };

/** A format's round panel data, as its page cuts it and its views draw it. */
export type PanelData<F extends FormatName> = (typeof FORMAT_PAGES)[F] extends FormatPage<F, infer D> ? D : never;

/** The tournament page's selected round: empty (not planned yet), or the format's cut of it. */
export type RoundPanel =
  | { readonly kind: "empty"; readonly text: string }
  | {
      readonly [F in FormatName]: {
        readonly kind: "round";
        readonly format: F;
        /** The round whose summary the tab shows. */
        readonly summaryRound: number;
        readonly data: PanelData<F>;
      };
    }[FormatName];

/**
 * The page of a state's format. TypeScript cannot correlate a state's `format` with
 * its entry through a union, hence the one cast (as the engine registry's formatOf).
 */
function pageOf(format: FormatName): FormatPage<FormatName, unknown> {
  return FORMAT_PAGES[format] as unknown as FormatPage<FormatName, unknown>;
}

export function roundTabs(state: TournamentState): RoundTab[] {
  return pageOf(state.format).roundTabs(state);
}

export function summaryRound(state: TournamentState, round: number): number {
  return pageOf(state.format).summaryRound(state, round);
}

/** The format's cut of the selected round (planned) for the tournament page. */
export async function roundPanel(input: RoundPanelInput<FormatName>): Promise<RoundPanel> {
  const page = pageOf(input.state.format);
  const data = await page.roundPanel(input);
  return { kind: "round", format: input.state.format, summaryRound: page.summaryRound(input.state, input.round), data } as RoundPanel;
}

/** What a result scores in the format's cross-tables. */
export function formatPoints(info: { readonly format: FormatName; readonly settings: SettingsByFormat[FormatName] }): Points {
  return pageOf(info.format).points(info.settings);
}

export function standingsInfo(format: FormatName): FormatPage<FormatName, unknown>["standings"] {
  return pageOf(format).standings;
}

export function formatColumns(format: FormatName): Readonly<Record<string, ColumnSpec>> {
  return pageOf(format).columns;
}

export function reachedLabel(format: FormatName, row: StandingRow, roundName: string): string {
  return pageOf(format).reachedLabel(row, roundName);
}

/** The groupings a draw of this round picked among, in words (the staged rounds 2 and 3), or null. */
export function groupingOptions(format: FormatName, round: number): readonly string[] | null {
  return pageOf(format).groupingOptions?.(round) ?? null;
}

/** Said under the format's settings on the create form, or null. */
/** The files a format offers to download beside the CSV exports. */
export function formatFiles(format: FormatName): readonly FormatFile<FormatName>[] {
  return pageOf(format).files ?? [];
}

export function settingsNote(format: FormatName, players: number): string | null {
  return pageOf(format).settingsNote(players);
}

export function previewPlan(state: TournamentState): PreviewStat[] {
  return pageOf(state.format).preview.plan(state);
}

export function previewCountsRounds(format: FormatName): boolean {
  return pageOf(format).preview.rounds;
}
