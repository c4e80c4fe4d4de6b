// What a tournament format shows on the site, beside its engine module: the
// contract each format's components folder (components/formats/<name>/) fills in,
// in two parts:
// - `FormatPage` (page.ts, no React): how its rounds are browsed (tabs), how the
//   tournament page cuts the selected round to what it shows (run by the server),
//   how its tables score and label values, what the create form says under the
//   settings and its preview of round 1. Listed in pages.ts.
// - `FormatViews` (views.tsx): the components that draw a round (from the server's
//   cut, or from a whole state held in the browser), and its /formats page with the rule book's example. Listed in views.ts.
// The two registries are exhaustive over the engine's formats (`FormatName`), so a
// format without either part does not compile. The settings themselves (labels,
// defaults, limits) are the engine module's schema; the create form draws them.

import type { ComponentType, ReactNode } from "react";
import type { ClinchTable, FormatName, SettingsByFormat, StandingRow, TournamentState } from "@/engine/formats";
import type { GameLinks, PlayerNames, TournamentViewProps } from "@/components/tournament/model";
import type { TableInfo } from "@/lib/tournament-view";

/** One tab of a tournament's rounds. */
export interface RoundTab {
  readonly key: string;
  readonly label: string;
  /** The round the tab shows (the first of its rounds when it spans several). */
  readonly round: number;
  /** The last round the tab spans, when it spans several (the staged knockout: rounds 4 and 5). */
  readonly through?: number;
  /** Not planned yet: the tab shows an empty state. */
  readonly upcoming: boolean;
  /** Why it is empty, when upcoming. */
  readonly emptyText?: string;
}

/** One figure of the create form's preview ("Round 1 groups: 4"). */
export interface PreviewStat {
  readonly label: string;
  readonly value: string;
  readonly hint?: string;
  readonly testId?: string;
}

/** How a standings value reads in a column: its header, full name and number format. */
export interface ColumnSpec {
  readonly label: string;
  readonly title: string;
  /** The column that decides places first: shown bold. */
  readonly primary?: boolean;
  /** plain: 2.33; halves: 1½; percent: 67.5%. Plain when absent. */
  readonly format?: "plain" | "halves" | "percent";
}

/** What a result scores in the format's cross-tables. */
export interface Points {
  readonly win: number;
  readonly draw: number;
  readonly loss: number;
}

/**
 * What the server hands a format to cut the tournament page's selected round
 * (server/services/tournament/tournament-page.ts): the live state, the round of the
 * selected tab (planned), the viewer, the page of the round asked for (`?groups=`).
 */
export interface RoundPanelInput<F extends FormatName> {
  readonly state: TournamentState<F>;
  readonly round: number;
  readonly me: string | undefined;
  /** The page asked for (`?groups=`), not checked: clamp it (lib/page-window). */
  readonly page: number | undefined;
  /** The tournament is running (clinch marks are shown only then). */
  readonly running: boolean;
  /** Clinch marks of every live table of the tournament, remembered per version (small formats read these). */
  tournamentClinch(): Promise<readonly ClinchTable[]>;
  /** Remembers `make()` for this tournament version: readings that grow with the players are made once per result. */
  remember<T>(key: string, make: () => T): Promise<T>;
  /** Players and engine game keys the panel shows: the page reads names and game links for exactly these. */
  show(players: Iterable<string>, games?: Iterable<string>): void;
  /**
   * Awaited between pieces of the panel's work whose size grows with what it shows (a
   * page of groups' clinch marks, one group at a time): the server lets its event loop
   * go there once the panel has held it for a slice (lib/let-go.ts letGoIfDue). A page
   * of twelve groups' marks took 25 to 80 ms at once, while a round's close read them ahead.
   */
  pause(): Promise<void>;
}

/** A file a format offers beside the CSV exports (the Swiss's TRF for pairing checkers). */
export interface FormatFile<F extends FormatName> {
  /** The export's name in its URL (/tournaments/<id>/export/<kind>) and the file's ending. */
  readonly kind: string;
  /** The link's words ("TRF, for FIDE pairing checkers"). */
  readonly label: string;
  readonly contentType: string;
  write(state: TournamentState<F>, tournamentName: string, nameOf: (playerId: string) => string): string;
}

/** The pure part of a format's site (no React), read by the server and the components. `D` is its round panel's data. */
export interface FormatPage<F extends FormatName, D> {
  /** The tabs its rounds are browsed with (shared helpers in round-tabs.ts). */
  roundTabs(state: TournamentState<F>): RoundTab[];
  /** The round whose summary ("complete; 4 went on") the tab of `round` shows. */
  summaryRound(state: TournamentState<F>, round: number): number;
  /** The selected round as the tournament page shows it: a window of a large round, the whole of a small one. Must be serializable. */
  roundPanel(input: RoundPanelInput<F>): Promise<D>;
  /** What a result scores in its cross-tables (and their CSV). */
  points(settings: SettingsByFormat[F]): Points;
  readonly standings: {
    /** The standings table's test id ("league-table"). */
    readonly testId: string;
    /** The standings are one live table whose clinch marks they show (the league's, the Swiss's prize places). */
    readonly liveTable: boolean;
  };
  /** Wording of the overall standings' columns by value key; keys not here take the shared wording (components/tournament/columns.ts). */
  readonly columns: Readonly<Record<string, ColumnSpec>>;
  /** How a "round reached" value reads, from the round's name ("Semi-finals"). */
  reachedLabel(row: StandingRow, roundName: string): string;
  /**
   * The groupings a random draw of this round picked among (the engine's audit entry
   * "round N grouping"), each in words, for the audit log's sentence; absent or null:
   * the format draws no groupings.
   */
  groupingOptions?(round: number): readonly string[] | null;
  /** Said under the settings on the create form for this many players (the staged path in words); null for nothing. */
  settingsNote(players: number): string | null;
  /** Files the tournament page offers to download beside the CSV exports. Absent: none. */
  readonly files?: readonly FormatFile<F>[];
  readonly preview: {
    /** What round 1 looks like, as preview figures. */
    plan(state: TournamentState<F>): PreviewStat[];
    /** Whether the preview counts the expected rounds (a league is one round of phases: no). */
    readonly rounds: boolean;
  };
}

/** What the tournament page hands a format's round panel. */
export interface RoundPanelProps<D> {
  readonly data: D;
  readonly info: TableInfo;
  readonly names: PlayerNames;
  readonly gameLinks: GameLinks;
  readonly onSite: boolean;
  /** The selected tab's round. */
  readonly round: number;
  /** The link to another page of the round (`?groups=`). */
  readonly pageHref: (page: number) => string;
}

/** A format's page under /formats: the rule book in words and its example, drawn by the format's own components. */
export interface FormatGuide {
  /** One sentence for the index. */
  readonly summary: string;
  readonly body: ReactNode;
  readonly exampleHeading: string;
  readonly exampleText: ReactNode;
  /** The rule book's example, run through the engine and drawn by the tournament components. */
  readonly example: () => ReactNode;
}

/** The React part of a format's site. */
export interface FormatViews<D> {
  /** The tournament page's selected round, from the server's cut (`FormatPage.roundPanel`). */
  readonly RoundPanel: ComponentType<RoundPanelProps<D>>;
  /** A round drawn from a whole state held in the browser (the /dev/tournaments demo). */
  readonly RoundView: ComponentType<TournamentViewProps & { readonly round: number }>;
  readonly guide: FormatGuide;
}
